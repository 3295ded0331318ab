import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountFieldsInput, AccountPatch } from '../../core/accounts/account-schema.ts';
import type { Account, AccountList, AccountListItem } from '../../server/accounts/account-json.ts';
import { ApiError, apiFetch } from '../app/api.ts';
import { accountKeys } from './query-keys.ts';

export type { Account, AccountList, AccountListItem };

/** The spec's messages for the accounts list (001 §8 and the list screen). */
export const ACCOUNT_LIST_MESSAGES = {
  signedOut: 'You must be logged in to view accounts',
  failed: 'Failed to load accounts',
  processing: 'Error processing account data',
} as const;

/** The list answered, but not with accounts we can show: the spec's 'Error processing account data'. */
export class AccountDataError extends Error {
  constructor() {
    super(ACCOUNT_LIST_MESSAGES.processing);
    this.name = 'AccountDataError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isListItem(value: unknown): value is AccountListItem {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.name === 'string' &&
    typeof value.balancePence === 'number' &&
    typeof value.interestRateBps === 'number' &&
    isRecord(value.protection)
  );
}

/** Checks the list's shape before the page trusts it; anything else is a processing error. */
export function parseAccountList(body: unknown): AccountList {
  if (
    !isRecord(body) ||
    !Array.isArray(body.accounts) ||
    !body.accounts.every(isListItem) ||
    typeof body.totalBalancePence !== 'number' ||
    !isRecord(body.cap) ||
    !isRecord(body.protection) ||
    !isRecord(body.protection.totals) ||
    !Array.isArray(body.protection.sharedLicences) ||
    !Array.isArray(body.protection.jointAccounts)
  ) {
    throw new AccountDataError();
  }
  return body as AccountList;
}

export async function fetchAccounts(signal?: AbortSignal): Promise<AccountList> {
  return parseAccountList(await apiFetch('/api/accounts', { signal }));
}

/** The signed-in user's accounts (one request, however many); realtime events refresh it. */
export function useAccounts() {
  return useQuery({ queryKey: accountKeys.list, queryFn: ({ signal }) => fetchAccounts(signal) });
}

export type AccountType = { id: string; name: string; description: string | null; sortOrder: number };

/** The active account types in their sort order (`GET /api/account-types`, admins keep the list). */
export async function fetchAccountTypes(signal?: AbortSignal): Promise<AccountType[]> {
  const body = await apiFetch<unknown>('/api/account-types', { signal });
  const list = isRecord(body) ? body.accountTypes : undefined;
  if (!Array.isArray(list)) throw new ApiError(500, 'BAD_RESPONSE', 'The account types could not be read');
  return list.filter((t): t is AccountType => isRecord(t) && typeof t.name === 'string');
}

/** The spec's text when the account types cannot be loaded (001 §8), for every screen that lists them. */
export function accountTypesLoadFailed(message: string): string {
  return `Failed to load account types: ${message}`;
}

export function useAccountTypes() {
  return useQuery({
    queryKey: accountKeys.accountTypes,
    queryFn: ({ signal }) => fetchAccountTypes(signal),
    staleTime: 5 * 60_000,
  });
}

/** A new account's body: the form's fields, and a starting balance that becomes its first transaction. */
export type AccountCreate = AccountFieldsInput & {
  startingBalancePence?: number;
  startingBalanceDate?: string;
  startingBalancePaidIn?: boolean;
};

function useAccountWrite<TVariables>(write: (variables: TVariables) => Promise<{ account: Account }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    // A write is never repeated by itself: a second POST after a lost answer would add a second account.
    retry: false,
    onSuccess: ({ account }) => {
      queryClient.setQueryData<AccountList>(accountKeys.list, (list) =>
        list
          ? {
              ...list,
              // The list's maturity comes with the refetch below (it reads the account's terms too).
              accounts: list.accounts.some((a) => a.id === account.id)
                ? list.accounts.map((a) => (a.id === account.id ? { ...account, maturityDate: a.maturityDate } : a))
                : [...list.accounts, { ...account, maturityDate: null }],
            }
          : list,
      );
      void queryClient.invalidateQueries({ queryKey: accountKeys.list });
      void queryClient.invalidateQueries({ queryKey: accountKeys.account(account.id) });
    },
  });
}

export function useCreateAccount() {
  return useAccountWrite((body: AccountCreate) =>
    apiFetch<{ account: Account }>('/api/accounts', { method: 'POST', json: body }),
  );
}

/** Saves the whole account form. */
export function useSaveAccount() {
  return useAccountWrite(({ id, fields }: { id: string; fields: AccountFieldsInput }) =>
    apiFetch<{ account: Account }>(`/api/accounts/${encodeURIComponent(id)}`, { method: 'PUT', json: fields }),
  );
}

/** Saves some fields (the detail page's single-field and group saves); a blocked type change is refused with 403. */
export function usePatchAccount() {
  return useAccountWrite(({ id, change }: { id: string; change: AccountPatch }) =>
    apiFetch<{ account: Account }>(`/api/accounts/${encodeURIComponent(id)}`, { method: 'PATCH', json: change }),
  );
}

/** Deletes an account with its transactions and standing orders. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/accounts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    retry: false,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<AccountList>(accountKeys.list, (list) =>
        list ? { ...list, accounts: list.accounts.filter((a) => a.id !== id) } : list,
      );
      queryClient.removeQueries({ queryKey: accountKeys.account(id) });
      void queryClient.invalidateQueries({ queryKey: accountKeys.list });
    },
  });
}
