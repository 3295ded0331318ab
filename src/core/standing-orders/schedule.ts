/**
 * When a standing order pays (001 §9 "Standing order processing"): occurrence dates from the
 * start date up to today, advancing by day, week, month (on the payment day when one is set),
 * quarter or year, stopping after the end date or the maximum number of payments. No weekend
 * or bank-holiday shift: the spec has none, and the product moves no money, it records it.
 *
 * Dates are 'yyyy-MM-dd' calendar dates; arithmetic is on whole day and month numbers, never
 * on local time, so a date never moves with the machine's time zone or summer time.
 */
import type { CalendarDate } from '../dates/calendar-date.ts';

export const STANDING_ORDER_FREQUENCIES = ['daily', 'weekly', 'monthly', 'quarterly', 'annually'] as const;
export type StandingOrderFrequency = (typeof STANDING_ORDER_FREQUENCIES)[number];

/** The spec's cap: at most this many overdue payments per order in one run (with a warning). */
export const MAX_PAYMENTS_PER_RUN = 50;

/** What the schedule depends on (a stored order has more; these decide the dates and amounts). */
export type ScheduledOrder = {
  frequency: StandingOrderFrequency;
  startDate: CalendarDate;
  endDate: CalendarDate | null;
  /** 1–28, monthly orders only: the day of the month the order pays on. */
  paymentDay: number | null;
  /** The order stops after this many payments (counted from its first occurrence). */
  maxPayments: number | null;
  amountPence: number;
  /** The first payment's amount when it differs from the rest. */
  firstPaymentAmountPence: number | null;
};

type Ymd = { year: number; month: number; day: number };

const MS_PER_DAY = 86_400_000;

function parse(date: CalendarDate): Ymd {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

function format({ year, month, day }: Ymd): CalendarDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Days since 1 January 1970 (Date.UTC here is calendar arithmetic, not a clock). */
function dayNumber(date: CalendarDate): number {
  const { year, month, day } = parse(date);
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

function fromDayNumber(days: number): CalendarDate {
  const d = new Date(days * MS_PER_DAY);
  return format({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Months since year 0: one number per calendar month. */
const monthNumber = ({ year, month }: Ymd) => year * 12 + (month - 1);

/** The date `months` calendar months after month number `base`, on `day` or the month's last day if shorter. */
function monthDate(base: number, months: number, day: number): CalendarDate {
  const total = base + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  return format({ year, month, day: Math.min(day, daysInMonth(year, month)) });
}

const MONTH_STEP: Partial<Record<StandingOrderFrequency, number>> = { monthly: 1, quarterly: 3, annually: 12 };
const DAY_STEP: Partial<Record<StandingOrderFrequency, number>> = { daily: 1, weekly: 7 };

/**
 * Where a month-based schedule is anchored: the month of its first payment and the day it pays on.
 * With a payment day, the first payment is the first such day on or after the start date; without
 * one, the start date's own day, kept every month (a 31st start pays on 30 April, 28 or 29 February,
 * then on 31 May again).
 */
function monthAnchor(order: ScheduledOrder): { base: number; day: number; step: number } {
  const step = MONTH_STEP[order.frequency]!;
  const start = parse(order.startDate);
  const payDay = order.frequency === 'monthly' ? order.paymentDay : null;
  if (payDay === null) return { base: monthNumber(start), day: start.day, step };
  return { base: monthNumber(start) + (start.day <= payDay ? 0 : 1), day: payDay, step };
}

/** The n-th occurrence (0 = the first payment), ignoring the end date and the maximum. */
export function occurrenceDate(order: ScheduledOrder, n: number): CalendarDate {
  const dayStep = DAY_STEP[order.frequency];
  if (dayStep !== undefined) return fromDayNumber(dayNumber(order.startDate) + n * dayStep);
  const { base, day, step } = monthAnchor(order);
  return monthDate(base, n * step, day);
}

/** The index of the first occurrence strictly after `date` (0 when `date` is before the first). */
export function firstIndexAfter(order: ScheduledOrder, date: CalendarDate): number {
  const dayStep = DAY_STEP[order.frequency];
  if (dayStep !== undefined) {
    const gap = dayNumber(date) - dayNumber(order.startDate);
    return gap < 0 ? 0 : Math.floor(gap / dayStep) + 1;
  }
  const { base, step } = monthAnchor(order);
  // A month-count estimate, then a step or two either way for the day within the month.
  let n = Math.max(0, Math.floor((monthNumber(parse(date)) - base) / step));
  while (occurrenceDate(order, n) <= date) n++;
  while (n > 0 && occurrenceDate(order, n - 1) > date) n--;
  return n;
}

/**
 * How many occurrences fall on or before `today` within the order's end date and maximum: the
 * occurrences 0 … count-1 are due.
 */
export function dueCount(order: ScheduledOrder, today: CalendarDate): number {
  const last = order.endDate !== null && order.endDate < today ? order.endDate : today;
  if (last < order.startDate) return 0;
  const count = firstIndexAfter(order, last);
  return order.maxPayments === null ? count : Math.min(count, order.maxPayments);
}

/** The index of the first occurrence not yet paid: the one after the last paid, or the first. */
function firstUnpaidIndex(order: ScheduledOrder, lastPaidDate: CalendarDate | null): number {
  return lastPaidDate === null ? 0 : firstIndexAfter(order, lastPaidDate);
}

export type OccurrenceOptions = {
  today: CalendarDate;
  /** Return at most this many dates (the earliest). */
  limit?: number;
  /** Only occurrences after this date (the last one already paid). */
  after?: CalendarDate | null;
};

/**
 * The occurrence dates from the start date up to and including `today`, in order, stopping after
 * the end date or the maximum number of payments; only those after `after`, at most `limit`.
 */
export function occurrenceDates(
  order: ScheduledOrder,
  { today, limit = Number.POSITIVE_INFINITY, after = null }: OccurrenceOptions,
): CalendarDate[] {
  const from = after === null ? 0 : firstIndexAfter(order, after);
  const to = dueCount(order, today);
  const dates: CalendarDate[] = [];
  for (let n = from; n < to && dates.length < limit; n++) dates.push(occurrenceDate(order, n));
  return dates;
}

/** The amount of the n-th payment, in pence: the first payment's own amount when one is set. */
export function paymentAmountPence(order: ScheduledOrder, n: number): number {
  return n === 0 && order.firstPaymentAmountPence !== null ? order.firstPaymentAmountPence : order.amountPence;
}

export type DuePayment = { occurrenceDate: CalendarDate; amountPence: number };

export type DuePayments = {
  /** The payments to add now: the earliest overdue ones, at most MAX_PAYMENTS_PER_RUN. */
  payments: DuePayment[];
  /** Every payment due and not yet paid (more than `payments.length` when the cap was hit). */
  overdueCount: number;
  capped: boolean;
};

/**
 * The payments a run adds for one order: every occurrence up to `today` after the last one paid,
 * the earliest first, at most `cap` (the rest wait for the next run).
 */
export function duePayments(
  order: ScheduledOrder,
  {
    today,
    lastPaidDate,
    cap = MAX_PAYMENTS_PER_RUN,
  }: { today: CalendarDate; lastPaidDate: CalendarDate | null; cap?: number },
): DuePayments {
  const from = firstUnpaidIndex(order, lastPaidDate);
  const to = dueCount(order, today);
  const overdueCount = Math.max(0, to - from);
  const payments: DuePayment[] = [];
  for (let n = from; n < to && payments.length < cap; n++) {
    payments.push({ occurrenceDate: occurrenceDate(order, n), amountPence: paymentAmountPence(order, n) });
  }
  return { payments, overdueCount, capped: overdueCount > payments.length };
}

/**
 * The date shown as the order's next payment: the earliest occurrence not yet paid (the first
 * after the last one paid, docs/decisions/0018), which is in the past when payments are due and
 * not yet made. Null only when no payment the order allows is left: the number of payments all
 * made, or no occurrence left on or before the end date.
 */
export function nextPaymentDate(
  order: ScheduledOrder,
  { lastPaidDate }: { lastPaidDate: CalendarDate | null },
): CalendarDate | null {
  const n = firstUnpaidIndex(order, lastPaidDate);
  if (order.maxPayments !== null && n >= order.maxPayments) return null;
  const date = occurrenceDate(order, n);
  return order.endDate !== null && date > order.endDate ? null : date;
}

/** How many payments are due by `today` and not yet made (what the next run adds, before its cap). */
export function unpaidDueCount(
  order: ScheduledOrder,
  { today, lastPaidDate }: { today: CalendarDate; lastPaidDate: CalendarDate | null },
): number {
  return Math.max(0, dueCount(order, today) - firstUnpaidIndex(order, lastPaidDate));
}
