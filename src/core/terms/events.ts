/**
 * A term's historical events (001 §3: type, date, amount, description or notes), 'Mark deposited'
 * (001 §4) and the last three the card lists (001 §9).
 */
import { type CalendarDate, isCalendarDate } from '../dates/calendar-date.ts';
import { parseStoredJson } from './term-schema.ts';

export type TermEvent = {
  /** What happened: 'deposit' for 'Mark deposited'; other kinds are free text. */
  type: string;
  date: CalendarDate;
  amountPence: number | null;
  description: string | null;
};

/** The spec's words for a deposit logged with 'Mark deposited' (001 §4), for monthly and quarterly terms alike. */
export const MARK_DEPOSITED_DESCRIPTION = 'Monthly deposit logged';
/** The card lists this many events, newest first (001 §9). */
export const EVENTS_SHOWN = 3;

/**
 * The event 'Mark deposited' appends to a minimum deposit term: a deposit today of the term's
 * minimum amount (0 when none is set), 'Monthly deposit logged'.
 */
export function markDepositedEvent(inputs: { amountPence?: number }, today: CalendarDate): TermEvent {
  return {
    type: 'deposit',
    date: today,
    amountPence: inputs.amountPence ?? 0,
    description: MARK_DEPOSITED_DESCRIPTION,
  };
}

/** The term's events with today's marked deposit added at the end (stored order is the order recorded). */
export function withMarkedDeposit(
  events: readonly TermEvent[],
  inputs: { amountPence?: number },
  today: CalendarDate,
): TermEvent[] {
  return [...events, markDepositedEvent(inputs, today)];
}

/** The events the card shows: the newest `count` by date, the later recorded first on one day. */
export function latestEvents(events: readonly TermEvent[], count: number = EVENTS_SHOWN): TermEvent[] {
  return events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => (a.event.date === b.event.date ? b.index - a.index : a.event.date < b.event.date ? 1 : -1))
    .slice(0, count)
    .map(({ event }) => event);
}

/**
 * Stored events read forgivingly: JSON text is parsed; an event without a type or a real date is
 * left out; `description` falls back to `notes`; an amount that is not whole pence reads as none.
 * Anything unreadable is an empty list (001 §3 "falling back to empty").
 */
export function readStoredEvents(stored: unknown): TermEvent[] {
  const value = parseStoredJson(stored);
  if (!Array.isArray(value)) return [];
  const events: TermEvent[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const { type, date, amountPence, description, notes } = item as Record<string, unknown>;
    if (typeof type !== 'string' || typeof date !== 'string' || !isCalendarDate(date)) continue;
    const text = typeof description === 'string' ? description : typeof notes === 'string' ? notes : null;
    events.push({
      type,
      date,
      amountPence: Number.isSafeInteger(amountPence) ? (amountPence as number) : null,
      description: text,
    });
  }
  return events;
}
