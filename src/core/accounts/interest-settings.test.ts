import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_CATEGORIES } from './account-type-category.ts';
import {
  INTEREST_DEFAULTS,
  INTEREST_FREQUENCIES,
  INTEREST_PAYMENT_CUTOFF,
  PAYOUT_METHODS,
  QUARTERLY_FALLBACK_MONTHS,
  RATE_TYPES,
  frequencyOptions,
  nextRateChangeYears,
  paymentDayCount,
  quarterlyPaymentMonths,
  showsPaymentDay,
  showsPaymentMonth,
} from './interest-settings.ts';

describe('interest settings (001 §9)', () => {
  it('offers Daily, Monthly, Quarterly and Annually, plus On Demand for current accounts and At Maturity for bonds', () => {
    expect(frequencyOptions('savings')).toEqual(['Daily', 'Monthly', 'Quarterly', 'Annually']);
    expect(frequencyOptions('current')).toEqual(['Daily', 'Monthly', 'Quarterly', 'Annually', 'On Demand']);
    expect(frequencyOptions('bond')).toEqual(['Daily', 'Monthly', 'Quarterly', 'Annually', 'At Maturity']);
    for (const category of ['isa', 'pension', 'other'] as const)
      expect(frequencyOptions(category)).toEqual(['Daily', 'Monthly', 'Quarterly', 'Annually']);
  });

  it('only ever offers frequencies from the full list, always including the default', () => {
    for (const category of ACCOUNT_CATEGORIES) {
      const options = frequencyOptions(category);
      expect(options.every((f) => (INTEREST_FREQUENCIES as readonly string[]).includes(f))).toBe(true);
      expect(options).toContain(INTEREST_DEFAULTS.interestFrequency);
    }
  });

  it('has the spec’s rate types, payout methods, defaults, fallback months and cut-off', () => {
    expect(RATE_TYPES).toEqual(['AER', 'Gross', 'Net']);
    expect(PAYOUT_METHODS).toEqual(['Add to account', 'Transfer to nominated account', 'Cheque', 'On demand']);
    expect(INTEREST_DEFAULTS).toEqual({
      interestRateBps: 0,
      interestFrequency: 'Monthly',
      rateType: 'AER',
      interestPayoutMethod: 'Add to account',
    });
    expect(QUARTERLY_FALLBACK_MONTHS).toEqual([3, 6, 9, 12]);
    expect(INTEREST_PAYMENT_CUTOFF).toBe('16:00');
  });

  it.each([
    ['Daily', false, false],
    ['Monthly', false, true],
    ['Quarterly', true, true],
    ['Annually', true, true],
    ['On Demand', false, false],
    ['At Maturity', false, false],
  ] as const)('%s: payment month shown %s, payment day shown %s', (frequency, month, day) => {
    expect(showsPaymentMonth(frequency)).toBe(month);
    expect(showsPaymentDay(frequency)).toBe(day);
  });

  it('pays quarterly interest in the fallback months without a payment month, else in the chosen month and every third after it', () => {
    expect(quarterlyPaymentMonths(null)).toEqual([3, 6, 9, 12]);
    expect(quarterlyPaymentMonths(2)).toEqual([2, 5, 8, 11]);
    expect(quarterlyPaymentMonths(11)).toEqual([2, 5, 8, 11]);
    expect(quarterlyPaymentMonths(12)).toEqual([3, 6, 9, 12]);
  });

  it('offers next rate change dates from 2000 to ten years ahead', () => {
    expect(nextRateChangeYears(2026)).toEqual({ fromYear: 2000, toYear: 2036 });
  });

  it('offers 31 days for monthly and quarterly interest', () => {
    expect(paymentDayCount('Monthly', null)).toBe(31);
    expect(paymentDayCount('Quarterly', 2)).toBe(31);
  });

  it('offers the chosen month’s days for annual interest, February with 28', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((month) => paymentDayCount('Annually', month))).toEqual([
      31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
    expect(paymentDayCount('Annually', null)).toBe(31);
  });

  it('always offers between 28 and 31 days', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...INTEREST_FREQUENCIES),
        fc.option(fc.integer({ min: -5, max: 20 })),
        (frequency, month) => {
          const count = paymentDayCount(frequency, month);
          expect(count).toBeGreaterThanOrEqual(28);
          expect(count).toBeLessThanOrEqual(31);
        },
      ),
    );
  });
});
