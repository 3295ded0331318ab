/**
 * A transaction as the API sends it (the brief's `Transaction`): the signed amount in pence, the
 * date as 'yyyy-MM-dd', and notes as people see them (a standing-order marker removed). The
 * account detail endpoint reuses the schema, the columns and the mapper.
 */
import { displayNotes } from '../../core/transactions/standing-order-marker.ts';
import { BALANCE_STATEMENT_TYPES } from '../../core/balance/balance-rule.ts';
import type { SQL } from 'drizzle-orm';
import {
  ENTRY_STANDINGS,
  adjustmentSql,
  latestStatementInAccountSql,
  latestStatementSql,
  standingOf,
} from '../balance/standing-sql.ts';
import { TRANSACTION_TYPES, normaliseTransactionType } from '../../core/transactions/transaction-types.ts';
import { jsonValue } from '../db/json-object.ts';
import { named } from '../db/prepared.ts';
import { transactions } from '../db/schema/index.ts';
import { z } from '../http/route.ts';

export const TransactionSchema = z
  .object({
    id: z.string(),
    accountId: z.string(),
    amountPence: z.number().int().openapi({ description: 'Signed: withdrawals and fees are negative' }),
    date: z.string().openapi({ description: 'yyyy-MM-dd' }),
    type: z.enum(TRANSACTION_TYPES),
    notes: z.string().nullable().openapi({ description: "As shown: a standing order's marker is removed" }),
    standingOrderId: z.string().nullable().openapi({ description: 'The standing order that paid it, if any' }),
    createdAt: z.string(),
  })
  .openapi('Transaction');

export type TransactionJson = z.infer<typeof TransactionSchema>;

/** The columns `toTransactionJson` needs, for `select(transactionColumns)`. */
export const transactionColumns = {
  id: transactions.id,
  accountId: transactions.accountId,
  amountPence: transactions.amountPence,
  date: transactions.date,
  type: transactions.type,
  notes: transactions.notes,
  standingOrderId: transactions.standingOrderId,
  createdAt: transactions.createdAt,
};

export type TransactionRow = {
  id: string;
  accountId: string;
  amountPence: number;
  date: string;
  type: string;
  notes: string | null;
  standingOrderId: string | null;
  createdAt: Date | string;
};

export function toTransactionJson(row: TransactionRow): TransactionJson {
  return {
    id: row.id,
    accountId: row.accountId,
    amountPence: Number(row.amountPence),
    date: row.date,
    type: normaliseTransactionType(row.type),
    notes: displayNotes(row.notes),
    standingOrderId: row.standingOrderId,
    createdAt: row.createdAt instanceof Date ? row.createdAt.toISOString() : new Date(row.createdAt).toISOString(),
  };
}

/**
 * For hot reads (the transaction pages, the account page's newest 50): the columns as plain
 * named columns, taken raw (`rawRows`) and mapped by `fromRawTransaction`, the creation time as
 * the text `toISOString` would write. Cheaper for PostgreSQL than building each row's JSON, and
 * for the server than drizzle's per-field mapping; a test holds it to `toTransactionJson`.
 */
export const transactionRawColumns = {
  id: named(transactions.id, 'id'),
  accountId: named(transactions.accountId, 'account_id'),
  amountPence: named(transactions.amountPence, 'amount_pence'),
  date: named(transactions.date, 'date'),
  type: named(transactions.type, 'type'),
  notes: named(transactions.notes, 'notes'),
  standingOrderId: named(transactions.standingOrderId, 'standing_order_id'),
  createdAt: named(jsonValue(transactions.createdAt), 'created_at'),
};

export type RawTransactionRow = {
  id: string;
  account_id: string;
  amount_pence: number;
  date: string;
  type: string;
  notes: string | null;
  standing_order_id: string | null;
  created_at: string;
};

export function fromRawTransaction(row: RawTransactionRow): TransactionJson {
  return {
    id: row.id,
    accountId: row.account_id,
    amountPence: row.amount_pence,
    date: row.date,
    type: normaliseTransactionType(row.type),
    notes: displayNotes(row.notes),
    standingOrderId: row.standing_order_id,
    createdAt: row.created_at,
  };
}

/**
 * A transaction in a list (an account's pages, the overview): with how it stands towards the
 * account's balance (ADR 0022) and, for a balance statement, the adjustment it made.
 */
export const ListedTransactionSchema = TransactionSchema.extend({
  standing: z.enum(ENTRY_STANDINGS).openapi({
    description:
      "counted: adds to the balance; before-statement: dated before the account's latest stated balance, already counted in it; " +
      'statement: the stated balance the balance starts from; replaced-statement: an earlier stated balance',
  }),
  latestStatementType: z.enum(BALANCE_STATEMENT_TYPES).nullable().openapi({
    description:
      "The type of the account's latest stated balance (opening_balance or balance_update), which a before-statement entry is before; null when it has none",
  }),
  adjustmentPence: z
    .number()
    .int()
    .nullable()
    .openapi({
      description:
        'For a stated balance: what it said less what the entries before it showed (null for a first starting balance, ' +
        'when nothing came before, and for other entries)',
    }),
}).openapi('ListedTransaction');

export type ListedTransactionJson = z.infer<typeof ListedTransactionSchema>;

/** The listed columns: a transaction's, its account's latest statement and its adjustment (for the rows returned). */
export const listedTransactionRawColumns = {
  ...transactionRawColumns,
  latestStatement: named(latestStatementSql, 'latest_statement'),
  adjustmentPence: named(adjustmentSql, 'adjustment_pence'),
};

/** The same for a list of one account's rows, `account` a parameter: its latest statement is read once. */
export function listedInAccountRawColumns(account: SQL) {
  return {
    ...transactionRawColumns,
    latestStatement: named(latestStatementInAccountSql(account), 'latest_statement'),
    adjustmentPence: named(adjustmentSql, 'adjustment_pence'),
  };
}

export type RawListedTransactionRow = RawTransactionRow & {
  latest_statement: string | null;
  adjustment_pence: number | null;
};

export function fromRawListedTransaction(row: RawListedTransactionRow): ListedTransactionJson {
  const transaction = fromRawTransaction(row);
  return { ...transaction, ...standingOf(transaction, row.latest_statement), adjustmentPence: row.adjustment_pence };
}

/** One page of an account's transactions, newest first; `nextCursor` fetches the page after it. */
export const TransactionPageSchema = z
  .object({ items: z.array(ListedTransactionSchema), nextCursor: z.string().nullable() })
  .openapi('TransactionPage');
