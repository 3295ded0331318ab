import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../app/api.ts';
// The System Health Dashboard's alerts read the suite's last run: they refresh when a run is kept.
import { systemHealthKeys } from '../system-health/api.ts';

export type CheckStatus = 'passed' | 'warning' | 'failed';

export interface CheckResult {
  id: string;
  test: string;
  category: string;
  status: CheckStatus;
  message: string;
  details: Record<string, unknown>;
  durationMs: number;
  severity: 'low' | 'medium' | 'high' | 'critical';
  fix: string | null;
}

export interface DiagnosticsRun {
  results: CheckResult[];
  summary: {
    totalTests: number;
    passed: number;
    failed: number;
    warnings: number;
    healthScore: number;
    band: 'excellent' | 'good' | 'warning' | 'critical';
    overallStatus: 'healthy' | 'warning' | 'critical';
    recommendations: string[];
  };
  ranAt: string;
  durationMs: number;
}

export interface FixOutcome {
  fix: string;
  subject: string;
  ok: boolean;
  message: string;
}

/** 002 §3 "Debug diagnostics", measured by the server. */
export interface DebugOverview {
  healthScore: number;
  performance: { databaseMs: number; apiResponseMs: number; averageProcessingMs: number | null };
  alerts: { level: 'critical' | 'error' | 'warning'; message: string }[];
  database: { status: string; responseTime: number; kind: string };
  hubspot: { status: 'healthy' | 'warning' | 'disabled' | 'error'; responseTime: number | null };
  userActivity: { total: number; activeToday: number };
  consentAudit: { total: number; last24Hours: number };
  syncQueue: {
    configured: boolean;
    total: number;
    pending: number;
    processing: number;
    completed: number;
    failed: number;
    oldestPending: string | null;
    errorRate: number;
  };
  jobs: { total: number; failed: number };
  errorPatterns: { pattern: string; count: number }[];
  timestamp: string;
}

export interface QueryTables {
  tables: { name: string; label: string; columns: { name: string; type: string }[] }[];
  ops: string[];
  limitMax: number;
}

export interface QueryRequest {
  table: string;
  columns: string[];
  filters: { column: string; op: string; value?: string | number | boolean | null }[];
  order: { column: string; direction: 'asc' | 'desc' };
  limit: number;
}

export interface QueryAnswer {
  columns: string[];
  rows: Record<string, unknown>[];
  durationMs: number;
}

export interface TestableFunction {
  name: string;
  label: string;
  description: string;
  example: unknown;
}

/** 002 §9: auto-refresh every 30 s; data queries stale after 30 s, 2 retries, no refetch on focus. */
export const AUTO_REFRESH_MS = 30_000;
const QUERY_DEFAULTS = { staleTime: 30_000, retry: 2, refetchOnWindowFocus: false } as const;

export const debugConsoleKeys = {
  overview: ['admin', 'diagnostics', 'overview'] as const,
  lastRun: ['admin', 'diagnostics', 'last-run'] as const,
  debugApi: ['admin', 'diagnostics', 'debug-api'] as const,
  tables: ['admin', 'diagnostics', 'query-tables'] as const,
  functions: ['admin', 'diagnostics', 'functions'] as const,
  mock: ['admin', 'diagnostics', 'mock-data'] as const,
};

export function useDebugOverview(autoRefresh: boolean) {
  return useQuery({
    queryKey: debugConsoleKeys.overview,
    queryFn: () => apiFetch<DebugOverview>('/api/admin/diagnostics/overview'),
    ...QUERY_DEFAULTS,
    refetchInterval: autoRefresh ? AUTO_REFRESH_MS : false,
  });
}

export function useQueryTables() {
  return useQuery({
    queryKey: debugConsoleKeys.tables,
    queryFn: () => apiFetch<QueryTables>('/api/admin/diagnostics/query/tables'),
    ...QUERY_DEFAULTS,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useTestableFunctions() {
  return useQuery({
    queryKey: debugConsoleKeys.functions,
    queryFn: () =>
      apiFetch<{ functions: TestableFunction[] }>('/api/admin/diagnostics/functions').then((r) => r.functions),
    ...QUERY_DEFAULTS,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useMockData() {
  return useQuery({
    queryKey: debugConsoleKeys.mock,
    queryFn: () => apiFetch<{ count: number; allowed: boolean }>('/api/admin/diagnostics/mock-data'),
    ...QUERY_DEFAULTS,
  });
}

/** Run Full Validation: the server keeps it as the suite's last run, which System Alerts reads. */
export function useRunDiagnostics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<DiagnosticsRun>('/api/admin/diagnostics/run', { method: 'POST', json: {} }),
    onSuccess: (run) => {
      queryClient.setQueryData(debugConsoleKeys.lastRun, { run });
      return queryClient.invalidateQueries({ queryKey: systemHealthKeys.all });
    },
  });
}

/** The suite's last full run (any admin's, on any instance), or null before the first. */
export function useLastValidationRun() {
  return useQuery({
    queryKey: debugConsoleKeys.lastRun,
    queryFn: () => apiFetch<{ run: DiagnosticsRun | null }>('/api/admin/diagnostics/last-run'),
    ...QUERY_DEFAULTS,
  });
}

export type DebugTestName = 'auth' | 'navigation' | 'database' | 'system-health' | 'full';

/** 002 §7 testsprite-debug-api's answers, as the outside debug API gives them. */
export interface DebugTestResults {
  authTest?: {
    status: 'pass' | 'fail';
    totalUsers: number;
    recentUsers: number;
    activeSubscriptions: number;
    errors: string[];
  };
  navigationTest?: {
    status: 'pass' | 'fail';
    subscriptionGuards: { public: number; user: number; admin: number };
    adminUsers: number;
  };
  databaseTest?: { status: 'pass' | 'fail'; queryTime: number; basicConnectivity: boolean; rlsFunctionTest: boolean };
  systemHealth?: {
    status: 'pass' | 'fail';
    healthScore: number;
    edgeFunctions: { function: string; available: boolean }[];
    environment: Record<string, string | boolean>;
  };
  timestamp: string;
}

/** Whether the outside debug API is on (DEBUG_API_KEY set) and the header it needs; never the key. */
export function useDebugApiStatus() {
  return useQuery({
    queryKey: debugConsoleKeys.debugApi,
    queryFn: () =>
      apiFetch<{ enabled: boolean; header: string; tests: { name: DebugTestName; summary: string }[] }>(
        '/api/admin/diagnostics/debug-api',
      ),
    ...QUERY_DEFAULTS,
  });
}

export function useRunDebugTest() {
  return useMutation({
    mutationFn: (name: DebugTestName) =>
      apiFetch<DebugTestResults>(`/api/admin/diagnostics/debug-api/${name}`, { method: 'POST', json: {} }),
  });
}

export function useAutoFix() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<{ fixed: FixOutcome[]; after: DiagnosticsRun }>('/api/admin/diagnostics/auto-fix', {
        method: 'POST',
        json: {},
      }),
    onSuccess: (data) => queryClient.setQueryData(debugConsoleKeys.lastRun, { run: data.after }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: debugConsoleKeys.overview }),
        queryClient.invalidateQueries({ queryKey: systemHealthKeys.all }),
      ]),
  });
}

export function useCleanup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<{ cleaned: { table: string; removed: number }[] }>('/api/admin/diagnostics/cleanup', {
        method: 'POST',
        json: {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: debugConsoleKeys.overview }),
  });
}

export function useRunQuery() {
  return useMutation({
    mutationFn: (request: QueryRequest) =>
      apiFetch<QueryAnswer>('/api/admin/diagnostics/query', { method: 'POST', json: request }),
  });
}

export function useTestFunction() {
  return useMutation({
    mutationFn: (input: { function: string; parameters: string }) =>
      apiFetch<{ result: unknown; durationMs: number }>('/api/admin/diagnostics/functions/test', {
        method: 'POST',
        json: input,
      }),
  });
}

export function useMockDataActions() {
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: debugConsoleKeys.mock });
  const add = useMutation({
    mutationFn: (count: number) =>
      apiFetch<{ count: number; total: number }>('/api/admin/diagnostics/mock-data', {
        method: 'POST',
        json: { count },
      }),
    onSettled: settled,
  });
  const remove = useMutation({
    mutationFn: () => apiFetch<{ removed: number }>('/api/admin/diagnostics/mock-data', { method: 'DELETE' }),
    onSettled: settled,
  });
  return { add, remove };
}

/** Export system state: the server's redacted JSON, saved as system-state-{timestamp}.json. */
export async function exportSystemState(): Promise<string> {
  const state = await apiFetch<unknown>('/api/admin/diagnostics/export', { method: 'POST', json: {} });
  const fileName = `system-state-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  const url = URL.createObjectURL(new Blob([JSON.stringify(state, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return fileName;
}
