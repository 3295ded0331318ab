/** The dashboard's savings tax estimate, GET /api/savings-tax-estimate, under the accounts' key (it follows their transactions). */
import { useQuery } from '@tanstack/react-query';
import type { SavingsTaxEstimateJson } from '../../server/savings-tax/routes.ts';
import { accountKeys } from '../accounts/query-keys.ts';
import { apiFetch } from '../app/api.ts';

export type SavingsTaxEstimate = SavingsTaxEstimateJson;

export const savingsTaxKeys = { estimate: [...accountKeys.list, 'savings-tax'] as const };

export function useSavingsTaxEstimate() {
  return useQuery({
    queryKey: savingsTaxKeys.estimate,
    queryFn: ({ signal }) => apiFetch<SavingsTaxEstimate>('/api/savings-tax-estimate', { signal }),
  });
}
