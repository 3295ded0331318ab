import { hasStatus } from '../app/api.ts';

/** The spec's texts for standing orders (001 §2, §8), verbatim; the processed count is core's `processedMessage`. */
export const STANDING_ORDER_TEXT = {
  loginToView: 'You must be logged in to view standing orders',
  loginToAdd: 'You must be logged in to add standing orders',
  loginToUpdate: 'You must be logged in to update standing orders',
  loginToDelete: 'You must be logged in to delete standing orders',
  // 'Process Now' signed out: the spec's processing error for a missing user.
  notAuthenticated: 'User not authenticated',
  loadFailed: 'Failed to load standing orders',
  addFailed: 'Failed to add standing order',
  updateFailed: 'Failed to update standing order',
  deleteFailed: 'Failed to delete standing order',
  processFailed: 'Failed to process standing orders',
  noneToProcess: 'No pending standing order payments to process',
  added: 'Standing order added successfully',
  updated: 'Standing order updated successfully',
  deleted: 'Standing order deleted successfully',
} as const;

const T = STANDING_ORDER_TEXT;
const signedOut = (error: unknown) => hasStatus(error, 401);

export function loadFailureMessage(error: unknown): string {
  return signedOut(error) ? T.loginToView : T.loadFailed;
}

export function addFailureMessage(error: unknown): string {
  return signedOut(error) ? T.loginToAdd : T.addFailed;
}

export function updateFailureMessage(error: unknown): string {
  return signedOut(error) ? T.loginToUpdate : T.updateFailed;
}

export function deleteFailureMessage(error: unknown): string {
  return signedOut(error) ? T.loginToDelete : T.deleteFailed;
}

export function processFailureMessage(error: unknown): string {
  return signedOut(error) ? T.notAuthenticated : T.processFailed;
}
