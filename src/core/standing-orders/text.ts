/** How a standing order is described in the card, its warnings and the processing toasts. */
import type { CalendarDate } from '../dates/calendar-date.ts';
import { formatPence } from '../money/format.ts';
import type { ScheduledOrder, StandingOrderFrequency } from './schedule.ts';

export const FREQUENCY_LABELS: Readonly<Record<StandingOrderFrequency, string>> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  annually: 'Annually',
};

/** '2026-11-21' → '21/11/2026' (the spec's dd/MM/yyyy), by string, so it reads the same everywhere. */
export function formatShortDate(date: CalendarDate): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** 1 → '1st', 22 → '22nd', 13 → '13th'. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** 'Monthly on the 15th', 'Weekly'. */
export function frequencyLabel(order: Pick<ScheduledOrder, 'frequency' | 'paymentDay'>): string {
  const label = FREQUENCY_LABELS[order.frequency];
  return order.frequency === 'monthly' && order.paymentDay !== null
    ? `${label} on the ${ordinal(order.paymentDay)}`
    : label;
}

/** The Ends column: 'Never', 'On 21/11/2026', 'After 12 payments'. */
export function endsLabel(order: Pick<ScheduledOrder, 'endDate' | 'maxPayments'>): string {
  if (order.endDate !== null) return `On ${formatShortDate(order.endDate)}`;
  if (order.maxPayments !== null)
    return `After ${order.maxPayments} ${order.maxPayments === 1 ? 'payment' : 'payments'}`;
  return 'Never';
}

/**
 * What the Next Payment column says beside a payment that is due and not yet made (ours: the
 * spec has no text for it): 'Overdue' when its date has passed, 'Due today' on the day.
 */
export function dueLabel(nextPaymentDate: CalendarDate, today: CalendarDate): 'Overdue' | 'Due today' {
  return nextPaymentDate < today ? 'Overdue' : 'Due today';
}

/** How many payments are waiting: '3 payments due'. */
export function paymentsDueLabel(count: number): string {
  return `${count} ${count === 1 ? 'payment' : 'payments'} due`;
}

/** Names an order for a warning: 'Standing order of £50.00 (monthly from 01/01/2020)'. */
export function orderName(order: Pick<ScheduledOrder, 'amountPence' | 'frequency' | 'startDate'>): string {
  return `Standing order of ${formatPence(order.amountPence)} (${FREQUENCY_LABELS[order.frequency].toLowerCase()} from ${formatShortDate(order.startDate)})`;
}

/** The spec's warning when an order hits the 50-payment cap: names the order and the counts. */
export function capWarning(
  order: Pick<ScheduledOrder, 'amountPence' | 'frequency' | 'startDate'>,
  added: number,
  overdue: number,
): string {
  const rest = overdue - added;
  return `${orderName(order)} had ${overdue} overdue payments: the first ${added} were added, the other ${rest} follow on the next run.`;
}

/** The spec's toast after processing (001 §8). */
export function processedMessage(count: number): string {
  return `Processed ${count} standing order payment(s)`;
}
