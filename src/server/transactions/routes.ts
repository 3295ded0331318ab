/**
 * Transactions (001 §2 Transactions section, §5, §7; issue 5): an account's list with keyset
 * paging, adding one or several, editing, deleting, recalculating the balance, and the
 * overview of every account's transactions with filters, totals and a CSV export.
 *
 * Every write runs in one transaction and tells the owner's open tabs (`publishAccountChanged`;
 * adding transactions after its commit, ADR 0078); adding transactions sends its transaction whole, with the session opening when this process
 * knows the session (`commitWith` on the 'deferred' frame), the rest run in the request transaction. The balance is kept by database
 * triggers in that same transaction,
 * so a change and its balance commit or fail together: the spec's 'Transaction updated but
 * failed to update account balance' cannot happen here.
 */
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { calendarDateSchema } from '../../core/dates/calendar-date-schema.ts';
import { transactionsCsv } from '../../core/transactions/csv-export.ts';
import { notesWithMarkerKept } from '../../core/transactions/standing-order-marker.ts';
import {
  BALANCE_UPDATE_ONLY_BY_UPDATE,
  ENTERED_TRANSACTION_TYPES,
  TRANSACTION_TYPES,
} from '../../core/transactions/transaction-types.ts';
import {
  MAX_TRANSACTIONS_PER_REQUEST,
  checkNewTransactions,
  checkTransactionChange,
  openingBalanceCountError,
} from '../../core/transactions/validation.ts';
import { accountChangedEvent, publishAccountChanged } from '../accounts/account-events.ts';
import { AppError } from '../errors.ts';
import { afterCheck } from '../db/commit-with.ts';
import { actorOf, commitWith, readsOf, sessionOf, transactionOf, txOf } from '../http/access.ts';
import type { Tx } from '../db/client.ts';
import type { Deps } from '../http/context.ts';
import { afterCommit } from '../http/after-commit.ts';
import { sharedLineCache } from '../dashboard/line-cache.ts';
import { sharedOwnWrites } from '../kept/own-writes.ts';
import { newestEntries } from '../dashboard/kept-extras.ts';
import { BALANCE_STATEMENT_TYPES } from '../../core/balance/balance-rule.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { decodeCursor, isUuid } from './cursor.ts';
import { accountIdOf } from '../accounts/account-id.ts';
import {
  MAX_TRANSACTION_PAGE_SIZE,
  OVERVIEW_SORTS,
  TRANSACTION_PAGE_SIZE,
  accountBalance,
  accountBalanceAfterAdd,
  countOpeningBalances,
  deleteTransaction,
  findOwnAccount,
  findOwnTransaction,
  insertTransactions,
  listAccountTransactionsPage,
  overviewAll,
  overviewPage,
  recalculateBalance,
  requireOwnAccount,
  updateTransaction,
  type OverviewFilter,
} from './queries.ts';
import { ListedTransactionSchema, TransactionPageSchema, TransactionSchema } from './transaction-json.ts';

export const ACCOUNT_NOT_FOUND = 'Account not found';
export const BALANCE_UPDATE_NOT_EDITABLE = 'A balance update cannot be edited: update the balance again, or delete it';
export const TRANSACTION_NOT_FOUND = 'Transaction not found';
export const OVERVIEW_PAGE_SIZE = 25;

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const notFound = {
  description: 'No such account or transaction of yours',
  content: { 'application/json': { schema: z.object({ error: z.object({ code: z.string(), message: z.string() }) }) } },
};

const IdParams = z.object({ id: z.string().max(100) });

// Amounts are judged by core: one rule for every path (docs/decisions/0024), with the spec's
// message for an amount that is not a number (which differs between one transaction, several and
// an update), so the schema lets any value through to it.
const amountField = z.unknown().openapi({
  type: 'integer',
  description: 'Pence as typed, greater than 0 (an opening balance may be 0): the type gives the sign',
});

const NewTransactionSchema = z
  .object({
    type: z
      .string('Choose a transaction type')
      .max(40, 'Choose a transaction type')
      .openapi({
        description: `One of ${ENTERED_TRANSACTION_TYPES.join(', ')}; any other is a deposit (a balance_update is refused: POST /api/accounts/{id}/balance-updates makes one)`,
      }),
    amountPence: amountField.optional(),
    date: z
      .string('Please enter a valid date')
      .max(10, 'Please enter a valid date')
      .openapi({ format: 'date', description: 'yyyy-MM-dd' }),
    notes: z.string('Notes must be text').max(2_000, 'Notes must be 500 characters or fewer').nullable().optional(),
  })
  .openapi('NewTransaction');

const AddBodySchema = z
  .object({
    transactions: z
      .array(NewTransactionSchema, 'Add at least one transaction')
      .max(MAX_TRANSACTIONS_PER_REQUEST, `Add at most ${MAX_TRANSACTIONS_PER_REQUEST} transactions at a time`),
  })
  .openapi('NewTransactions', {
    example: { transactions: [{ type: 'deposit', amountPence: 12_550, date: '2026-03-14', notes: 'Birthday' }] },
  });

const ChangeSchema = z
  .strictObject({
    type: z.string('Choose a transaction type').max(40, 'Choose a transaction type').optional(),
    amountPence: amountField.optional(),
    date: z
      .string('Please enter a valid date')
      .max(10, 'Please enter a valid date')
      .openapi({ format: 'date' })
      .optional(),
    notes: z.string('Notes must be text').max(2_000, 'Notes must be 500 characters or fewer').nullable().optional(),
  })
  .refine((value) => Object.keys(value).length > 0, 'Nothing to update')
  .openapi('TransactionChange');

const WithBalance = <T extends z.ZodRawShape>(shape: T) =>
  z.object({
    ...shape,
    balancePence: z.number().int().openapi({ description: "The account's balance after the change" }),
  });

const OverviewItemSchema = ListedTransactionSchema.extend({ accountName: z.string() }).openapi('OverviewTransaction');
const TotalsSchema = z
  .object({
    depositsPence: z.number().int().openapi({ description: 'Deposits and opening balances' }),
    withdrawalsPence: z.number().int().openapi({ description: 'As a positive figure' }),
    interestPence: z.number().int(),
    feesPence: z.number().int().openapi({ description: 'As a positive figure' }),
    netPence: z
      .number()
      .int()
      .openapi({ description: 'The sum of every matching transaction but balance updates (they move no money)' }),
  })
  .openapi('TransactionTotals');
const OverviewSchema = z
  .object({
    items: z.array(OverviewItemSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    totals: TotalsSchema,
  })
  .openapi('TransactionOverview');

const dateParam = (message: string) => calendarDateSchema(message).optional();
const OverviewFilterShape = {
  accountId: z.string().refine(isUuid, 'Choose an account from the list').optional(),
  type: z.enum(TRANSACTION_TYPES, 'Choose a transaction type from the list').optional(),
  from: dateParam('The start date must be a date (yyyy-MM-dd)'),
  to: dateParam('The end date must be a date (yyyy-MM-dd)'),
  q: z.string().max(100, 'Search text must be 100 characters or fewer').optional(),
  sort: z.enum(OVERVIEW_SORTS, `Sort must be one of ${OVERVIEW_SORTS.join(', ')}`).optional(),
};
const datesInOrder = (v: { from?: string; to?: string }) => !v.from || !v.to || v.from <= v.to;
const DATES_IN_ORDER = 'The start date must be on or before the end date';
const OverviewQuery = z.object(OverviewFilterShape).refine(datesInOrder, DATES_IN_ORDER);
const PagedOverviewQuery = z
  .object({
    ...OverviewFilterShape,
    page: z.coerce
      .number('Page must be a whole number')
      .int('Page must be a whole number')
      .min(1, 'Page must be 1 or more')
      .max(100_000, 'Page must be 100000 or less')
      .optional(),
    pageSize: z.coerce
      .number('Page size must be a whole number')
      .int('Page size must be a whole number')
      .min(1, 'Page size must be between 1 and 100')
      .max(100, 'Page size must be between 1 and 100')
      .optional(),
  })
  .refine(datesInOrder, DATES_IN_ORDER);

function filterOf(query: OverviewFilter): OverviewFilter {
  return { accountId: query.accountId, type: query.type, from: query.from, to: query.to, q: query.q };
}

/** The user's account for a path id; an unknown, malformed or someone else's id is 404. */
async function ownAccountOr404(c: Parameters<typeof txOf>[0], id: string, tx = txOf(c)) {
  const account = isUuid(id) ? await findOwnAccount(tx, actorOf(c), id) : null;
  if (!account) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND);
  return account;
}

export function transactionRoutes(deps: Deps) {
  const app = createRouter();

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      frame: 'on-demand',
      method: 'get',
      path: '/api/accounts/{id}/transactions',
      summary: "One page of an account's transactions, newest first; pass nextCursor as cursor for the next page",
      request: {
        params: IdParams,
        query: z.object({
          cursor: z.string().max(200, 'That page link is not valid').optional(),
          limit: z.coerce
            .number('The page size must be a whole number')
            .int('The page size must be a whole number')
            .min(1, `The page size must be between 1 and ${MAX_TRANSACTION_PAGE_SIZE}`)
            .max(MAX_TRANSACTION_PAGE_SIZE, `The page size must be between 1 and ${MAX_TRANSACTION_PAGE_SIZE}`)
            .optional(),
        }),
      },
      responses: { 200: json(TransactionPageSchema, 'The page'), 404: notFound },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { cursor: cursorText, limit } = c.req.valid('query');
      const cursor = cursorText === undefined ? null : decodeCursor(cursorText);
      if (cursorText !== undefined && !cursor)
        throw new AppError('VALIDATION_FAILED', 'That page link is not valid', { field: 'cursor' });
      if (!isUuid(id)) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND);
      const { userId } = sessionOf(c);
      // The account check and the page go together with COMMIT; the page reads the user's rows
      // only, so it is empty when the account is not theirs, and the check answers 404.
      const [account, page] = await readsOf(c)(
        (tx) =>
          Promise.all([
            findOwnAccount(tx, userId, id),
            listAccountTransactionsPage(tx, { userId, accountId: id, cursor, limit: limit ?? TRANSACTION_PAGE_SIZE }),
          ]),
        { atOnce: true },
      );
      if (!account) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND);
      return c.json(page, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      // The add's statements with COMMIT in a transaction of their own, sent with the opening when
      // this process knows the session (one round trip), else after the opening alone.
      frame: 'deferred',
      method: 'post',
      path: '/api/accounts/{id}/transactions',
      summary: 'Add one transaction or several at once (amounts as typed; withdrawals and fees are stored negative)',
      request: {
        params: IdParams,
        body: { content: { 'application/json': { schema: AddBodySchema } }, required: true },
      },
      responses: {
        201: json(WithBalance({ items: z.array(TransactionSchema) }), 'Added, in the order sent'),
        404: notFound,
      },
    }),
    async (c) => {
      // In lower case, as the database writes it: the kept answers' facts name accounts that way.
      const id = accountIdOf(c.req.valid('param').id);
      const { transactions } = c.req.valid('json');
      const userId = actorOf(c);
      const statement = transactions.findIndex((t) => t.type === 'balance_update');
      if (statement >= 0)
        throw new AppError('VALIDATION_FAILED', BALANCE_UPDATE_ONLY_BY_UPDATE, { field: `transactions.${statement}` });
      const checked = checkNewTransactions(transactions);
      if (!checked.ok) {
        throw new AppError(
          'VALIDATION_FAILED',
          checked.message,
          checked.index === undefined ? undefined : { field: `transactions.${checked.index}` },
        );
      }
      const types = checked.value.map((t) => t.type);
      const today = calendarDateInLondon(deps.clock.now());
      // The account check, the insert, the new balance (and COMMIT, when nothing was read first)
      // sent together: they run in this order (the balance sees the insert), and a missing
      // account or a failed insert fails the rest and rolls back. Its event goes after COMMIT.
      const add = (tx: Tx) =>
        afterCheck(
          requireOwnAccount(tx, userId, id, () => new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND)),
          Promise.all([insertTransactions(tx, userId, id, checked.value), accountBalanceAfterAdd(tx, id, today)]),
        );
      // An opening balance is counted first, with the account locked until COMMIT.
      const [items, after] = types.includes('opening_balance')
        ? await transactionOf(c)(async (tx) => {
            await ownAccountOr404(c, id, tx);
            const openingMessage = openingBalanceCountError(await countOpeningBalances(tx, id), types);
            if (openingMessage) throw new AppError('VALIDATION_FAILED', openingMessage);
            return add(tx);
          })
        : await commitWith(c, add);
      // The versions the opening read, before the add's bump: in the add's own transaction when
      // it was sent with the opening, so a step of exactly one is this add's.
      const { dataVersions } = sessionOf(c);
      // Entries dated today move only today's point of the dashboard's line: carried into the
      // line this server keeps instead of read again (line-cache.ts says when that holds).
      // The owner's open tabs, here at once and on other instances by a NOTIFY of its own: one
      // inside the add's transaction would make every adding commit wait for the one before it
      // (docs/decisions/0078). A task of its own, so nothing it throws stops the ones below.
      afterCommit(c, () => deps.hub.publishCommitted(accountChangedEvent(userId, [id])));
      afterCommit(c, () => {
        sharedLineCache.carryForward(userId, {
          today,
          accountId: id,
          ledgerVersion: after.ledgerVersion,
          firstEntry: after.firstEntry,
          entries: items,
          statementTypes: BALANCE_STATEMENT_TYPES,
        });
        // Kept answers this account does not feed (another account's page) hold for the new
        // version; the dashboard's newest entries take what the add can show of them, and the
        // kept protection rows its new balance.
        sharedOwnWrites.record(userId, dataVersions?.userVersion, after.userVersion, {
          accountIds: [id],
          entries: newestEntries(items),
          balances: [{ accountId: id, today, balancePence: after.balancePence, ledgerVersion: after.ledgerVersion }],
        });
      });
      return c.json({ items, balancePence: after.balancePence }, 201);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'patch',
      path: '/api/transactions/{id}',
      summary:
        'Change a transaction (type, amount as typed, date, notes); a standing-order marker in the notes is kept',
      request: {
        params: IdParams,
        body: { content: { 'application/json': { schema: ChangeSchema } }, required: true },
      },
      responses: {
        200: json(WithBalance({ transaction: TransactionSchema }), 'The changed transaction'),
        404: notFound,
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const change = c.req.valid('json');
      const { userId } = sessionOf(c);
      const tx = txOf(c);
      const stored = isUuid(id) ? await findOwnTransaction(tx, userId, id) : null;
      if (!stored) throw new AppError('NOT_FOUND', TRANSACTION_NOT_FOUND);
      if (stored.type === 'balance_update') throw new AppError('VALIDATION_FAILED', BALANCE_UPDATE_NOT_EDITABLE);
      if (change.type === 'balance_update')
        throw new AppError('VALIDATION_FAILED', BALANCE_UPDATE_ONLY_BY_UPDATE, { field: 'type' });
      const checked = checkTransactionChange(stored, change);
      if (!checked.ok) throw new AppError('VALIDATION_FAILED', checked.message);
      if (checked.value.type === 'opening_balance' && stored.type !== 'opening_balance') {
        const message = openingBalanceCountError(await countOpeningBalances(tx, stored.accountId, id), [
          'opening_balance',
        ]);
        if (message) throw new AppError('VALIDATION_FAILED', message, { field: 'type' });
      }
      const notes = change.notes === undefined ? stored.notes : notesWithMarkerKept(stored.notes, checked.value.notes);
      const transaction = await updateTransaction(tx, userId, id, { ...checked.value, notes });
      if (!transaction) throw new AppError('NOT_FOUND', TRANSACTION_NOT_FOUND);
      await publishAccountChanged(tx, userId, [stored.accountId]);
      return c.json(
        {
          transaction,
          balancePence: await accountBalance(tx, stored.accountId, calendarDateInLondon(deps.clock.now())),
        },
        200,
      );
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'delete',
      path: '/api/transactions/{id}',
      summary: 'Delete a transaction (the account balance follows)',
      request: { params: IdParams },
      responses: { 200: json(WithBalance({ id: z.string(), accountId: z.string() }), 'Deleted'), 404: notFound },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { userId } = sessionOf(c);
      const tx = txOf(c);
      const deleted = isUuid(id) ? await deleteTransaction(tx, userId, id) : null;
      if (!deleted) throw new AppError('NOT_FOUND', TRANSACTION_NOT_FOUND);
      await publishAccountChanged(tx, userId, [deleted.accountId]);
      return c.json(
        {
          id,
          accountId: deleted.accountId,
          balancePence: await accountBalance(tx, deleted.accountId, calendarDateInLondon(deps.clock.now())),
        },
        200,
      );
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/accounts/{id}/balance/recalculate',
      summary:
        "Recompute the account's balance by the balance rule: its latest stated balance plus the entries from that date (the sum when it has none)",
      request: { params: IdParams },
      responses: {
        200: json(z.object({ balancePence: z.number().int() }).openapi('RecalculatedBalance'), 'The balance'),
        404: notFound,
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { userId } = sessionOf(c);
      await ownAccountOr404(c, id);
      const tx = txOf(c);
      if ((await recalculateBalance(tx, id)) === null) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND);
      await publishAccountChanged(tx, userId, [id]);
      // The balance the page shows: money today (ADR 0044).
      return c.json({ balancePence: await accountBalance(tx, id, calendarDateInLondon(deps.clock.now())) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/transactions',
      summary:
        "The signed-in user's transactions across accounts: filtered, sorted, one page, with totals for the whole filter",
      request: { query: PagedOverviewQuery },
      responses: { 200: json(OverviewSchema, 'One page and the totals') },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? OVERVIEW_PAGE_SIZE;
      const result = await overviewPage(txOf(c), sessionOf(c).userId, {
        filter: filterOf(query),
        sort: query.sort ?? 'date-desc',
        page,
        pageSize,
      });
      return c.json({ ...result, page, pageSize }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/transactions/export.csv',
      summary: 'The transactions the overview filter matches, as a CSV attachment (ISO dates, amounts in pounds)',
      request: { query: OverviewQuery },
      responses: { 200: { description: 'CSV with a header row', content: { 'text/csv': { schema: z.string() } } } },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const rows = await overviewAll(txOf(c), sessionOf(c).userId, filterOf(query), query.sort ?? 'date-desc');
      const today = calendarDateInLondon(deps.clock.now());
      // A byte-order mark, so spreadsheet programs read the file as UTF-8.
      return c.body(`\uFEFF${transactionsCsv(rows)}`, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="savvypig-transactions-${today}.csv"`,
        'Cache-Control': 'no-store',
      });
    },
  );

  return app;
}
