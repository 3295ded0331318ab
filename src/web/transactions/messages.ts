import { formatPence } from '../../core/money/format.ts';
import { ApiError, hasStatus as isStatus } from '../app/api.ts';

/** The spec's texts for transactions and the balance (001 §2, §8), verbatim. */
export const TRANSACTION_TEXT = {
  empty: 'No transactions found for this account.',
  deleteConfirmation:
    'Are you sure you want to delete this transaction? This action cannot be undone and will also update the account balance.',
  loginToView: 'You must be logged in to view transactions',
  loginToAdd: 'You must be logged in to add transactions',
  loginToUpdate: 'You must be logged in to update transactions',
  loginToDelete: 'You must be logged in to delete transactions',
  loadFailed: 'Failed to load transactions',
  addFailed: 'Failed to add transaction(s)',
  addedOne: 'Transaction added successfully',
  addedMany: (count: number) => `${count} transaction(s) added successfully`,
  fetchCurrentFailed: 'Failed to fetch current transaction',
  fetchFailed: 'Failed to fetch transaction',
  updateFailed: 'Failed to update transaction',
  updated: 'Transaction updated successfully!',
  deleteFailed: 'Failed to delete transaction',
  deleted: 'Transaction deleted successfully!',
  loginToViewInsights: 'You must be logged in to view transaction insights',
  insightsFailed: 'Failed to load transaction insights',
  recalculated: (balancePence: number) => `Balance recalculated: ${formatPence(balancePence)}`,
  recalculateFailed: 'Failed to recalculate balance',
} as const;

/** The toast for a failed add: signed out, or the spec's failure. */
export function addFailureMessage(error: unknown): string {
  return isStatus(error, 401) ? TRANSACTION_TEXT.loginToAdd : TRANSACTION_TEXT.addFailed;
}

export function updateFailureMessage(error: unknown): string {
  if (isStatus(error, 401)) return TRANSACTION_TEXT.loginToUpdate;
  if (isStatus(error, 404)) return TRANSACTION_TEXT.fetchCurrentFailed;
  return TRANSACTION_TEXT.updateFailed;
}

export function deleteFailureMessage(error: unknown): string {
  if (isStatus(error, 401)) return TRANSACTION_TEXT.loginToDelete;
  if (isStatus(error, 404)) return TRANSACTION_TEXT.fetchFailed;
  return TRANSACTION_TEXT.deleteFailed;
}

export function loadFailureMessage(error: unknown): string {
  return isStatus(error, 401) ? TRANSACTION_TEXT.loginToView : TRANSACTION_TEXT.loadFailed;
}

export function insightsFailureMessage(error: unknown): string {
  return isStatus(error, 401) ? TRANSACTION_TEXT.loginToViewInsights : TRANSACTION_TEXT.insightsFailed;
}

/** A 400's message (the server's validation text, from the spec) to show in a dialog; null otherwise. */
export function validationMessage(error: unknown): string | null {
  return error instanceof ApiError && error.status === 400 ? error.message : null;
}
