import { describe, expect, it } from 'vitest';
import { type EstimateAccount, estimateSavingsTaxThisYear } from './tax-year-estimate.ts';

const saver = (over: Partial<EstimateAccount>): EstimateAccount => ({
  accountType: 'Savings',
  balancePence: 0,
  interestRateBps: 0,
  holders: 1,
  interestThisYearPence: 0,
  ...over,
});

describe('the dashboard’s estimate of tax on savings interest this tax year', () => {
  it('adds the interest paid so far to a projection to 5 April, and taxes it at the chosen band', () => {
    // Today 5 Jan 2027: 2026/27 ends 5 Apr 2027; days left 26 (Jan 6–31) + 28 (Feb) + 31 (Mar) + 5 (Apr) = 90.
    // Savings: £600 paid so far; £50,000 × 5% × 90 ÷ 365 = £616.438… → £616.43.
    // Bond, joint with one other: £400 paid, half is £200; £20,000 × 4% × 90 ÷ 365 = £197.260… → £197.26, half £98.63.
    // Earned £800.00, projected £715.06, total £1,515.06.
    // Higher rate: (£1,515.06 − £500 PSA) × 40% = £406.024 → £406.02.
    const estimate = estimateSavingsTaxThisYear(
      [
        saver({ balancePence: 50_000_00, interestRateBps: 500, interestThisYearPence: 600_00 }),
        saver({
          accountType: 'Bond',
          balancePence: 20_000_00,
          interestRateBps: 400,
          holders: 2,
          interestThisYearPence: 400_00,
        }),
        saver({
          accountType: 'Cash ISA',
          balancePence: 20_000_00,
          interestRateBps: 450,
          interestThisYearPence: 300_00,
        }),
        saver({ accountType: 'SIPP', balancePence: 90_000_00 }),
      ],
      'higher',
      '2027-01-05',
    );
    expect(estimate).toMatchObject({
      daysLeft: 90,
      earnedPence: 800_00,
      projectedPence: 715_06,
      accountCount: 2,
      isaCount: 1,
    });
    expect(estimate.taxYear.label).toBe('2026/27');
    expect(estimate.tax).toMatchObject({
      personalSavingsAllowancePence: 500_00,
      taxablePence: 1_015_06,
      ratePercent: 40,
      taxPence: 406_02,
    });
  });

  it('uses 2027/28’s rate from 6 April 2027, with the whole year to come', () => {
    // Today 6 Apr 2027: 2027/28 runs to 5 Apr 2028, 366 days with 29 Feb 2028, so 365 are left after today.
    // £30,000 × 5% × 365 ÷ 365 = £1,500.00; basic rate (£1,500 − £1,000) × 22% = £110.00.
    const estimate = estimateSavingsTaxThisYear(
      [saver({ balancePence: 30_000_00, interestRateBps: 500 })],
      'basic',
      '2027-04-06',
    );
    expect(estimate.daysLeft).toBe(365);
    expect(estimate.projectedPence).toBe(1_500_00);
    expect(estimate.tax?.taxPence).toBe(110_00);
  });

  it('has no tax figure until a band is chosen, and none on the last day’s projection', () => {
    // 5 Apr 2027: no days left, only what was paid: £1,200; no band → no tax.
    const estimate = estimateSavingsTaxThisYear(
      [saver({ balancePence: 30_000_00, interestRateBps: 500, interestThisYearPence: 1_200_00 })],
      null,
      '2027-04-05',
    );
    expect(estimate).toMatchObject({ daysLeft: 0, earnedPence: 1_200_00, projectedPence: 0, tax: null });
  });
});
