/**
 * The ISA Details card's data: the account's ISA record (GET /api/accounts/{id}/isa, under the
 * account's key, so every realtime change to the account refetches it), the allowance across the
 * user's ISAs (GET /api/isa/allowance, under the accounts list's key: any change to any account
 * or its transactions refetches it), and the card's two writes.
 */
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { IsaDetailsPatch } from '../../core/isa/isa-record.ts';
import type { IsaAllowance, IsaSaved, IsaView } from '../../server/isa/routes.ts';
import { apiFetch } from '../app/api.ts';
import { accountKeys } from '../accounts/query-keys.ts';
import { cacheSavedRecord } from './saved-record.ts';

export type { IsaAllowance, IsaSaved, IsaView };

export const isaKeys = {
  record: (accountId: string) => [...accountKeys.account(accountId), 'isa'] as const,
  allowance: (taxYear: string) => [...accountKeys.list, 'isa-allowance', taxYear] as const,
};

export function useIsaRecord(accountId: string) {
  return useQuery({
    queryKey: isaKeys.record(accountId),
    queryFn: ({ signal }) => apiFetch<IsaView>(`/api/accounts/${encodeURIComponent(accountId)}/isa`, { signal }),
  });
}

/** The allowance for the tax year of today (the server's UK date decides it). */
export function useIsaAllowance() {
  return useQuery({
    queryKey: isaKeys.allowance('current'),
    queryFn: ({ signal }) => apiFetch<IsaAllowance>('/api/isa/allowance', { signal }),
  });
}

export async function chooseIsaProvider(queryClient: QueryClient, accountId: string, providerId: string) {
  const body = await apiFetch<IsaSaved>(`/api/accounts/${encodeURIComponent(accountId)}/isa/provider`, {
    method: 'PUT',
    json: { providerId },
  });
  cacheSavedRecord(queryClient, accountId, isaKeys.record(accountId), body);
}

export async function patchIsaDetails(queryClient: QueryClient, accountId: string, patch: IsaDetailsPatch) {
  const body = await apiFetch<IsaSaved>(`/api/accounts/${encodeURIComponent(accountId)}/isa`, {
    method: 'PATCH',
    json: patch,
  });
  cacheSavedRecord(queryClient, accountId, isaKeys.record(accountId), body);
}
