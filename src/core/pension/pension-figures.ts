/**
 * The pension figures the law sets, by date: the same rows as
 * data/reference/isa_pension_figures.csv (a test keeps the two equal). Rules never write a
 * figure down: they ask for a tax year's figures (`pensionFiguresFor`) or a date's minimum
 * pension age (`normalMinimumPensionAgeOn`).
 */
import type { CalendarDate } from '../dates/calendar-date.ts';
import { type AppliedFigure, appliedFigure, type DatedFigure, figureOn } from '../dates/effective-dated.ts';
import type { TaxYear } from '../dates/tax-year.ts';

const GUIDES_2016 = 'Pension scheme guides (taper from 6 April 2016)';
const TABLES_2025 = 'Pension scheme and tax-table summaries for 2025/26';

/** Annual allowance per tax year, pence. */
export const ANNUAL_ALLOWANCE: readonly DatedFigure[] = [
  { effectiveFrom: '2016-04-06', value: 40_000_00, source: 'Pension scheme guides (£40,000 from 6 April 2014)' },
  { effectiveFrom: '2023-04-06', value: 60_000_00, source: TABLES_2025 },
];

/** Money purchase annual allowance (after flexible access), pence. */
export const MONEY_PURCHASE_ANNUAL_ALLOWANCE: readonly DatedFigure[] = [
  { effectiveFrom: '2016-04-06', value: 10_000_00, source: 'Pension scheme guides (£10,000 from 6 April 2015)' },
  { effectiveFrom: '2017-04-06', value: 4_000_00, source: 'Pension scheme guides (£4,000 from 6 April 2017)' },
  { effectiveFrom: '2023-04-06', value: 10_000_00, source: TABLES_2025 },
];

/** The taper applies only when threshold income is over this, pence. */
export const TAPER_THRESHOLD_INCOME: readonly DatedFigure[] = [
  { effectiveFrom: '2016-04-06', value: 110_000_00, source: GUIDES_2016 },
  { effectiveFrom: '2020-04-06', value: 200_000_00, source: 'Budget 2020; tax tables 2025/26' },
];

/** ...and adjusted income is over this; the allowance falls for each pound over it, pence. */
export const TAPER_ADJUSTED_INCOME: readonly DatedFigure[] = [
  { effectiveFrom: '2016-04-06', value: 150_000_00, source: GUIDES_2016 },
  { effectiveFrom: '2020-04-06', value: 240_000_00, source: 'Budget 2020' },
  { effectiveFrom: '2023-04-06', value: 260_000_00, source: 'Which?; Scottish Widows; tax tables 2025/26' },
];

/** The tapered allowance never falls below this, pence. */
export const TAPER_MINIMUM_ALLOWANCE: readonly DatedFigure[] = [
  { effectiveFrom: '2016-04-06', value: 10_000_00, source: GUIDES_2016 },
  { effectiveFrom: '2020-04-06', value: 4_000_00, source: 'Budget 2020' },
  { effectiveFrom: '2023-04-06', value: 10_000_00, source: 'Which?; Scottish Widows; tax tables 2025/26' },
];

/** Pounds of adjusted income over the figure that take £1 off the allowance (£1 per £2). */
export const TAPER_INCOME_PER_POUND: readonly DatedFigure[] = [
  { effectiveFrom: '2016-04-06', value: 2, source: 'Which?; Scottish Widows; tax tables 2025/26' },
];

/** How many previous tax years' unused allowance can be carried forward. */
export const CARRY_FORWARD_YEARS: readonly DatedFigure[] = [
  { effectiveFrom: '2016-04-06', value: 3, source: 'USS annual-allowance page; Which? (2025-26)' },
];

/** Normal minimum pension age: the earliest age benefits can be taken (no protected pension age). */
export const NORMAL_MINIMUM_PENSION_AGE: readonly DatedFigure[] = [
  { effectiveFrom: '2010-04-06', value: 55, source: 'Finance Act 2004' },
  { effectiveFrom: '2028-04-06', value: 57, source: 'Finance Act 2022' },
];

/**
 * State Pension age: the State Pension is paid from it, not from the minimum pension age. Only
 * the 66 in force since October 2020; the rise to 67 (by date of birth, 2026 to 2028) is not
 * modelled, so a saver born after 5 April 1960 sets their own.
 */
export const STATE_PENSION_AGE: readonly DatedFigure[] = [
  { effectiveFrom: '2020-10-06', value: 66, source: 'Pensions Act 2011' },
];

/** The lump sum allowance: the most a person may take tax-free from all their pensions, pence. */
export const LUMP_SUM_ALLOWANCE: readonly DatedFigure[] = [
  { effectiveFrom: '2024-04-06', value: 268_275_00, source: 'HMRC Pensions Tax Manual PTM172000' },
];

/** The share of a pension that may be taken as a tax-free lump sum, percent (within the allowance). */
export const TAX_FREE_LUMP_SUM_PERCENT: readonly DatedFigure[] = [
  { effectiveFrom: '2006-04-06', value: 25, source: 'Finance Act 2004; HMRC Pensions Tax Manual PTM063000' },
];

/**
 * Tax relief on personal contributions at the income tax rates of England, Wales and Northern
 * Ireland, percent: the basic rate a relief-at-source scheme claims, and the higher and additional
 * rates a taxpayer claims back. Unchanged by Budget 2025 (only savings, dividend and property rates rise).
 */
export const RELIEF_BASIC_RATE_PERCENT: readonly DatedFigure[] = [
  { effectiveFrom: '2008-04-06', value: 20, source: 'HMRC income tax rates (basic rate 20% from 2008/09)' },
];
export const RELIEF_HIGHER_RATE_PERCENT: readonly DatedFigure[] = [
  { effectiveFrom: '2008-04-06', value: 40, source: 'HMRC income tax rates' },
];
export const RELIEF_ADDITIONAL_RATE_PERCENT: readonly DatedFigure[] = [
  { effectiveFrom: '2013-04-06', value: 45, source: 'HMRC income tax rates (additional rate 45% from 2013/14)' },
];

/** Relief at source for someone without earnings: on up to this much gross a tax year, pence. */
export const RELIEF_BASIC_AMOUNT: readonly DatedFigure[] = [
  { effectiveFrom: '2006-04-06', value: 3_600_00, source: 'Finance Act 2004 s190 (basic amount £3,600)' },
];

/** The first tax year the annual allowance tables answer for: 2016/17. */
export const EARLIEST_PENSION_TAX_YEAR = 2016;

export type PensionFigures = {
  annualAllowancePence: AppliedFigure;
  moneyPurchaseAnnualAllowancePence: AppliedFigure;
  taperThresholdIncomePence: AppliedFigure;
  taperAdjustedIncomePence: AppliedFigure;
  taperMinimumAllowancePence: AppliedFigure;
  taperIncomePerPound: AppliedFigure;
  carryForwardYears: AppliedFigure;
};

const applied = appliedFigure;

/** The pension figures for a tax year (those in force on its 6 April). Throws RangeError before 2016/17. */
export function pensionFiguresFor(taxYear: TaxYear): PensionFigures {
  const on = taxYear.firstDay;
  return {
    annualAllowancePence: applied(figureOn(ANNUAL_ALLOWANCE, on, 'annual allowance')),
    moneyPurchaseAnnualAllowancePence: applied(figureOn(MONEY_PURCHASE_ANNUAL_ALLOWANCE, on, 'MPAA')),
    taperThresholdIncomePence: applied(figureOn(TAPER_THRESHOLD_INCOME, on, 'taper threshold income')),
    taperAdjustedIncomePence: applied(figureOn(TAPER_ADJUSTED_INCOME, on, 'taper adjusted income')),
    taperMinimumAllowancePence: applied(figureOn(TAPER_MINIMUM_ALLOWANCE, on, 'tapered allowance minimum')),
    taperIncomePerPound: applied(figureOn(TAPER_INCOME_PER_POUND, on, 'taper rate')),
    carryForwardYears: applied(figureOn(CARRY_FORWARD_YEARS, on, 'carry-forward years')),
  };
}

/** The State Pension age in force on `date` (see STATE_PENSION_AGE). */
export function statePensionAgeOn(date: CalendarDate): AppliedFigure {
  return applied(figureOn(STATE_PENSION_AGE, date, 'State Pension age'));
}

/** The normal minimum pension age in force on `date`. */
export function normalMinimumPensionAgeOn(date: CalendarDate): AppliedFigure {
  return applied(figureOn(NORMAL_MINIMUM_PENSION_AGE, date, 'normal minimum pension age'));
}
