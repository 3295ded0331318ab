/**
 * The dashboard's one request, GET /api/dashboard, under the accounts list's key: every realtime
 * event that refreshes the user's accounts or transactions refreshes the dashboard too.
 */
import { useQuery } from '@tanstack/react-query';
import type { DashboardJson } from '../../server/dashboard/routes.ts';
import { apiFetch } from '../app/api.ts';
import { accountKeys } from '../accounts/query-keys.ts';

export type Dashboard = DashboardJson;
export type ComingUpItem = Dashboard['comingUp']['items'][number];
export type RecentTransaction = Dashboard['recentTransactions'][number];

export const dashboardKeys = { dashboard: [...accountKeys.list, 'dashboard'] as const };

export function useDashboard() {
  return useQuery({
    queryKey: dashboardKeys.dashboard,
    queryFn: ({ signal }) => apiFetch<Dashboard>('/api/dashboard', { signal }),
  });
}
