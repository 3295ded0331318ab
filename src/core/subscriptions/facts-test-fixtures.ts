import type { SubscriptionFacts } from './access.ts';

/** A `subscriptions` row's facts for tests: an inactive row with nothing set, unless told otherwise. */
export function subscriptionFacts(over: Partial<SubscriptionFacts> = {}): SubscriptionFacts {
  return {
    paymentStatus: 'inactive',
    tier: null,
    trialTier: null,
    trialExpiresAt: null,
    promoTier: null,
    promoExpiresAt: null,
    adminOverride: false,
    currentPeriodEnd: null,
    billingCycle: null,
    cancelAtPeriodEnd: false,
    lastPaymentFailureAt: null,
    paymentFailureCount: 0,
    hasBillingCustomer: false,
    ...over,
  };
}

/** A paying Big Pig row (monthly, a card on file), unless told otherwise. */
export function payingFacts(over: Partial<SubscriptionFacts> = {}): SubscriptionFacts {
  return subscriptionFacts({
    paymentStatus: 'active',
    tier: 'bigpig',
    billingCycle: 'monthly',
    hasBillingCustomer: true,
    ...over,
  });
}
