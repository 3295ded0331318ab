import { describe, expect, it } from 'vitest';
import { cashIsaYears } from './cash-isa-instead.ts';
import { type SavingsGrowthInput, savingsGrowth } from './savings-growth.ts';
import { savingsTaxByTaxYear } from './savings-tax.ts';

const START = '2026-11-29';

/** £10,000 from 29 Nov 2026 for a year, no deposits, with what a test changes. */
const grow = (over: Partial<SavingsGrowthInput>) =>
  savingsGrowth({
    startDate: START,
    startPence: 10_000_00,
    regularDepositPence: 0,
    depositFrequency: 'none',
    rate: { kind: 'aer', bps: 500 },
    termMonths: 12,
    ...over,
  });

describe('the savings calculator’s growth, worked by hand', () => {
  it('pays a gross 5% a year once, at the end of the year', () => {
    // Each month earns £10,000 × 5% ÷ 12 = £41.666…; twelve of them are £500.00, paid on 29 Nov 2027.
    const growth = grow({ rate: { kind: 'gross', bps: 500, compounding: 'annually' } });
    expect(growth.interestPence).toBe(500_00);
    expect(growth.finalPence).toBe(10_500_00);
    expect(growth.payments).toEqual([{ date: '2027-11-29', interestPence: 500_00 }]);
    expect(growth.aerBps).toBe(500);
  });

  it('compounds a gross 4% quarterly: 1% a quarter on the balance with the interest already paid', () => {
    // Q1: £10,000.00 × 1% = £100.00 → £10,100.00
    // Q2: £10,100.00 × 1% = £101.00 → £10,201.00
    // Q3: £10,201.00 × 1% = £102.01 → £10,303.01
    // Q4: £10,303.01 × 1% = £103.0301 → £103.03 → £10,406.04; AER (1.01)^4 − 1 = 4.0604% → 4.06%.
    const growth = grow({ rate: { kind: 'gross', bps: 400, compounding: 'quarterly' } });
    expect(growth.payments.map((p) => p.interestPence)).toEqual([100_00, 101_00, 102_01, 103_03]);
    expect(growth.finalPence).toBe(10_406_04);
    expect(growth.aerBps).toBe(406);
  });

  it('adds monthly deposits at the start of each month, before that month’s interest', () => {
    // Gross 12% paid monthly is 1% a month.
    // Month 1: £1,000 + £100 = £1,100.00, interest £11.00 → £1,111.00
    // Month 2: + £100 = £1,211.00, interest £12.11 → £1,223.11
    // Month 3: + £100 = £1,323.11, interest £13.2311 → £13.23 → £1,336.34
    const growth = grow({
      startPence: 1_000_00,
      regularDepositPence: 100_00,
      depositFrequency: 'monthly',
      rate: { kind: 'gross', bps: 1_200, compounding: 'monthly' },
      termMonths: 3,
    });
    expect(growth.points.map((p) => p.balancePence)).toEqual([1_111_00, 1_223_11, 1_336_34]);
    expect(growth.depositsPence).toBe(300_00);
    expect(growth.interestPence).toBe(36_34);
  });

  it('adds an annual deposit at the start of each year', () => {
    // Year 1: £1,000 × 10% = £100.00 → £1,100.00; year 2: £1,100 + £1,000 = £2,100 × 10% = £210.00 → £2,310.00.
    const growth = grow({
      startPence: 0,
      regularDepositPence: 1_000_00,
      depositFrequency: 'annually',
      rate: { kind: 'gross', bps: 1_000, compounding: 'annually' },
      termMonths: 24,
    });
    expect(growth.years.map((y) => [y.openingPence, y.depositsPence, y.interestPence, y.closingPence])).toEqual([
      [0, 1_000_00, 100_00, 1_100_00],
      [1_100_00, 1_000_00, 210_00, 2_310_00],
    ]);
  });

  it('pays a part year’s interest at the end of the term', () => {
    // Year 1 as above: £10,500.00. Months 13–18: £10,500 × 5% ÷ 12 × 6 = £262.50, paid at the end → £10,762.50.
    const growth = grow({ rate: { kind: 'gross', bps: 500, compounding: 'annually' }, termMonths: 18 });
    expect(growth.years.map((y) => [y.year, y.months, y.interestPence, y.closingPence])).toEqual([
      [1, 12, 500_00, 10_500_00],
      [2, 6, 262_50, 10_762_50],
    ]);
    expect(growth.payments.at(-1)).toEqual({ date: '2028-05-29', interestPence: 262_50 });
  });

  it('pays an AER monthly at the rate that compounds to it', () => {
    // Monthly rate 1.05^(1/12) − 1 = 0.4074124%: month 1 is £10,000 × 0.4074124% = £40.74124 → £40.74.
    // Over the year the AER gives £500.00: what each month's rounding leaves is carried to the next,
    // so the twelve payments add up to it exactly.
    const growth = grow({});
    expect(growth.payments[0]).toEqual({ date: '2026-12-29', interestPence: 40_74 });
    expect(growth.interestPence).toBe(500_00);
  });

  it('taxes a term that crosses 6 April 2027 by tax year, at the rates of each', () => {
    // £100,000 at gross 4% quarterly from 6 Oct 2026, a higher-rate saver:
    // 6 Jan 2027 £1,000.00 (2026/27); 6 Apr 2027 £1,010.00, 6 Jul 2027 £1,020.10, 6 Oct 2027 £1,030.30 (2027/28).
    // 2026/27: (£1,000.00 − £500 PSA) × 40% = £200.00.
    // 2027/28: £3,060.40 − £500 = £2,560.40 × 42% = £1,075.368 → £1,075.36.
    const growth = grow({
      startDate: '2026-10-06',
      startPence: 100_000_00,
      rate: { kind: 'gross', bps: 400, compounding: 'quarterly' },
    });
    const tax = savingsTaxByTaxYear(growth.payments, { band: 'higher', otherIncomePence: null });
    expect(tax.map((y) => [y.taxYear.label, y.interestPence, y.taxPence])).toEqual([
      ['2026/27', 1_000_00, 200_00],
      ['2027/28', 3_060_40, 1_075_36],
    ]);
  });
});

describe('the same savings in a cash ISA instead', () => {
  it('counts what goes in each tax year against that year’s limit', () => {
    // From 29 Nov 2026: £15,000 + five £1,000 deposits (29 Nov, Dec, Jan, Feb, Mar) = £20,000 in 2026/27 (limit £20,000);
    // seven deposits from 29 Apr to 29 Oct 2027 = £7,000 in 2027/28 (limit £12,000 under 65).
    const growth = grow({
      startPence: 15_000_00,
      regularDepositPence: 1_000_00,
      depositFrequency: 'monthly',
      rate: { kind: 'aer', bps: 400 },
    });
    const years = cashIsaYears(START, 15_000_00, growth.points, true);
    expect(years.map((y) => [y.taxYear.label, y.paidInPence, y.limitPence, y.overPence])).toEqual([
      ['2026/27', 20_000_00, 20_000_00, 0],
      ['2027/28', 7_000_00, 12_000_00, 0],
    ]);
  });

  it('caps cash at £12,000 from 6 April 2027 for a saver under 65, and not for one of 65 or over', () => {
    // £20,000 on 6 April 2027: under 65, £8,000 over the £12,000 cash limit; 65 or over, within £20,000.
    expect(cashIsaYears('2027-04-06', 20_000_00, [], true)[0]).toMatchObject({
      limitPence: 12_000_00,
      overPence: 8_000_00,
      isUnderAgeCap: true,
    });
    expect(cashIsaYears('2027-04-06', 20_000_00, [], false)[0]).toMatchObject({ limitPence: 20_000_00, overPence: 0 });
  });
});
