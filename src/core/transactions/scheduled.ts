/**
 * Future-dated entries (issue 24, ADR 0044): an entry may be dated up to 2099, and one dated
 * after the UK today is scheduled, not money today. It counts in no balance, protection figure or
 * ISA use until its date comes; the lists show it as upcoming. "Today" comes from the edge.
 */
import type { CalendarDate } from '../dates/calendar-date.ts';

/** Whether an entry dated `date` is still to come on `today` (a later calendar date). */
export function isScheduled(date: CalendarDate, today: CalendarDate): boolean {
  return date > today;
}

/** The entries whose date has come on `today` (today's included), in their order. */
export function entriesDue<E extends { date: CalendarDate }>(entries: readonly E[], today: CalendarDate): E[] {
  return entries.filter((e) => !isScheduled(e.date, today));
}

/** The badge a scheduled entry carries in the lists. */
export const SCHEDULED_LABEL = 'Scheduled';
