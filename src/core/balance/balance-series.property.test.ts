import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BalanceEntry, balanceOf, balanceOnDay } from './balance-rule.ts';
import {
  accountBalanceSeries,
  balanceBuckets,
  balanceDays,
  balanceSeriesOf,
  type EntryBounds,
  lineGranularity,
} from './balance-series.ts';

const DAY = 86_400_000;
const dateFrom = (base: number, offset: number) => new Date(base + offset * DAY).toISOString().slice(0, 10);
const BASE = Date.UTC(2026, 0, 1);

/** Entries over a short span (daily points) or a long one (month ends), with statements and ties. */
const entriesArb = (spanDays: number): fc.Arbitrary<BalanceEntry[]> =>
  fc
    .array(
      fc.record({
        day: fc.integer({ min: 0, max: spanDays }),
        type: fc.constantFrom('deposit', 'withdrawal', 'interest', 'fee', 'opening_balance', 'balance_update'),
        size: fc.integer({ min: 0, max: 5_000_000 }),
        // Few distinct times, so two statements of a day often tie and the id decides.
        recorded: fc.integer({ min: 0, max: 3 }),
      }),
      { maxLength: 40 },
    )
    .map((rows) =>
      rows.map((r, i) => ({
        id: `e${String((i * 37) % 41).padStart(2, '0')}-${i}`,
        date: dateFrom(BASE, r.day),
        type: r.type,
        amountPence: r.type === 'withdrawal' || r.type === 'fee' ? -r.size : r.size,
        recordedAt: new Date(BASE + r.recorded * 1000).toISOString(),
      })),
    );

const todayArb = (spanDays: number) => fc.integer({ min: -10, max: spanDays + 10 }).map((d) => dateFrom(BASE, d));

describe('the balance line, for any entries', () => {
  for (const [what, span] of [
    ['over a few weeks (a point a day)', 60],
    ['over years (a point a month)', 2_000],
  ] as const) {
    it(`is what the account held at the end of each point's day, by the balance rule, ${what}`, () => {
      fc.assert(
        fc.property(entriesArb(span), todayArb(span), (entries, today) => {
          const line = accountBalanceSeries(balanceDays(entries), today);
          if (entries.length === 0) {
            expect(line.points).toEqual([]);
            return;
          }
          for (const point of line.points) expect(point.balancePence).toBe(balanceOnDay(entries, point.date) + 0);
          // From the first entry to today or the last entry; it ends on the account's balance.
          const dates = entries.map((e) => e.date).sort();
          expect(line.points.at(-1)!.date).toBe([today, ...dates].sort().at(-1));
          expect(line.points.at(-1)!.balancePence).toBe(balanceOf(entries) + 0);
          const ascending = line.points.map((p) => p.date);
          expect(ascending).toEqual([...new Set(ascending)].sort());
          if (line.granularity === 'month') {
            expect(line.points[0]!.date.slice(0, 7)).toBe(dates[0]!.slice(0, 7));
          } else {
            expect(line.points[0]!.date).toBe(dates[0]);
          }
        }),
      );
    });
  }

  it('adds up the accounts’ own lines, each from its first entry, for the total', () => {
    fc.assert(
      fc.property(fc.array(entriesArb(200), { maxLength: 4 }), todayArb(200), (accounts, today) => {
        const total = balanceSeriesOf(accounts.map(balanceDays), today);
        for (const point of total.points) {
          const expected = accounts
            .filter((entries) => entries.some((e) => e.date <= point.date))
            .reduce((sum, entries) => sum + balanceOnDay(entries, point.date), 0);
          expect(point.balancePence).toBe(expected + 0);
        }
        if (total.points.length > 0)
          expect(total.points.at(-1)!.balancePence).toBe(accounts.reduce((sum, e) => sum + balanceOf(e), 0) + 0);
      }),
    );
  });

  it('is the same line from month buckets as from days, whenever month-end points are drawn', () => {
    const boundsOf = (entries: BalanceEntry[]): EntryBounds | null => {
      const dates = entries.map((e) => e.date).sort();
      return dates.length === 0 ? null : { first: dates[0]!, last: dates.at(-1)! };
    };
    fc.assert(
      fc.property(fc.array(entriesArb(2_000), { maxLength: 3 }), todayArb(2_000), (accounts, today) => {
        const bounds = boundsOf(accounts.flat());
        if (bounds === null || lineGranularity(bounds.first, bounds.last, today) !== 'month') return;
        const byDays = balanceSeriesOf(accounts.map(balanceDays), today);
        expect(balanceSeriesOf(accounts.map(balanceBuckets), today, bounds)).toEqual(byDays);
        for (const entries of accounts) {
          const own = boundsOf(entries);
          if (own === null || lineGranularity(own.first, own.last, today) !== 'month') continue;
          expect(balanceSeriesOf([balanceBuckets(entries)], today, own)).toEqual(
            accountBalanceSeries(balanceDays(entries), today),
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it('does not depend on the order of the entries or of the days', () => {
    fc.assert(
      fc.property(entriesArb(400), todayArb(400), (entries, today) => {
        const days = balanceDays(entries);
        expect(accountBalanceSeries([...days].reverse(), today)).toEqual(accountBalanceSeries(days, today));
        expect(balanceDays([...entries].reverse())).toEqual(days);
      }),
    );
  });
});
