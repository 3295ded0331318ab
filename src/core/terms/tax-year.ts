/**
 * The UK tax year as the terms judge it: a date range (`start`, `end`) with its label, read from
 * the one tax-year module (`core/dates/tax-year.ts`) so the terms, ISAs and pensions never
 * disagree on where 5 April ends.
 */
import type { CalendarDate } from '../dates/calendar-date.ts';
import {
  parseTaxYearLabel,
  taxYearOf as ukTaxYearOf,
  taxYearStarting,
  type TaxYear as UkTaxYear,
} from '../dates/tax-year.ts';
import type { DateRange } from './periods.ts';

/** One tax year as a period: 2026/27 is 6 April 2026 to 5 April 2027. */
export type TaxYear = DateRange & { label: string };

function asPeriod(year: UkTaxYear): TaxYear {
  return { label: year.label, start: year.firstDay, end: year.lastDay };
}

/** The tax year `date` falls in: 5 April is the last day of one, 6 April the first of the next. */
export function taxYearOf(date: CalendarDate): TaxYear {
  return asPeriod(ukTaxYearOf(date));
}

/** The tax year a label names ('2026/27', '2026-27', '2026/2027'); null when it names none. */
export function parseTaxYear(label: string): TaxYear | null {
  const startYear = parseTaxYearLabel(label);
  return startYear === null ? null : asPeriod(taxYearStarting(startYear));
}
