import { describe, expect, it } from 'vitest';
import {
  portfolioYearlyInterestPence,
  SIMULATION_MESSAGES,
  simulateDeposit,
  yearlyInterestPence,
} from './simulator.ts';
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
    // The whole portfolio's year: Halifax £70,000 × 3.00% = £2,100, Bank of Scotland £30,000 × 2.50%
    // = £750, Barclays £50,000 × 4.00% = £2,000: £4,850. £25,000 more at 3.00% = £750: £5,600.
    expect([result.yearlyInterestBeforePence, result.yearlyInterestAfterPence, result.interestChangePence]).toEqual([
      4_850_00, 5_600_00, 750_00,
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

  it('shows the source licence’s alert clearing and the whole portfolio’s interest', () => {
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
    // Barclays £50,000 → £70,000 at 4.00% (£2,000 → £2,800); Halifax £70,000 → £50,000 at 3.00%
    // (£2,100 → £1,500); Bank of Scotland £70,000 at 2.50% stays £1,750. The whole portfolio:
    // £5,850 → £6,050.
    expect([result.yearlyInterestBeforePence, result.yearlyInterestAfterPence, result.interestChangePence]).toEqual([
      5_850_00, 6_050_00, 200_00,
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

describe('what the simulator says of the whole picture', () => {
  it('never calls money "fully protected" while some of it is not protected', () => {
    // Nationwide £120,000 + £1,000 = £121,000: £1,000 over. Barclays £80,000. £200,000 protected of
    // £201,000 is 99.5%: the Hub's badge band says fully protected, yet £1,000 is not.
    const near = [
      account('nationwide', { balancePence: 120_000_00, institution: LICENCES.nationwide, rateBps: 300 }),
      account('barclays', { balancePence: 80_000_00, institution: LICENCES.barclays, rateBps: 300 }),
    ];
    const result = simulateDeposit(near, { accountId: 'nationwide', amountPence: 1_000_00 }, TODAY);
    if (!result.ok) throw new Error(result.reason);
    expect(result.after.totals.atRiskPence).toBe(1_000_00);
    expect(result.after.badge).toBe('fully-protected');
    expect([result.badgeBefore, result.badgeAfter]).toEqual(['fully-protected', 'mostly-protected']);
  });

  it('counts a year’s interest on the whole portfolio, leaving out accounts that earn no cash interest', () => {
    // Barclays £50,000 × 4.00% = £2,000; Nationwide £10,000 × 2.00% = £200; a stocks and shares ISA
    // and a pension (their rate fields say 5.00%, but they earn no cash interest) count nothing.
    const mixed = [
      account('barclays', { balancePence: 50_000_00, institution: LICENCES.barclays, rateBps: 400 }),
      account('nationwide', { balancePence: 10_000_00, institution: LICENCES.nationwide, rateBps: 200 }),
      account('shares', {
        balancePence: 40_000_00,
        institution: LICENCES.barclays,
        rateBps: 500,
        category: 'isa',
        earnsCashInterest: false,
      }),
      account('pension', {
        balancePence: 90_000_00,
        institution: null,
        rateBps: 500,
        category: 'pension',
        earnsCashInterest: false,
      }),
    ];
    // New money: £5,000 into Nationwide at 2.00% = £100 more: £2,200 → £2,300.
    const added = simulateDeposit(mixed, { accountId: 'nationwide', amountPence: 5_000_00 }, TODAY);
    if (!added.ok) throw new Error(added.reason);
    expect([added.yearlyInterestBeforePence, added.yearlyInterestAfterPence]).toEqual([2_200_00, 2_300_00]);
    expect(portfolioYearlyInterestPence(mixed)).toBe(2_200_00);
    expect([added.rateBps, added.fromRateBps]).toEqual([200, null]);
    // £5,000 from Nationwide into the stocks and shares ISA: £100 less cash interest, and no rate
    // to show for the ISA.
    const invested = simulateDeposit(
      mixed,
      { accountId: 'shares', fromAccountId: 'nationwide', amountPence: 5_000_00 },
      TODAY,
    );
    if (!invested.ok) throw new Error(invested.reason);
    expect([invested.yearlyInterestBeforePence, invested.yearlyInterestAfterPence]).toEqual([2_200_00, 2_100_00]);
    expect([invested.rateBps, invested.fromRateBps]).toEqual([null, 200]);
  });
});
