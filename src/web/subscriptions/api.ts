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
        const answer = await apiFetch<{ prices: Prices; isDefault: boolean; message?: string }>(
          '/api/subscription/prices',
          { signal },
        );
        if (!hasAllPrices(answer.prices))
          return { prices: DEFAULT_PRICES, isDefault: true, message: PRICE_MESSAGES.invalidResponse };
        // The server's defaults after the card provider failed come with the spec's message for it.
        return { prices: answer.prices, isDefault: answer.isDefault, message: answer.message ?? null };
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

/** Redeems a validated promo code by id at `path` ('Unlock Extended Trial', 'Unlock Big Pig features'). */
function useRedeemPromo(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (promoCodeId: string) =>
      apiFetch<{ success: true; message: string; subscription: Subscription }>(path, {
        method: 'POST',
        json: { promoCodeId },
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(subscriptionKeys.mine, answer.subscription);
      return queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}

export const useUnlockTrial = () => useRedeemPromo('/api/subscription/trial-promo');
export const useUnlockFeatures = () => useRedeemPromo('/api/subscription/feature-promo');

/** Whether checkout runs in local test mode (no Stripe keys): the pages then say so. */
export function useBillingMode() {
  return useQuery({
    queryKey: ['billing-mode'],
    queryFn: ({ signal }) => apiFetch<{ testMode: boolean }>('/api/billing/mode', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export type CheckoutInput = { tier: 'piglet' | 'boar' | 'bigpig'; cycle: 'monthly' | 'annual'; promoCodeId?: string };

/** Starts the provider's hosted checkout; the caller sends the browser to the url. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: (input: CheckoutInput) =>
      apiFetch<{ url: string }>('/api/billing/checkout', { method: 'POST', json: input }),
    retry: 0,
  });
}

export type TestCheckout = {
  testMode: true;
  tier: 'piglet' | 'boar' | 'bigpig';
  planName: string;
  cycle: 'monthly' | 'annual';
  pricePence: number;
  discountPercent: number | null;
  amountPence: number;
  isRetry: boolean;
  /** A free-tier promo code's free trial: nothing due today, then `thenPence` from `endsAt`. */
  trial: { days: number; endsAt: string; thenPence: number } | null;
};

export function useTestCheckout(id: string) {
  return useQuery({
    queryKey: ['test-checkout', id],
    queryFn: ({ signal }) => apiFetch<TestCheckout>(`/api/billing/test-checkout/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });
}

/** Test mode's Pay, Decline or Cancel: the server applies the events the provider would send. */
export function useFinishTestCheckout(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (outcome: 'pay' | 'decline' | 'cancel') =>
      apiFetch<{ redirectTo: string }>(`/api/billing/test-checkout/${encodeURIComponent(id)}/${outcome}`, {
        method: 'POST',
      }),
    retry: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['me'] }),
  });
}
