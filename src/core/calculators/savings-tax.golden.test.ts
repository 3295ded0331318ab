import { describe, expect, it } from 'vitest';
import { taxYearStarting } from '../dates/tax-year.ts';
import { savingsTaxByTaxYear, savingsTaxForYear, totalTaxPence } from './savings-tax.ts';

const y2026 = taxYearStarting(2026); // 6 April 2026 – 5 April 2027: 20 / 40 / 45%
const y2027 = taxYearStarting(2027); // from 6 April 2027: 22 / 42 / 47%

describe('tax on a year of savings interest by band (facts.md §6)', () => {
  it('taxes a basic-rate saver only on interest above the £1,000 Personal Savings Allowance', () => {
    // £1,500 interest − £1,000 PSA = £500 taxable; £500 × 20% = £100.00.
    const tax = savingsTaxForYear(y2026, 1_500_00, { band: 'basic', otherIncomePence: null });
    expect(tax).toMatchObject({
      personalAllowancePence: 0,
      startingRatePence: 0,
      personalSavingsAllowancePence: 1_000_00,
      taxablePence: 500_00,
      ratePercent: 20,
      taxPence: 100_00,
    });
  });

  it('gives a higher-rate saver £500 of allowance at 40%, and an additional-rate saver none at 45%', () => {
    // Higher: £1,500 − £500 = £1,000 × 40% = £400.00.
    expect(savingsTaxForYear(y2026, 1_500_00, { band: 'higher', otherIncomePence: null }).taxPence).toBe(400_00);
    // Additional: £1,500 − £0 = £1,500 × 45% = £675.00.
    expect(savingsTaxForYear(y2026, 1_500_00, { band: 'additional', otherIncomePence: null }).taxPence).toBe(675_00);
  });

  it('uses the rates of 6 April 2027 for 2027/28: 22 / 42 / 47%', () => {
    // Basic: (£1,500 − £1,000) × 22% = £110.00; higher: (£1,500 − £500) × 42% = £420.00; additional: £1,500 × 47% = £705.00.
    expect(savingsTaxForYear(y2027, 1_500_00, { band: 'basic', otherIncomePence: null }).taxPence).toBe(110_00);
    expect(savingsTaxForYear(y2027, 1_500_00, { band: 'higher', otherIncomePence: null }).taxPence).toBe(420_00);
    expect(savingsTaxForYear(y2027, 1_500_00, { band: 'additional', otherIncomePence: null }).taxPence).toBe(705_00);
  });

  it('lets a non-taxpayer use the rest of the personal allowance, then the whole starting rate band', () => {
    // Other income £10,000: £2,570 of the £12,570 personal allowance is left.
    // £9,000 interest: £2,570 allowance, then £5,000 starting rate (no other income above £12,570),
    // then £1,000 PSA: £2,570 + £5,000 + £1,000 = £8,570; £430 taxable × 20% = £86.00.
    const tax = savingsTaxForYear(y2026, 9_000_00, { band: 'basic', otherIncomePence: 10_000_00 });
    expect(tax).toMatchObject({
      personalAllowancePence: 2_570_00,
      startingRatePence: 5_000_00,
      personalSavingsAllowancePence: 1_000_00,
      taxablePence: 430_00,
      taxPence: 86_00,
    });
  });

  it('tapers the starting rate band by other income above £12,570', () => {
    // Other income £15,000: £2,430 above the allowance, so the band is £5,000 − £2,430 = £2,570.
    // £4,000 interest: £2,570 starting rate, £1,000 PSA, £430 taxable × 20% = £86.00.
    const tax = savingsTaxForYear(y2026, 4_000_00, { band: 'basic', otherIncomePence: 15_000_00 });
    expect(tax).toMatchObject({
      personalAllowancePence: 0,
      startingRatePence: 2_570_00,
      taxablePence: 430_00,
      taxPence: 86_00,
    });
    // At £17,570 the band is gone: £4,000 − £1,000 PSA = £3,000 × 20% = £600.00.
    expect(savingsTaxForYear(y2026, 4_000_00, { band: 'basic', otherIncomePence: 17_570_00 }).taxPence).toBe(600_00);
  });

  it('rounds the tax down to the penny', () => {
    // £1,000.99 − £1,000 = 99p × 20% = 19.8p → 19p.
    expect(savingsTaxForYear(y2026, 1_000_99, { band: 'basic', otherIncomePence: null }).taxPence).toBe(19);
  });

  it('taxes a term that crosses 6 April 2027 in two parts, each with its own allowance and rate', () => {
    // 2026/27: £600 + £600 = £1,200 paid by 5 April 2027 → (£1,200 − £500) × 40% = £280.00.
    // 2027/28: £1,200 paid on 6 April 2027 → (£1,200 − £500) × 42% = £294.00. Total £574.00.
    const years = savingsTaxByTaxYear(
      [
        { date: '2026-10-01', interestPence: 600_00 },
        { date: '2027-04-05', interestPence: 600_00 },
        { date: '2027-04-06', interestPence: 1_200_00 },
      ],
      { band: 'higher', otherIncomePence: null },
    );
    expect(years.map((y) => [y.taxYear.label, y.interestPence, y.ratePercent, y.taxPence])).toEqual([
      ['2026/27', 1_200_00, 40, 280_00],
      ['2027/28', 1_200_00, 42, 294_00],
    ]);
    expect(totalTaxPence(years)).toBe(574_00);
  });
});
