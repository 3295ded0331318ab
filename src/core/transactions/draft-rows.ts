/**
 * The rows of the 'Add Transactions' dialog (001 §2, §5): each row is a type, an amount typed in
 * pounds, a date and notes. Only rows that count (`isCountableRow`) are saved; the others are
 * ignored, and the add button reads 'Add N Transaction(s)' for the N that count.
 */
import { amountFromText } from './amount-text.ts';
import type { EnteredTransactionType } from './transaction-types.ts';
import { checkNewTransactions, isCountableRow } from './validation.ts';

export type DraftRow = { type: EnteredTransactionType; amountText: string; date: string; notes: string };

/** A new empty row: a deposit dated `today` (the caller's UK date). */
export function emptyDraftRow(today: string): DraftRow {
  return { type: 'deposit', amountText: '', date: today, notes: '' };
}

export function countableRowCount(rows: readonly DraftRow[]): number {
  return rows.filter(isCountableRow).length;
}

/** The add button's text: 'Add 1 Transaction(s)', 'Add 3 Transaction(s)' (the spec's wording). */
export function addButtonLabel(count: number): string {
  return `Add ${count} Transaction(s)`;
}

/** The API body for the rows that count: unsigned pence as typed (the server applies the sign). */
export type DraftSubmission =
  | { ok: true; transactions: { type: EnteredTransactionType; amountPence: number; date: string; notes: string }[] }
  | { ok: false; message: string; rowIndex?: number };

export function draftSubmission(rows: readonly DraftRow[]): DraftSubmission {
  const counted = rows.map((row, rowIndex) => ({ row, rowIndex })).filter(({ row }) => isCountableRow(row));
  const transactions = counted.map(({ row }) => ({
    type: row.type,
    amountPence: amountFromText(row.amountText)!,
    date: row.date,
    notes: row.notes.trim(),
  }));
  const checked = checkNewTransactions(transactions);
  if (!checked.ok)
    return {
      ok: false,
      message: checked.message,
      rowIndex: checked.index === undefined ? undefined : counted[checked.index]?.rowIndex,
    };
  return { ok: true, transactions };
}
