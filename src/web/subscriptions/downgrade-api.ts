import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DowngradeAnalysisItem, DowngradeTier } from '../../core/subscriptions/downgrade.ts';
import { apiFetch } from '../app/api.ts';
import { accountKeys } from '../accounts/query-keys.ts';

export type DowngradeAnalysis = { toTier: DowngradeTier; cap: number; items: DowngradeAnalysisItem[] };
export type ArchivedAccount = { id: string; name: string; balancePence: number; archivedAt: string };
export type DowngradeResult = { toTier: DowngradeTier; kept: string[]; archived: ArchivedAccount[] };

export const downgradeKeys = {
  analysis: (toTier: DowngradeTier) => ['me', 'accounts', 'downgrade-analysis', toTier] as const,
  // Under the accounts list's key: every account change (realtime) refetches it too.
  archived: ['me', 'accounts', 'archived'] as const,
};

export function useDowngradeAnalysis(toTier: DowngradeTier | null) {
  return useQuery({
    queryKey: downgradeKeys.analysis(toTier ?? 'piglet'),
    queryFn: ({ signal }) =>
      apiFetch<DowngradeAnalysis>(`/api/subscription/downgrade-analysis?toTier=${toTier}`, { signal }),
    enabled: toTier !== null,
    // The analysis is read once per visit: a refetch would not change the user's choices under them.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** `at`: the instant of the change-preview the saver confirmed, so the change charges what they were shown. */
export function useProcessDowngrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      toTier: DowngradeTier;
      selectedAccountsToKeep: string[];
      selectedAccountsToRemove: string[];
      at: string;
    }) => apiFetch<DowngradeResult>('/api/subscription/downgrade', { method: 'POST', json: input }),
    // The spec's mutations retry once; a downgrade is not repeated behind the user's back.
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.list }),
  });
}

export function useArchivedAccounts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: downgradeKeys.archived,
    queryFn: ({ signal }) => apiFetch<{ accounts: ArchivedAccount[] }>('/api/archived-accounts', { signal }),
    enabled,
  });
}

export function useRestoreAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ account: ArchivedAccount }>(`/api/accounts/${encodeURIComponent(id)}/restore`, { method: 'POST' }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['me'] }),
  });
}
