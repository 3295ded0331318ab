/**
 * The balance-over-time line's data: GET /api/accounts/{id}/balance-series under the account's
 * key and GET /api/balance-series under the accounts list's, so the realtime events that refetch
 * an account or the list (any change to its transactions, in any tab) refetch its line too.
 */
import { useQuery } from '@tanstack/react-query';
import type { BalanceSeriesJson } from '../../server/balance-series/routes.ts';
import { apiFetch } from '../app/api.ts';
import { accountKeys } from '../accounts/query-keys.ts';

export type BalanceSeries = BalanceSeriesJson;

export const balanceSeriesKeys = {
  account: (accountId: string) => [...accountKeys.account(accountId), 'balance-series'] as const,
  total: [...accountKeys.list, 'balance-series'] as const,
};

export function useAccountBalanceSeries(accountId: string) {
  return useQuery({
    queryKey: balanceSeriesKeys.account(accountId),
    queryFn: ({ signal }) =>
      apiFetch<BalanceSeries>(`/api/accounts/${encodeURIComponent(accountId)}/balance-series`, { signal }),
  });
}

export function useTotalBalanceSeries() {
  return useQuery({
    queryKey: balanceSeriesKeys.total,
    queryFn: ({ signal }) => apiFetch<BalanceSeries>('/api/balance-series', { signal }),
  });
}
