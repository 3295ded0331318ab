/**
 * A transaction as the API sends it (the brief's `Transaction`): the signed amount in pence, the
 * date as 'yyyy-MM-dd', and notes as people see them (a standing-order marker removed). The
 * account detail endpoint reuses the schema, the columns and the mapper.
 */
import { displayNotes } from '../../core/transactions/standing-order-marker.ts';
import { TRANSACTION_TYPES, normaliseTransactionType } from '../../core/transactions/transaction-types.ts';
import { sql } from 'drizzle-orm';
import { jsonObject } from '../db/json-object.ts';
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
 * For hot reads: the transaction as API JSON built by PostgreSQL (one column a row instead of
 * eight mapped by drizzle), keys in `toTransactionJson`'s order; the type and notes come as
 * stored and `completeTransactionJson` finishes them. A test holds the two ways to each other.
 */
export const transactionJsonColumn = sql<TransactionJson>`${jsonObject(transactionColumns)}`;

/** A `transactionJsonColumn` value as the API sends it: the type normalised, the notes as shown (in place). */
export function completeTransactionJson(json: TransactionJson): TransactionJson {
  json.type = normaliseTransactionType(json.type);
  json.notes = displayNotes(json.notes);
  return json;
}

/** One page of an account's transactions, newest first; `nextCursor` fetches the page after it. */
export const TransactionPageSchema = z
  .object({ items: z.array(TransactionSchema), nextCursor: z.string().nullable() })
  .openapi('TransactionPage');
