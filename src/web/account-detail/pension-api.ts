/**
 * The Pension Details card's data: the account's pension record with its contributions,
 * drawdowns, transfers, allowance left and alerts (GET /api/accounts/{id}/pension, under the
 * account's key so every realtime change to the account refetches it), and the card's writes.
 * Every write answers with the whole view, which replaces the cached one.
 */
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { PensionRecordInput } from '../../core/pension/pension-record.ts';
import type { PensionTransferStatus } from '../../core/pension/scheme-types.ts';
import type { PensionSaved, PensionView } from '../../server/pension/schemas.ts';
import { apiFetch } from '../app/api.ts';
import { accountKeys } from '../accounts/query-keys.ts';
import { cacheSavedRecord } from './saved-record.ts';

export type { PensionSaved, PensionView };

export const pensionKeys = {
  record: (accountId: string) => [...accountKeys.account(accountId), 'pension'] as const,
};

const base = (accountId: string) => `/api/accounts/${encodeURIComponent(accountId)}/pension`;

export function usePensionRecord(accountId: string) {
  return useQuery({
    queryKey: pensionKeys.record(accountId),
    queryFn: ({ signal }) => apiFetch<PensionView>(base(accountId), { signal }),
  });
}

export async function savePension(queryClient: QueryClient, accountId: string, record: PensionRecordInput) {
  cacheSavedRecord(
    queryClient,
    accountId,
    pensionKeys.record(accountId),
    await apiFetch<PensionSaved>(base(accountId), { method: 'PUT', json: record }),
  );
}

export async function choosePensionProvider(queryClient: QueryClient, accountId: string, providerId: string) {
  const body = await apiFetch<PensionSaved>(`${base(accountId)}/provider`, { method: 'PUT', json: { providerId } });
  cacheSavedRecord(queryClient, accountId, pensionKeys.record(accountId), body);
}

/** A write under the record that answers with the view (contributions, drawdowns, transfers). */
async function viewWrite(queryClient: QueryClient, accountId: string, path: string, method: string, json: unknown) {
  const view = await apiFetch<PensionView>(`${base(accountId)}${path}`, { method, json });
  queryClient.setQueryData<PensionView>(pensionKeys.record(accountId), view);
}

export const addContribution = (
  queryClient: QueryClient,
  accountId: string,
  body: { taxYear: string; employeePence: number; employerPence: number },
) => viewWrite(queryClient, accountId, '/contributions', 'POST', body);

export const addDrawdown = (
  queryClient: QueryClient,
  accountId: string,
  body: { eventDate: string; eventType: string; amountPence: number; notes: string | null },
) => viewWrite(queryClient, accountId, '/drawdowns', 'POST', body);

export const startTransfer = (queryClient: QueryClient, accountId: string, notes: string | null) =>
  viewWrite(queryClient, accountId, '/transfers', 'POST', { notes });

export const setTransferStatus = (
  queryClient: QueryClient,
  accountId: string,
  transferId: string,
  status: PensionTransferStatus,
) => viewWrite(queryClient, accountId, `/transfers/${encodeURIComponent(transferId)}`, 'PATCH', { status });
