import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AccessReason } from '../../../core/subscriptions/access.ts';
import type { PromoCodeInput } from '../../../core/subscriptions/promo-input.ts';
import type { AdminPromoCodeSchema, SubscriptionViewSchema } from '../../../server/subscriptions/subscription-json.ts';
import { apiFetch } from '../../app/api.ts';

export type AdminPromoCode = z.infer<typeof AdminPromoCodeSchema>;
export type UserSubscription = z.infer<typeof SubscriptionViewSchema>;

export interface AdminUserSubscription {
  userId: string;
  email: string;
  name: string;
  isAdmin: boolean;
  createdAt: string;
  promoCode: string | null;
  subscription: UserSubscription;
  /** Why the user has `subscription.tier` (core `accessReason`). */
  accessReason: AccessReason;
}

export const adminSubscriptionKeys = {
  promoCodes: ['admin', 'promo-codes'] as const,
  users: ['admin', 'subscriptions'] as const,
  usersPage: (search: string, offset: number) => ['admin', 'subscriptions', { search, offset }] as const,
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

export function useAdminUserSubscriptions(search: string, offset: number) {
  return useQuery({
    queryKey: adminSubscriptionKeys.usersPage(search, offset),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams();
      if (search) query.set('search', search);
      if (offset) query.set('offset', String(offset));
      const text = query.toString();
      return apiFetch<{ users: AdminUserSubscription[]; total: number }>(
        `/api/admin/subscriptions${text ? `?${text}` : ''}`,
        { signal },
      );
    },
    placeholderData: keepPreviousData,
  });
}

export function useSetAdminOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, adminOverride }: { userId: string; adminOverride: boolean }) =>
      apiFetch<{ subscription: UserSubscription }>(
        `/api/admin/users/${encodeURIComponent(userId)}/subscription/override`,
        { method: 'PUT', json: { adminOverride } },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSubscriptionKeys.users }),
  });
}
