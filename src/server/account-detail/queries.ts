/**
 * The account page's reads: three named statements, whatever the account holds, sent together
 * (node-postgres pipelines them on the request's connection, so they cost one round trip):
 * the signed-in user's accounts (the accounts list's own statement: protection is worked out
 * across all of them), the account's transactions grouped by type and by month of the trend
 * window, and the newest transactions (the transactions list's own first-page statement, so the
 * list goes on from the page this answer holds).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { MonthWindow } from '../../core/account-summary/months.ts';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import type { TypeMonthGroup } from '../../core/account-summary/summary.ts';
import { listUserAccounts, type UserAccounts } from '../accounts/queries.ts';
import type { Tx } from '../db/client.ts';
import { preparedPerConnection, sentTogether } from '../db/prepared.ts';
import { accountMonthlyTotals } from '../db/schema/index.ts';
import { newestTransactionRows } from '../transactions/queries.ts';
import type { RawListedTransactionRow } from '../transactions/transaction-json.ts';

const userId = sql.placeholder('userId');
const accountId = sql.placeholder('accountId');

/**
 * The account's transactions grouped by type and by month of the window ('yyyy-MM'), with
 * everything outside the window in one group per type (month null): the grouping of
 * `groupTransactions` in src/core/account-summary/summary.ts, which a test holds it to. Read from
 * the per-month totals the database keeps (account_monthly_totals), not from every transaction.
 */
const typeMonthGroups = preparedPerConnection((tx) => {
  const t = accountMonthlyTotals;
  const inWindow = sql`${t.month} >= ${sql.placeholder('from')}::date and ${t.month} < ${sql.placeholder('until')}::date`;
  const windowMonth = sql<string | null>`case when ${inWindow} then to_char(${t.month}, 'YYYY-MM') end`;
  const groups = tx
    .select({
      type: t.type,
      month: windowMonth.as('month'),
      totalPence: sql<number>`sum(${t.totalPence})::bigint`.as('totalPence'),
      count: sql<number>`sum(${t.transactionCount})::int`.as('count'),
    })
    .from(t)
    .where(and(eq(t.accountId, accountId), eq(t.userId, userId), sql`${t.transactionCount} > 0`))
    // By position: in GROUP BY the name `month` means the table's column (one group per stored
    // month, not per window month), and the expression again would hold other parameters.
    .groupBy(sql.raw('1'), sql.raw('2'))
    .as('type_month_groups');
  // All the groups as one JSON array in one row: the driver parses it once, instead of drizzle
  // mapping four columns of up to ~65 rows.
  return tx
    .select({ groups: sql<TypeMonthGroup[]>`coalesce(json_agg(${sql.identifier('type_month_groups')}), '[]'::json)` })
    .from(groups)
    .prepare('account_detail_type_month_groups');
});

export type AccountDetailRows = { accounts: UserAccounts; groups: TypeMonthGroup[]; newest: RawListedTransactionRow[] };

/** The three reads, issued together. `pageSize + 1` transactions come back when there are more. */
export async function readAccountDetail(
  tx: Tx,
  params: { userId: string; accountId: string; today: CalendarDate; window: MonthWindow; pageSize: number },
): Promise<AccountDetailRows> {
  // One socket write for the three on PostgreSQL: each is handed to the driver before any await.
  const reads = sentTogether(tx, () =>
    Promise.all([
      listUserAccounts(tx, params.userId, params.today, params.accountId),
      typeMonthGroups(tx).execute({
        userId: params.userId,
        accountId: params.accountId,
        from: params.window.from,
        until: params.window.until,
      }),
      newestTransactionRows(tx, { userId: params.userId, accountId: params.accountId, limit: params.pageSize + 1 }),
    ]),
  );
  const [userAccounts, groups, newest] = await reads;
  return { accounts: userAccounts, groups: groups[0]?.groups ?? [], newest };
}
