import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionView } from '../../core/subscriptions/access.ts';
import { DEFAULT_PRICES, hasAllPrices, PRICE_MESSAGES, type Prices } from '../../core/subscriptions/plans.ts';
import type { z } from 'zod';
import type { PromoDetailsSchema } from '../../server/subscriptions/subscription-json.ts';
import { apiFetch } from '../app/api.ts';

export type Subscription = SubscriptionView;
export type PromoDetails = z.infer<typeof PromoDetailsSchema>;
export type PromoValidation = { valid: boolean; message: string; promoDetails: PromoDetails | null };

/** The server names the same key when a promo changes the subscription (realtime). */
export const subscriptionKeys = { mine: ['me', 'subscription'] as const, prices: ['subscription-prices'] as const };

/** The spec polls the subscription every 30 s. */
export const SUBSCRIPTION_POLL_MS = 30_000;

export function useSubscription(enabled = true) {
  return useQuery({
    queryKey: subscriptionKeys.mine,
    queryFn: ({ signal }) => apiFetch<Subscription>('/api/subscription', { signal }),
    refetchInterval: SUBSCRIPTION_POLL_MS,
    enabled,
  });
}

export type PriceState = { prices: Prices | null; isDefault: boolean; message: string | null };

/** The plans' prices; on any failure the spec's defaults, with its message. */
export function usePrices() {
  return useQuery({
    queryKey: subscriptionKeys.prices,
    queryFn: async ({ signal }): Promise<PriceState> => {
      try {
        const answer = await apiFetch<{ prices: Prices; isDefault: boolean }>('/api/subscription/prices', { signal });
        if (!hasAllPrices(answer.prices))
          return { prices: DEFAULT_PRICES, isDefault: true, message: PRICE_MESSAGES.invalidResponse };
        return { prices: answer.prices, isDefault: answer.isDefault, message: null };
      } catch {
        return { prices: DEFAULT_PRICES, isDefault: true, message: PRICE_MESSAGES.loadFailed };
      }
    },
    staleTime: 5 * 60_000,
  });
}

export function useValidatePromo() {
  return useMutation({
    mutationFn: (code: string) =>
      apiFetch<PromoValidation>('/api/promo-codes/validate', { method: 'POST', json: { code } }),
  });
}

export function useUnlockTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (promoCodeId: string) =>
      apiFetch<{ success: true; message: string; subscription: Subscription }>('/api/subscription/trial-promo', {
        method: 'POST',
        json: { promoCodeId },
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(subscriptionKeys.mine, answer.subscription);
      return queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
