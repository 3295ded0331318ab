/**
 * The kinds of transaction (001 §3) and their sign convention: money out (withdrawals and fees)
 * is stored negative, everything else positive. The database refuses any other sign as the
 * check `transactions_sign_matches_type` (drizzle/0006_accounts.sql; checked by the transactions'
 * row trigger since drizzle/0062_transactions_rules_in_trigger.sql).
 *
 * A `balance_update` (ours, issue 13, ADR 0022) is what the bank showed on a day, recorded by the
 * account page's "Update balance": a balance, not money moved, so it may be negative (an
 * overdrawn current account). People never type one in as a transaction or import one.
 */
export const TRANSACTION_TYPES = [
  'deposit',
  'withdrawal',
  'interest',
  'fee',
  'opening_balance',
  'balance_update',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** The types a person adds or edits as a transaction (the dialogs' choices): all but a balance update. */
export const ENTERED_TRANSACTION_TYPES = [
  'deposit',
  'withdrawal',
  'interest',
  'fee',
  'opening_balance',
] as const satisfies readonly TransactionType[];
export type EnteredTransactionType = (typeof ENTERED_TRANSACTION_TYPES)[number];

export function isEnteredTransactionType(type: TransactionType): type is EnteredTransactionType {
  return type !== 'balance_update';
}

/** Why a balance update cannot be added or edited as a transaction: it is made by "Update balance" alone. */
export const BALANCE_UPDATE_ONLY_BY_UPDATE = 'A balance update is made with Update balance on the account page';

/** How each type is named on screen and in exports. */
export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  interest: 'Interest',
  fee: 'Fee',
  opening_balance: 'Opening Balance',
  balance_update: 'Balance update',
};

export function isTransactionType(value: unknown): value is TransactionType {
  return typeof value === 'string' && (TRANSACTION_TYPES as readonly string[]).includes(value);
}

/** The spec's rule: a type the product does not know is treated as a deposit. */
export function normaliseTransactionType(value: unknown): TransactionType {
  return isTransactionType(value) ? value : 'deposit';
}

/** Whether a type takes money out of the account (stored as a negative amount). */
export function isMoneyOut(type: TransactionType): boolean {
  return type === 'withdrawal' || type === 'fee';
}

/**
 * The signed amount in pence to store for an amount typed as a positive figure: negative for
 * withdrawals and fees, positive for the rest (an unknown type counts as a deposit).
 */
export function signedAmountPence(type: unknown, amountPence: number): number {
  if (!Number.isSafeInteger(amountPence)) throw new RangeError(`Not whole pence: ${amountPence}`);
  const magnitude = Math.abs(amountPence);
  // `0 * -1` is -0; a zero stays a plain zero.
  if (magnitude === 0) return 0;
  return isMoneyOut(normaliseTransactionType(type)) ? -magnitude : magnitude;
}

/** The amount as the user typed it (always positive) for a stored, signed amount. */
export function typedAmountPence(signedPence: number): number {
  return Math.abs(signedPence);
}
