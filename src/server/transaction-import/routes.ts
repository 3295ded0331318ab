/**
 * Importing transactions read from a bank's CSV file (the web app reads and maps the file;
 * src/core/transaction-import/). The server checks every row again, finds duplicates against the
 * account's own transactions, and adds the rows in the request's one database transaction: all
 * of them or none. The balance follows by the database's triggers.
 */
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  BALANCE_STATEMENT_TYPES,
  type BalanceStatementType,
  isBalanceStatement,
} from '../../core/balance/balance-rule.ts';
import { SUPPORTED_YEARS } from '../../core/dates/calendar-date.ts';
import { calendarDateSchema } from '../../core/dates/calendar-date-schema.ts';
import { MAX_AMOUNT_PENCE } from '../../core/transaction-import/amounts.ts';
import { type DuplicateOf, duplicateKey, findDuplicates } from '../../core/transaction-import/duplicates.ts';
import { displayNotes } from '../../core/transactions/standing-order-marker.ts';
import { TRANSACTION_MESSAGES } from '../../core/transactions/validation.ts';
import {
  IMPORT_TRANSACTION_TYPES,
  type ImportTransactionType,
  MAX_IMPORT_ROWS,
  NOTES_MAX,
  amountFitsType,
  inferTransactionType,
  tooManyRowsMessage,
} from '../../core/transaction-import/rows.ts';
import { publishAccountChanged } from '../accounts/account-events.ts';
import type { Tx } from '../db/client.ts';
import { accounts, isLiveAccount, transactions } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { sessionOf, txOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';

export const IMPORT_MESSAGES = {
  accountNotFound: 'Account not found',
  noRows: 'There are no transactions to import',
  date: 'Each transaction needs a real date (YYYY-MM-DD)',
  dateYears: `Each transaction's date must be in the years ${SUPPORTED_YEARS}`,
  amount: 'Each transaction needs an amount in whole pence, at most £999,999,999.99',
  // The one amount rule (docs/decisions/0024): the same words as adding a £0 transaction any other way.
  zero: TRANSACTION_MESSAGES.notPositive,
  signForType: 'A withdrawal or fee must be money out (negative); a deposit or interest money in (positive)',
  notes: `Notes must be ${NOTES_MAX} characters or fewer`,
} as const;

/** A full import: 5,000 rows of long notes is about 3 MB of JSON (the app's default limit is 1 MB). */
export const IMPORT_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
const IMPORT_PATH = /^\/api\/accounts\/[^/]+\/transactions\/import(?:\/preview)?$/;

/** Whether a request path is an import: these routes set their own body limit. */
export function isTransactionImportPath(path: string): boolean {
  return IMPORT_PATH.test(path);
}

const ImportRowSchema = z
  .object({
    date: calendarDateSchema(IMPORT_MESSAGES.date, IMPORT_MESSAGES.dateYears),
    amountPence: z
      .number(IMPORT_MESSAGES.amount)
      .int(IMPORT_MESSAGES.amount)
      .refine((n) => Math.abs(n) <= MAX_AMOUNT_PENCE, IMPORT_MESSAGES.amount)
      .refine((n) => n !== 0, IMPORT_MESSAGES.zero),
    type: z.enum(IMPORT_TRANSACTION_TYPES, `type must be one of ${IMPORT_TRANSACTION_TYPES.join(', ')}`).optional(),
    notes: z.string('Notes must be text').max(NOTES_MAX, IMPORT_MESSAGES.notes).nullable().optional(),
  })
  .refine((row) => row.type === undefined || amountFitsType(row.type, row.amountPence), {
    message: IMPORT_MESSAGES.signForType,
    path: ['type'],
  })
  .openapi('ImportTransactionRow');

const IMPORT_EXAMPLE_ROWS = [
  { date: '2026-01-02', amountPence: 250_000, notes: 'SALARY ACME LTD' },
  { date: '2026-01-03', amountPence: -1_234, type: 'withdrawal', notes: 'TESCO STORES 2041' },
];

// The row count is checked before any row is: a 6,000-row file hears about its size, not row 5,001's date.
const RowsSchema = z
  .array(z.unknown(), 'rows must be a list of transactions')
  .min(1, IMPORT_MESSAGES.noRows)
  .max(MAX_IMPORT_ROWS, {
    error: (issue) => tooManyRowsMessage(Array.isArray(issue.input) ? issue.input.length : MAX_IMPORT_ROWS + 1),
  })
  .pipe(z.array(ImportRowSchema));

const ImportSchema = z
  .object({
    rows: RowsSchema,
    skipDuplicates: z.boolean('skipDuplicates must be true or false').default(true),
  })
  .openapi('TransactionImport', { example: { rows: IMPORT_EXAMPLE_ROWS, skipDuplicates: true } });

const PreviewSchema = z
  .object({ rows: RowsSchema })
  .openapi('TransactionImportPreview', { example: { rows: IMPORT_EXAMPLE_ROWS } });

const IdParams = z.object({
  id: z.uuid(IMPORT_MESSAGES.accountNotFound).openapi({ param: { name: 'id', in: 'path' } }),
});

type Row = z.infer<typeof ImportRowSchema>;

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** The signed-in user's account, locked against a second import running at once; 404 for anyone else's. */
async function findOwnAccount(tx: Tx, userId: string, accountId: string, lock: boolean): Promise<void> {
  const query = tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.userId, userId), isLiveAccount));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', IMPORT_MESSAGES.accountNotFound);
}

/** Each row's duplicate finding against the account's transactions in the rows' date range and earlier rows. */
async function duplicatesOf(tx: Tx, accountId: string, rows: readonly Row[]): Promise<DuplicateOf[]> {
  const dates = rows.map((r) => r.date).sort();
  const existing = await tx
    .select({ date: transactions.date, amountPence: transactions.amountPence, notes: transactions.notes })
    .from(transactions)
    .where(
      and(
        eq(transactions.accountId, accountId),
        gte(transactions.date, dates[0]!),
        lte(transactions.date, dates.at(-1)!),
      ),
    );
  // Compared as the user sees them: a standing-order payment's marker is not on their statement.
  const keys = new Set(existing.map((t) => duplicateKey({ ...t, notes: displayNotes(t.notes) })));
  return findDuplicates(
    rows.map((r) => ({ date: r.date, amountPence: r.amountPence, notes: r.notes ?? null })),
    keys,
  );
}

/** The account's latest balance statement (ADR 0022), from transactions_account_statement_idx. */
async function latestStatementOf(
  tx: Tx,
  accountId: string,
): Promise<{ date: string; type: BalanceStatementType } | null> {
  const [row] = await tx
    .select({ date: transactions.date, type: transactions.type })
    .from(transactions)
    .where(and(eq(transactions.accountId, accountId), inArray(transactions.type, [...BALANCE_STATEMENT_TYPES])))
    .orderBy(
      sql`${transactions.date} desc nulls last`,
      sql`${transactions.createdAt} desc nulls last`,
      sql`${transactions.id} desc nulls last`,
    )
    .limit(1);
  return row && isBalanceStatement(row.type) ? { date: row.date, type: row.type } : null;
}

/** Rows per INSERT: six parameters each, well inside PostgreSQL's 65,535. */
const INSERT_CHUNK = 1000;

export function transactionImportRoutes(deps: Deps) {
  const app = createRouter();

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/accounts/{id}/transactions/import/preview',
      summary:
        "Which of these rows duplicate the account's transactions or an earlier row (same date, amount and notes)",
      request: {
        params: IdParams,
        body: { content: { 'application/json': { schema: PreviewSchema } }, required: true },
      },
      responses: {
        200: json(
          z.object({
            duplicates: z.array(z.enum(['existing', 'file']).nullable()),
            latestStatement: z
              .object({ date: z.string().openapi({ format: 'date' }), type: z.enum(BALANCE_STATEMENT_TYPES) })
              .nullable()
              .openapi({
                description:
                  "The account's latest stated balance: rows dated before it are history, already counted in it, and leave the balance as it is",
              }),
          }),
          "One entry per row: 'existing', 'file' (an earlier row of the same import) or null; and the account's latest stated balance",
        ),
        404: json(z.object({}), IMPORT_MESSAGES.accountNotFound),
      },
    }),
    async (c) => {
      const tx = txOf(c);
      const { id } = c.req.valid('param');
      await findOwnAccount(tx, sessionOf(c).userId, id, false);
      const duplicates = await duplicatesOf(tx, id, c.req.valid('json').rows);
      return c.json({ duplicates, latestStatement: await latestStatementOf(tx, id) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/accounts/{id}/transactions/import',
      summary:
        'Add up to 5,000 transactions at once (signed pence), skipping duplicates unless told not to; all or nothing',
      request: {
        params: IdParams,
        body: { content: { 'application/json': { schema: ImportSchema } }, required: true },
      },
      responses: {
        200: json(
          z.object({ imported: z.number().int(), duplicates: z.number().int() }),
          'How many were added, and how many duplicates were found',
        ),
        404: json(z.object({}), IMPORT_MESSAGES.accountNotFound),
      },
    }),
    async (c) => {
      const tx = txOf(c);
      const { userId } = sessionOf(c);
      const { id } = c.req.valid('param');
      const { rows, skipDuplicates } = c.req.valid('json');
      await findOwnAccount(tx, userId, id, true);
      const findings = await duplicatesOf(tx, id, rows);
      const adding = rows.filter((_, i) => !skipDuplicates || findings[i] === null);
      for (let start = 0; start < adding.length; start += INSERT_CHUNK) {
        await tx.insert(transactions).values(
          adding.slice(start, start + INSERT_CHUNK).map((row) => ({
            accountId: id,
            userId,
            date: row.date,
            amountPence: row.amountPence,
            type: (row.type ?? inferTransactionType(row.amountPence, row.notes ?? null)) as ImportTransactionType,
            notes: row.notes?.trim() ? row.notes : null,
          })),
        );
      }
      if (adding.length > 0) await publishAccountChanged(tx, userId, [id]);
      return c.json({ imported: adding.length, duplicates: findings.filter((f) => f !== null).length }, 200);
    },
  );

  return app;
}
