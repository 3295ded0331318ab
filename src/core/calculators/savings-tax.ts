/**
 * Income tax on savings interest for one tax year, by the band the saver chooses (facts.md §6,
 * ADR 0056). Interest is taxed in the tax year it is paid, so a term that crosses 6 April 2027 is
 * taxed in two parts, each with its own year's allowances and rates:
 * 1. what is left of the personal allowance (£12,570) after other income, at 0%;
 * 2. the starting rate for savings: a £5,000 band at 0%, less £1 for each £1 of other income above
 *    the personal allowance (gone at £17,570);
 * 3. the Personal Savings Allowance: £1,000 basic rate, £500 higher rate, £0 additional rate;
 * 4. the rest at the band's savings rate: 20/40/45% in 2026/27, 22/42/47% from 6 April 2027.
 * Steps 1 and 2 need the saver's other income; without it they are taken as used up (the usual
 * case for someone in work), which never understates the tax.
 */
import type { CalendarDate } from '../dates/calendar-date.ts';
import { type DatedFigure, figureOn } from '../dates/effective-dated.ts';
import { type TaxYear, taxYearOf } from '../dates/tax-year.ts';
import { SAVINGS_BASIC_RATE_PERCENT } from '../tax/savings-tax.ts';

export const TAX_BANDS = ['basic', 'higher', 'additional'] as const;
/** The saver's income tax band, as they choose it. */
export type TaxBand = (typeof TAX_BANDS)[number];

export const TAX_BAND_NAMES: Readonly<Record<TaxBand, string>> = {
  basic: 'Basic rate',
  higher: 'Higher rate',
  additional: 'Additional rate',
};

const BUDGET_2025 = 'Budget 2025 (OBR EFO Nov 2025): savings income tax rates rise by 2 points from 6 April 2027';
const HMRC_RATES = 'HMRC income tax rates';

/** The savings income tax rate of each band, percent, by date. */
export const SAVINGS_RATE_PERCENT: Readonly<Record<TaxBand, readonly DatedFigure[]>> = {
  basic: SAVINGS_BASIC_RATE_PERCENT,
  higher: [
    { effectiveFrom: '2008-04-06', value: 40, source: HMRC_RATES },
    { effectiveFrom: '2027-04-06', value: 42, source: BUDGET_2025 },
  ],
  additional: [
    { effectiveFrom: '2010-04-06', value: 50, source: HMRC_RATES },
    { effectiveFrom: '2013-04-06', value: 45, source: HMRC_RATES },
    { effectiveFrom: '2027-04-06', value: 47, source: BUDGET_2025 },
  ],
};

const PSA_SOURCE = 'HMRC Personal Savings Allowance (from 6 April 2016)';

/** The Personal Savings Allowance of each band, pence, by tax year. */
export const PERSONAL_SAVINGS_ALLOWANCE_PENCE: Readonly<Record<TaxBand, readonly DatedFigure[]>> = {
  basic: [{ effectiveFrom: '2016-04-06', value: 1_000_00, source: PSA_SOURCE }],
  higher: [{ effectiveFrom: '2016-04-06', value: 500_00, source: PSA_SOURCE }],
  additional: [{ effectiveFrom: '2016-04-06', value: 0, source: PSA_SOURCE }],
};

/** The starting rate for savings band (0%), pence. */
export const STARTING_RATE_BAND_PENCE: readonly DatedFigure[] = [
  { effectiveFrom: '2015-04-06', value: 5_000_00, source: 'HMRC starting rate for savings' },
];

/** The personal allowance, pence (frozen to April 2031). */
export const PERSONAL_ALLOWANCE_PENCE: readonly DatedFigure[] = [
  { effectiveFrom: '2021-04-06', value: 12_570_00, source: 'HMRC income tax rates and allowances' },
];

/** The earliest tax year these tables answer for: 2021/22, when the personal allowance became £12,570. */
export const EARLIEST_SAVINGS_TAX_DATE: CalendarDate = '2021-04-06';

export type SavingsTaxInput = {
  band: TaxBand;
  /**
   * The saver's income other than savings in the tax year (wages, pension), pence; null when not
   * given: the personal allowance and the starting rate are then taken as used up.
   */
  otherIncomePence: number | null;
};

/** One tax year's tax on its interest, with each step, pence. */
export type TaxYearSavingsTax = {
  taxYear: TaxYear;
  interestPence: number;
  /** Interest covered by what is left of the personal allowance. */
  personalAllowancePence: number;
  /** Interest covered by the starting rate for savings. */
  startingRatePence: number;
  /** Interest covered by the Personal Savings Allowance. */
  personalSavingsAllowancePence: number;
  /** Interest taxed at `ratePercent`. */
  taxablePence: number;
  ratePercent: number;
  taxPence: number;
};

/**
 * Tax on an amount at a whole-number percent, pence: rounded down to the penny, the one rounding
 * rule of the tax on savings (HMRC rounds tax in the taxpayer's favour).
 */
export function taxAtPercent(taxablePence: number, ratePercent: number): number {
  return Math.floor((taxablePence * ratePercent) / 100);
}

/** The tax on `interestPence` of savings interest paid in `taxYear` (pence), step by step. */
export function savingsTaxForYear(taxYear: TaxYear, interestPence: number, input: SavingsTaxInput): TaxYearSavingsTax {
  const day = taxYear.firstDay;
  const interest = Math.max(0, interestPence);
  let left = interest;
  const take = (coverPence: number) => {
    const used = Math.min(left, Math.max(0, coverPence));
    left -= used;
    return used;
  };
  // Someone with a higher or additional rate band has used their allowance and starting rate on other income.
  const other = input.band === 'basic' ? input.otherIncomePence : null;
  const allowance = figureOn(PERSONAL_ALLOWANCE_PENCE, day, 'personal allowance').value;
  const startingBand = figureOn(STARTING_RATE_BAND_PENCE, day, 'starting rate for savings').value;
  const personalAllowancePence = other === null ? 0 : take(allowance - other);
  const startingRatePence = other === null ? 0 : take(startingBand - Math.max(0, other - allowance));
  const personalSavingsAllowancePence = take(
    figureOn(PERSONAL_SAVINGS_ALLOWANCE_PENCE[input.band], day, 'Personal Savings Allowance').value,
  );
  const ratePercent = figureOn(SAVINGS_RATE_PERCENT[input.band], day, 'savings income tax rate').value;
  return {
    taxYear,
    interestPence: interest,
    personalAllowancePence,
    startingRatePence,
    personalSavingsAllowancePence,
    taxablePence: left,
    ratePercent,
    taxPence: taxAtPercent(left, ratePercent),
  };
}

/** Interest paid on a date, pence. */
export type InterestPayment = { date: CalendarDate; interestPence: number };

/** The tax on interest paid over several tax years: each year on its own, earliest first. */
export function savingsTaxByTaxYear(payments: readonly InterestPayment[], input: SavingsTaxInput): TaxYearSavingsTax[] {
  const byYear = new Map<number, { taxYear: TaxYear; interestPence: number }>();
  for (const payment of payments) {
    const taxYear = taxYearOf(payment.date);
    const entry = byYear.get(taxYear.startYear) ?? { taxYear, interestPence: 0 };
    entry.interestPence += payment.interestPence;
    byYear.set(taxYear.startYear, entry);
  }
  return [...byYear.values()]
    .sort((a, b) => a.taxYear.startYear - b.taxYear.startYear)
    .map((entry) => savingsTaxForYear(entry.taxYear, entry.interestPence, input));
}

/** The tax of several years added up, pence. */
export function totalTaxPence(years: readonly TaxYearSavingsTax[]): number {
  return years.reduce((sum, year) => sum + year.taxPence, 0);
}
