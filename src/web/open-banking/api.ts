/**
 * Open Banking's calls (issue 32): the status of the saver's connections, the banks that can be
 * connected, and the writes (start a connection, link its accounts, sync, reconnect, disconnect).
 * The shapes and paths are the server's own (core/open-banking/api-types.ts). Nothing is asked
 * unless the saver's resolved features include Open Banking, the answer the server's gate gives.
 */
import { type Query, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Authorisation,
  type DisconnectResult,
  type LinkAccounts,
  type LinkAccountsResult,
  OPEN_BANKING_API,
  type OpenBankingBank,
  type OpenBankingStatus,
  type StartConnection,
  type SyncJob,
} from '../../core/open-banking/api-types.ts';
import { apiFetch, useMe } from '../app/api.ts';
import { accountKeys } from '../accounts/query-keys.ts';

export const openBankingKeys = {
  all: ['me', 'open-banking'] as const,
  status: ['me', 'open-banking', 'status'] as const,
  banks: ['me', 'open-banking', 'banks'] as const,
};

/** Whether the signed-in saver may use Open Banking (null while it is not known yet). */
export function useOpenBankingAllowed(): boolean | null {
  const me = useMe();
  if (!me.data) return me.isPending ? null : false;
  return me.data.features.openBanking === true;
}

export function fetchOpenBankingStatus(signal?: AbortSignal): Promise<OpenBankingStatus> {
  return apiFetch<OpenBankingStatus>(OPEN_BANKING_API.status, { signal });
}

/** The saver's connections, and whether the site has Open Banking set up at all. */
export function useOpenBankingStatus({
  enabled = true,
  refetchInterval = false,
}: {
  enabled?: boolean;
  refetchInterval?: number | false | ((query: Query<OpenBankingStatus>) => number | false);
} = {}) {
  return useQuery({
    queryKey: openBankingKeys.status,
    queryFn: ({ signal }) => fetchOpenBankingStatus(signal),
    enabled,
    refetchInterval,
  });
}

export function fetchOpenBankingBanks(signal?: AbortSignal): Promise<OpenBankingBank[]> {
  return apiFetch<OpenBankingBank[]>(OPEN_BANKING_API.banks, { signal });
}

/** The banks that can be connected (only those the provider reaches), by name. */
export function useOpenBankingBanks({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: openBankingKeys.banks,
    queryFn: async ({ signal }) =>
      (await fetchOpenBankingBanks(signal)).toSorted((a, b) => a.bankName.localeCompare(b.bankName, 'en-GB')),
    enabled,
    staleTime: 10 * 60_000,
  });
}

/** The bank's consent page: the browser leaves SavvyPig for it (a seam the tests replace). */
export const bankConsent = {
  go(url: string): void {
    window.location.assign(url);
  },
};

/** Starts a connection; the answer is the bank's consent page, which the caller goes to. */
export function useStartConnection() {
  return useMutation({
    mutationFn: (input: StartConnection) =>
      apiFetch<Authorisation>(OPEN_BANKING_API.connections, { method: 'POST', json: input }),
  });
}

/** Asks the bank again (a consent that is ending or has ended): the answer is its consent page. */
export function useReconnect() {
  return useMutation({
    mutationFn: (connectionId: string) =>
      apiFetch<Authorisation>(OPEN_BANKING_API.reconnect(connectionId), { method: 'POST' }),
  });
}

/** The connection and every account it may have changed. */
function refreshAfterChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: openBankingKeys.status }),
    queryClient.invalidateQueries({ queryKey: accountKeys.list }),
    queryClient.invalidateQueries({ queryKey: ['me', 'account'] }),
    queryClient.invalidateQueries({ queryKey: accountKeys.overview }),
  ]);
}

export function useLinkAccounts(connectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LinkAccounts) =>
      apiFetch<LinkAccountsResult>(OPEN_BANKING_API.links(connectionId), { method: 'POST', json: input }),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

export function useSyncNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connectionId: string) => apiFetch<SyncJob>(OPEN_BANKING_API.sync(connectionId), { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: openBankingKeys.status }),
  });
}

export function useDisconnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connectionId: string) =>
      apiFetch<DisconnectResult>(OPEN_BANKING_API.connection(connectionId), { method: 'DELETE' }),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}
