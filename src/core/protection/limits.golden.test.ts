import { describe, expect, it } from 'vitest';
import { calculateExposure } from './exposure.ts';
import {
  HARGREAVES_LANSDOWN,
  OLD_LAW,
  TODAY,
  account,
  bankOfScotland,
  figures,
  natWest,
  onlyExposure,
} from './golden-test-fixtures.ts';
import { limitsOn } from './limits.ts';

// Golden cases, by hand from issue 4 and shared/data/facts.md §1–2: limits are dated law. Deposits
// £85,000 from 30 Jan 2017 (PRA PS1/17) and £120,000 from 1 Dec 2025 (PRA PS24/25); temporary
// high balances £1m, then £1.4m from 1 Dec 2025; investments £85,000 for failures from 1 Apr
// 2019 (£50,000 before). The admin's `fscs_protection` setting overrides today's deposit limit
// only, and says so; a date under the old law keeps the law.

describe('limits on the dates the law changed', () => {
  /** Deposit, temporary high balance and investment limits on `date`, with the dates they took effect. */
  function limitsTable(date: string) {
    const { deposit, temporaryHighBalance, investment } = limitsOn(date);
    return [deposit, temporaryHighBalance, investment].map((limit) => [
      limit.amountPence,
      limit.effectiveFrom,
      limit.isOverride,
    ]);
  }

  it('answers from 30 January 2017: deposits £85,000, temporary high balances £1m, investments £50,000', () => {
    expect(limitsTable('2017-01-30')).toEqual([
      [85_000_00, '2017-01-30', false],
      [1_000_000_00, '2017-01-30', false],
      [50_000_00, '2017-01-30', false],
    ]);
  });

  it('raises investments to £85,000 on 1 April 2019, not the day before', () => {
    expect(limitsOn('2019-03-31').investment.amountPence).toBe(50_000_00);
    expect(limitsOn('2019-04-01').investment).toEqual({
      amountPence: 85_000_00,
      effectiveFrom: '2019-04-01',
      isOverride: false,
    });
  });

  it('keeps £85,000 and £1m on 30 November 2025 and gives £120,000 and £1.4m from 1 December 2025', () => {
    expect(limitsTable('2025-11-30')).toEqual([
      [85_000_00, '2017-01-30', false],
      [1_000_000_00, '2017-01-30', false],
      [85_000_00, '2019-04-01', false],
    ]);
    expect(limitsTable('2025-12-01')).toEqual([
      [120_000_00, '2025-12-01', false],
      [1_400_000_00, '2025-12-01', false],
      [85_000_00, '2019-04-01', false],
    ]);
    expect(limitsOn('2025-12-01').date).toBe('2025-12-01');
  });

  it('gives the report the limits of its date', () => {
    expect(calculateExposure([], TODAY).limits).toEqual(limitsOn(TODAY));
    expect(calculateExposure([], OLD_LAW).limits.deposit.amountPence).toBe(85_000_00);
  });

  it('refuses a date before 30 January 2017, which the tables do not cover', () => {
    expect(() => limitsOn('2017-01-29')).toThrow(RangeError);
    expect(() => calculateExposure([account('a', 1_00, natWest())], '2017-01-29')).toThrow(RangeError);
  });
});

describe('an admin override of today’s deposit limit', () => {
  const halifaxAndBankOfScotland = [
    account('halifax', 70_000_00, bankOfScotland('Halifax')),
    account('bos', 70_000_00, bankOfScotland('Bank of Scotland')),
  ];
  const override = { depositPence: 100_000_00 };

  it('replaces today’s £120,000 with £100,000 and says it is an override: £40,000 of £140,000 uncovered', () => {
    const report = calculateExposure(halifaxAndBankOfScotland, TODAY, override);
    const exposure = onlyExposure(report);
    expect(exposure.limit).toEqual({ amountPence: 100_000_00, effectiveFrom: '2025-12-01', isOverride: true });
    expect(figures(exposure)).toEqual({
      totalPence: 140_000_00,
      coveredPence: 100_000_00,
      uncoveredPence: 40_000_00,
      limitPence: 100_000_00,
      temporaryHighBalanceCoveredPence: 0,
      temporaryHighBalanceRevertsOn: null,
      alertLevel: 'over-limit',
    });
    expect(report.limits.deposit.isOverride).toBe(true);
    expect(report.totals).toEqual({
      totalPence: 140_000_00,
      protectedPence: 100_000_00,
      unprotectedPence: 40_000_00,
      governmentBackedPence: 0,
      otherSchemePence: 0,
      unknownPence: 0,
    });
  });

  it('can raise the limit too: £150,000 covers all £140,000 (93.3% of it, a projected breach)', () => {
    const exposure = onlyExposure(calculateExposure(halifaxAndBankOfScotland, TODAY, { depositPence: 150_000_00 }));
    expect(figures(exposure)).toEqual({
      totalPence: 140_000_00,
      coveredPence: 140_000_00,
      uncoveredPence: 0,
      limitPence: 150_000_00,
      temporaryHighBalanceCoveredPence: 0,
      temporaryHighBalanceRevertsOn: null,
      alertLevel: 'projected-breach',
    });
    expect(exposure.limit.isOverride).toBe(true);
  });

  it('measures alerts against the override: £85,000 is 85% of £100,000', () => {
    expect(onlyExposure(calculateExposure([account('a', 85_000_00, natWest())], TODAY, override)).alertLevel).toBe(
      'approaching',
    );
    expect(onlyExposure(calculateExposure([account('a', 84_999_99, natWest())], TODAY, override)).alertLevel).toBe(
      'none',
    );
  });

  it('keeps the law for a failure under the old law: £85,000 on 30 November 2025, not an override, £55,000 uncovered', () => {
    const report = calculateExposure(halifaxAndBankOfScotland, OLD_LAW, override);
    expect(onlyExposure(report).limit).toEqual({
      amountPence: 85_000_00,
      effectiveFrom: '2017-01-30',
      isOverride: false,
    });
    expect(onlyExposure(report).uncoveredPence).toBe(55_000_00);
    expect(report.limits.deposit.isOverride).toBe(false);
  });

  it('leaves the temporary high balance and investment limits alone', () => {
    const limits = limitsOn(TODAY, override);
    expect(limits.temporaryHighBalance).toEqual({
      amountPence: 1_400_000_00,
      effectiveFrom: '2025-12-01',
      isOverride: false,
    });
    expect(limits.investment).toEqual({ amountPence: 85_000_00, effectiveFrom: '2019-04-01', isOverride: false });
    const report = calculateExposure(
      [
        account('shares', 90_000_00, HARGREAVES_LANSDOWN, { category: 'investment' }),
        account('sale', 1_500_000_00, natWest(), {
          temporaryHighBalance: { lifeEvent: 'home-sale', qualifyingPence: 1_500_000_00, creditedDate: '2026-10-01' },
        }),
      ],
      TODAY,
      override,
    );
    // The sale: £1.4m as a temporary high balance and £100,000 of the rest under the £100,000 override.
    expect(
      report.institutions.map((i) => [
        i.scheme,
        i.limit.amountPence,
        i.limit.isOverride,
        i.coveredPence,
        i.uncoveredPence,
      ]),
    ).toEqual([
      ['deposit', 100_000_00, true, 1_500_000_00, 0],
      ['investment', 85_000_00, false, 85_000_00, 5_000_00],
    ]);
  });

  it('refuses an override that is not whole, non-negative pence', () => {
    expect(() => limitsOn(TODAY, { depositPence: 100_000.5 })).toThrow(RangeError);
    expect(() => limitsOn(TODAY, { depositPence: -1 })).toThrow(RangeError);
  });
});
