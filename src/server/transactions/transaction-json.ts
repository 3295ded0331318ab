/**
 * A transaction as the API sends it (the brief's `Transaction`): the signed amount in pence, the
 * date as 'yyyy-MM-dd', and notes as people see them (a standing-order marker removed). The
 * account detail endpoint reuses the schema, the columns and the mapper.
 */
import { displayNotes } from '../../core/transactions/standing-order-marker.ts';
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

/** One page of an account's transactions, newest first; `nextCursor` fetches the page after it. */
export const TransactionPageSchema = z
  .object({ items: z.array(TransactionSchema), nextCursor: z.string().nullable() })
  .openapi('TransactionPage');
