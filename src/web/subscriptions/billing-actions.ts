/**
 * What the payment banner and the Settings → Subscription tab ask the card provider's side for
 * (000 §7, issue 17): the customer portal, a payment retry, invoices, a plan change and
 * cancelling or resuming at the period's end. The billing routes answer these; until they are
 * there, each action fails with the spec's words and nothing else breaks.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountCapOf } from '../../core/subscriptions/features.ts';
import { type RequiredTier, type Tier, tierRank } from '../../core/subscriptions/tier.ts';
import { ApiError, apiFetch } from '../app/api.ts';
import { paths } from '../app/paths.ts';
import { type Subscription, subscriptionKeys } from './api.ts';
import type { PlanChangePreview } from '../../core/subscriptions/plan-change-words.ts';

export type BillingCycle = 'monthly' | 'annual';

import type { Invoice } from '../../server/billing/provider.ts';

export type { Invoice };

/** The spec's payment retry messages (000 §8), and ours where it gives none. */
export const BILLING_MESSAGES = {
  retryFailed: 'Failed to retry payment. Please try again.',
  retryError: 'An error occurred while retrying payment.',
  portalFailed: 'We could not open your billing page. Please try again.',
  invoicesFailed: 'Your invoices could not be loaded.',
  changeFailed: 'We could not change your plan. Please try again.',
  cancelFailed: 'We could not change your subscription. Please try again.',
  previewFailed: 'We could not work out what the change costs. Please try again.',
} as const;

/**
 * The retry's failure text: the server's refusal is 'Failed to retry payment…'; anything else
 * (no answer, an answer without a page) is 'An error occurred…', as the spec's two texts split.
 */
export function retryPaymentFailureMessage(error: unknown): string {
  return error instanceof ApiError ? BILLING_MESSAGES.retryFailed : BILLING_MESSAGES.retryError;
}

/**
 * Opens the provider's page in a new tab. The tab is opened before the request, in the click
 * itself (a tab opened after an await is blocked as a pop-up), then sent to the page, or closed
 * when there is none. No tab at all (blocked anyway): this tab goes there.
 */
export async function openInNewTab(getUrl: () => Promise<string>): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  try {
    const url = await getUrl();
    if (!/^https?:\/\//.test(url)) throw new Error('No billing page address');
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

type UrlAnswer = { url?: unknown };

async function billingUrl(path: string, json: unknown): Promise<string> {
  const answer = await apiFetch<UrlAnswer>(path, { method: 'POST', json });
  if (typeof answer?.url !== 'string') throw new Error('No billing page address');
  return answer.url;
}

/** 'Manage Subscription' and 'Update Payment Method': the provider's customer portal, in a new tab. */
export function useOpenPortal() {
  return useMutation({ mutationFn: () => openInNewTab(() => billingUrl('/api/billing/portal', {})), retry: false });
}

/** Retry Payment: the provider's page for the failed invoice, in a new tab (000 §7 retry-payment). */
export function useRetryPayment() {
  return useMutation({
    mutationFn: () => openInNewTab(() => billingUrl('/api/billing/retry-payment', {})),
    retry: false,
  });
}

export const billingKeys = { invoices: ['me', 'billing', 'invoices'] as const };

export function useInvoices(enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.invoices,
    queryFn: ({ signal }) => apiFetch<{ invoices: Invoice[] }>('/api/billing/invoices', { signal }),
    enabled,
    retry: false,
  });
}

function useSubscriptionWrite<T>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: T) => apiFetch<Subscription>(path, { method: 'POST', json }),
    retry: false,
    onSuccess: (view) => {
      queryClient.setQueryData(subscriptionKeys.mine, view);
      return queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}

/** `at`: the instant of the preview the saver confirmed, so the change charges what they were shown. */
export function useChangePlan() {
  return useSubscriptionWrite<{ tier: RequiredTier; cycle: BillingCycle; at?: string }>('/api/billing/change-plan');
}

/** What moving to `plan` would charge or credit, and when (null: no change chosen). */
export function usePlanChangePreview(plan: { tier: RequiredTier; cycle: BillingCycle } | null) {
  return useQuery({
    // Not under ['me']: the change itself refreshes those, and this preview must not be asked
    // again once the plan it prices is the plan in force (the server would answer 409).
    queryKey: ['plan-change-preview', plan] as const,
    queryFn: ({ signal }) =>
      apiFetch<PlanChangePreview>(`/api/billing/change-preview?tier=${plan?.tier}&cycle=${plan?.cycle}`, { signal }),
    enabled: plan !== null,
    // The figures hold for the instant they were worked out at; a new choice asks again.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

/** Cancel at the period's end (true) or resume (false). */
export function useCancelAtPeriodEnd() {
  return useSubscriptionWrite<{ cancelAtPeriodEnd: boolean }>('/api/billing/cancel');
}

export type PlanChange =
  | { kind: 'current' }
  | { kind: 'downgrade-wizard'; to: string }
  | { kind: 'change-plan'; tier: RequiredTier; cycle: BillingCycle };

/**
 * What choosing `target` on `cycle` does for a paying user on `current`: a higher tier is a plan
 * change of the subscription they have (the provider refuses a second checkout); a lower tier goes to the downgrade wizard when they hold more active accounts than
 * its cap, else straight to the plan change; the same tier on the other cycle is a plan change.
 */
export function planChangeFor(
  current: { tier: Tier; cycle: BillingCycle | null },
  target: { tier: RequiredTier; cycle: BillingCycle },
  activeAccounts: number,
): PlanChange {
  const from = tierRank(current.tier);
  const to = tierRank(target.tier);
  if (to > from) return { kind: 'change-plan', ...target };
  if (to < from) {
    const cap = accountCapOf(target.tier);
    if (cap !== null && activeAccounts > cap)
      return { kind: 'downgrade-wizard', to: paths.subscriptionDowngrade(target.tier) };
    return { kind: 'change-plan', ...target };
  }
  return target.cycle === current.cycle ? { kind: 'current' } : { kind: 'change-plan', ...target };
}
