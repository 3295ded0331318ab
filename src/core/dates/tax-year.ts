/**
 * The UK tax year: 6 April to 5 April. A tax year is named by the calendar year it starts in
 * (`startYear` 2026 is 2026/27: 6 April 2026 to 5 April 2027). Used by ISA subscriptions, the
 * flexible ISA ledger and pension contributions (docs/domain.md, "Tax year").
 */
import type { CalendarDate } from './calendar-date.ts';

export type TaxYear = {
  /** The calendar year the tax year starts in: 2026 for 2026/27. */
  startYear: number;
  /** '2026/27', as HMRC writes it and as the spec's `tax_year` text columns store it. */
  label: string;
  /** 6 April of `startYear`. */
  firstDay: CalendarDate;
  /** 5 April of the next year. */
  lastDay: CalendarDate;
};

/** The first day of a tax year, as month-day: 6 April. */
const FIRST_MONTH_DAY = '04-06';
const LAST_MONTH_DAY = '04-05';

const year4 = (year: number) => String(year).padStart(4, '0');

/** The tax year that starts on 6 April of `startYear`. */
export function taxYearStarting(startYear: number): TaxYear {
  if (!Number.isInteger(startYear) || startYear < 1 || startYear > 9998) {
    throw new RangeError(`Not a tax year's start year: ${startYear}`);
  }
  return {
    startYear,
    label: `${year4(startYear)}/${String((startYear + 1) % 100).padStart(2, '0')}`,
    firstDay: `${year4(startYear)}-${FIRST_MONTH_DAY}`,
    lastDay: `${year4(startYear + 1)}-${LAST_MONTH_DAY}`,
  };
}

/** The tax year `date` falls in: 5 April 2027 is in 2026/27, 6 April 2027 in 2027/28. */
export function taxYearOf(date: CalendarDate): TaxYear {
  const year = Number(date.slice(0, 4));
  // 'MM-DD' strings compare in calendar order.
  return taxYearStarting(date.slice(5) >= FIRST_MONTH_DAY ? year : year - 1);
}

/** Whether `date` is on or between the tax year's 6 April and 5 April. */
export function isInTaxYear(date: CalendarDate, taxYear: TaxYear): boolean {
  return date >= taxYear.firstDay && date <= taxYear.lastDay;
}

/** The `count` tax years before `taxYear`, earliest first (carry-forward uses the three before). */
export function previousTaxYears(taxYear: TaxYear, count: number): TaxYear[] {
  return Array.from({ length: count }, (_, i) => taxYearStarting(taxYear.startYear - count + i));
}

/**
 * The start year of a tax year written '2026/27', '2026-27' or '2026/2027'; null for anything
 * else, including a second year that does not follow the first ('2026/28').
 */
export function parseTaxYearLabel(text: string): number | null {
  const match = /^(\d{4})[/-](\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return null;
  const start = Number(match[1]);
  const end = match[2]!;
  const expected = end.length === 2 ? String((start + 1) % 100).padStart(2, '0') : String(start + 1);
  return start >= 1 && end === expected ? start : null;
}
