// Properties of the schedule over random orders and days, checked against a slow reference that
// walks the calendar one day at a time and asks "does this order pay today?".
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  duePayments,
  MAX_PAYMENTS_PER_RUN,
  nextPaymentDate,
  unpaidDueCount,
  occurrenceDates,
  STANDING_ORDER_FREQUENCIES,
  type ScheduledOrder,
} from './schedule.ts';

const DAY = 86_400_000;
const toDate = (days: number) => new Date(days * DAY).toISOString().slice(0, 10);
const toDays = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const ymd = (date: string) => date.split('-').map(Number) as [number, number, number];

// 2000-01-01 … 2032-12-31 as day numbers.
const FIRST_DAY = toDays('2000-01-01');
const LAST_DAY = toDays('2032-12-31');

const orderArb: fc.Arbitrary<ScheduledOrder> = fc
  .record({
    frequency: fc.constantFrom(...STANDING_ORDER_FREQUENCIES),
    start: fc.integer({ min: FIRST_DAY, max: LAST_DAY }),
    // The start day skewed to month ends, where the rules bite.
    startDayOverride: fc.option(fc.constantFrom(28, 29, 30, 31), { nil: null }),
    paymentDay: fc.option(fc.integer({ min: 1, max: 28 }), { nil: null }),
    // Often start on the payment day itself: that start pays in its own month.
    startOnPaymentDay: fc.boolean(),
    endAfterDays: fc.option(fc.integer({ min: 0, max: 2_000 }), { nil: null }),
    maxPayments: fc.option(fc.integer({ min: 1, max: 200 }), { nil: null }),
    amountPence: fc.integer({ min: 1, max: 1_000_000 }),
    firstPaymentAmountPence: fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: null }),
  })
  .map((r) => {
    let startDate = toDate(r.start);
    if (r.startDayOverride !== null) {
      const [y, m] = ymd(startDate);
      startDate = `${y}-${String(m).padStart(2, '0')}-${String(Math.min(r.startDayOverride, daysIn(y, m))).padStart(2, '0')}`;
    }
    if (r.startOnPaymentDay && r.paymentDay !== null)
      startDate = `${startDate.slice(0, 8)}${String(r.paymentDay).padStart(2, '0')}`;
    return {
      frequency: r.frequency,
      startDate,
      endDate: r.endAfterDays === null ? null : toDate(toDays(startDate) + r.endAfterDays),
      paymentDay: r.frequency === 'monthly' ? r.paymentDay : null,
      maxPayments: r.maxPayments,
      amountPence: r.amountPence,
      firstPaymentAmountPence: r.firstPaymentAmountPence,
    };
  });

/** Today: up to about four years after the start (or a little before it). */
const todayFor = (order: ScheduledOrder, offset: number) => toDate(toDays(order.startDate) + offset);
const offsetArb = fc.integer({ min: -40, max: 1_500 });

/** The slow reference: walk every day from the start to today and keep the ones the order pays on. */
function reference(order: ScheduledOrder, today: string): string[] {
  const [sy, sm, sd] = ymd(order.startDate);
  const dates: string[] = [];
  for (let d = toDays(order.startDate); d <= toDays(today); d++) {
    const date = toDate(d);
    if (order.endDate !== null && date > order.endDate) break;
    if (order.maxPayments !== null && dates.length >= order.maxPayments) break;
    const [y, m, day] = ymd(date);
    const monthsSinceStart = (y - sy) * 12 + (m - sm);
    const pays = {
      daily: true,
      weekly: (d - toDays(order.startDate)) % 7 === 0,
      monthly: order.paymentDay !== null ? day === order.paymentDay : day === Math.min(sd, daysIn(y, m)),
      quarterly: monthsSinceStart % 3 === 0 && day === Math.min(sd, daysIn(y, m)),
      annually: monthsSinceStart % 12 === 0 && day === Math.min(sd, daysIn(y, m)),
    }[order.frequency];
    if (pays) dates.push(date);
  }
  return dates;
}

describe('standing order schedule properties', () => {
  it('matches a day-by-day walk of the calendar', () => {
    fc.assert(
      fc.property(orderArb, offsetArb, (order, offset) => {
        const today = todayFor(order, offset);
        expect(occurrenceDates(order, { today })).toEqual(reference(order, today));
      }),
      { numRuns: 400 },
    );
  });

  it('gives strictly increasing dates, never before the start nor after today or the end date, at most the maximum', () => {
    fc.assert(
      fc.property(orderArb, offsetArb, (order, offset) => {
        const today = todayFor(order, offset);
        const dates = occurrenceDates(order, { today });
        for (let i = 1; i < dates.length; i++) expect(dates[i]! > dates[i - 1]!).toBe(true);
        for (const date of dates) {
          expect(date >= order.startDate).toBe(true);
          expect(date <= today).toBe(true);
          if (order.endDate !== null) expect(date <= order.endDate).toBe(true);
        }
        if (order.maxPayments !== null) expect(dates.length).toBeLessThanOrEqual(order.maxPayments);
      }),
      { numRuns: 1_000 },
    );
  });

  it('keeps the payment day on every monthly date that has one, and the start day (or the month end) otherwise', () => {
    fc.assert(
      fc.property(orderArb, offsetArb, (order, offset) => {
        if (order.frequency !== 'monthly') return;
        const startDay = ymd(order.startDate)[2];
        for (const date of occurrenceDates(order, { today: todayFor(order, offset) })) {
          const [y, m, day] = ymd(date);
          expect(day).toBe(order.paymentDay ?? Math.min(startDay, daysIn(y, m)));
        }
      }),
      { numRuns: 1_000 },
    );
  });

  it('pays every occurrence exactly once over successive runs of at most 50, the first amount only first', () => {
    fc.assert(
      fc.property(orderArb, offsetArb, (order, offset) => {
        const today = todayFor(order, offset);
        const paid: { occurrenceDate: string; amountPence: number }[] = [];
        for (;;) {
          const due = duePayments(order, { today, lastPaidDate: paid.at(-1)?.occurrenceDate ?? null });
          expect(due.payments.length).toBeLessThanOrEqual(MAX_PAYMENTS_PER_RUN);
          expect(due.capped).toBe(due.overdueCount > due.payments.length);
          if (due.payments.length === 0) break;
          paid.push(...due.payments);
        }
        expect(paid.map((p) => p.occurrenceDate)).toEqual(occurrenceDates(order, { today }));
        for (const [i, p] of paid.entries()) {
          expect(p.amountPence).toBe(
            i === 0 ? (order.firstPaymentAmountPence ?? order.amountPence) : order.amountPence,
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it('shows as next payment, once every due payment is made, the first occurrence after today, or none when the order has ended', () => {
    fc.assert(
      fc.property(orderArb, offsetArb, (order, offset) => {
        const today = todayFor(order, offset);
        const paidUpTo = occurrenceDates(order, { today }).at(-1) ?? null;
        const next = nextPaymentDate(order, { lastPaidDate: paidUpTo });
        // 400 days ahead is longer than any gap between two payments (a year, or a month to the payment day).
        const future = reference(order, toDate(toDays(today) + 400)).filter(
          (d) => d >= today && (paidUpTo === null || d > paidUpTo),
        );
        expect(next).toBe(future[0] ?? null);
      }),
      { numRuns: 500 },
    );
  });

  it('shows as next payment the earliest payment not yet made, whatever has been paid: none only when every allowed payment is', () => {
    // Processed: how many of the payments due by today the runs have made (the first ones, in order).
    const processedArb = fc.oneof(fc.constant('all' as const), fc.nat({ max: 60 }));
    fc.assert(
      fc.property(orderArb, offsetArb, processedArb, (order, offset, processed) => {
        const today = todayFor(order, offset);
        const due = reference(order, today);
        const made = processed === 'all' ? due.length : Math.min(processed, due.length);
        const lastPaidDate = made === 0 ? null : due[made - 1]!;
        const unpaidDue = due.slice(made);
        const next = nextPaymentDate(order, { lastPaidDate });

        // Never after a payment that is due and not made: the earliest of them when there are any.
        for (const date of unpaidDue) expect(next !== null && next <= date).toBe(true);
        if (unpaidDue.length > 0) expect(next).toBe(unpaidDue[0]);
        expect(unpaidDueCount(order, { today, lastPaidDate })).toBe(unpaidDue.length);

        // Null exactly when every payment the order allows has been made.
        const allowed =
          order.endDate !== null
            ? reference(order, order.endDate).length
            : (order.maxPayments ?? Number.POSITIVE_INFINITY);
        expect(next === null).toBe(made >= allowed);

        // Always one of the order's own (allowed) occurrences, after the last one paid.
        if (next !== null) {
          expect(reference(order, next).at(-1)).toBe(next);
          if (lastPaidDate !== null) expect(next > lastPaidDate).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
