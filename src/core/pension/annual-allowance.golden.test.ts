import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../dates/calendar-date.ts';
import { taxYearStarting } from '../dates/tax-year.ts';
import { type PensionInput, type PensionYearFacts, pensionAllowance, taperedAllowance } from './annual-allowance.ts';
import { pensionFiguresFor } from './pension-figures.ts';

// Golden cases worked by hand from data/reference/isa_pension_figures.csv: annual allowance
// £60,000 (from 2023/24; £40,000 before), MPAA £10,000 (£4,000 from 2017/18 to 2022/23), taper
// over threshold income £200,000 and adjusted income £260,000 (£240,000 before 2023/24), £1 per
// £2, minimum £10,000 (£4,000 from 2020/21 to 2022/23), three years' carry-forward.

const Y2026 = taxYearStarting(2026);
const FIGURES_2026 = pensionFiguresFor(Y2026);

describe('the tapered annual allowance at its edges (2026/27, threshold income £250,000)', () => {
  it.each([
    { adjusted: 260_000_00, status: 'does-not-apply', allowance: 60_000_00 },
    { adjusted: 260_000_01, status: 'applies', allowance: 60_000_00 },
    { adjusted: 260_001_00, status: 'applies', allowance: 60_000_00 },
    { adjusted: 260_001_99, status: 'applies', allowance: 60_000_00 },
    { adjusted: 260_002_00, status: 'applies', allowance: 59_999_00 },
    { adjusted: 300_000_00, status: 'applies', allowance: 40_000_00 },
    { adjusted: 359_999_99, status: 'applies', allowance: 10_001_00 },
    { adjusted: 360_000_00, status: 'applies', allowance: 10_000_00 },
    { adjusted: 360_002_00, status: 'applies', allowance: 10_000_00 },
    { adjusted: 1_000_000_00, status: 'applies', allowance: 10_000_00 },
  ])('adjusted income $adjusted pence: $allowance pence', ({ adjusted, status, allowance }) => {
    const taper = taperedAllowance(FIGURES_2026, 250_000_00, adjusted);
    expect([taper.status, taper.allowancePence]).toEqual([status, allowance]);
  });

  it('does not taper when threshold income is £200,000 or less, whatever the adjusted income', () => {
    expect(taperedAllowance(FIGURES_2026, 200_000_00, 400_000_00)).toMatchObject({
      status: 'does-not-apply',
      allowancePence: 60_000_00,
      words: 'Threshold income of £200,000.00 is not over £200,000, so the allowance is not tapered: £60,000.',
    });
    expect(taperedAllowance(FIGURES_2026, 200_000_01, 400_000_00).allowancePence).toBe(10_000_00);
  });

  it('says how the taper was worked out', () => {
    expect(taperedAllowance(FIGURES_2026, 250_000_00, 300_000_00).words).toBe(
      'Adjusted income of £300,000.00 is £40,000.00 over £260,000, and threshold income is over £200,000, so the allowance is tapered by £1 for every £2: £20,000 off £60,000 leaves £40,000.',
    );
    expect(taperedAllowance(FIGURES_2026, 250_000_00, 260_001_00).words).toBe(
      'Adjusted income of £260,001.00 is £1.00 over £260,000, and threshold income is over £200,000, so the allowance is tapered by £1 for every £2, but that is less than £2 over, so nothing comes off: £60,000.',
    );
    expect(taperedAllowance(FIGURES_2026, 250_000_00, 400_000_00).words).toBe(
      'Adjusted income of £400,000.00 is £140,000.00 over £260,000, and threshold income is over £200,000, so the allowance is tapered by £1 for every £2, down to the minimum of £10,000.',
    );
    expect(taperedAllowance(FIGURES_2026, null, null)).toMatchObject({ status: 'unknown', allowancePence: 60_000_00 });
  });

  it('says the taper may apply with adjusted income over £260,000 and no threshold income, never "No income is given" (PN4)', () => {
    const taper = taperedAllowance(FIGURES_2026, null, 300_000_00);
    expect(taper).toMatchObject({ status: 'unknown', allowancePence: 60_000_00 });
    expect(taper.words).toBe(
      'Adjusted income of £300,000.00 is over £260,000, so the taper may apply: it does when threshold income is over £200,000. Add your threshold income to know; until then the full £60,000 is taken.',
    );
    expect(taperedAllowance(FIGURES_2026, 250_000_00, null).words).toBe(
      'Threshold income of £250,000.00 is over £200,000, so the taper may apply: it does when adjusted income is over £260,000. Add your adjusted income to know; until then the full £60,000 is taken.',
    );
  });

  it('lets one income given rule the taper out on its own', () => {
    expect(taperedAllowance(FIGURES_2026, null, 100_000_00)).toMatchObject({ status: 'does-not-apply' });
    expect(taperedAllowance(FIGURES_2026, 150_000_00, null)).toMatchObject({ status: 'does-not-apply' });
    expect(taperedAllowance(FIGURES_2026, null, 100_000_00).words).not.toContain('No income is given');
  });

  it('uses the figures of the tax year: 2022/23 tapered from £240,000 down to £4,000', () => {
    const figures = pensionFiguresFor(taxYearStarting(2022));
    expect(taperedAllowance(figures, 250_000_00, 260_000_00).allowancePence).toBe(30_000_00);
    expect(taperedAllowance(figures, 250_000_00, 400_000_00).allowancePence).toBe(4_000_00);
  });
});

const mp = (date: CalendarDate, pounds: number): PensionInput => ({
  date,
  amountPence: pounds * 100,
  kind: 'money_purchase',
});
const db = (date: CalendarDate, pounds: number): PensionInput => ({
  date,
  amountPence: pounds * 100,
  kind: 'defined_benefit',
});
const member = (startYear: number, extra: Partial<PensionYearFacts> = {}): PensionYearFacts => ({
  startYear,
  wasMember: true,
  thresholdIncomePence: null,
  adjustedIncomePence: null,
  ...extra,
});

describe('the money purchase annual allowance after flexible access', () => {
  it('counts only money purchase savings after the day of flexible access, and carry-forward cannot help', () => {
    const result = pensionAllowance({
      taxYear: Y2026,
      flexibleAccessDate: '2026-09-01',
      inputs: [mp('2026-06-01', 5_000), mp('2026-09-01', 1_000), mp('2026-10-01', 12_000)],
      years: [member(2023), member(2024), member(2025), member(2026)],
    });
    expect(result.mpaa).toMatchObject({ status: 'applies', moneyPurchaseAfterPence: 12_000_00, overPence: 2_000_00 });
    expect(result.carryForward.availablePence).toBe(180_000_00);
    expect([result.test, result.excessPence, result.remainingPence]).toEqual(['alternative', 2_000_00, 0]);
    expect(result.mpaa.words).toBe(
      'You flexibly accessed a pension on 01/09/2026, so money purchase savings after that day are limited to £10,000 a year (the money purchase annual allowance), and carry-forward cannot add to it. £12,000.00 went in, £2,000.00 over it.',
    );
  });

  it('keeps the standard test while money purchase savings are within the MPAA', () => {
    const result = pensionAllowance({
      taxYear: Y2026,
      flexibleAccessDate: '2025-01-01',
      inputs: [mp('2026-06-01', 8_000), db('2026-06-01', 45_000)],
      years: [],
    });
    expect(result.test).toBe('standard');
    expect([result.excessPence, result.remainingPence, result.moneyPurchaseRemainingPence]).toEqual([
      0, 7_000_00, 2_000_00,
    ]);
  });

  it('tests defined benefit savings against the alternative allowance (£50,000) once the MPAA is broken', () => {
    const result = pensionAllowance({
      taxYear: Y2026,
      flexibleAccessDate: '2025-01-01',
      inputs: [mp('2026-06-01', 15_000), db('2026-06-01', 52_000)],
      years: [],
    });
    // Standard: £67,000 − £60,000 = £7,000. Alternative: £5,000 + (£52,000 − £50,000) = £7,000: not larger.
    expect([result.test, result.excessPence]).toEqual(['standard', 7_000_00]);
    const more = pensionAllowance({
      taxYear: Y2026,
      flexibleAccessDate: '2025-01-01',
      inputs: [mp('2026-06-01', 20_000), db('2026-06-01', 30_000)],
      years: [],
    });
    // Standard: nothing over £60,000. Alternative: £10,000 over the MPAA, DB within £50,000.
    expect([more.test, more.excessPence]).toEqual(['alternative', 10_000_00]);
  });
});

describe('carry-forward from the three previous tax years', () => {
  it('uses this year first, then the earliest year first, and skips a year without membership', () => {
    const result = pensionAllowance({
      taxYear: Y2026,
      flexibleAccessDate: null,
      inputs: [mp('2023-06-01', 20_000), mp('2024-06-01', 50_000), mp('2026-06-01', 100_000)],
      years: [
        member(2023),
        member(2024),
        member(2025, { wasMember: false }),
        member(2026, { thresholdIncomePence: 250_000_00, adjustedIncomePence: 300_000_00 }),
      ],
    });
    expect(result.annualAllowancePence).toBe(40_000_00);
    expect(result.carryForward.years.map((y) => [y.taxYear.label, y.status, y.availablePence, y.usedNowPence])).toEqual(
      [
        ['2023/24', 'member', 40_000_00, 40_000_00],
        ['2024/25', 'member', 10_000_00, 10_000_00],
        ['2025/26', 'not-member', 0, 0],
      ],
    );
    expect([result.excessPence, result.remainingPence]).toEqual([10_000_00, 0]);
    expect(result.explanation).toEqual([
      'Your pension annual allowance for 2026/27 (06/04/2026 to 05/04/2027) is £40,000.',
      'Adjusted income of £300,000.00 is £40,000.00 over £260,000, and threshold income is over £200,000, so the allowance is tapered by £1 for every £2: £20,000 off £60,000 leaves £40,000.',
      'You have saved £100,000.00 into pensions this tax year.',
      "£50,000.00 of unused allowance is carried forward from 2023/24 and 2024/25, used after this year's allowance, earliest year first: £50,000.00 of it is used.",
      '2023/24: £40,000.00 unused (allowance £60,000, savings £20,000.00); £40,000.00 of it is used this year.',
      '2024/25: £10,000.00 unused (allowance £60,000, savings £50,000.00); £10,000.00 of it is used this year.',
      '2025/26: not a member of a pension scheme, so nothing is carried forward from it.',
      '£10,000.00 is over what your allowances allow: the annual allowance charge is worked out on it at your income tax rate.',
    ]);
  });

  it('leaves out what a later year already drew on', () => {
    // 2022/23 (£40,000 allowance) saved nothing; 2023/24 saved £70,000, drawing £10,000 of it
    // (the years before 2022/23 are not known, so nothing comes from them).
    const result = pensionAllowance({
      taxYear: taxYearStarting(2025),
      flexibleAccessDate: null,
      inputs: [mp('2023-06-01', 70_000), mp('2025-06-01', 60_000)],
      years: [member(2022), member(2023), member(2024), member(2025)],
    });
    expect(result.carryForward.years.map((y) => [y.taxYear.label, y.availablePence])).toEqual([
      ['2022/23', 30_000_00],
      ['2023/24', 0],
      ['2024/25', 60_000_00],
    ]);
    expect(result.remainingPence).toBe(90_000_00);
  });

  it('draws a year’s excess from the earliest year first, so later years keep theirs', () => {
    // With 2020/21 known (£40,000 unused), 2023/24's £10,000 over comes from 2020/21, not 2022/23.
    const result = pensionAllowance({
      taxYear: taxYearStarting(2025),
      flexibleAccessDate: null,
      inputs: [mp('2023-06-01', 70_000), mp('2025-06-01', 60_000)],
      years: [member(2020), member(2021), member(2022), member(2023), member(2024), member(2025)],
    });
    expect(result.carryForward.years.map((y) => y.availablePence)).toEqual([40_000_00, 0, 60_000_00]);
    expect(result.remainingPence).toBe(100_000_00);
  });

  it('carries nothing forward from years it is not told about, and says so', () => {
    const result = pensionAllowance({ taxYear: Y2026, flexibleAccessDate: null, inputs: [], years: [] });
    expect(result.carryForward.availablePence).toBe(0);
    expect(result.carryForward.years[0]!.words).toBe('2023/24: not known, so nothing is carried forward from it.');
    expect(result.remainingPence).toBe(60_000_00);
  });
});
