import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../app/api.ts';
import { accountTypesLoadFailed } from '../../accounts/api.ts';
import { accountKeys } from '../../accounts/query-keys.ts';

/** An active account type as the admin page sees it: with how many accounts use it. */
export interface AdminAccountType {
  id: string;
  name: string;
  description: string | null;
  sortOrder: number;
  accountCount: number;
}

export interface AccountTypeInput {
  name: string;
  description: string | null;
}

/** Under the selectors' key: invalidating either refreshes both (the server's realtime event names the prefix). */
export const adminAccountTypesKey = [...accountKeys.accountTypes, 'admin'] as const;

/** The spec's texts (001 §5, §8), verbatim. */
export const ACCOUNT_TYPE_TEXT = {
  nameRequired: 'Account type name is required',
  loadFailed: accountTypesLoadFailed,
  added: 'Account type added successfully',
  adminsOnly: 'Only admins can add account types',
  duplicate: 'An account type with this name already exists',
  addFailed: (message: string) => `Failed to add account type: ${message}`,
  updated: 'Account type updated successfully',
  updateFailed: (message: string) => `Failed to update account type: ${message}`,
  inUse: 'Cannot delete an account type that is in use',
  deleted: 'Account type deleted successfully',
  deleteFailed: (message: string) => `Failed to delete account type: ${message}`,
  orderSaved: 'Order saved',
  orderFailed: 'Failed to save order',
} as const;

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A refusal because the name is taken (409 from add or rename). */
export function isDuplicateName(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.message === ACCOUNT_TYPE_TEXT.duplicate;
}

export function useAdminAccountTypes() {
  return useQuery({
    queryKey: adminAccountTypesKey,
    queryFn: async () =>
      (await apiFetch<{ accountTypes: AdminAccountType[] }>('/api/admin/account-types')).accountTypes,
  });
}

/** After any change: this page's list and every account-type selector refetch. */
function useRefreshTypes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: accountKeys.accountTypes });
}

export function useAddAccountType() {
  const refresh = useRefreshTypes();
  return useMutation({
    mutationFn: (input: AccountTypeInput) =>
      apiFetch<{ accountType: AdminAccountType }>('/api/admin/account-types', { method: 'POST', json: input }),
    onSuccess: refresh,
  });
}

export function useUpdateAccountType() {
  const queryClient = useQueryClient();
  const refresh = useRefreshTypes();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AccountTypeInput }) =>
      apiFetch<{ accountType: AdminAccountType; renamedAccounts: number }>(
        `/api/admin/account-types/${encodeURIComponent(id)}`,
        { method: 'PUT', json: input },
      ),
    onSuccess: async (result) => {
      // Renamed accounts show their new type wherever they are open.
      if (result.renamedAccounts > 0) void queryClient.invalidateQueries({ queryKey: accountKeys.list });
      await refresh();
    },
  });
}

export function useDeleteAccountType() {
  const refresh = useRefreshTypes();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/admin/account-types/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/**
 * Saves a new order optimistically (001 §4): the list shows it at once; if the save fails the
 * list is loaded again from the server.
 */
export function useSaveAccountTypeOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    // Saves run one after another, so a quick second move never races the first.
    scope: { id: 'account-type-order' },
    mutationFn: (ordered: AdminAccountType[]) =>
      apiFetch('/api/admin/account-types/order', { method: 'PUT', json: { ids: ordered.map((t) => t.id) } }),
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: adminAccountTypesKey });
      queryClient.setQueryData<AdminAccountType[]>(
        adminAccountTypesKey,
        ordered.map((t, i) => ({ ...t, sortOrder: i + 1 })),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.accountTypes }),
  });
}
