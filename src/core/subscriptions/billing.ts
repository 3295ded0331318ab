/**
 * The card provider's words in ours (issue 17 part 2; docs/decisions/0037-card-payments-and-webhooks.md):
 * its subscription statuses as our payment_status, its prices' lookup keys as tier and cycle, and
 * the rule that keeps an older webhook event from overwriting a newer state. Pure.
 */
import type { PaymentStatus, StoredTier } from './access.ts';
import { type BillingCycle, isBillingCycle, isPlanTier } from './plans.ts';
import { tierRank } from './tier.ts';

/** A price's lookup key names its plan: `piglet_monthly`, `bigpig_annual` (README, "Card payments"). */
export function priceLookupKey(tier: StoredTier, cycle: BillingCycle): string {
  return `${tier}_${cycle}`;
}

export type PricePlan = { tier: StoredTier; cycle: BillingCycle };

/**
 * The plan a provider price stands for: its lookup key (`boar_annual`), or failing that its
 * metadata `tier` with the recurring interval (month → monthly, year → annual). Null for a price
 * that is none of ours.
 */
export function planOfPrice(price: {
  lookup_key?: string | null;
  metadata?: Record<string, string> | null;
  recurring?: { interval?: string | null } | null;
}): PricePlan | null {
  const match = /^(piglet|boar|bigpig)_(monthly|annual)$/.exec(price.lookup_key ?? '');
  if (match) return { tier: match[1] as StoredTier, cycle: match[2] as BillingCycle };
  const tier = price.metadata?.tier;
  const interval = price.recurring?.interval;
  const cycle = interval === 'month' ? 'monthly' : interval === 'year' ? 'annual' : null;
  if (isPlanTier(tier) && isBillingCycle(cycle)) return { tier, cycle };
  return null;
}

/**
 * Our payment_status for the provider's subscription status. `incomplete` waits on the customer
 * (authentication): action_required; `unpaid` and `incomplete_expired` have given up: failed.
 */
export function paymentStatusOf(providerStatus: string): PaymentStatus {
  switch (providerStatus) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
      return 'past_due';
    case 'canceled':
      return 'canceled';
    case 'incomplete':
      return 'action_required';
    case 'unpaid':
    case 'incomplete_expired':
      return 'failed';
    default:
      return 'inactive';
  }
}

/**
 * Whether an event created at `eventAt` may set state last set by an event created at `appliedAt`.
 * The provider's `created` is in whole seconds: an event of the same second applies too (the
 * later delivery wins a tie), an older one changes nothing.
 */
export function isNewerOrSame(eventAt: Date, appliedAt: Date | null): boolean {
  return appliedAt === null || eventAt.getTime() >= appliedAt.getTime();
}

/** Seconds since the epoch (the provider's timestamps) as an instant. */
export function instantOfSeconds(seconds: number): Date {
  return new Date(seconds * 1000);
}

/** The price after a percentage discount, in whole pence (rounded half up, as the provider does). */
export function discountedPence(pricePence: number, discountPercent: number | null): number {
  if (!discountPercent) return pricePence;
  return Math.round((pricePence * (100 - discountPercent)) / 100);
}

/**
 * Whether moving from `current` to `next` buys more: a higher tier, or the same tier's annual
 * plan from its monthly one. An unknown current plan counts every change as an upgrade.
 */
export function isUpgrade(
  current: { tier: string | null; cycle: string | null },
  next: { tier: StoredTier; cycle: BillingCycle },
): boolean {
  if (!isPlanTier(current.tier)) return true;
  const from = tierRank(current.tier);
  const to = tierRank(next.tier);
  return to > from || (to === from && current.cycle === 'monthly' && next.cycle === 'annual');
}
