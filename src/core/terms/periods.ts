/**
 * The periods a term is judged over (001 §9 "periods: monthly, calendar_year, rolling_12_months,
 * rolling_year_from_opening"), and the minimum deposit's due periods. Every period is a closed
 * range of calendar dates, `start` to `end` inclusive, containing the day it is asked for.
 * The rules, with their edge cases, are in docs/domain.md ("Account terms").
 */
import type { CalendarDate } from '../dates/calendar-date.ts';
import { addDays, addMonths } from './term-dates.ts';

/** The four period kinds a withdrawal limit counts over, in the order the form offers them. */
export const PERIOD_KINDS = ['calendar_year', 'rolling_12_months', 'rolling_year_from_opening', 'monthly'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

export const PERIOD_LABELS: Readonly<Record<PeriodKind, string>> = {
  calendar_year: 'Calendar year (1 January to 31 December)',
  rolling_12_months: 'Rolling 12 months (the last 12 months to today)',
  rolling_year_from_opening: 'Account year (from the date the account was opened)',
  monthly: 'Calendar month',
};

/** How a sentence names the period it is in: 'No withdrawals left this calendar year'. */
export const PERIOD_PHRASES: Readonly<Record<PeriodKind, string>> = {
  calendar_year: 'this calendar year',
  rolling_12_months: 'in the last 12 months',
  rolling_year_from_opening: 'this account year',
  monthly: 'this month',
};

/** A closed range of dates. */
export type DateRange = { start: CalendarDate; end: CalendarDate };

export function isInRange(date: CalendarDate, range: DateRange): boolean {
  return range.start <= date && date <= range.end;
}

const yearOf = (date: CalendarDate) => Number(date.slice(0, 4));
const monthOf = (date: CalendarDate) => Number(date.slice(5, 7));
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar month `date` is in. */
export function calendarMonthOf(date: CalendarDate): DateRange {
  const start = `${date.slice(0, 7)}-01`;
  return { start, end: addDays(addMonths(start, 1), -1) };
}

/** The calendar quarter `date` is in (January–March, April–June, July–September, October–December). */
export function calendarQuarterOf(date: CalendarDate): DateRange {
  const firstMonth = Math.floor((monthOf(date) - 1) / 3) * 3 + 1;
  const start = `${pad(yearOf(date), 4)}-${pad(firstMonth)}-01`;
  return { start, end: addDays(addMonths(start, 3), -1) };
}

/** 1 January to 31 December of the year `date` is in. */
export function calendarYearOf(date: CalendarDate): DateRange {
  const year = pad(yearOf(date), 4);
  return { start: `${year}-01-01`, end: `${year}-12-31` };
}

/**
 * The 12 months up to and including `today`: from the day after the same date a year earlier.
 * The date a year earlier clamps to the month's end, so on 29 February 2028 the window starts on
 * 1 March 2027 (the day after 28 February 2027), and on 28 February 2029 it starts on
 * 29 February 2028 (that window is 366 days long).
 */
export function rolling12MonthsTo(today: CalendarDate): DateRange {
  return { start: addDays(addMonths(today, -12), 1), end: today };
}

/**
 * The first day a withdrawal made on `date` no longer counts in the rolling 12 months: the first
 * day whose window starts after it. Usually the date a year later; a 29 February withdrawal
 * counts until 28 February of the next year and frees up on 1 March.
 */
export function leavesRolling12MonthsOn(date: CalendarDate): CalendarDate {
  const yearLater = addMonths(date, 12);
  return addMonths(yearLater, -12) < date ? addDays(yearLater, 1) : yearLater;
}

/**
 * The account's anniversary in `year`: the opening date's month and day, except that a
 * 29 February opening has its anniversary on 28 February in years without one (and on
 * 29 February again in leap years: each anniversary is counted from the opening date, never from
 * the previous anniversary, so it does not drift).
 */
export function anniversaryIn(openedOn: CalendarDate, year: number): CalendarDate {
  return addMonths(openedOn, (year - yearOf(openedOn)) * 12);
}

/**
 * The account year `today` is in: from the latest anniversary of the opening date on or before
 * `today` to the day before the next one. Before the account opened, its first year.
 */
export function accountYearOf(openedOn: CalendarDate, today: CalendarDate): DateRange {
  let startYear = Math.max(yearOf(today), yearOf(openedOn));
  if (anniversaryIn(openedOn, startYear) > today && startYear > yearOf(openedOn)) startYear -= 1;
  return {
    start: anniversaryIn(openedOn, startYear),
    end: addDays(anniversaryIn(openedOn, startYear + 1), -1),
  };
}

/**
 * The period of `kind` containing `today`; null for an account year when the opening date is
 * not known.
 */
export function periodOn(kind: PeriodKind, today: CalendarDate, openedOn: CalendarDate | null): DateRange | null {
  switch (kind) {
    case 'monthly':
      return calendarMonthOf(today);
    case 'calendar_year':
      return calendarYearOf(today);
    case 'rolling_12_months':
      return rolling12MonthsTo(today);
    case 'rolling_year_from_opening':
      return openedOn === null ? null : accountYearOf(openedOn, today);
  }
}

/**
 * The due period `today` is in, for payments due every `stepMonths` months from `firstDue`:
 * the due dates are `firstDue` plus whole steps (each counted from `firstDue`, a 31st clamping
 * to shorter months' ends), and a due period runs from the day after one due date to the next
 * due date. Before the first due date, the period ending on it.
 */
export function duePeriodOn(firstDue: CalendarDate, stepMonths: number, today: CalendarDate): DateRange {
  const due = (k: number) => addMonths(firstDue, k * stepMonths);
  const months = (yearOf(today) - yearOf(firstDue)) * 12 + (monthOf(today) - monthOf(firstDue));
  let k = Math.max(0, Math.floor(months / stepMonths));
  while (due(k) < today) k++;
  while (k > 0 && due(k - 1) >= today) k--;
  return { start: addDays(due(k - 1), 1), end: due(k) };
}
