import { describe, expect, it } from 'vitest';
import { SIMULATION_MESSAGES, simulateDeposit, yearlyInterestPence } from './simulator.ts';
import { LICENCES, TODAY, account, halifaxBankOfScotlandBarclays } from './test-fixtures.ts';

// The what-if simulator (002 §2, §5; issue 16): "if I add £X to account Y", before anything is saved.

const accounts = halifaxBankOfScotlandBarclays(70_000_00, 30_000_00, 50_000_00);

describe('adding money to an account', () => {
  it('shows the licence’s exposure, alert and the badge before and after', () => {
    // Bank of Scotland plc: £100,000 (83.3%, no alert) + £25,000 to Halifax = £125,000: £5,000 over.
    const result = simulateDeposit(accounts, { accountId: 'halifax', amountPence: 25_000_00 }, TODAY);
    if (!result.ok) throw new Error(result.reason);
    expect(result.licences[0]).toMatchObject({
      name: 'Bank of Scotland plc',
      brands: ['Halifax', 'Bank of Scotland'],
      beforePence: 100_000_00,
      afterPence: 125_000_00,
      atRiskBeforePence: 0,
      atRiskAfterPence: 5_000_00,
      limitUsedPercentBefore: 83.3,
      limitUsedPercentAfter: 104.2,
      alertLevelBefore: 'none',
      alertLevelAfter: 'over-limit',
      receivesDeposit: true,
    });
    expect(result.licences[1]).toMatchObject({
      name: 'Barclays Bank UK PLC',
      beforePence: 50_000_00,
      afterPence: 50_000_00,
      receivesDeposit: false,
    });
    // £170,000 protected of £175,000 is 97.1%: mostly protected.
    expect([result.badgeBefore, result.badgeAfter]).toEqual(['fully-protected', 'mostly-protected']);
    expect(result.after.alerts.length).toBeGreaterThan(result.before.alerts.length);
    // £25,000 × 3.00% = £750 a year more.
    expect([result.yearlyInterestBeforePence, result.yearlyInterestAfterPence, result.interestChangePence]).toEqual([
      2_100_00, 2_850_00, 750_00,
    ]);
  });

  it('shows money added where there is room staying clear of alerts', () => {
    const result = simulateDeposit(accounts, { accountId: 'barclays', amountPence: 10_000_00 }, TODAY);
    if (!result.ok) throw new Error(result.reason);
    expect(result.licences[0]).toMatchObject({
      name: 'Barclays Bank UK PLC',
      afterPence: 60_000_00,
      alertLevelAfter: 'none',
    });
    expect(result.badgeAfter).toBe('fully-protected');
    expect(result.interestChangePence).toBe(400_00);
  });

  it('counts the saver’s share of a joint account', () => {
    const joint = [
      account('joint', { balancePence: 200_000_00, institution: LICENCES.natWest, rateBps: 100, holders: 2 }),
    ];
    // £200,000 + £50,000 held by two: the saver's £125,000, £5,000 over.
    const result = simulateDeposit(joint, { accountId: 'joint', amountPence: 50_000_00 }, TODAY);
    if (!result.ok) throw new Error(result.reason);
    expect(result.licences[0]).toMatchObject({
      beforePence: 100_000_00,
      afterPence: 125_000_00,
      atRiskAfterPence: 5_000_00,
    });
  });

  it('follows an admin override of the limit', () => {
    const result = simulateDeposit(accounts, { accountId: 'barclays', amountPence: 1 }, TODAY, {
      depositPence: 50_000_00,
    });
    if (!result.ok) throw new Error(result.reason);
    expect(result.licences.find((l) => l.name === 'Barclays Bank UK PLC')).toMatchObject({
      atRiskAfterPence: 1,
      alertLevelAfter: 'over-limit',
    });
  });

  it('changes nothing it was given', () => {
    const copy = structuredClone(accounts);
    simulateDeposit(accounts, { accountId: 'halifax', amountPence: 25_000_00 }, TODAY);
    expect(accounts).toEqual(copy);
  });
});

describe('moving money from another of the saver’s accounts', () => {
  const overLimit = halifaxBankOfScotlandBarclays(70_000_00, 70_000_00, 50_000_00);

  it('shows the source licence’s alert clearing and the two accounts’ interest together', () => {
    // Bank of Scotland plc: £140,000, £20,000 over the £120,000 limit. £20,000 from the Halifax
    // Saver (3.00%) to the Barclays Saver (4.00%): £120,000 and £70,000, nothing at risk.
    const result = simulateDeposit(
      overLimit,
      { accountId: 'barclays', amountPence: 20_000_00, fromAccountId: 'halifax' },
      TODAY,
    );
    if (!result.ok) throw new Error(result.reason);
    expect(result.licences.map((l) => [l.name, l.receivesDeposit, l.givesMoney])).toEqual([
      ['Barclays Bank UK PLC', true, false],
      ['Bank of Scotland plc', false, true],
    ]);
    expect(result.licences[1]).toMatchObject({
      beforePence: 140_000_00,
      afterPence: 120_000_00,
      atRiskBeforePence: 20_000_00,
      atRiskAfterPence: 0,
      alertLevelBefore: 'over-limit',
    });
    expect(result.licences[1]!.alertLevelAfter).not.toBe('over-limit');
    expect(result.after.totals.atRiskPence).toBe(0);
    expect([result.badgeBefore, result.badgeAfter]).toEqual(['mostly-protected', 'fully-protected']);
    // Barclays £50,000 → £70,000 at 4.00% (£2,000 → £2,800); Halifax £70,000 → £50,000 at 3.00% (£2,100 → £1,500).
    expect([result.yearlyInterestBeforePence, result.yearlyInterestAfterPence, result.interestChangePence]).toEqual([
      4_100_00, 4_300_00, 200_00,
    ]);
    expect([result.fromAccountId, result.fromRateBps]).toEqual(['halifax', 300]);
  });

  it('refuses an unknown source, the same account and more than the source holds', () => {
    const simulate = (fromAccountId: string, amountPence = 100) =>
      simulateDeposit(overLimit, { accountId: 'barclays', amountPence, fromAccountId }, TODAY);
    expect(simulate('someone-else')).toEqual({ ok: false, reason: 'source-not-found' });
    expect(simulate('barclays')).toEqual({ ok: false, reason: 'same-account' });
    expect(simulate('halifax', 70_000_01)).toEqual({ ok: false, reason: 'amount-over-balance' });
    expect(simulate('halifax', 70_000_00).ok).toBe(true);
  });
});

describe('what the simulator refuses (the spec: nothing happens)', () => {
  it.each([0, -1, 1.5, Number.NaN])('refuses an amount of %s', (amountPence) => {
    expect(simulateDeposit(accounts, { accountId: 'halifax', amountPence }, TODAY)).toEqual({
      ok: false,
      reason: 'amount-not-positive',
    });
  });

  it('accepts a penny', () => {
    expect(simulateDeposit(accounts, { accountId: 'halifax', amountPence: 1 }, TODAY).ok).toBe(true);
  });

  it('refuses more than any account may hold, and an account that is not the saver’s', () => {
    expect(simulateDeposit(accounts, { accountId: 'halifax', amountPence: 1_000_000_000_01 }, TODAY)).toEqual({
      ok: false,
      reason: 'amount-too-large',
    });
    expect(simulateDeposit(accounts, { accountId: 'someone-else', amountPence: 100 }, TODAY)).toEqual({
      ok: false,
      reason: 'account-not-found',
    });
    expect(SIMULATION_MESSAGES['amount-not-positive']).toBe('Enter an amount of more than £0');
  });
});

describe('a year’s interest', () => {
  it('is rounded down and nothing on an overdrawn balance', () => {
    expect(yearlyInterestPence(10_000_01, 300)).toBe(300_00);
    expect(yearlyInterestPence(-5_000_00, 300)).toBe(0);
  });
});
