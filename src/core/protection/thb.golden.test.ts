import { describe, expect, it } from 'vitest';
import { calculateExposure } from './exposure.ts';
import { TODAY, account, bankOfScotland, figures, natWest, onlyExposure } from './golden-test-fixtures.ts';
import { isTemporaryHighBalanceActive, temporaryHighBalanceRevertsOn } from './thb.ts';
import type { AccountInput, LifeEvent, TemporaryHighBalance } from './types.ts';

// Golden cases, by hand from issue 4 and shared/data/facts.md §1: a qualifying temporary high
// balance (house sale, inheritance, ...) is covered for six months from the date it was
// credited, up to the THB limit of that date (£1m, £1.4m from 1 Dec 2025; personal-injury
// compensation without limit), on top of the standard limit for the rest of the money at that
// firm; after six months the standard limit alone applies, and the product says when.

function thb(lifeEvent: LifeEvent, qualifyingPence: number, creditedDate: string): TemporaryHighBalance {
  return { lifeEvent, qualifyingPence, creditedDate };
}

/** A sole NatWest account whose whole balance is a temporary high balance. */
function allQualifying(id: string, balancePence: number, lifeEvent: LifeEvent, creditedDate: string): AccountInput {
  return account(id, balancePence, natWest(), { temporaryHighBalance: thb(lifeEvent, balancePence, creditedDate) });
}

describe('a house sale within six months of its credit', () => {
  // £600,000 at NatWest, of which £500,000 is the proceeds of a house sale credited 1 Sep 2026.
  const sale = account('sale', 600_000_00, natWest(), {
    temporaryHighBalance: thb('home-sale', 500_000_00, '2026-09-01'),
  });

  it('covers all £600,000 today: the £500,000 proceeds as a temporary high balance, the other £100,000 under the £120,000 limit', () => {
    const report = calculateExposure([sale], TODAY);
    // The £100,000 under the standard limit is 83.3% of it: no alert for a covered house sale.
    expect(figures(onlyExposure(report))).toEqual({
      totalPence: 600_000_00,
      coveredPence: 600_000_00,
      uncoveredPence: 0,
      limitPence: 120_000_00,
      temporaryHighBalanceCoveredPence: 500_000_00,
      temporaryHighBalanceRevertsOn: '2027-03-01',
      alertLevel: 'none',
    });
    expect(report.accounts).toEqual([
      {
        accountId: 'sale',
        category: 'deposit',
        sharePence: 600_000_00,
        status: 'covered-in-full',
        exposureKey: 'deposit|frn:121878',
        temporaryHighBalance: { isActive: true, revertsOn: '2027-03-01' },
      },
    ]);
    expect(report.totals).toEqual({
      totalPence: 600_000_00,
      protectedPence: 600_000_00,
      unprotectedPence: 0,
      governmentBackedPence: 0,
      otherSchemePence: 0,
      unknownPence: 0,
    });
    expect(report.badge).toBe('fully-protected');
  });

  it('is still covered on 28 February 2027, the last day of the six months', () => {
    expect(figures(onlyExposure(calculateExposure([sale], '2027-02-28')))).toEqual({
      totalPence: 600_000_00,
      coveredPence: 600_000_00,
      uncoveredPence: 0,
      limitPence: 120_000_00,
      temporaryHighBalanceCoveredPence: 500_000_00,
      temporaryHighBalanceRevertsOn: '2027-03-01',
      alertLevel: 'none',
    });
  });

  it('reverts to the standard limit on 1 March 2027: £120,000 covered, £480,000 uncovered', () => {
    const report = calculateExposure([sale], '2027-03-01');
    expect(figures(onlyExposure(report))).toEqual({
      totalPence: 600_000_00,
      coveredPence: 120_000_00,
      uncoveredPence: 480_000_00,
      limitPence: 120_000_00,
      temporaryHighBalanceCoveredPence: 0,
      temporaryHighBalanceRevertsOn: null,
      alertLevel: 'over-limit',
    });
    expect(report.accounts).toEqual([
      {
        accountId: 'sale',
        category: 'deposit',
        sharePence: 600_000_00,
        status: 'partly-covered',
        exposureKey: 'deposit|frn:121878',
        institutionUncoveredPence: 480_000_00,
        temporaryHighBalance: { isActive: false, revertsOn: '2027-03-01' },
      },
    ]);
  });

  it('gives no extra cover before the money is credited', () => {
    const report = calculateExposure([sale], '2026-08-31');
    expect(figures(onlyExposure(report))).toEqual({
      totalPence: 600_000_00,
      coveredPence: 120_000_00,
      uncoveredPence: 480_000_00,
      limitPence: 120_000_00,
      temporaryHighBalanceCoveredPence: 0,
      temporaryHighBalanceRevertsOn: null,
      alertLevel: 'over-limit',
    });
    expect(report.accounts[0]).toMatchObject({ temporaryHighBalance: { isActive: false, revertsOn: '2027-03-01' } });
  });
});

describe('the standard limit on the rest of the money at that licence', () => {
  it('covers a £500,000 house sale at Halifax but only £120,000 of £150,000 other savings at Bank of Scotland: £30,000 uncovered', () => {
    const report = calculateExposure(
      [
        account('sale', 500_000_00, bankOfScotland('Halifax'), {
          temporaryHighBalance: thb('home-sale', 500_000_00, '2026-10-15'),
        }),
        account('saver', 150_000_00, bankOfScotland('Bank of Scotland')),
      ],
      TODAY,
    );
    expect(figures(onlyExposure(report))).toEqual({
      totalPence: 650_000_00,
      coveredPence: 620_000_00,
      uncoveredPence: 30_000_00,
      limitPence: 120_000_00,
      temporaryHighBalanceCoveredPence: 500_000_00,
      temporaryHighBalanceRevertsOn: '2027-04-15',
      alertLevel: 'over-limit',
    });
    expect(report.accounts.map((a) => a.status)).toEqual(['partly-covered', 'partly-covered']);
  });

  it('caps a £1.6m house sale at £1.4m and puts the other £200,000 under the standard limit: £80,000 uncovered', () => {
    const report = calculateExposure([allQualifying('sale', 1_600_000_00, 'home-sale', '2026-10-01')], TODAY);
    expect(figures(onlyExposure(report))).toEqual({
      totalPence: 1_600_000_00,
      coveredPence: 1_520_000_00,
      uncoveredPence: 80_000_00,
      limitPence: 120_000_00,
      temporaryHighBalanceCoveredPence: 1_400_000_00,
      temporaryHighBalanceRevertsOn: '2027-04-01',
      alertLevel: 'over-limit',
    });
  });

  it('covers a £1.5m house sale in full: £1.4m as a temporary high balance, £100,000 under the standard limit', () => {
    const report = calculateExposure([allQualifying('sale', 1_500_000_00, 'home-sale', '2026-10-01')], TODAY);
    expect(figures(onlyExposure(report))).toEqual({
      totalPence: 1_500_000_00,
      coveredPence: 1_500_000_00,
      uncoveredPence: 0,
      limitPence: 120_000_00,
      temporaryHighBalanceCoveredPence: 1_400_000_00,
      temporaryHighBalanceRevertsOn: '2027-04-01',
      alertLevel: 'none',
    });
  });

  it('treats a qualifying amount larger than the balance as the balance', () => {
    const report = calculateExposure(
      [account('sale', 300_000_00, natWest(), { temporaryHighBalance: thb('home-sale', 900_000_00, '2026-10-01') })],
      TODAY,
    );
    expect(figures(onlyExposure(report))).toEqual({
      totalPence: 300_000_00,
      coveredPence: 300_000_00,
      uncoveredPence: 0,
      limitPence: 120_000_00,
      temporaryHighBalanceCoveredPence: 300_000_00,
      temporaryHighBalanceRevertsOn: '2027-04-01',
      alertLevel: 'none',
    });
  });
});

describe('the revert date at a month end', () => {
  it('reverts a 31 August 2026 credit on 28 February 2027, the last day of February', () => {
    //     February 2027
    // Mo Tu We Th Fr Sa Su
    //  1  2  3  4  5  6  7
    //  ...
    // 22 23 24 25 26 27 28
    const credit = thb('inheritance', 400_000_00, '2026-08-31');
    expect(temporaryHighBalanceRevertsOn(credit)).toBe('2027-02-28');
    const accounts = [account('inherited', 400_000_00, natWest(), { temporaryHighBalance: credit })];
    expect(figures(onlyExposure(calculateExposure(accounts, '2027-02-27')))).toEqual({
      totalPence: 400_000_00,
      coveredPence: 400_000_00,
      uncoveredPence: 0,
      limitPence: 120_000_00,
      temporaryHighBalanceCoveredPence: 400_000_00,
      temporaryHighBalanceRevertsOn: '2027-02-28',
      alertLevel: 'none',
    });
    expect(figures(onlyExposure(calculateExposure(accounts, '2027-02-28')))).toEqual({
      totalPence: 400_000_00,
      coveredPence: 120_000_00,
      uncoveredPence: 280_000_00,
      limitPence: 120_000_00,
      temporaryHighBalanceCoveredPence: 0,
      temporaryHighBalanceRevertsOn: null,
      alertLevel: 'over-limit',
    });
  });

  it('reverts a 31 August 2027 credit on 29 February 2028, a leap day', () => {
    //     February 2028
    // Mo Tu We Th Fr Sa Su
    //     1  2  3  4  5  6
    //  ...
    // 28 29
    const credit = thb('home-sale', 400_000_00, '2027-08-31');
    expect(temporaryHighBalanceRevertsOn(credit)).toBe('2028-02-29');
    expect(isTemporaryHighBalanceActive(credit, '2028-02-28')).toBe(true);
    expect(isTemporaryHighBalanceActive(credit, '2028-02-29')).toBe(false);
  });

  it('lands 29 and 30 August credits on the last day of February too, and keeps the day when the month has it', () => {
    expect(temporaryHighBalanceRevertsOn(thb('home-sale', 1, '2026-08-29'))).toBe('2027-02-28');
    expect(temporaryHighBalanceRevertsOn(thb('home-sale', 1, '2027-08-30'))).toBe('2028-02-29');
    expect(temporaryHighBalanceRevertsOn(thb('home-sale', 1, '2028-02-29'))).toBe('2028-08-29');
    expect(temporaryHighBalanceRevertsOn(thb('home-sale', 1, '2027-03-31'))).toBe('2027-09-30');
    expect(temporaryHighBalanceRevertsOn(thb('home-sale', 1, '2026-12-31'))).toBe('2027-06-30');
  });
});

describe('personal-injury compensation', () => {
  it('covers a £3m personal-injury award without limit, with £100,000 of other savings under the standard limit', () => {
    const report = calculateExposure(
      [allQualifying('award', 3_000_000_00, 'personal-injury', '2026-10-01'), account('saver', 100_000_00, natWest())],
      TODAY,
    );
    expect(figures(onlyExposure(report))).toEqual({
      totalPence: 3_100_000_00,
      coveredPence: 3_100_000_00,
      uncoveredPence: 0,
      limitPence: 120_000_00,
      temporaryHighBalanceCoveredPence: 3_000_000_00,
      temporaryHighBalanceRevertsOn: '2027-04-01',
      alertLevel: 'none',
    });
  });

  it('was unlimited under the old law too', () => {
    const report = calculateExposure(
      [allQualifying('award', 2_000_000_00, 'personal-injury', '2025-09-01')],
      '2025-11-15',
    );
    expect(figures(onlyExposure(report))).toEqual({
      totalPence: 2_000_000_00,
      coveredPence: 2_000_000_00,
      uncoveredPence: 0,
      limitPence: 85_000_00,
      temporaryHighBalanceCoveredPence: 2_000_000_00,
      temporaryHighBalanceRevertsOn: '2026-03-01',
      alertLevel: 'none',
    });
  });

  it('reverts after six months like any other temporary high balance', () => {
    const report = calculateExposure([allQualifying('award', 3_000_000_00, 'personal-injury', '2026-05-01')], TODAY);
    expect(figures(onlyExposure(report))).toEqual({
      totalPence: 3_000_000_00,
      coveredPence: 120_000_00,
      uncoveredPence: 2_880_000_00,
      limitPence: 120_000_00,
      temporaryHighBalanceCoveredPence: 0,
      temporaryHighBalanceRevertsOn: null,
      alertLevel: 'over-limit',
    });
  });
});

describe('the THB limit of the credited date', () => {
  // £1.2m of house-sale proceeds credited on 1 October 2025, when the THB limit was £1m.
  const earlySale = allQualifying('sale', 1_200_000_00, 'home-sale', '2025-10-01');

  it('covers £1m plus £85,000 of £1.2m on 15 November 2025 (old law): £115,000 uncovered', () => {
    expect(figures(onlyExposure(calculateExposure([earlySale], '2025-11-15')))).toEqual({
      totalPence: 1_200_000_00,
      coveredPence: 1_085_000_00,
      uncoveredPence: 115_000_00,
      limitPence: 85_000_00,
      temporaryHighBalanceCoveredPence: 1_000_000_00,
      temporaryHighBalanceRevertsOn: '2026-04-01',
      alertLevel: 'over-limit',
    });
  });

  it('keeps the £1m THB limit of the credited date on 15 December 2025, with the new £120,000 standard limit: £80,000 uncovered', () => {
    expect(figures(onlyExposure(calculateExposure([earlySale], '2025-12-15')))).toEqual({
      totalPence: 1_200_000_00,
      coveredPence: 1_120_000_00,
      uncoveredPence: 80_000_00,
      limitPence: 120_000_00,
      temporaryHighBalanceCoveredPence: 1_000_000_00,
      temporaryHighBalanceRevertsOn: '2026-04-01',
      alertLevel: 'over-limit',
    });
  });

  it('gives £1.4m to the same sale credited on 1 December 2025: all £1.2m covered', () => {
    const laterSale = allQualifying('sale', 1_200_000_00, 'home-sale', '2025-12-01');
    expect(figures(onlyExposure(calculateExposure([laterSale], '2025-12-15')))).toEqual({
      totalPence: 1_200_000_00,
      coveredPence: 1_200_000_00,
      uncoveredPence: 0,
      limitPence: 120_000_00,
      temporaryHighBalanceCoveredPence: 1_200_000_00,
      temporaryHighBalanceRevertsOn: '2026-06-01',
      alertLevel: 'none',
    });
  });
});

describe('several temporary high balances at one licence', () => {
  it('caps each life event on its own: a £1.4m inheritance and a £1.4m house sale are both covered', () => {
    const report = calculateExposure(
      [
        allQualifying('inherited', 1_400_000_00, 'inheritance', '2026-09-10'),
        allQualifying('sale', 1_400_000_00, 'home-sale', '2026-10-20'),
      ],
      TODAY,
    );
    // The institution reverts when the first of them does.
    expect(figures(onlyExposure(report))).toEqual({
      totalPence: 2_800_000_00,
      coveredPence: 2_800_000_00,
      uncoveredPence: 0,
      limitPence: 120_000_00,
      temporaryHighBalanceCoveredPence: 2_800_000_00,
      temporaryHighBalanceRevertsOn: '2027-03-10',
      alertLevel: 'none',
    });
    expect(
      report.accounts.map((a) => a.status !== 'not-fscs' && a.status !== 'unknown-bank' && a.temporaryHighBalance),
    ).toEqual([
      { isActive: true, revertsOn: '2027-03-10' },
      { isActive: true, revertsOn: '2027-04-20' },
    ]);
  });

  it('treats one house sale split over two accounts as one life event: £2m of proceeds, £1.4m plus £120,000 covered', () => {
    const report = calculateExposure(
      [
        allQualifying('half-1', 1_000_000_00, 'home-sale', '2026-10-01'),
        allQualifying('half-2', 1_000_000_00, 'home-sale', '2026-10-01'),
      ],
      TODAY,
    );
    expect(figures(onlyExposure(report))).toEqual({
      totalPence: 2_000_000_00,
      coveredPence: 1_520_000_00,
      uncoveredPence: 480_000_00,
      limitPence: 120_000_00,
      temporaryHighBalanceCoveredPence: 1_400_000_00,
      temporaryHighBalanceRevertsOn: '2027-04-01',
      alertLevel: 'over-limit',
    });
  });

  it('keeps temporary high balances at one licence apart from another licence', () => {
    const report = calculateExposure(
      [
        allQualifying('sale', 500_000_00, 'home-sale', '2026-10-01'),
        account('halifax', 500_000_00, bankOfScotland('Halifax')),
      ],
      TODAY,
    );
    expect(
      report.institutions.map((i) => [i.frn, i.coveredPence, i.uncoveredPence, i.temporaryHighBalanceCoveredPence]),
    ).toEqual([
      ['121878', 500_000_00, 0, 500_000_00],
      ['169628', 120_000_00, 380_000_00, 0],
    ]);
  });
});

describe('joint accounts with a temporary high balance', () => {
  it('splits a £900,000 house sale in a £1m two-person account like the balance: £450,000 of the £500,000 share qualifies', () => {
    const report = calculateExposure(
      [
        account('joint', 1_000_000_00, natWest(), {
          holders: 2,
          temporaryHighBalance: thb('home-sale', 900_000_00, '2026-10-01'),
        }),
      ],
      TODAY,
    );
    expect(figures(onlyExposure(report))).toEqual({
      totalPence: 500_000_00,
      coveredPence: 500_000_00,
      uncoveredPence: 0,
      limitPence: 120_000_00,
      temporaryHighBalanceCoveredPence: 450_000_00,
      temporaryHighBalanceRevertsOn: '2027-04-01',
      alertLevel: 'none',
    });
  });

  it('rounds an odd penny of a joint account’s qualifying money down, so cover is never overstated', () => {
    // £120,000 sole fills the limit. The person's share of the joint £100.02 is £50.01, of which
    // £50.005 (half the £100.01 of proceeds) qualifies: £50.00 is covered as the house sale and
    // the penny left over is not.
    const report = calculateExposure(
      [
        account('sole', 120_000_00, natWest()),
        account('joint', 100_02, natWest(), {
          holders: 2,
          temporaryHighBalance: thb('home-sale', 100_01, '2026-10-01'),
        }),
      ],
      TODAY,
    );
    expect(figures(onlyExposure(report))).toEqual({
      totalPence: 120_050_01,
      coveredPence: 120_050_00,
      uncoveredPence: 1,
      limitPence: 120_000_00,
      temporaryHighBalanceCoveredPence: 50_00,
      temporaryHighBalanceRevertsOn: '2027-04-01',
      alertLevel: 'over-limit',
    });
  });

  it('counts the odd penny of a share as uncovered even when the whole balance qualifies (the share itself was rounded up)', () => {
    const report = calculateExposure(
      [
        account('sole', 120_000_00, natWest()),
        account('joint', 100_01, natWest(), {
          holders: 2,
          temporaryHighBalance: thb('home-sale', 100_01, '2026-10-01'),
        }),
      ],
      TODAY,
    );
    expect(figures(onlyExposure(report))).toEqual({
      totalPence: 120_050_01,
      coveredPence: 120_050_00,
      uncoveredPence: 1,
      limitPence: 120_000_00,
      temporaryHighBalanceCoveredPence: 50_00,
      temporaryHighBalanceRevertsOn: '2027-04-01',
      alertLevel: 'over-limit',
    });
  });
});

describe('investments', () => {
  it('give a stocks and shares ISA no temporary high balance cover: £85,000 of £400,000 inherited shares covered', () => {
    const report = calculateExposure(
      [
        account('shares', 400_000_00, natWest(), {
          category: 'investment',
          temporaryHighBalance: thb('inheritance', 400_000_00, '2026-10-01'),
        }),
      ],
      TODAY,
    );
    expect(figures(onlyExposure(report))).toEqual({
      totalPence: 400_000_00,
      coveredPence: 85_000_00,
      uncoveredPence: 315_000_00,
      limitPence: 85_000_00,
      temporaryHighBalanceCoveredPence: 0,
      temporaryHighBalanceRevertsOn: null,
      alertLevel: 'over-limit',
    });
    expect(report.accounts[0]).toMatchObject({ status: 'partly-covered', temporaryHighBalance: null });
  });
});
