/**
 * The transaction rules of 001 §5, with the spec's messages verbatim, and one amount rule for
 * every way a transaction is made (docs/decisions/0024):
 * - an amount that is not a number: the spec's message for the form it came from (one
 *   transaction 'Please enter a valid amount', an update 'Please enter a valid transaction
 *   amount', several 'Please enter valid amounts for all transactions');
 * - an opening balance may be 0, never negative ('Opening balance cannot be negative');
 * - every other type greater than 0 ('Transaction amounts must be greater than 0'), alone, in a
 *   batch, on an update, in an import and as a standing order's amount. The spec says "not
 *   negative" for one transaction and "greater than 0" for several; a £0 deposit, withdrawal,
 *   interest or fee records nothing, so the stricter rule holds everywhere.
 * Amounts arrive as typed: positive pence, the sign is applied afterwards (`signedAmountPence`).
 * "Not a number" is anything but whole pence within `MAX_TRANSACTION_PENCE` (the dialogs turn
 * text that is not a number, or has more than two decimals, into null).
 */
import { isSupportedDate } from '../dates/calendar-date.ts';
import { MAX_TRANSACTION_PENCE, amountFromText } from './amount-text.ts';
import { displayNotes } from './standing-order-marker.ts';
import { normaliseTransactionType, signedAmountPence, type TransactionType } from './transaction-types.ts';

export const TRANSACTION_MESSAGES = {
  invalidAmount: 'Please enter a valid amount',
  invalidUpdateAmount: 'Please enter a valid transaction amount',
  invalidAmounts: 'Please enter valid amounts for all transactions',
  negativeOpeningBalance: 'Opening balance cannot be negative',
  notPositive: 'Transaction amounts must be greater than 0',
  // Ours: the spec gives no text for these.
  invalidDate: 'Please enter a valid date',
  notesTooLong: 'Notes must be 500 characters or fewer',
  noTransactions: 'Add at least one transaction',
  tooMany: 'Add at most 100 transactions at a time',
  secondOpeningBalance:
    'This account already has an opening balance. To say what it holds now, use Update balance; to correct the starting balance, edit it.',
  oneOpeningBalance: 'An account has one opening balance: add the others as deposits',
} as const;

export const MAX_NOTES_LENGTH = 500;
/** How many transactions one 'Add Transactions' request may carry. */
export const MAX_TRANSACTIONS_PER_REQUEST = 100;

/** Whole pence within the product's range (negative allowed here: the rules below judge the sign). */
export function isPence(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && Math.abs(value) <= MAX_TRANSACTION_PENCE;
}

/**
 * The one sign rule for an amount as typed (a number): an opening balance not negative, any
 * other type greater than 0. The message, or null when the amount is fine.
 */
export function amountSignError(type: TransactionType, amountPence: number): string | null {
  if (type === 'opening_balance') return amountPence < 0 ? TRANSACTION_MESSAGES.negativeOpeningBalance : null;
  return amountPence > 0 ? null : TRANSACTION_MESSAGES.notPositive;
}

/** The single-transaction rule: 'Please enter a valid amount' for no number, then the sign rule; null when fine. */
export function singleAmountError(type: unknown, amountPence: unknown): string | null {
  if (!isPence(amountPence)) return TRANSACTION_MESSAGES.invalidAmount;
  return amountSignError(normaliseTransactionType(type), amountPence);
}

/** The update rule: 'Please enter a valid transaction amount' for no number, then the sign rule; null when fine. */
export function updateAmountError(type: unknown, amountPence: unknown): string | null {
  if (!isPence(amountPence)) return TRANSACTION_MESSAGES.invalidUpdateAmount;
  return amountSignError(normaliseTransactionType(type), amountPence);
}

/** The several-at-once rule, checked in the spec's order over all the rows: the first message, or null. */
export function multipleAmountsError(rows: readonly { type: unknown; amountPence?: unknown }[]): string | null {
  if (rows.some((r) => !isPence(r.amountPence))) return TRANSACTION_MESSAGES.invalidAmounts;
  const amounts = rows.map((r) => ({ type: normaliseTransactionType(r.type), amountPence: r.amountPence as number }));
  if (amounts.some((r) => r.type === 'opening_balance' && r.amountPence < 0))
    return TRANSACTION_MESSAGES.negativeOpeningBalance;
  if (amounts.some((r) => r.type !== 'opening_balance' && r.amountPence <= 0)) return TRANSACTION_MESSAGES.notPositive;
  return null;
}

/**
 * Whether a row of the 'Add Transactions' dialog counts: an opening balance filled in and at
 * least 0, any other type greater than 0. Rows that do not count are left out of the save; the
 * add button is disabled while none counts.
 */
export function isCountableRow(row: { type: TransactionType; amountText: string }): boolean {
  const pence = amountFromText(row.amountText);
  if (pence === null) return false;
  return amountSignError(row.type, pence) === null;
}

/**
 * An account has at most one opening balance (issue 24): a second would silently restate the
 * balance (ADR 0022: the latest statement sets it). The message for new entries of `types` on an
 * account already holding `existingOpeningBalances` of them, or null when fine.
 */
export function openingBalanceCountError(
  existingOpeningBalances: number,
  types: readonly TransactionType[],
): string | null {
  const added = types.filter((t) => t === 'opening_balance').length;
  if (added === 0) return null;
  if (existingOpeningBalances > 0) return TRANSACTION_MESSAGES.secondOpeningBalance;
  return added > 1 ? TRANSACTION_MESSAGES.oneOpeningBalance : null;
}

/** Notes as stored: trimmed, a typed standing-order marker removed, empty as null. */
export function cleanNotes(notes: unknown): string | null {
  if (typeof notes !== 'string') return null;
  const text = (displayNotes(notes) ?? '').trim();
  return text === '' ? null : text;
}

export function transactionDateError(date: unknown): string | null {
  return typeof date === 'string' && isSupportedDate(date) ? null : TRANSACTION_MESSAGES.invalidDate;
}

export function notesError(notes: unknown): string | null {
  if (notes === null || notes === undefined) return null;
  if (typeof notes !== 'string') return TRANSACTION_MESSAGES.notesTooLong;
  return notes.trim().length > MAX_NOTES_LENGTH ? TRANSACTION_MESSAGES.notesTooLong : null;
}

/** A new transaction as the API receives it: the amount unsigned, as typed. */
export type NewTransactionInput = { type: unknown; amountPence?: unknown; date: unknown; notes?: unknown };
/** What is stored: a known type, the signed amount, a real date, clean notes. */
export type NewTransaction = { type: TransactionType; amountPence: number; date: string; notes: string | null };

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string; index?: number };

function rowProblem(input: NewTransactionInput): string | null {
  return transactionDateError(input.date) ?? notesError(input.notes);
}

/**
 * Checks one or several new transactions (one: the single rule; several: the multiple rule)
 * and gives the rows to store, signs applied and unknown types as deposits.
 */
export function checkNewTransactions(inputs: readonly NewTransactionInput[]): Checked<NewTransaction[]> {
  if (inputs.length === 0) return { ok: false, message: TRANSACTION_MESSAGES.noTransactions };
  if (inputs.length > MAX_TRANSACTIONS_PER_REQUEST) return { ok: false, message: TRANSACTION_MESSAGES.tooMany };
  const amountMessage =
    inputs.length === 1 ? singleAmountError(inputs[0]!.type, inputs[0]!.amountPence) : multipleAmountsError(inputs);
  if (amountMessage) return { ok: false, message: amountMessage };
  for (const [index, input] of inputs.entries()) {
    const problem = rowProblem(input);
    if (problem) return { ok: false, message: problem, index };
  }
  return {
    ok: true,
    value: inputs.map((input) => {
      const type = normaliseTransactionType(input.type);
      return {
        type,
        amountPence: signedAmountPence(type, input.amountPence as number),
        date: input.date as string,
        notes: cleanNotes(input.notes),
      };
    }),
  };
}

/** A change to a stored transaction: any of its fields (the amount unsigned, as typed). */
export type TransactionChangeInput = { type?: unknown; amountPence?: unknown; date?: unknown; notes?: unknown };
export type StoredTransactionFields = {
  type: TransactionType;
  amountPence: number;
  date: string;
  notes: string | null;
};

/**
 * Checks an edit of a stored transaction and gives its new fields: the update rule for the
 * amount (judged with the type it will have), the sign re-applied for the (possibly new) type,
 * notes as typed (the caller keeps a standing-order marker with `notesWithMarkerKept`). A change
 * of type alone is judged with the stored amount: an opening balance of £0 cannot become a £0
 * deposit. A change of neither leaves the amount unjudged.
 */
export function checkTransactionChange(
  stored: StoredTransactionFields,
  change: TransactionChangeInput,
): Checked<{ type: TransactionType; amountPence: number; date: string; notes: string | null }> {
  const type = change.type === undefined ? stored.type : normaliseTransactionType(change.type);
  const typed = change.amountPence === undefined ? Math.abs(stored.amountPence) : change.amountPence;
  if (change.amountPence !== undefined || change.type !== undefined) {
    const message = updateAmountError(type, typed);
    if (message) return { ok: false, message };
  }
  if (change.date !== undefined) {
    const message = transactionDateError(change.date);
    if (message) return { ok: false, message };
  }
  if (change.notes !== undefined) {
    const message = notesError(change.notes);
    if (message) return { ok: false, message };
  }
  return {
    ok: true,
    value: {
      type,
      amountPence: signedAmountPence(type, typed as number),
      date: change.date === undefined ? stored.date : (change.date as string),
      notes: change.notes === undefined ? displayNotes(stored.notes) : cleanNotes(change.notes),
    },
  };
}
