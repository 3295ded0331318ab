import type { CalendarDate } from '../dates/calendar-date.ts';
import { MONTH_NAMES } from '../dates/calendar-date.ts';

/** A calendar month, 'yyyy-MM'. */
export type MonthKey = string;

/** How many months the account page's trends and averages look back over, this month included (001 §9). */
export const TREND_MONTHS = 12;

/**
 * The months the account page summarises: `count` calendar months ending with the month of
 * `today`, oldest first, and the dates that bound them (`from` inclusive, `until` exclusive),
 * so the database can select the same transactions the core counts.
 */
export type MonthWindow = { months: MonthKey[]; from: CalendarDate; until: CalendarDate };

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The month a 'yyyy-MM-dd' date falls in. */
export function monthOf(date: CalendarDate): MonthKey {
  return date.slice(0, 7);
}

/** Months since year 0: plain integers, so month arithmetic never meets time zones. */
function monthIndex(month: MonthKey): number {
  return Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
}

function monthFromIndex(index: number): MonthKey {
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${pad2((index % 12) + 1)}`;
}

/** The `count` months ending with today's month (see `MonthWindow`). */
export function monthWindow(today: CalendarDate, count: number = TREND_MONTHS): MonthWindow {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`Not a number of months: ${count}`);
  const last = monthIndex(monthOf(today));
  const months = Array.from({ length: count }, (_, i) => monthFromIndex(last - count + 1 + i));
  return { months, from: `${months[0]!}-01`, until: `${monthFromIndex(last + 1)}-01` };
}

/** Whether a date falls inside the window (string order is date order for 'yyyy-MM-dd'). */
export function isInWindow(date: CalendarDate, window: MonthWindow): boolean {
  return date >= window.from && date < window.until;
}

/** 'November 2026' for '2026-11' (en-GB, for messages; charts format their own axis labels). */
export function monthName(month: MonthKey): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}
