/**
 * What an account holds on a day (ADR 0044), as a SQL expression for the statement that lists it:
 * the stored balance when no entry is dated after the day (almost always), else
 * `account_balance_on` (migration 0036), core's `balanceOnDay`.
 *
 * The check is written here rather than left to the function, which makes the same check first:
 * calling a PL/pgSQL function costs ~0.03 ms a row while the index probe costs ~0.004 ms, and the
 * accounts list pays it for every account (two thirds of its statement's time at 20 accounts,
 * issue 26). The entries are read through a derived table that has no `id`: drizzle writes an
 * UPDATE's RETURNING columns without the table's name, and a bare `"id"` would otherwise mean the
 * entry's own.
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

export function balanceOnDaySql(accountId: SQLWrapper, storedPence: SQLWrapper, day: unknown): SQL<number> {
  return sql<number>`case when not exists (select 1 from (select account_id, date from transactions) f where f.account_id = ${accountId} and f.date > ${day}::date)
    then ${storedPence} else account_balance_on(${accountId}, ${storedPence}, ${day}::date) end`;
}
