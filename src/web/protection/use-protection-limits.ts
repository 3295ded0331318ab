import { useQuery } from '@tanstack/react-query';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { limitsOn, type DepositLimitOverride, type LimitsOnDate } from '../../core/protection/limits.ts';
import { apiFetch } from '../app/api.ts';

type LimitsResponse = { date: string; limits: LimitsOnDate; override: DepositLimitOverride | null };

export const protectionLimitsQueryKey = ['reference', 'limits'] as const;

/**
 * The protection limits in force today, from the server (which applies an admin's override of
 * the deposit limit). Until it answers, or if it cannot be reached, the law's dated figures from
 * core stand in: the same source the server reads, without the override.
 */
export function useProtectionLimits(): {
  limits: LimitsOnDate;
  override: DepositLimitOverride | null;
  isLoading: boolean;
} {
  const query = useQuery({
    queryKey: protectionLimitsQueryKey,
    queryFn: ({ signal }) => apiFetch<LimitsResponse>('/api/reference/limits', { signal }),
    staleTime: 5 * 60_000,
  });
  if (query.data) return { limits: query.data.limits, override: query.data.override, isLoading: false };
  return { limits: limitsOn(calendarDateInLondon(new Date())), override: null, isLoading: query.isPending };
}
