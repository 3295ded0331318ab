import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../app/api.ts';
import type { ConsentSyncStatus, QueueStatus } from './crm-text.ts';

/** Whether the CRM is connected, and what to set when it is not. */
export interface CrmIntegration {
  enabled: boolean;
  /** What the operator sets to turn it on; null when enabled. */
  whatToSet: string | null;
}

/**
 * GET /api/admin/crm/status (src/server/crm/admin-routes.ts): the integration and the queue's
 * figures, measured from the running system.
 */
export interface CrmStatus extends CrmIntegration {
  queue: Record<QueueStatus, number>;
  total: number;
  /** completed ÷ (completed + failed) × 100; null before anything finished. */
  completionRate: number | null;
  /** failed ÷ total × 100; null for an empty queue. */
  errorRate: number | null;
  oldestPendingAt: string | null;
  stalePending: number;
  /** Mean time an attempt took, claim to result (last 24 h); null when none finished. */
  averageProcessingMs: number | null;
  /** Mean time from queueing to completion (last 24 h). */
  averageLatencyMs: number | null;
  lastSyncAt: string | null;
  /** 002 §9: pending under 50, failed under 10, stale pending under 5. */
  healthy: boolean;
  users: { total: number; synced: number };
}

export interface ConsentLogEntry {
  id: number;
  userId: string;
  userEmail: string | null;
  consentData: { essential: boolean; analytics: boolean; functional: boolean; marketing: boolean };
  changeSource: string;
  hubspotContactId: string | null;
  syncStatus: ConsentSyncStatus;
  createdAt: string;
  syncedAt: string | null;
  errorDetails: string | null;
}

export interface SyncQueueItem {
  id: number;
  userId: string | null;
  userEmail: string | null;
  syncType: string;
  status: QueueStatus;
  payload: unknown;
  retryCount: number;
  maxRetries: number;
  scheduledAt: string;
  createdAt: string;
  processedAt: string | null;
  processingMs: number | null;
  errorDetails: string | null;
  hubspotContactId: string | null;
}

/** hubspot-sync-processor's answer (002 §7). */
export interface ProcessResult {
  processed: number;
  failed: number;
  errors: string[];
  success: boolean;
}

export interface TestResult {
  test: string;
  passed: boolean;
  message: string;
  timing: number;
}

/** integration-test-suite's answer (002 §7). */
export interface TestSuiteResult {
  summary: { passed: number; totalTests: number; missingProperties?: string[] };
  tests: TestResult[];
  timestamp: string;
  duration: number;
  success: boolean;
}

/** hubspot-setup-properties' answer (002 §7). */
export interface SetupResult {
  created: string[];
  groupsCreated: string[];
  existing: string[];
  errors: string[];
}

export const SYNC_USER_STATUSES = ['created', 'exists', 'updated', 'error', 'skipped'] as const;
export type SyncUserStatus = (typeof SYNC_USER_STATUSES)[number];

export interface SyncUserRow {
  email: string;
  status: SyncUserStatus;
  hubspotId: string | null;
  error: string | null;
  reason: string | null;
}

/** One run of Sync Users: the server pages through every user, 20 a page with a 1 s pause (002 §4, §9). */
export interface SyncUsersRun {
  id: string;
  status: 'running' | 'completed' | 'failed';
  forceUpdate: boolean;
  page: number;
  pageSize: number;
  total: number;
  processed: number;
  counts: Record<SyncUserStatus, number>;
  /** The first 100 rows (002 §9). */
  results: SyncUserRow[];
  hasMore: boolean;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
}

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
