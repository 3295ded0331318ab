/**
 * The balance-over-time line (issue 13 §1): what an account held at the end of each day, by the
 * balance rule (balance-rule.ts; `balanceOnDay` is the reference a property test holds this to),
 * in one walk: the entries are grouped by day and sorted once, then the running balance goes
 * forward, a statement setting it at the start of its day. O(n log n) for the sort, then
 * O(days with entries + points).
 *
 * - Before an account's first statement the line works back from it (the stated figure less the
 *   entries between the day and the statement); a later statement steps the line to its figure;
 *   an account with no statement is the running sum.
 * - The line runs from the first entry to today, or to the last entry when one is dated later,
 *   so its last point is the account's balance.
 * - Points: one a day while the line spans `DAILY_POINTS_UP_TO_DAYS` days (about three months)
 *   or fewer; beyond, one at the end of each month, the last month's point on the line's last
 *   day (today) rather than a month end still to come.
 * - Several accounts (the dashboard's total): the sum of each account's balance at each point.
 *   Nothing is known of an account before its first entry (its tracking start), so the total
 *   starts where every account is tracked: at the latest tracking start, never with a jump that
 *   is only the day accounts were added (`trackingStartOf`, ADR 0033).
 * - Over a long range the walk needs no day-by-day rows: `balanceBuckets` groups the entries by
 *   month, splitting only the months that hold a balance statement at the statements that matter.
 *   The database sends those (from its per-month totals), so the dashboard's line of years of
 *   history reads a few rows per account and month; a test holds both groupings to one line.
 *
 * Amounts are signed integer pence as stored.
 */
import type { CalendarDate } from '../dates/calendar-date.ts';
import { type BalanceEntry, compareLatestFirst, isAfterStatement, isBalanceStatement } from './balance-rule.ts';

/** Daily points while the line spans this many days or fewer; month-end points beyond. */
export const DAILY_POINTS_UP_TO_DAYS = 92;

/**
 * One day of an account's entries, as the database groups them (src/server/balance-series): the
 * day's entries that are not statements, summed; the part of that sum recorded before the day's
 * statement (already in its figure: 0 without one); and the figure of the statement that sets the
 * day (the latest recorded of the day's statements), if any.
 */
export type BalanceDay = {
  date: CalendarDate;
  netPence: number;
  beforeStatementPence: number;
  statementPence: number | null;
};

export type BalancePoint = { date: CalendarDate; balancePence: number };

export type BalanceSeriesGranularity = 'day' | 'month';

/**
 * Where a total line starts later than its earliest account's history: the latest tracking start
 * (an account's first entry date), how many accounts start after the earliest one, and whether
 * they all start on that one date.
 */
export type TrackingStart = { date: CalendarDate; accountCount: number; isOneDate: boolean };

/**
 * The line: its points oldest first (none for an account with no entries), and, when the total
 * of several accounts was started at the latest tracking start, that start.
 */
export type BalanceSeries = {
  granularity: BalanceSeriesGranularity;
  points: BalancePoint[];
  trackingStart?: TrackingStart;
};

const byDate = (a: BalanceDay, b: BalanceDay) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);

/** The grouping the SQL does, in TypeScript: the reference the database is tested against. Oldest first. */
export function balanceDays(entries: readonly BalanceEntry[]): BalanceDay[] {
  const days = new Map<CalendarDate, { entries: BalanceEntry[]; statement: BalanceEntry | null }>();
  for (const e of entries) {
    const day = days.get(e.date) ?? { entries: [], statement: null };
    if (!isBalanceStatement(e.type)) day.entries.push(e);
    else if (day.statement === null || compareLatestFirst(e, day.statement) < 0) day.statement = e;
    days.set(e.date, day);
  }
  return [...days]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, d]) => ({
      date,
      netPence: sumOf(d.entries),
      beforeStatementPence: d.statement ? sumOf(d.entries.filter((e) => !isAfterStatement(e, d.statement!))) : 0,
      statementPence: d.statement?.amountPence ?? null,
    }));
}

function sumOf(entries: readonly BalanceEntry[]): number {
  return entries.reduce((sum, e) => sum + e.amountPence, 0);
}

/**
 * The rows a line of month-end points needs, as the database groups them (the reference it is
 * tested against). A month with no balance statement is one row, dated its first day, of its
 * entries' sum. A month with statements is split at the statements that matter to month ends:
 * its last (the latest recorded on its latest date) and, in the account's first month with one,
 * the first (the latest recorded on the earliest date), which the line before it works back from.
 * Each part is dated its statement's day (the month's first day for the part before them) and
 * holds the entries from that day to the next part. The balance at every month end is the same as
 * by the day-by-day rows.
 */
export function balanceBuckets(entries: readonly BalanceEntry[]): BalanceDay[] {
  const monthOf = (date: CalendarDate) => date.slice(0, 7);
  const lastInMonth = new Map<string, BalanceEntry>();
  let first: BalanceEntry | null = null;
  for (const e of entries) {
    if (!isBalanceStatement(e.type)) continue;
    const month = monthOf(e.date);
    const last = lastInMonth.get(month);
    if (!last || compareLatestFirst(e, last) < 0) lastInMonth.set(month, e);
    if (!first || e.date < first.date || (e.date === first.date && compareLatestFirst(e, first) < 0)) first = e;
  }
  const kept = new Map<string, BalanceEntry[]>();
  for (const [month, e] of lastInMonth) kept.set(month, [e]);
  if (first && !kept.get(monthOf(first.date))!.includes(first)) kept.get(monthOf(first.date))!.push(first);
  const rows = new Map<CalendarDate, BalanceDay>();
  const row = (date: CalendarDate) => {
    const existing = rows.get(date);
    if (existing) return existing;
    const created: BalanceDay = { date, netPence: 0, beforeStatementPence: 0, statementPence: null };
    rows.set(date, created);
    return created;
  };
  for (const statements of kept.values()) for (const k of statements) row(k.date).statementPence = k.amountPence;
  for (const e of entries) {
    if (isBalanceStatement(e.type)) continue;
    const month = monthOf(e.date);
    // The part from the latest kept statement before the entry, else the month's first day; an
    // entry before a statement kept on the first day is in that statement's figure.
    let after: BalanceEntry | null = null;
    for (const k of kept.get(month) ?? [])
      if (isAfterStatement(e, k) && (after === null || isAfterStatement(k, after))) after = k;
    const r = row(after?.date ?? `${month}-01`);
    r.netPence += e.amountPence;
    if (after === null && r.statementPence !== null) r.beforeStatementPence += e.amountPence;
  }
  return [...rows.values()].sort(byDate);
}

const MS_PER_DAY = 86_400_000;

/** Days since 1 January 1970 (Date.UTC here is calendar arithmetic, not a clock). */
function dayNumber(date: CalendarDate): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / MS_PER_DAY;
}

function dateOf(day: number): CalendarDate {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The last day of the month `months` after the month of `date`. */
function monthEnd(date: CalendarDate, months: number): CalendarDate {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + months;
  // Day 0 of the next month is the last of this one.
  return new Date(Date.UTC(year, month + 1, 0)).toISOString().slice(0, 10);
}

/**
 * How far apart the points of a line over the entries dated `first` to `last` are: it runs to
 * today or to the last entry, whichever is later.
 */
export function lineGranularity(
  first: CalendarDate,
  last: CalendarDate,
  today: CalendarDate,
): BalanceSeriesGranularity {
  const end = last > today ? last : today;
  return dayNumber(end) - dayNumber(first) + 1 <= DAILY_POINTS_UP_TO_DAYS ? 'day' : 'month';
}

/** The dates of the points of a line from `first` to `last` (inclusive), and how far apart they are. */
export function pointDates(
  first: CalendarDate,
  last: CalendarDate,
): { granularity: BalanceSeriesGranularity; dates: CalendarDate[] } {
  const from = dayNumber(first);
  const to = dayNumber(last);
  if (to < from) return { granularity: 'day', dates: [] };
  if (to - from + 1 <= DAILY_POINTS_UP_TO_DAYS) {
    return { granularity: 'day', dates: Array.from({ length: to - from + 1 }, (_, i) => dateOf(from + i)) };
  }
  const dates: CalendarDate[] = [];
  for (let m = 0; ; m++) {
    const end = monthEnd(first, m);
    if (end >= last) {
      dates.push(last);
      break;
    }
    dates.push(end);
  }
  return { granularity: 'month', dates };
}

/**
 * The account's balance at the end of each of `dates` (ascending), from its days sorted oldest
 * first: 0 on a date before its first entry, when nothing is known of it.
 */
function balancesOn(sorted: readonly BalanceDay[], dates: readonly CalendarDate[]): number[] {
  if (sorted.length === 0) return dates.map(() => 0);
  // Before the first statement the balance is that statement less the entries before it.
  let running = 0;
  const first = sorted.findIndex((d) => d.statementPence !== null);
  if (first >= 0) {
    running = sorted[first]!.statementPence! - sorted[first]!.beforeStatementPence;
    for (let i = 0; i < first; i++) running -= sorted[i]!.netPence;
  }
  const start = sorted[0]!.date;
  const balances: number[] = [];
  let next = 0;
  for (const date of dates) {
    for (; next < sorted.length && sorted[next]!.date <= date; next++) {
      const day = sorted[next]!;
      // A statement says what the account held when it was given: the day's entries recorded
      // before it are in its figure, those after add to it.
      if (day.statementPence !== null) running = day.statementPence - day.beforeStatementPence;
      running += day.netPence;
    }
    balances.push(date < start ? 0 : running);
  }
  return balances;
}

/** The first and last entry dates of the accounts (over all of them), or null when they have none. */
export type EntryBounds = { first: CalendarDate; last: CalendarDate };

/**
 * The total line from where every account is tracked. `starts` are the accounts' tracking starts
 * (first entry dates, 'YYYY-MM-DD'); the points before the latest are left out, as they would
 * count the later accounts as holding nothing and the total would jump on the day they were
 * added, as if money arrived. The line is unchanged when no point is before the latest start.
 */
export function trackingStartOf(series: BalanceSeries, starts: readonly CalendarDate[]): BalanceSeries {
  if (starts.length < 2) return series;
  let earliest = starts[0]!;
  let latest = starts[0]!;
  for (const start of starts) {
    if (start < earliest) earliest = start;
    if (start > latest) latest = start;
  }
  if (series.points.length === 0 || series.points[0]!.date >= latest) return series;
  const later = starts.filter((start) => start > earliest);
  return {
    granularity: series.granularity,
    points: series.points.filter((p) => p.date >= latest),
    trackingStart: { date: latest, accountCount: later.length, isOneDate: later.every((start) => start === latest) },
  };
}

/**
 * The line of one or more accounts, each given as its rows in any order (`balanceDays`, or
 * `balanceBuckets` for the granularity the bounds call for), up to today or their last entry.
 * `bounds` are the entries' own first and last dates (month buckets are dated earlier than their
 * entries); without them the rows' dates are taken for the entries'. With `starts` (each
 * account's first entry date) the total starts at the latest (`trackingStartOf`).
 */
export function balanceSeriesOf(
  accounts: readonly (readonly BalanceDay[])[],
  today: CalendarDate,
  bounds?: EntryBounds | null,
  starts?: readonly CalendarDate[],
): BalanceSeries {
  const sorted = accounts.filter((days) => days.length > 0).map((days) => [...days].sort(byDate));
  if (sorted.length === 0) return { granularity: 'day', points: [] };
  let first = bounds?.first ?? sorted[0]![0]!.date;
  let last = bounds?.last ?? first;
  if (!bounds) {
    for (const days of sorted) {
      if (days[0]!.date < first) first = days[0]!.date;
      if (days.at(-1)!.date > last) last = days.at(-1)!.date;
    }
  }
  const { granularity, dates } = pointDates(first, last > today ? last : today);
  const totals = dates.map(() => 0);
  for (const days of sorted) {
    const balances = balancesOn(days, dates);
    for (let i = 0; i < totals.length; i++) totals[i] = totals[i]! + balances[i]!;
  }
  const series = { granularity, points: dates.map((date, i) => ({ date, balancePence: totals[i]! })) };
  return starts ? trackingStartOf(series, starts) : series;
}

/** One account's line, from its days. */
export function accountBalanceSeries(days: readonly BalanceDay[], today: CalendarDate): BalanceSeries {
  return balanceSeriesOf([days], today);
}
