/**
 * What an account holds on a day (ADR 0044), as a SQL expression for the statement that lists it:
 * the stored balance when no entry is dated after the day (almost always), else
 * `account_balance_on` (migration 0036), core's `balanceOnDay`.
 *
 * Whether any entry is dated after the day is the account's own `latest_entry_date`, kept by the
 * balance trigger (migration 0056): a column read where it was a probe of the account's entries,
 * whose kept plan could scan the whole table for each account once the statistics were of one
 * saver's database. Calling the PL/pgSQL function for every row would cost ~0.03 ms a row.
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** An account's columns the expression reads: a table's columns or a row alias's (`sql\`a.id\``). */
export type BalanceColumns = { id: SQLWrapper; balancePence: SQLWrapper; latestEntryDate: SQLWrapper };

export function balanceOnDaySql(account: BalanceColumns, day: unknown): SQL<number> {
  return sql<number>`case when ${account.latestEntryDate} is null or ${account.latestEntryDate} <= ${day}::date
    then ${account.balancePence} else account_balance_on(${account.id}, ${account.balancePence}, ${day}::date) end`;
}

/** The same columns of a row named `alias` in hand-written SQL. */
export function balanceColumnsOf(alias: string): BalanceColumns {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return { id: column('id'), balancePence: column('balance_pence'), latestEntryDate: column('latest_entry_date') };
}
