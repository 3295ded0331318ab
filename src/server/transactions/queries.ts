/**
 * Reads and writes of transactions, always filtered by the signed-in user's id as well as by
 * row-level security (an admin's request transaction may read every row; "my transactions" must
 * not). The account balance is never written here: database triggers keep it equal to the sum
 * of the account's transactions (drizzle/0007_account_rules.sql).
 */
import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import { STANDING_ORDER_MARKER_PATTERN } from '../../core/transactions/standing-order-marker.ts';
import type { NewTransaction, StoredTransactionFields } from '../../core/transactions/validation.ts';
import type { TransactionType } from '../../core/transactions/transaction-types.ts';
import type { Tx } from '../db/client.ts';
import { preparedPerConnection, rawRows, ONE_ROW } from '../db/prepared.ts';
import { requirePrepared } from '../db/require-found.ts';
import { rowsOf } from '../db/rls.ts';
import { accounts, isInLiveAccount, isLiveAccount, transactions, userDataVersions } from '../db/schema/index.ts';
import { encodeCursor, type TransactionCursor } from './cursor.ts';
import { timeOrderedId } from './time-ordered-id.ts';
import { balanceOnDaySql } from '../balance/balance-on-day-sql.ts';
import { adjustmentSql, latestStatementSql, standingOf } from '../balance/standing-sql.ts';
import {
  fromRawListedTransaction,
  type ListedTransactionJson,
  listedInAccountRawColumns,
  type RawListedTransactionRow,
  toTransactionJson,
  transactionColumns,
  type TransactionJson,
} from './transaction-json.ts';

const placeholder = (name: string) => sql.placeholder(name);

/**
 * Newest first, then by id: the order of the indexes (…, date desc nulls last, id desc nulls last).
 * The nulls clause must match the index's, or PostgreSQL sorts every row instead of reading in order.
 */
export const newestFirst: SQL[] = [sql`${transactions.date} desc nulls last`, sql`${transactions.id} desc nulls last`];

/** Rows per page of an account's list (the detail page's first page holds as many). */
export const TRANSACTION_PAGE_SIZE = 50;
export const MAX_TRANSACTION_PAGE_SIZE = 100;

/** The signed-in user's account with this id, or null (someone else's account is null too). */
export async function findOwnAccount(
  tx: Tx,
  userId: string,
  accountId: string,
): Promise<{ id: string; name: string; balancePence: number } | null> {
  // execute(): handed to the driver at once, so it can go with other statements and COMMIT.
  const [row] = await tx
    .select({ id: accounts.id, name: accounts.name, balancePence: accounts.balancePence })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.userId, userId), isLiveAccount))
    .execute();
  return row ?? null;
}

/**
 * Fails the transaction unless the account is the user's and not archived: the check sent with
 * the write it guards and its COMMIT (`requirePrepared`), for which `orElse` is the error.
 */
export function requireOwnAccount(tx: Tx, userId: string, accountId: string, orElse: () => Error): Promise<void> {
  return requirePrepared(ownAccountCheck(tx), { accountId, userId }, orElse);
}

/** `requireOwnAccount`'s check, prepared once per connection (every add sends it). */
const ownAccountCheck = preparedPerConnection((tx) =>
  tx
    .select({
      found: sql`require_found(exists (select 1 from ${accounts} where ${and(
        eq(accounts.id, sql`${placeholder('accountId')}::uuid`),
        eq(accounts.userId, placeholder('userId')),
        isLiveAccount,
      )}), 'required row not found')`,
    })
    .from(ONE_ROW)
    .prepare('own_account_check'),
);

export async function accountBalance(tx: Tx, accountId: string, today: CalendarDate): Promise<number> {
  const [row] = await tx
    // Money today: entries dated after it are scheduled (ADR 0044, migration 0036).
    .select({ balancePence: balanceOnDaySql(accounts, today) })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .execute();
  return Number(row?.balancePence ?? 0);
}

const balanceAfterAddQuery = preparedPerConnection((tx) =>
  tx
    .select({
      balancePence: balanceOnDaySql(accounts, placeholder('today')),
      ledgerVersion: sql<string>`${accounts.ledgerVersion}::text`,
      firstEntry: sql<string | null>`${accounts.firstEntryDate}::text`,
      // The user's data version this transaction's bump left (it holds the row until COMMIT).
      // Qualified by hand: in a one-table select drizzle writes a column without its table, and
      // the outer "user_id" inside the subquery would name the subquery's own column (a read of
      // every user's row, left to row-level security to sort out).
      userVersion: sql<
        string | null
      >`(select v.version::text from ${userDataVersions} v where v.user_id = ${accounts}.user_id)`,
    })
    .from(accounts)
    .where(eq(accounts.id, sql`${placeholder('accountId')}::uuid`))
    .prepare('account_balance_after_add'),
);

/**
 * After entries were added: the account's balance (as `accountBalance`), its ledger version and
 * its first entry's date (kept on the account, migration 0056), for carrying the write into the
 * dashboard's kept line (dashboard/line-cache.ts), and the user's data version the write left,
 * for carrying kept answers it does not touch (kept/own-writes.ts).
 */
export async function accountBalanceAfterAdd(
  tx: Tx,
  accountId: string,
  today: CalendarDate,
): Promise<{ balancePence: number; ledgerVersion: string; firstEntry: string | null; userVersion: number | null }> {
  const [row] = await balanceAfterAddQuery(tx).execute({ accountId, today });
  return {
    balancePence: Number(row?.balancePence ?? 0),
    ledgerVersion: row?.ledgerVersion ?? '0',
    firstEntry: row?.firstEntry ?? null,
    userVersion: row?.userVersion === null || row?.userVersion === undefined ? null : Number(row.userVersion),
  };
}

/**
 * How many opening balances the account holds (leaving out the transaction `exceptId`), after
 * locking the account row as the balance's own recompute does (ADR 0022), so two requests adding
 * a starting balance at once take turns and the second sees the first.
 */
export async function countOpeningBalances(tx: Tx, accountId: string, exceptId?: string): Promise<number> {
  await tx.execute(sql`select 1 from ${accounts} where ${accounts.id} = ${accountId} for no key update`);
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(transactions)
    .where(
      and(
        eq(transactions.accountId, accountId),
        eq(transactions.type, 'opening_balance'),
        exceptId === undefined ? undefined : sql`${transactions.id} <> ${exceptId}`,
      ),
    );
  return Number(row?.count ?? 0);
}

/**
 * A page of the account's entries from `account_entries_page` (migration 0055), which walks the
 * account-and-date index in order and stops after the page: planned here, the generic plan under
 * row-level security read and sorted the whole account. Named as the table, so the listed
 * columns read from it; sorted again here (a page's rows) because a function's order is not SQL's
 * promise.
 */
function buildPageQuery(tx: Tx, afterCursor: boolean) {
  const cursor = afterCursor
    ? sql`${placeholder('cursorDate')}::date, ${placeholder('cursorId')}::uuid`
    : sql`null::date, null::uuid`;
  const page = sql`account_entries_page(${placeholder('accountId')}::uuid, ${placeholder('userId')}::text, ${cursor}, ${placeholder('limit')}::int) as ${transactions}`;
  return tx
    .select(listedInAccountRawColumns(sql`${placeholder('accountId')}::uuid`))
    .from(page)
    .orderBy(...newestFirst)
    .prepare(afterCursor ? 'transactions_page_after' : 'transactions_page_first');
}

const firstPageQuery = preparedPerConnection((tx) => buildPageQuery(tx, false));
const laterPageQuery = preparedPerConnection((tx) => buildPageQuery(tx, true));

/**
 * The newest `limit` rows of the user's account; the account page reads its first page with this
 * same statement. Handed to the driver before it first awaits (so it can go out with others).
 */
export function newestTransactionRows(
  tx: Tx,
  params: { userId: string; accountId: string; limit: number },
): Promise<RawListedTransactionRow[]> {
  return rawRows<RawListedTransactionRow>(firstPageQuery(tx), params);
}

/**
 * One page of an account's transactions, newest first (date, then id), and the cursor of the
 * next page (null on the last). One query: it reads one row more than the page to know.
 * The caller has checked that the account is the user's.
 */
export async function listAccountTransactionsPage(
  tx: Tx,
  input: { userId: string; accountId: string; cursor?: TransactionCursor | null; limit?: number },
): Promise<{ items: ListedTransactionJson[]; nextCursor: string | null }> {
  const limit = input.limit ?? TRANSACTION_PAGE_SIZE;
  const params = { accountId: input.accountId, userId: input.userId, limit: limit + 1 };
  const rows = input.cursor
    ? await rawRows<RawListedTransactionRow>(laterPageQuery(tx), {
        ...params,
        cursorDate: input.cursor.date,
        cursorId: input.cursor.id,
      })
    : await newestTransactionRows(tx, params);
  return transactionPageOf(rows, limit);
}

/**
 * A page from up to `limit + 1` rows read newest first: the first `limit`, and a cursor after the
 * last of them when the extra row says there is more. The account page's first page is built
 * here too, so the list can go on from its cursor.
 */
export function transactionPageOf(
  rows: readonly RawListedTransactionRow[],
  limit: number,
): { items: ListedTransactionJson[]; nextCursor: string | null } {
  const items = rows.slice(0, limit).map(fromRawListedTransaction);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeCursor({ date: last.date, id: last.id }) : null,
  };
}

const insertOneQuery = preparedPerConnection((tx) =>
  tx
    .insert(transactions)
    .values({
      id: placeholder('id'),
      accountId: placeholder('accountId'),
      userId: placeholder('userId'),
      amountPence: placeholder('amountPence'),
      date: placeholder('date'),
      type: placeholder('type'),
      notes: placeholder('notes'),
    })
    .returning(transactionColumns)
    .prepare('insert_one_transaction'),
);

export async function insertTransactions(
  tx: Tx,
  userId: string,
  accountId: string,
  rows: readonly NewTransaction[],
): Promise<TransactionJson[]> {
  // One entry, the add form's usual case: a statement prepared once per connection.
  if (rows.length === 1) {
    const [row] = rows as [NewTransaction];
    const inserted = await insertOneQuery(tx).execute({ ...row, id: timeOrderedId(), userId, accountId });
    return inserted.map(toTransactionJson);
  }
  // execute() hands the statement to the driver at once (awaiting the builder would only in a
  // microtask), so a caller can send it together with others (`sentTogether`).
  const inserted = await tx
    .insert(transactions)
    .values(rows.map((row) => ({ ...row, id: timeOrderedId(), userId, accountId })))
    .returning(transactionColumns)
    .execute();
  return inserted.map(toTransactionJson);
}

/** The signed-in user's transaction with this id, with its stored notes (marker included), or null. */
export async function findOwnTransaction(
  tx: Tx,
  userId: string,
  id: string,
): Promise<(StoredTransactionFields & { id: string; accountId: string }) | null> {
  const [row] = await tx
    .select({
      id: transactions.id,
      accountId: transactions.accountId,
      type: transactions.type,
      amountPence: transactions.amountPence,
      date: transactions.date,
      notes: transactions.notes,
    })
    .from(transactions)
    .where(and(eq(transactions.id, id), eq(transactions.userId, userId), isInLiveAccount))
    .for('update');
  return row ?? null;
}

export async function updateTransaction(
  tx: Tx,
  userId: string,
  id: string,
  fields: { type: TransactionType; amountPence: number; date: string; notes: string | null },
): Promise<TransactionJson | null> {
  const [row] = await tx
    .update(transactions)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(and(eq(transactions.id, id), eq(transactions.userId, userId)))
    .returning(transactionColumns);
  return row ? toTransactionJson(row) : null;
}

export async function deleteTransaction(tx: Tx, userId: string, id: string): Promise<{ accountId: string } | null> {
  const [row] = await tx
    .delete(transactions)
    .where(and(eq(transactions.id, id), eq(transactions.userId, userId)))
    .returning({ accountId: transactions.accountId });
  return row ?? null;
}

/** Recomputes the account's balance from its transactions (SQL `recalculate_account_balance`). */
export async function recalculateBalance(tx: Tx, accountId: string): Promise<number | null> {
  const [row] = rowsOf<{ total: string | number | null }>(
    await tx.execute(sql`select recalculate_account_balance(${accountId}::uuid) as total`),
  );
  return row?.total === null || row?.total === undefined ? null : Number(row.total);
}

// ---------------------------------------------------------------------------------------------
// The transactions overview: every account of the user's, filtered, sorted and paged.

export const OVERVIEW_SORTS = ['date-desc', 'date-asc', 'amount-desc', 'amount-asc'] as const;
export type OverviewSort = (typeof OVERVIEW_SORTS)[number];

export type OverviewFilter = {
  accountId?: string;
  type?: TransactionType;
  from?: string;
  to?: string;
  /** Searched in the notes as shown (case-insensitive, anywhere; the standing-order marker is not searched). */
  q?: string;
};

export type OverviewTotals = {
  depositsPence: number;
  withdrawalsPence: number;
  interestPence: number;
  feesPence: number;
  netPence: number;
};

const shownNotes = sql`regexp_replace(coalesce(${transactions.notes}, ''), ${STANDING_ORDER_MARKER_PATTERN}, '')`;

function overviewConditions(userId: string, filter: OverviewFilter): SQL {
  const conditions: SQL[] = [eq(transactions.userId, userId), isInLiveAccount];
  if (filter.accountId) conditions.push(eq(transactions.accountId, filter.accountId));
  if (filter.type) conditions.push(eq(transactions.type, filter.type));
  if (filter.from) conditions.push(gte(transactions.date, filter.from));
  if (filter.to) conditions.push(lte(transactions.date, filter.to));
  const needle = filter.q?.trim().toLowerCase();
  // strpos, not LIKE: '%' and '_' in the search text are plain characters.
  if (needle) conditions.push(sql`strpos(lower(${shownNotes}), ${needle}) > 0`);
  return and(...conditions)!;
}

function overviewOrder(sort: OverviewSort): SQL[] {
  const byAmount = sort === 'amount-desc' ? desc(transactions.amountPence) : asc(transactions.amountPence);
  const byDate = sort === 'date-asc' ? [asc(transactions.date), asc(transactions.id)] : newestFirst;
  return sort.startsWith('amount') ? [byAmount, ...byDate] : byDate;
}

const overviewColumns = { ...transactionColumns, accountName: accounts.name };
/** The page's rows also say how each stands towards its account's balance (the CSV export does not). */
const overviewPageColumns = { ...overviewColumns, latestStatement: latestStatementSql, adjustmentPence: adjustmentSql };

export type OverviewItem = TransactionJson & { accountName: string };
export type OverviewPageItem = ListedTransactionJson & { accountName: string };

/**
 * The entry's account among the saver's own: joined on the id alone, the plan read every saver's
 * accounts for the names and row-level security dropped the others' (overview-reads.test.ts).
 */
const ownAccountOfEntry = (userId: string) => and(eq(accounts.id, transactions.accountId), eq(accounts.userId, userId));

function overviewSelect(tx: Tx, userId: string, filter: OverviewFilter, sort: OverviewSort) {
  return tx
    .select(overviewColumns)
    .from(transactions)
    .innerJoin(accounts, ownAccountOfEntry(userId))
    .where(overviewConditions(userId, filter))
    .orderBy(...overviewOrder(sort));
}

const toOverviewItem = (row: Parameters<typeof toTransactionJson>[0] & { accountName: string }): OverviewItem => ({
  ...toTransactionJson(row),
  accountName: row.accountName,
});

/** One page of the overview (two queries however many rows: the page, then the count and totals). */
export async function overviewPage(
  tx: Tx,
  userId: string,
  input: { filter: OverviewFilter; sort: OverviewSort; page: number; pageSize: number },
): Promise<{ items: OverviewPageItem[]; total: number; totals: OverviewTotals }> {
  const rows = await tx
    .select(overviewPageColumns)
    .from(transactions)
    .innerJoin(accounts, ownAccountOfEntry(userId))
    .where(overviewConditions(userId, input.filter))
    .orderBy(...overviewOrder(input.sort))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const money = (condition: SQL) =>
    sql<number>`coalesce(sum(${transactions.amountPence}) filter (where ${condition}), 0)::bigint`.mapWith(Number);
  const [summary] = await tx
    .select({
      total: sql<number>`count(*)::int`.mapWith(Number),
      // Opening balances count as money in, so the four figures add up to the net.
      depositsPence: money(sql`${transactions.type} in ('deposit', 'opening_balance')`),
      withdrawalsPence: money(sql`${transactions.type} = 'withdrawal'`),
      interestPence: money(sql`${transactions.type} = 'interest'`),
      feesPence: money(sql`${transactions.type} = 'fee'`),
      // A balance update states a balance: it moves no money, so it is in none of the figures.
      netPence: money(sql`${transactions.type} <> 'balance_update'`),
    })
    .from(transactions)
    .where(overviewConditions(userId, input.filter));
  const s = summary ?? { total: 0, depositsPence: 0, withdrawalsPence: 0, interestPence: 0, feesPence: 0, netPence: 0 };
  return {
    items: rows.map((row) => ({
      ...toOverviewItem(row),
      ...standingOf(row, row.latestStatement),
      adjustmentPence: row.adjustmentPence === null ? null : Number(row.adjustmentPence),
    })),
    total: s.total,
    // Money out as positive figures (what the page shows under "Withdrawals" and "Fees").
    totals: {
      depositsPence: s.depositsPence,
      withdrawalsPence: Math.abs(s.withdrawalsPence),
      interestPence: s.interestPence,
      feesPence: Math.abs(s.feesPence),
      netPence: s.netPence,
    },
  };
}

/** Every transaction the filter matches, in the chosen order (the CSV export). */
export async function overviewAll(
  tx: Tx,
  userId: string,
  filter: OverviewFilter,
  sort: OverviewSort,
): Promise<OverviewItem[]> {
  return (await overviewSelect(tx, userId, filter, sort)).map(toOverviewItem);
}
