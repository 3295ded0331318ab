import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SmartPigPreferences } from '../../core/smart-pig/types.ts';
import type { SimulationJson, SmartPigJson } from '../../server/smart-pig/smart-pig-json.ts';
import { apiFetch } from '../app/api.ts';

export type SmartPig = SmartPigJson;
export type Recommendation = SmartPig['recommendations'][number];
export type SmartPigAccountOption = SmartPig['accounts'][number];
export type Simulation = SimulationJson;
export type SimulationRequest = { accountId: string; amountPence: number; fromAccountId: string | null };

/**
 * Smart Pig's query key: under the accounts list's (['me', 'accounts']), so every realtime event
 * that refreshes the user's accounts refreshes the recommendations too. The server names the same
 * key (src/server/smart-pig/routes.ts) when preferences change in another tab.
 */
export const smartPigKeys = { all: ['me', 'accounts', 'smart-pig'] as const };

/** The metric cards, recommendations and preferences: one request, however many accounts. */
export function useSmartPig() {
  return useQuery({
    queryKey: smartPigKeys.all,
    queryFn: ({ signal }) => apiFetch<SmartPig>('/api/smart-pig', { signal }),
  });
}

/** Saves the preferences; the recommendations are worked out again with them. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: SmartPigPreferences) =>
      apiFetch<{ preferences: SmartPigPreferences }>('/api/smart-pig/preferences', {
        method: 'PUT',
        json: preferences,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: smartPigKeys.all }),
  });
}

/** The what-if simulator: nothing is saved. */
export function useSimulation() {
  return useMutation({
    mutationFn: (request: SimulationRequest) =>
      apiFetch<Simulation>('/api/smart-pig/simulate', { method: 'POST', json: request }),
  });
}
