/**
 * How a listed transaction stands towards its account's balance (ADR 0022), read in the list's
 * own statement: the account's latest balance statement (`account_latest_statement`, one index
 * entry) and, for a statement, its adjustment (`statement_adjustment`); core's `entryStanding`
 * then judges each row (`standingOf`). Both are PL/pgSQL functions of migration 0014, which keep
 * the list's statement quick to plan. A test holds the lists to core for random entries.
 *
 * For one account's list the latest statement is read once per query (`(select f($1))` runs once,
 * as an InitPlan); across accounts (the overview) once per row returned. Scalar expressions in the
 * select list run for the rows returned only, after the sort and limit.
 */
import { type SQL, sql } from 'drizzle-orm';
import {
  type BalanceStatementType,
  type EntryStanding,
  entryStanding,
  isBalanceStatement,
} from '../../core/balance/balance-rule.ts';
import { transactions } from '../db/schema/index.ts';

export type { EntryStanding };
export const ENTRY_STANDINGS = [
  'counted',
  'before-statement',
  'statement',
  'replaced-statement',
] as const satisfies readonly EntryStanding[];

/** The latest statement of the listed row's account, as 'id/yyyy-MM-dd/type/recorded' or null (once per row). */
export const latestStatementSql: SQL<string | null> = sql<
  string | null
>`account_latest_statement(${transactions.accountId})`;

/** The same for rows of one account, `account` a parameter: read once for the whole list. */
export function latestStatementInAccountSql(account: SQL): SQL<string | null> {
  return sql<string | null>`(select account_latest_statement(${account}))`;
}

/** For a statement: what it says less what the entries before it showed (null otherwise, and for a first starting balance). */
export const adjustmentSql: SQL<number | null> = sql<
  number | null
>`case when ${transactions.type} in ('opening_balance', 'balance_update')
  then statement_adjustment(${transactions.accountId}, ${transactions.id}, ${transactions.date}, ${transactions.createdAt}, ${transactions.type}, ${transactions.amountPence}) end`;

export type Standing = { standing: EntryStanding; latestStatementType: BalanceStatementType | null };

/** A stored time as the lists send it and `account_latest_statement` gives it: ISO 8601 UTC to the millisecond. */
function recordedText(createdAt: Date | string): string {
  return (createdAt instanceof Date ? createdAt : new Date(createdAt)).toISOString();
}

/**
 * A row's standing, by core's rule, from its account's latest statement as
 * `account_latest_statement` gives it ('id/date/type/recorded'): a row of the statement's date
 * counts when recorded after it (migration 0034).
 */
export function standingOf(
  row: { id: string; date: string; type: string; createdAt: Date | string },
  latestText: string | null,
): Standing {
  const [id, date, type, recordedAt] = (latestText ?? '').split('/');
  const latest =
    id && date && type && recordedAt && isBalanceStatement(type)
      ? { id, date, type, amountPence: 0, recordedAt }
      : null;
  return {
    standing: entryStanding({ ...row, amountPence: 0, recordedAt: recordedText(row.createdAt) }, latest),
    latestStatementType: latest?.type ?? null,
  };
}
