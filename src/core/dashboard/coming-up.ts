/**
 * The dashboard's "coming up" (issue 14): what happens to the saver's money in the next
 * `COMING_UP_DAYS` days: standing-order payments, interest payments, fixed terms maturing
 * (`maturityDate`, issue 24) and temporary high balances whose extra cover ends. Pure: the server
 * reads the facts, this decides the dates.
 *
 * Interest dates follow the account's interest settings (001 §3, §9). The spec says how the
 * settings are asked for, not when interest lands, so the reading here is ours, kept cautious:
 * a date is listed only when the settings name it (a 0% account pays nothing; daily, on-demand
 * and at-maturity interest have no payment day to list).
 * - Monthly: on the payment day, else on the day of the month the account was opened.
 * - Quarterly: in the payment month and every third month after it (else March, June, September
 *   and December), on the payment day, else on the month's last day.
 * - Annually: in the payment month (else the month opened), on the payment day (else the day
 *   opened, else the month's last day).
 * - "Interest paid once a year" on a day: that day of the payment month (else the month opened).
 * - The interim schedule, when the opening date is known: each offset or repeat after opening,
 *   on its own day of the month (else the payment day), and each custom date.
 * A day past a month's end lands on its last day.
 */
import { quarterlyPaymentMonths } from '../accounts/interest-settings.ts';
import type { InterestScheduleItem, ScheduleUnit } from '../accounts/interest-schedule.ts';
import type { CalendarDate } from '../dates/calendar-date.ts';
import { type MaturityFacts, maturityDate } from '../terms/maturity.ts';
import {
  type ScheduledOrder,
  firstIndexAfter,
  occurrenceDate,
  paymentAmountPence,
} from '../standing-orders/schedule.ts';

/** The spec's horizon for upcoming interest payments (002 §9), used for everything coming up. */
export const COMING_UP_DAYS = 30;

/** At most this many items are listed (the earliest); the rest are counted. */
export const COMING_UP_LIMIT = 20;

const MS_PER_DAY = 86_400_000;

function dayNumber(date: CalendarDate): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / MS_PER_DAY;
}

function dateOf(day: number): CalendarDate {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** `date` plus `days` calendar days. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  return dateOf(dayNumber(date) + days);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The date in `year`/`month` (month may run past 12 or below 1) on `day`, or the month's last day if shorter. */
function onDay(year: number, month: number, day: number): CalendarDate {
  const total = year * 12 + (month - 1);
  const y = Math.floor(total / 12);
  const m = (total % 12) + 1;
  const d = Math.min(day, daysInMonth(y, m));
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const LAST_DAY = 31;

/** What decides when an account's interest is paid (the account's interest settings). */
export type InterestTerms = {
  interestRateBps: number;
  interestFrequency: string;
  interestPaymentDay: number | null;
  interestPaymentMonth: number | null;
  dateOpened: CalendarDate | null;
  annualInterestPayment: boolean;
  annualInterestDay: number | null;
  interimInterestSchedule: readonly InterestScheduleItem[];
};

/** Each month from `from`'s to `to`'s, as [year, month]. */
function monthsBetween(from: CalendarDate, to: CalendarDate): Array<[number, number]> {
  const months: Array<[number, number]> = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const endYear = Number(to.slice(0, 4));
  const endMonth = Number(to.slice(5, 7));
  while (year < endYear || (year === endYear && month <= endMonth)) {
    months.push([year, month]);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

function afterOpening(opened: CalendarDate, value: number, unit: ScheduleUnit, day: number | null): CalendarDate {
  if (unit === 'days' || unit === 'weeks') return addDays(opened, value * (unit === 'weeks' ? 7 : 1));
  const year = Number(opened.slice(0, 4));
  const month = Number(opened.slice(5, 7)) + value * (unit === 'years' ? 12 : 1);
  return onDay(year, month, day ?? Number(opened.slice(8, 10)));
}

/** The interim schedule's dates from `from` to `to`. */
function scheduleDates(terms: InterestTerms, from: CalendarDate, to: CalendarDate): CalendarDate[] {
  const opened = terms.dateOpened;
  const dates: CalendarDate[] = [];
  for (const item of terms.interimInterestSchedule) {
    if (item.kind === 'custom') {
      dates.push(...item.dates);
      continue;
    }
    if (opened === null) continue;
    const day = item.dayOfMonth ?? terms.interestPaymentDay;
    if (item.kind === 'offset') {
      dates.push(afterOpening(opened, item.offsetValue, item.offsetUnit, day));
      continue;
    }
    for (let k = 1; item.count === null || k <= item.count; k++) {
      const date = afterOpening(opened, k * item.every, item.unit, day);
      if (date > to) break;
      dates.push(date);
    }
  }
  return dates.filter((date) => date >= from && date <= to);
}

/** The days (ascending, no repeats) from `from` to `to`, both included, the account's interest is paid on. */
export function interestPaymentDates(terms: InterestTerms, from: CalendarDate, to: CalendarDate): CalendarDate[] {
  if (terms.interestRateBps <= 0 || to < from) return [];
  const openedMonth = terms.dateOpened === null ? null : Number(terms.dateOpened.slice(5, 7));
  const openedDay = terms.dateOpened === null ? null : Number(terms.dateOpened.slice(8, 10));
  const dates: CalendarDate[] = [];
  for (const [year, month] of monthsBetween(from, to)) {
    switch (terms.interestFrequency) {
      case 'Monthly': {
        const day = terms.interestPaymentDay ?? openedDay;
        if (day !== null) dates.push(onDay(year, month, day));
        break;
      }
      case 'Quarterly':
        if (quarterlyPaymentMonths(terms.interestPaymentMonth).includes(month))
          dates.push(onDay(year, month, terms.interestPaymentDay ?? LAST_DAY));
        break;
      case 'Annually':
        if ((terms.interestPaymentMonth ?? openedMonth) === month)
          dates.push(onDay(year, month, terms.interestPaymentDay ?? openedDay ?? LAST_DAY));
        break;
    }
    if (
      terms.annualInterestPayment &&
      terms.annualInterestDay !== null &&
      (terms.interestPaymentMonth ?? openedMonth) === month
    )
      dates.push(onDay(year, month, terms.annualInterestDay));
  }
  dates.push(...scheduleDates(terms, from, to));
  return [...new Set(dates.filter((date) => date >= from && date <= to))].sort();
}

/** A standing order as the dashboard reads it: its schedule and the last occurrence paid. */
export type UpcomingOrder = ScheduledOrder & { lastPaidDate: CalendarDate | null };

/**
 * The order's payments still to come from `from` to `to` (both included), with their amounts:
 * occurrences after the last one paid, within its end date and number of payments. Payments due
 * before `from` and not yet made are left out (the next hourly run adds them).
 */
export function standingOrderPaymentsBetween(
  order: UpcomingOrder,
  from: CalendarDate,
  to: CalendarDate,
): Array<{ date: CalendarDate; amountPence: number }> {
  const afterPaid = order.lastPaidDate === null ? 0 : firstIndexAfter(order, order.lastPaidDate);
  const fromIndex = firstIndexAfter(order, addDays(from, -1));
  const payments: Array<{ date: CalendarDate; amountPence: number }> = [];
  for (let n = Math.max(afterPaid, fromIndex); ; n++) {
    if (order.maxPayments !== null && n >= order.maxPayments) break;
    const date = occurrenceDate(order, n);
    if (date > to || (order.endDate !== null && date > order.endDate)) break;
    payments.push({ date, amountPence: paymentAmountPence(order, n) });
  }
  return payments;
}

export type ComingUpKind = 'standing-order' | 'interest' | 'maturity' | 'temporary-high-balance-ends';

export type ComingUpItem = {
  kind: ComingUpKind;
  date: CalendarDate;
  /** The account it happens to; null for a licence's temporary high balance. */
  accountId: string | null;
  /** The account's name, or the licence's for a temporary high balance. */
  name: string;
  /** The payment, the extra cover that ends, or the balance held at maturity; null when not known (interest). */
  amountPence: number | null;
};

const KIND_ORDER: Readonly<Record<ComingUpKind, number>> = {
  'temporary-high-balance-ends': 0,
  'standing-order': 1,
  interest: 2,
  maturity: 3,
};

/**
 * Everything coming up, soonest first (on one day: temporary high balances ending, then
 * payments in, then interest, then by name), at most `limit` of them; `moreCount` says how many
 * more fall in the window.
 */
export function comingUp(
  items: readonly ComingUpItem[],
  limit = COMING_UP_LIMIT,
): { items: ComingUpItem[]; moreCount: number } {
  const sorted = [...items].sort(
    (a, b) =>
      (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      a.name.localeCompare(b.name, 'en-GB'),
  );
  return { items: sorted.slice(0, limit), moreCount: Math.max(0, sorted.length - limit) };
}

/**
 * The window "the next 30 days" covers: from today to 30 days on, both included.
 */
export function comingUpWindow(today: CalendarDate, days = COMING_UP_DAYS): { from: CalendarDate; to: CalendarDate } {
  return { from: today, to: addDays(today, days) };
}

/**
 * The dashboard's balance line's first point: the end of the month twelve months before today's
 * (the line shows that month end, the eleven after it and today: 12 months).
 */
export function balanceLineFirstPoint(today: CalendarDate, months = 12): CalendarDate {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - months;
  return onDay(year, month, LAST_DAY);
}

/** What is coming up is worked out from: each with the account (or licence) it belongs to. */
export type ComingUpFacts = {
  /** Account names by id (the user's accounts). */
  accountNames: ReadonlyMap<string, string>;
  interest: ReadonlyArray<InterestTerms & { accountId: string }>;
  orders: ReadonlyArray<UpcomingOrder & { accountId: string }>;
  /** Fixed-term accounts' facts (`maturityDate`) and balances; none when absent. */
  maturities?: ReadonlyArray<MaturityFacts & { accountId: string; balancePence: number }>;
  /** Licences whose temporary high balance cover ends on `endsOn`, with the extra cover in pence. */
  temporaryHighBalances: ReadonlyArray<{ name: string; endsOn: CalendarDate | null; coveredPence: number }>;
};

/** Everything from `today` to 30 days on, soonest first (`comingUp`). */
export function comingUpFrom(
  facts: ComingUpFacts,
  today: CalendarDate,
): { from: CalendarDate; to: CalendarDate; items: ComingUpItem[]; moreCount: number } {
  const { from, to } = comingUpWindow(today);
  const items: ComingUpItem[] = [];
  for (const terms of facts.interest) {
    const name = facts.accountNames.get(terms.accountId);
    if (name === undefined) continue;
    for (const date of interestPaymentDates(terms, from, to))
      items.push({ kind: 'interest', date, accountId: terms.accountId, name, amountPence: null });
  }
  for (const order of facts.orders) {
    const name = facts.accountNames.get(order.accountId);
    if (name === undefined) continue;
    for (const payment of standingOrderPaymentsBetween(order, from, to))
      items.push({ kind: 'standing-order', ...payment, accountId: order.accountId, name });
  }
  for (const account of facts.maturities ?? []) {
    const name = facts.accountNames.get(account.accountId);
    const date = maturityDate(account);
    if (name !== undefined && date !== null && date >= from && date <= to)
      items.push({ kind: 'maturity', date, accountId: account.accountId, name, amountPence: account.balancePence });
  }
  for (const thb of facts.temporaryHighBalances) {
    // The day cover reverts is the first day without it: listed when that day is in the window.
    if (thb.endsOn !== null && thb.endsOn >= from && thb.endsOn <= to)
      items.push({
        kind: 'temporary-high-balance-ends',
        date: thb.endsOn,
        accountId: null,
        name: thb.name,
        amountPence: thb.coveredPence,
      });
  }
  return { from, to, ...comingUp(items) };
}
