/**
 * What an account holds (issue 13 §1, ADR 0022): a balance the saver states is true on its date.
 *
 * - A *balance statement* is an entry that says what the account held at the start of a day: the
 *   starting balance given when the account was added (`opening_balance`) or a later
 *   "Update balance" (`balance_update`).
 * - The latest statement (by date, then by when it was recorded) sets the balance. Entries after
 *   it add to it; entries before it are history, already counted in the stated figure: they show
 *   in lists and charts and never change the balance. Earlier statements are history too.
 * - "After" is one rule (issue 24): a later date, or the same date recorded after the statement.
 *   So a statement is the balance at the moment it was given: that day's entries recorded before
 *   it are in the figure, those recorded after add to it. "Update balance" with today's date ends
 *   at exactly the figure typed, and a starting balance given today is followed by the day's
 *   transfers recorded afterwards.
 * - An account with no statement sums every entry.
 *
 * The database keeps `accounts.balance_pence` by the same rule (migration 0014); a test holds the
 * two equal. Amounts are signed integer pence as stored.
 */
import type { CalendarDate } from '../dates/calendar-date.ts';

export const BALANCE_STATEMENT_TYPES = ['opening_balance', 'balance_update'] as const;
export type BalanceStatementType = (typeof BALANCE_STATEMENT_TYPES)[number];

export type BalanceEntry = {
  id: string;
  date: CalendarDate;
  type: string;
  amountPence: number;
  /** When the entry was recorded (ISO timestamp): orders two statements on one date. */
  recordedAt: string;
};

/** How an entry stands towards the balance. */
export type EntryStanding =
  /** Adds to the balance (no statement, or dated on or after the latest one). */
  | 'counted'
  /** Dated before the latest statement: already counted in the stated figure. */
  | 'before-statement'
  /** The statement the balance starts from. */
  | 'statement'
  /** An earlier statement, replaced by a later one. */
  | 'replaced-statement';

export function isBalanceStatement(type: string): type is BalanceStatementType {
  return (BALANCE_STATEMENT_TYPES as readonly string[]).includes(type);
}

/** Later first: date, then when recorded, then id (the order the database uses). */
export function compareLatestFirst(a: BalanceEntry, b: BalanceEntry): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  if (a.recordedAt !== b.recordedAt) return a.recordedAt < b.recordedAt ? 1 : -1;
  if (a.id !== b.id) return a.id < b.id ? 1 : -1;
  return 0;
}

/** The statement the balance starts from, or null when the account has none. */
export function latestStatement<E extends BalanceEntry>(entries: readonly E[]): E | null {
  let latest: E | null = null;
  for (const e of entries) {
    if (isBalanceStatement(e.type) && (latest === null || compareLatestFirst(e, latest) < 0)) latest = e;
  }
  return latest;
}

/**
 * Whether `entry` comes after `statement`: a later date, or the same date recorded later (then by
 * id, as the database orders rows recorded in one transaction).
 */
export function isAfterStatement(
  entry: Pick<BalanceEntry, 'id' | 'date' | 'recordedAt'>,
  statement: Pick<BalanceEntry, 'id' | 'date' | 'recordedAt'>,
): boolean {
  if (entry.date !== statement.date) return entry.date > statement.date;
  if (entry.recordedAt !== statement.recordedAt) return entry.recordedAt > statement.recordedAt;
  return entry.id > statement.id;
}

export function entryStanding(entry: BalanceEntry, latest: BalanceEntry | null): EntryStanding {
  if (isBalanceStatement(entry.type)) {
    return latest !== null && entry.id === latest.id ? 'statement' : 'replaced-statement';
  }
  if (latest === null || isAfterStatement(entry, latest)) return 'counted';
  return 'before-statement';
}

/** The account's balance: the latest statement plus the entries after it, else the sum. */
export function balanceOf(entries: readonly BalanceEntry[]): number {
  const latest = latestStatement(entries);
  let balance = latest?.amountPence ?? 0;
  for (const e of entries) {
    if (entryStanding(e, latest) === 'counted') balance += e.amountPence;
  }
  return balance;
}

/**
 * What the account held just before the statement by the entries before it (earlier dates, and
 * its own date recorded before it: same-day interest included): the figure the statement
 * replaces. Its difference from the statement is the adjustment shown beside it, the real
 * difference. Null for a first starting balance (entries before it are history it already
 * counts) and when nothing came before.
 */
export function balanceBefore(entries: readonly BalanceEntry[], statement: BalanceEntry): number | null {
  const earlier = entries.filter((e) => e.id !== statement.id && isAfterStatement(statement, e));
  if (earlier.length === 0) return null;
  if (statement.type === 'opening_balance' && !earlier.some((e) => isBalanceStatement(e.type))) return null;
  return balanceOf(earlier);
}

/** The adjustment a statement makes: what the bank showed minus what the entries before it said. */
export function statementAdjustment(entries: readonly BalanceEntry[], statement: BalanceEntry): number | null {
  const before = balanceBefore(entries, statement);
  return before === null ? null : statement.amountPence - before;
}

/**
 * What the account held at the end of `day` (the balance-over-time line), by the same rule:
 * from the last statement dated on or before the day, plus the entries after it to the day;
 * before the first statement, that statement less the entries between the day and it (its own
 * date's recorded before it included); with no statement, the sum of the entries up to the day.
 * The reference the charts' faster walk is tested against.
 */
export function balanceOnDay(entries: readonly BalanceEntry[], day: CalendarDate): number {
  const statements = entries.filter((e) => isBalanceStatement(e.type));
  if (statements.length === 0) {
    return entries.reduce((sum, e) => (e.date <= day ? sum + e.amountPence : sum), 0);
  }
  const governing = latestStatement(statements.filter((s) => s.date <= day));
  if (governing !== null) {
    return entries.reduce(
      (sum, e) =>
        !isBalanceStatement(e.type) && isAfterStatement(e, governing) && e.date <= day ? sum + e.amountPence : sum,
      governing.amountPence,
    );
  }
  const firstDate = statements.map((s) => s.date).sort()[0]!;
  const first = latestStatement(statements.filter((s) => s.date === firstDate))!;
  return entries.reduce(
    (sum, e) => (!isBalanceStatement(e.type) && e.date > day && isAfterStatement(first, e) ? sum - e.amountPence : sum),
    first.amountPence,
  );
}
