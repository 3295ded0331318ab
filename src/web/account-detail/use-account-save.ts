import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { refusalReason } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { type AccountPatch, patchAccount } from './api.ts';

/** The spec's toast for each inline save (001 §8), success and failure. */
export const SAVE_MESSAGES = {
  name: { success: 'Account name updated successfully', failure: 'Failed to update account name' },
  accountNumber: { success: 'Account number updated successfully', failure: 'Failed to update account number' },
  accountType: { success: 'Account type updated successfully', failure: 'Failed to update account type' },
  bank: { success: 'Bank updated successfully', failure: 'Failed to update bank' },
  platform: { success: 'Platform setting updated', failure: 'Failed to update platform setting' },
  platformBank: { success: 'Platform bank updated', failure: 'Failed to update platform bank' },
  interest: { success: 'Interest settings updated successfully', failure: 'Failed to update interest settings' },
} as const;

export type SaveKind = keyof typeof SAVE_MESSAGES;

/**
 * Saves part of the account and says so. Resolves true when saved; on failure shows the
 * spec's failure toast (with the server's reason under it when it refused the change), logs it and resolves false (the view keeps what the user typed).
 */
export function useAccountSave(accountId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (kind: SaveKind, patch: AccountPatch): Promise<boolean> => {
      try {
        await patchAccount(queryClient, accountId, patch);
      } catch (error) {
        console.warn(SAVE_MESSAGES[kind].failure, error);
        // One notice: the spec's failure text, with the server's reason under it when it refused.
        notify.error(SAVE_MESSAGES[kind].failure, { detail: refusalReason(error) });
        return false;
      }
      notify.success(SAVE_MESSAGES[kind].success);
      return true;
    },
    [queryClient, accountId],
  );
}
