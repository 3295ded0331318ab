import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../app/api.ts';
import type { ConsentLogEntry, QueueItem, QueueStats } from '../../../server/crm/queue.ts';
import type { SetupResult } from '../../../server/crm/setup.ts';
import type { IntegrationStatus, TestSuiteResult } from '../../../server/crm/status.ts';
import type { SyncUsersRun } from '../../../server/crm/sync-users.ts';
import type { ProcessResult } from '../../../server/crm/worker.ts';

/** Whether the CRM is connected, and what to set when it is not. */
export type CrmIntegration = Pick<IntegrationStatus, 'enabled' | 'whatToSet'>;

/**
 * GET /api/admin/crm/status (src/server/crm/admin-routes.ts): the integration and the queue's
 * figures, measured from the running system, and how many users are linked to a HubSpot contact.
 */
export type CrmStatus = IntegrationStatus & QueueStats & { users: { total: number; synced: number } };

export type { ConsentLogEntry, ProcessResult, SetupResult, SyncUsersRun, TestSuiteResult };
export type SyncQueueItem = QueueItem;
export type SyncUserRow = SyncUsersRun['results'][number];
export type SyncUserStatus = SyncUserRow['status'];
export const SYNC_USER_STATUSES = [
  'created',
  'exists',
  'updated',
  'error',
  'skipped',
] as const satisfies readonly SyncUserStatus[];

/** 002 §9: the monitor's lists show 100 rows, the Sync Debugger's 20; Sync Users shows its first 100 results. */
export const MONITOR_LIST_SIZE = 100;
export const DEBUGGER_LIST_SIZE = 20;
export const SYNC_USERS_RESULT_ROWS = 100;

const BASE = '/api/admin/crm';

export const crmKeys = {
  all: ['admin', 'crm'] as const,
  status: ['admin', 'crm', 'status'] as const,
  consentLog: (limit: number) => ['admin', 'crm', 'consent-log', limit] as const,
  queue: (limit: number) => ['admin', 'crm', 'queue', limit] as const,
  syncRun: ['admin', 'crm', 'sync-users'] as const,
};

export function useCrmStatus() {
  return useQuery({
    queryKey: crmKeys.status,
    queryFn: ({ signal }) => apiFetch<CrmStatus>(`${BASE}/status`, { signal }),
  });
}

export function useConsentLog(limit = MONITOR_LIST_SIZE) {
  return useQuery({
    queryKey: crmKeys.consentLog(limit),
    queryFn: async ({ signal }) =>
      (await apiFetch<{ entries: ConsentLogEntry[] }>(`${BASE}/consent-log?limit=${limit}`, { signal })).entries,
  });
}

export function useSyncQueue(limit = MONITOR_LIST_SIZE) {
  return useQuery({
    queryKey: crmKeys.queue(limit),
    queryFn: async ({ signal }) =>
      (await apiFetch<{ items: SyncQueueItem[] }>(`${BASE}/queue?limit=${limit}`, { signal })).items,
  });
}

/** After anything that changes the queue, every CRM figure is read again. */
function useCrmMutation<TResult, TInput = undefined>(request: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: crmKeys.all }),
  });
}

export const useProcessQueue = () =>
  useCrmMutation(() => apiFetch<ProcessResult>(`${BASE}/queue/process`, { method: 'POST', json: {} }));

export const useClearQueue = () =>
  useCrmMutation(() => apiFetch<{ deleted: number }>(`${BASE}/queue`, { method: 'DELETE' }));

export const useRetryFailed = () =>
  useCrmMutation(() => apiFetch<{ retried: number }>(`${BASE}/queue/retry-failed`, { method: 'POST', json: {} }));

export const useTestConnection = () =>
  useCrmMutation(() =>
    apiFetch<TestSuiteResult>(`${BASE}/tests`, { method: 'POST', json: { test: 'hubspot-connection' } }),
  );

export const useRunAllTests = () =>
  useCrmMutation(() => apiFetch<TestSuiteResult>(`${BASE}/tests`, { method: 'POST', json: { test: 'full' } }));

export const useFullE2eTest = () =>
  useCrmMutation(() => apiFetch<TestSuiteResult>(`${BASE}/e2e-test`, { method: 'POST', json: {} }));

export const useSetupProperties = () =>
  useCrmMutation(() => apiFetch<SetupResult>(`${BASE}/setup-properties`, { method: 'POST', json: {} }));

/** The latest Sync Users run (null before the first), read every second while it runs. */
export function useSyncUsersRun() {
  return useQuery({
    queryKey: crmKeys.syncRun,
    queryFn: async ({ signal }) => (await apiFetch<{ run: SyncUsersRun | null }>(`${BASE}/sync-users`, { signal })).run,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? SYNC_RUN_POLL_MS : false),
  });
}

export const SYNC_RUN_POLL_MS = 1000;

export const useStartSyncUsers = () =>
  useCrmMutation((input: { forceUpdate: boolean }) =>
    apiFetch<{ run: SyncUsersRun }>(`${BASE}/sync-users`, { method: 'POST', json: input }),
  );
