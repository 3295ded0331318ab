import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PromoCodeInput } from '../../../core/subscriptions/promo-input.ts';
import type { AdminPromoCodeSchema } from '../../../server/subscriptions/subscription-json.ts';
import { apiFetch } from '../../app/api.ts';

export type AdminPromoCode = z.infer<typeof AdminPromoCodeSchema>;

export const adminSubscriptionKeys = {
  promoCodes: ['admin', 'promo-codes'] as const,
};

export function useAdminPromoCodes() {
  return useQuery({
    queryKey: adminSubscriptionKeys.promoCodes,
    queryFn: async ({ signal }) =>
      (await apiFetch<{ promoCodes: AdminPromoCode[] }>('/api/admin/promo-codes', { signal })).promoCodes,
  });
}

export function useCreatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PromoCodeInput) =>
      apiFetch<{ promoCode: AdminPromoCode }>('/api/admin/promo-codes', { method: 'POST', json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSubscriptionKeys.promoCodes }),
  });
}

/** Withdraws a code (isActive false) or puts it back. */
export function useSetPromoCodeActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      apiFetch<{ promoCode: AdminPromoCode }>(`/api/admin/promo-codes/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        json: { isActive },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSubscriptionKeys.promoCodes }),
  });
}
