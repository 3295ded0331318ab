/**
 * The UK tax year (6 April to 5 April) as the terms need it: the year a date falls in, and the
 * year a label such as '2026/27' names. A small helper of the terms' own; the ISA and pension
 * work has its own tax-year module, and the two are to be merged (one place, STYLE.md "Dates").
 */
import type { CalendarDate } from '../dates/calendar-date.ts';

/** One tax year: `startYear` 2026 is 6 April 2026 to 5 April 2027, labelled '2026/27'. */
export type TaxYear = { startYear: number; label: string; start: CalendarDate; end: CalendarDate };

/** The tax year beginning on 6 April of `startYear`. */
export function taxYearStarting(startYear: number): TaxYear {
  const next = String((startYear + 1) % 100).padStart(2, '0');
  return {
    startYear,
    label: `${startYear}/${next}`,
    start: `${String(startYear).padStart(4, '0')}-04-06`,
    end: `${String(startYear + 1).padStart(4, '0')}-04-05`,
  };
}

/** The tax year `date` falls in: 5 April is the last day of one, 6 April the first of the next. */
export function taxYearOf(date: CalendarDate): TaxYear {
  const year = Number(date.slice(0, 4));
  return taxYearStarting(date.slice(5) >= '04-06' ? year : year - 1);
}

const LABEL = /^(\d{4})\s*[/-]\s*(\d{2}|\d{4})$/;

/**
 * The tax year a label names: '2026/27', '2026-27' or '2026/2027'; null when it names none (the
 * second year must follow the first).
 */
export function parseTaxYear(label: string): TaxYear | null {
  const match = LABEL.exec(label.trim());
  if (!match) return null;
  const startYear = Number(match[1]);
  const second = match[2]!;
  const follows = second.length === 2 ? Number(second) === (startYear + 1) % 100 : Number(second) === startYear + 1;
  return follows && startYear >= 1900 ? taxYearStarting(startYear) : null;
}
