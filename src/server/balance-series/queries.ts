/**
 * The balance line's reads: an account's entries grouped by day, or all the user's grouped by
 * account and day, in one statement each, whatever the number of transactions. Per day: the sum
 * of the entries that are not balance statements, and the statement the day starts from (the
 * latest recorded of the day's, by `created_at` then id, the balance rule's order). The walk
 * from there is the core's (src/core/balance/balance-series.ts), and a test holds this grouping
 * to `balanceDays` there.
 */
import { and, eq, sql } from 'drizzle-orm';
import { BALANCE_STATEMENT_TYPES } from '../../core/balance/balance-rule.ts';
import type { BalanceDay } from '../../core/balance/balance-series.ts';
import type { Tx } from '../db/client.ts';
import { preparedPerConnection } from '../db/prepared.ts';
import { accounts, transactions } from '../db/schema/index.ts';

const userId = sql.placeholder('userId');
const accountId = sql.placeholder('accountId');

// The statement types as literals: constants of the code, so the prepared text never changes.
const statementTypes = sql.join(
  BALANCE_STATEMENT_TYPES.map((type) => sql.raw(`'${type}'`)),
  sql`, `,
);
const t = transactions;
const netPence = sql`coalesce(sum(${t.amountPence}) filter (where ${t.type} not in (${statementTypes})), 0)::bigint`;
const statementPence = sql`(array_agg(${t.amountPence} order by ${t.createdAt} desc, ${t.id} desc) filter (where ${t.type} in (${statementTypes})))[1]`;

// Spelt out: in a select's fields drizzle leaves a column unqualified, and bare "id" here would be the transaction's.
const outerAccountId = sql`${sql.identifier('accounts')}.${sql.identifier('id')}`;

/** One account's days as a JSON array (oldest first), or no row when the account is not the user's. */
const accountDays = preparedPerConnection((tx) =>
  tx
    .select({
      days: sql<BalanceDay[]>`(select coalesce(json_agg(d order by d."date"), '[]'::json) from (
        select ${t.date} as "date", ${netPence} as "netPence", ${statementPence} as "statementPence"
        from ${t} where ${t.accountId} = ${outerAccountId} and ${t.userId} = ${userId}
        group by ${t.date}) d)`.as('days'),
    })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.userId, userId)))
    .prepare('balance_series_account_days'),
);

type AccountDay = BalanceDay & { accountId: string };

/** All the user's days, by account and day, as one JSON array. */
const userDays = preparedPerConnection((tx) => {
  const days = tx
    .select({
      accountId: sql`${t.accountId}`.as('accountId'),
      date: sql`${t.date}`.as('date'),
      netPence: netPence.as('netPence'),
      statementPence: statementPence.as('statementPence'),
    })
    .from(t)
    .where(eq(t.userId, userId))
    .groupBy(t.accountId, t.date)
    .as('days');
  return tx
    .select({ days: sql<AccountDay[]>`coalesce(json_agg(${sql.identifier('days')}), '[]'::json)` })
    .from(days)
    .prepare('balance_series_user_days');
});

/** The account's days, or null when it is not one of the user's. */
export async function readAccountDays(
  tx: Tx,
  params: { userId: string; accountId: string },
): Promise<BalanceDay[] | null> {
  const [row] = await accountDays(tx).execute(params);
  return row ? row.days : null;
}

/** Each of the user's accounts that has entries, as its days. */
export async function readUserDays(tx: Tx, params: { userId: string }): Promise<BalanceDay[][]> {
  const [row] = await userDays(tx).execute(params);
  const byAccount = new Map<string, BalanceDay[]>();
  for (const { accountId: id, ...day } of row?.days ?? []) {
    const days = byAccount.get(id);
    if (days) days.push(day);
    else byAccount.set(id, [day]);
  }
  return [...byAccount.values()];
}
