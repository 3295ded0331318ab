/**
 * The account page's data: GET /api/accounts/{id} under `accountKeys.account(id)` (the realtime
 * events name that key, so any change to the account, its transactions or standing orders, in
 * any tab, refetches it), the account types for the type selector, and the account's writes
 * (helper A's PATCH and DELETE /api/accounts/{id}).
 */
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountDetail } from '../../server/account-detail/routes.ts';
import { ApiError, apiFetch } from '../app/api.ts';
import { accountKeys } from '../accounts/query-keys.ts';

export type { AccountDetail };
export type Account = AccountDetail['account'];
export type AccountTransaction = AccountDetail['transactions']['items'][number];

/** Fields of the account PATCH (single fields, or the interest settings as one group). */
export type AccountPatch = Partial<
  Pick<
    Account,
    | 'name'
    | 'bankId'
    | 'accountNumber'
    | 'accountType'
    | 'isPlatformAccount'
    | 'platformBankReferenceId'
    | 'interestRateBps'
    | 'interestFrequency'
    | 'rateType'
    | 'interestPayoutMethod'
    | 'interestPaymentMonth'
    | 'interestPaymentDay'
    | 'nextRateChange'
    | 'terms'
  >
>;

export function fetchAccountDetail(id: string, signal?: AbortSignal): Promise<AccountDetail> {
  return apiFetch<AccountDetail>(`/api/accounts/${encodeURIComponent(id)}`, { signal });
}

/** No such account of the user's (the server answers a malformed id the same way): retrying will not change it. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function useAccountDetail(id: string, enabled = true) {
  return useQuery({
    queryKey: accountKeys.account(id),
    queryFn: ({ signal }) => fetchAccountDetail(id, signal),
    enabled,
  });
}

/** Saves some of the account's fields; the answer's account replaces the cached one at once. */
export async function patchAccount(queryClient: QueryClient, id: string, patch: AccountPatch): Promise<void> {
  const body = await apiFetch<{ account?: Account }>(`/api/accounts/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: patch,
  });
  const saved = body?.account;
  queryClient.setQueryData<AccountDetail>(accountKeys.account(id), (detail) =>
    detail ? { ...detail, account: saved ? { ...detail.account, ...saved } : { ...detail.account, ...patch } } : detail,
  );
  // The list and anything derived from the account (protection across accounts) catch up.
  void queryClient.invalidateQueries({ queryKey: accountKeys.account(id), exact: true });
  void queryClient.invalidateQueries({ queryKey: accountKeys.list });
}

export async function deleteAccount(id: string): Promise<void> {
  await apiFetch(`/api/accounts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** The message of a failed call, for "Failed to …: {message}" texts. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong';
}

/** What POST /api/accounts/{id}/balance-updates answers: the new balance and the adjustment. */
export type BalanceUpdated = { balancePence: number; adjustmentPence: number | null };

/**
 * "Update balance": records what the bank shows on a day; the account, its lists, the accounts
 * list and the all-transactions page then refetch (the balance and the entries' standing change).
 */
export function useUpdateBalance(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { balancePence: number; date: string }) =>
      apiFetch<BalanceUpdated>(`/api/accounts/${encodeURIComponent(accountId)}/balance-updates`, {
        method: 'POST',
        json: input,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.account(accountId) }),
        queryClient.invalidateQueries({ queryKey: accountKeys.list }),
        queryClient.invalidateQueries({ queryKey: accountKeys.overview }),
      ]),
  });
}
