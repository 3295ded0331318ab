import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MaturityInput, maturityOf, termBetween, termEndDate } from './maturity.ts';

const base: MaturityInput = {
  depositPence: 10_000_00,
  startDate: '2026-12-01',
  termValue: 1,
  termUnit: 'years',
  rateBps: 450,
  rateType: 'Gross',
  frequency: 'Annually',
  compounds: true,
  penaltyType: 'none',
  penaltyAmount: 0,
  closeOn: null,
  renewalRateBps: null,
  elsewhereRateBps: null,
};

describe('the maturity calculator, worked by hand', () => {
  it('pays a one-year bond its rate on the anniversary, and compares renewing with moving', () => {
    // £10,000 at 4.50% gross, paid yearly, 1 Dec 2026 to 1 Dec 2027: 365 days.
    // Interest: 10,000 × 0.045 × 365 / 365 = £450.00, so £10,450.00 at maturity.
    // Paid 1 Dec 2027: tax year 2027/28. AER of a yearly rate is the rate: 4.50%.
    // Next year on £10,450.00: renewing at 3.50% AER is 10,450 × 0.035 = £365.75;
    // moving to 4.60% AER is 10,450 × 0.046 = £480.70.
    const result = maturityOf({ ...base, renewalRateBps: 350, elsewhereRateBps: 460 });
    expect(result.maturityDate).toBe('2027-12-01');
    expect(result.termDays).toBe(365);
    expect(result.payments).toEqual([{ date: '2027-12-01', interestPence: 450_00, balancePence: 10_450_00 }]);
    expect(result.maturityBalancePence).toBe(10_450_00);
    expect(result.aerBps).toBe(450);
    expect(result.interestByTaxYear).toEqual([{ taxYear: '2027/28', interestPence: 450_00 }]);
    expect(result.renew).toEqual({ rateBps: 350, yearInterestPence: 365_75 });
    expect(result.move).toEqual({ rateBps: 460, yearInterestPence: 480_70 });
  });

  it('adds interest at maturity yearly, counting 29 February 2028 as a day', () => {
    // £20,000 at 4.00% AER, interest at maturity, 2 years from 15 Jun 2026.
    // Year 1, 15 Jun 2026 to 15 Jun 2027, 365 days: 20,000 × 0.04 = £800.00 → £20,800.00.
    // Year 2, 15 Jun 2027 to 15 Jun 2028, 366 days: 20,800 × 0.04 × 366 / 365 = 834.2794… → £834.28.
    // At maturity: 20,800 + 834.28 = £21,634.28; interest £1,634.28.
    const result = maturityOf({
      ...base,
      depositPence: 20_000_00,
      startDate: '2026-06-15',
      termValue: 2,
      rateBps: 400,
      rateType: 'AER',
      frequency: 'At Maturity',
      compounds: false,
    });
    expect(result.payments).toEqual([
      { date: '2027-06-15', interestPence: 800_00, balancePence: 20_800_00 },
      { date: '2028-06-15', interestPence: 834_28, balancePence: 21_634_28 },
    ]);
    expect(result.interestPence).toBe(1_634_28);
    expect(result.paidOutPence).toBe(0);
    expect(result.aerBps).toBe(400);
  });

  it('pays monthly interest out by the days in each month, and prices an early close with 90 days’ interest', () => {
    // £12,000 at 3.60% gross paid monthly to another account, 3 months from 1 Jan 2027.
    // A day's interest is 12,000 × 0.036 / 365 = 432 / 365 = £1.18356…
    // January, 31 days: 432 × 31 / 365 = 36.6904… → £36.69
    // February, 28 days: 432 × 28 / 365 = 33.1397… → £33.14
    // March, 31 days: £36.69. Interest paid out: 36.69 + 33.14 + 36.69 = £106.52; the account keeps £12,000.
    // AER: (1 + 0.036 / 12)^12 − 1 = 1.003^12 − 1 = 0.036600 → 3.66%.
    // Closing on 15 Feb 2027: 14 days since 1 Feb: 432 × 14 / 365 = 16.5699… → £16.57, so £12,016.57.
    // Penalty, 90 days' interest on £12,000: 432 × 90 / 365 = 106.5205… → £106.52; you receive £11,910.05.
    // Against waiting: 12,000 + 106.52 = £12,106.52, less 11,910.05 and January's £36.69 = £159.78 short.
    const result = maturityOf({
      ...base,
      depositPence: 12_000_00,
      startDate: '2027-01-01',
      termValue: 3,
      termUnit: 'months',
      rateBps: 360,
      frequency: 'Monthly',
      compounds: false,
      penaltyType: 'days_interest',
      penaltyAmount: 90_00,
      closeOn: '2027-02-15',
    });
    expect(result.payments.map((p) => p.interestPence)).toEqual([36_69, 33_14, 36_69]);
    expect(result.paidOutPence).toBe(106_52);
    expect(result.maturityBalancePence).toBe(12_000_00);
    expect(result.aerBps).toBe(366);
    expect(result.earlyClose).toMatchObject({
      date: '2027-02-15',
      valuePence: 12_016_57,
      penaltyPence: 106_52,
      receivePence: 11_910_05,
      shortfallPence: 159_78,
    });
    expect(result.earlyClose!.words).toMatch(/take some of the money you put in/);
  });

  it('takes a percentage penalty of the amount closed', () => {
    // £10,000 at 4.50% gross yearly from 1 Dec 2026, closed on 1 Jun 2027 (182 days):
    // 10,000 × 0.045 × 182 / 365 = 224.3835… → £224.38, so £10,224.38.
    // A 1.50% penalty: 10,224.38 × 0.015 = 153.3657 → £153.37; you receive £10,071.01.
    const result = maturityOf({ ...base, penaltyType: 'percentage', penaltyAmount: 150, closeOn: '2027-06-01' });
    expect(result.earlyClose).toMatchObject({ valuePence: 10_224_38, penaltyPence: 153_37, receivePence: 10_071_01 });
    expect(result.earlyClose!.words).toBe('The penalty comes out of the interest earned by then.');
  });

  it('finds the term between two dates in whole years, months or days', () => {
    expect(termBetween('2026-01-31', '2027-01-31')).toEqual({ value: 1, unit: 'years' });
    expect(termBetween('2026-01-15', '2026-07-15')).toEqual({ value: 6, unit: 'months' });
    expect(termBetween('2026-01-15', '2026-04-25')).toEqual({ value: 100, unit: 'days' });
    expect(termEndDate('2026-01-31', 1, 'months')).toBe('2026-02-28');
  });
});

describe('the maturity calculator over its range', () => {
  const inputs = fc.record({
    depositPence: fc.integer({ min: 1, max: 1_000_000_000_00 }),
    startDate: fc.constantFrom('2025-03-31', '2026-02-28', '2027-08-15', '2028-02-29'),
    termValue: fc.integer({ min: 1, max: 60 }),
    termUnit: fc.constant('months' as const),
    rateBps: fc.integer({ min: 0, max: 2_000 }),
    rateType: fc.constantFrom('AER' as const, 'Gross' as const),
    frequency: fc.constantFrom('Monthly' as const, 'Quarterly' as const, 'Annually' as const, 'At Maturity' as const),
  });

  it('never pays less by adding interest to the account than by paying it out, and never loses money', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const common = { ...base, ...input };
        const added = maturityOf({ ...common, compounds: true });
        const paid = maturityOf({ ...common, compounds: false });
        expect(added.interestPence).toBeGreaterThanOrEqual(paid.interestPence);
        expect(added.maturityBalancePence).toBe(input.depositPence + added.interestPence);
        expect(paid.maturityBalancePence + paid.paidOutPence).toBe(input.depositPence + paid.interestPence);
        expect(added.payments.at(-1)!.date).toBe(added.maturityDate);
      }),
    );
  });

  it('an early close never returns more than waiting, nor less than nothing', () => {
    fc.assert(
      fc.property(inputs, fc.integer({ min: 0, max: 500 }), (input, penaltyBps) => {
        const result = maturityOf({
          ...base,
          ...input,
          penaltyType: 'percentage',
          penaltyAmount: penaltyBps,
          closeOn: '2027-09-01',
        });
        if (!result.earlyClose) return;
        expect(result.earlyClose.receivePence).toBeGreaterThanOrEqual(0);
        expect(result.earlyClose.shortfallPence).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
