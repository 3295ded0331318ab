/**
 * Calendar arithmetic the terms need: whole days between two dates, a date plus days, a date
 * plus calendar months (month ends clamp: 31 January plus one month is 28 or 29 February), and
 * the card's date text. Integer arithmetic on 'yyyy-MM-dd' strings, never local time, so a date
 * never moves with the machine's time zone or summer time.
 */
import { type CalendarDate, MONTH_NAMES } from '../dates/calendar-date.ts';
import { addDays, daysBetween } from '../dates/day-count.ts';
import { addMonths } from '../protection/thb.ts';

export { addDays, addMonths, daysBetween };

/** The card's date (DESIGN.md: '21 Nov 2026' in cards and prose), by string, the same everywhere. */
export function formatCardDate(date: CalendarDate): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${day} ${MONTH_NAMES[month - 1]!.slice(0, 3)} ${year}`;
}
