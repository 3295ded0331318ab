import { describe, expect, it } from 'vitest';
import { fixedTermEnd, type SmartPigAccountFacts, smartPigAccount } from './account-facts.ts';
import { monthsUntil } from './portfolio.ts';

const TODAY = '2026-11-22';

function facts(changes: Partial<SmartPigAccountFacts>): SmartPigAccountFacts {
  return {
    id: 'a',
    name: 'Saver',
    balancePence: 10_000_00,
    holders: 1,
    accountType: 'Savings',
    isPlatformAccount: false,
    bankName: 'Acme Savings',
    bank: null,
    platformBank: null,
    temporaryHighBalance: null,
    interestRateBps: 350,
    dateOpened: null,
    termLengthValue: null,
    termLengthUnit: null,
    noticeDays: null,
    fixedTermEndsOn: null,
    introductoryRateEndsOn: null,
    introductoryReversionRateBps: null,
    hasRenewalOption: false,
    renewalRateBps: null,
    contributionsTerm: null,
    ...changes,
  };
}

describe('Smart Pig’s view of a stored account', () => {
  it('maps protection as the Hub does (a bank named only in text groups by its name)', () => {
    const account = smartPigAccount(facts({}), TODAY);
    expect(account.input).toEqual({
      id: 'a',
      balancePence: 10_000_00,
      holders: 1,
      institution: { kind: 'bank-name', bankName: 'Acme Savings' },
      category: 'deposit',
    });
    expect([account.category, account.noticeDays, account.fixedTerm, account.hasIntroductoryRate]).toEqual([
      'savings',
      0,
      null,
      false,
    ]);
  });

  it('ends a bond’s term on its recorded end date, else its opening date plus its length', () => {
    expect(smartPigAccount(facts({ accountType: 'Bond', fixedTermEndsOn: '2027-06-30' }), TODAY).fixedTerm).toEqual({
      endsOn: '2027-06-30',
    });
    expect(
      smartPigAccount(
        facts({
          accountType: 'Fixed Rate ISA',
          dateOpened: '2026-01-31',
          termLengthValue: 1,
          termLengthUnit: 'months',
        }),
        TODAY,
      ).fixedTerm,
    ).toEqual({ endsOn: '2026-02-28' });
    expect(
      fixedTermEnd({ fixedTermEndsOn: null, dateOpened: '2026-03-01', termLengthValue: 2, termLengthUnit: 'years' }),
    ).toBe('2028-03-01');
    expect(
      fixedTermEnd({ fixedTermEndsOn: null, dateOpened: '2026-12-25', termLengthValue: 95, termLengthUnit: 'days' }),
    ).toBe('2027-03-30');
    expect(smartPigAccount(facts({ accountType: 'Bond' }), TODAY).fixedTerm).toEqual({ endsOn: null });
  });

  it('takes notice from the notice term; a notice type without one has an unknown notice', () => {
    expect(smartPigAccount(facts({ accountType: '95 Day Notice', noticeDays: 95 }), TODAY).noticeDays).toBe(95);
    expect(smartPigAccount(facts({ accountType: '95 Day Notice' }), TODAY).noticeDays).toBeNull();
  });

  it('marks an introductory rate only until its offer ends', () => {
    expect(smartPigAccount(facts({ introductoryRateEndsOn: '2027-02-01' }), TODAY)).toMatchObject({
      hasIntroductoryRate: true,
      introductoryRateEndsOn: '2027-02-01',
    });
    expect(smartPigAccount(facts({ introductoryRateEndsOn: TODAY }), TODAY).hasIntroductoryRate).toBe(false);
  });
});

describe('months until a fixed term ends', () => {
  it.each([
    ['2026-11-22', 0],
    ['2026-11-23', 1],
    ['2026-12-22', 1],
    ['2026-12-23', 2],
    ['2027-10-31', 12],
    ['2025-01-01', 0],
  ])('is %s → %i', (endsOn, months) => {
    expect(monthsUntil(TODAY, endsOn)).toBe(months);
  });
});

describe('what the account’s own terms let in, and the rate after the current one', () => {
  // Today 22 Nov 2026.
  it('lets no money into a bond whose fixed term is running, or whose end is unknown', () => {
    const bond = smartPigAccount(facts({ accountType: 'Fixed Rate Bond', fixedTermEndsOn: '2027-04-22' }), TODAY);
    expect(bond.depositRoomPence).toBe(0);
    expect(smartPigAccount(facts({ accountType: 'Bond' }), TODAY).depositRoomPence).toBe(0);
  });

  it('lets any amount into a bond whose term has ended, and into easy access and notice accounts', () => {
    expect(
      smartPigAccount(facts({ accountType: 'Bond', fixedTermEndsOn: '2026-11-22' }), TODAY).depositRoomPence,
    ).toBeNull();
    expect(
      smartPigAccount(facts({ accountType: 'Notice Account', noticeDays: 95 }), TODAY).depositRoomPence,
    ).toBeNull();
    expect(smartPigAccount(facts({}), TODAY).depositRoomPence).toBeNull();
  });

  it('lets into a running bond what its contributions term still allows: its maximum less the balance', () => {
    // Term 1 Nov 2026 for 12 months (to 1 Nov 2027), maximum £25,000; balance £10,000: £15,000 more.
    const contributionsTerm = {
      termStartDate: '2026-11-01',
      termLengthValue: 12,
      termLengthUnit: 'months' as const,
      maxAmountPence: 25_000_00,
    };
    const open = facts({ accountType: 'Bond', fixedTermEndsOn: '2027-11-01', contributionsTerm });
    expect(smartPigAccount(open, TODAY).depositRoomPence).toBe(15_000_00);
    // The same term on a notice account that already holds £30,000: full, nothing more.
    const full = facts({ accountType: 'Notice Account', balancePence: 30_000_00, contributionsTerm });
    expect(smartPigAccount(full, TODAY).depositRoomPence).toBe(0);
    // Once the term has ended (1 Nov 2027), nothing more goes in.
    expect(smartPigAccount(open, '2027-11-01').depositRoomPence).toBe(0);
  });

  it('lets no lump sum into a regular saver, a Junior ISA or a Lifetime ISA, whatever their terms', () => {
    for (const accountType of ['Regular Saver', 'Junior ISA', 'Lifetime ISA', 'Cash LISA'])
      expect(smartPigAccount(facts({ accountType }), TODAY).depositRoomPence).toBe(0);
    expect(smartPigAccount(facts({ accountType: 'Cash ISA' }), TODAY).depositRoomPence).toBeNull();
  });

  it('counts the renewal rate after a fixed term only when the renewal option is on', () => {
    const bond = { accountType: 'Bond', fixedTermEndsOn: '2027-04-22', renewalRateBps: 300 };
    expect(smartPigAccount(facts({ ...bond, hasRenewalOption: true }), TODAY).rateAfterBps).toBe(300);
    expect(smartPigAccount(facts(bond), TODAY).rateAfterBps).toBeNull();
  });

  it('counts an introductory rate’s reversion rate after it ends', () => {
    const intro = facts({ introductoryRateEndsOn: '2027-02-01', introductoryReversionRateBps: 150 });
    expect(smartPigAccount(intro, TODAY).rateAfterBps).toBe(150);
  });

  it('knows which accounts earn cash interest, and the brand a transfer is made with', () => {
    expect(smartPigAccount(facts({ accountType: 'Stocks and Shares ISA' }), TODAY).earnsCashInterest).toBe(false);
    expect(smartPigAccount(facts({ accountType: 'SIPP' }), TODAY).earnsCashInterest).toBe(false);
    expect(smartPigAccount(facts({ accountType: 'Cash ISA' }), TODAY).earnsCashInterest).toBe(true);
    expect(smartPigAccount(facts({ bankName: ' Halifax ' }), TODAY).brandKey).toBe('halifax');
  });
});
