/**
 * INTERIM (issue 5, helper B): the contract's `Transaction` JSON, written here because
 * `src/server/transactions/transaction-json.ts` (helper C) did not exist yet on this branch.
 * When C's module is merged, use its schema and mapper (and C's `displayNotes`) and delete this file.
 */
import { z } from '../http/route.ts';
import type { TransactionRow } from './queries.ts';

export const TransactionSchema = z
  .object({
    id: z.string(),
    accountId: z.string(),
    /** Signed: withdrawals and fees are negative. */
    amountPence: z.number().int(),
    date: z.string(),
    type: z.enum(['deposit', 'withdrawal', 'interest', 'fee', 'opening_balance']),
    /** Without the standing-order marker. */
    notes: z.string().nullable(),
    standingOrderId: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('Transaction');

export type TransactionJson = z.infer<typeof TransactionSchema>;

// The marker a standing-order payment's notes end with (001 §3): bookkeeping, never shown.
const STANDING_ORDER_MARKER = /\s*\[standing-order:[0-9A-Fa-f-]+\]\s*$/;

export function transactionJson(row: TransactionRow): TransactionJson {
  const notes = row.notes === null ? null : row.notes.replace(STANDING_ORDER_MARKER, '');
  return { ...row, notes: notes === '' && row.notes !== '' ? null : notes, createdAt: row.createdAt.toISOString() };
}
