import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CrmTestResult,
  PerformanceSample,
  ProbeResult,
  SystemAlert,
  SystemHealth,
} from '../../../server/metrics/system-routes.ts';
import { apiFetch } from '../../app/api.ts';

export type { CrmTestResult, PerformanceSample, ProbeResult, SystemAlert, SystemHealth };
export type Performance = { sampleEverySeconds: number; samples: PerformanceSample[]; current: PerformanceSample };

/** 002 §9: the System Health Dashboard refreshes every 30 s when auto-refresh is on. */
export const AUTO_REFRESH_MS = 30_000;

export const systemHealthKeys = {
  all: ['admin', 'system'] as const,
  health: ['admin', 'system', 'health'] as const,
  performance: ['admin', 'system', 'performance'] as const,
};

export function useSystemHealth(options: { autoRefresh?: boolean } = {}) {
  return useQuery({
    queryKey: systemHealthKeys.health,
    queryFn: ({ signal }) => apiFetch<SystemHealth>('/api/admin/system/health', { signal }),
    refetchInterval: options.autoRefresh ? AUTO_REFRESH_MS : false,
  });
}

export function usePerformance(options: { autoRefresh?: boolean } = {}) {
  return useQuery({
    queryKey: systemHealthKeys.performance,
    queryFn: ({ signal }) => apiFetch<Performance>('/api/admin/system/performance', { signal }),
    refetchInterval: options.autoRefresh ? AUTO_REFRESH_MS : false,
  });
}

/** Test Sync Queue: a no-op job through the queue, timed; the figures refresh after it. */
export function useTestSyncQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<ProbeResult>('/api/admin/system/test-sync-queue', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: systemHealthKeys.all }),
  });
}

export function useTestHubspot() {
  return useMutation({
    mutationFn: () => apiFetch<CrmTestResult>('/api/admin/system/test-hubspot', { method: 'POST' }),
  });
}
