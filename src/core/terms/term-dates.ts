/**
 * Calendar arithmetic the terms need: whole days between two dates, a date plus days, a date
 * plus calendar months (month ends clamp: 31 January plus one month is 28 or 29 February), and
 * the card's date text. Integer arithmetic on 'yyyy-MM-dd' strings, never local time, so a date
 * never moves with the machine's time zone or summer time.
 */
import { type CalendarDate, MONTH_NAMES } from '../dates/calendar-date.ts';
import { addMonths } from '../protection/thb.ts';

export { addMonths };

const MS_PER_DAY = 86_400_000;

/** Days since 1 January 1970 (Date.UTC here is calendar arithmetic, not a clock). */
export function dayNumber(date: CalendarDate): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / MS_PER_DAY;
}

/** `date` plus `days` calendar days (negative goes back). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  return new Date((dayNumber(date) + days) * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to`: 0 on the same day, negative when `to` is earlier. */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return dayNumber(to) - dayNumber(from);
}

/** The card's date (DESIGN.md: '21 Nov 2026' in cards and prose), by string, the same everywhere. */
export function formatCardDate(date: CalendarDate): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${day} ${MONTH_NAMES[month - 1]!.slice(0, 3)} ${year}`;
}
