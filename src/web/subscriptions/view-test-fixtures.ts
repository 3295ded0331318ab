import { subscriptionView } from '../../core/subscriptions/access.ts';
import { payingFacts } from '../../core/subscriptions/facts-test-fixtures.ts';
import type { Subscription } from './api.ts';

/** When the fixtures below were taken: a test that shows them as of today pins its clock here. */
export const VIEW_NOW = new Date('2026-11-27T10:00:00Z');

/**
 * The view GET /api/subscription sends for a paying Big Pig (monthly, renewing on 3 December
 * 2026), through the server's own mapping, with `over` laid on top.
 */
export function payingView(over: Partial<Subscription> = {}): Subscription {
  const facts = payingFacts({ currentPeriodEnd: new Date('2026-12-03T10:00:00.000Z') });
  return { ...subscriptionView(facts, { isAdmin: false, now: VIEW_NOW }), ...over };
}

/** The view for a Big Pig trial with 7 days left (ending 4 December 2026), with `over` laid on top. */
export function trialView(over: Partial<Subscription> = {}): Subscription {
  return {
    hasSubscription: true,
    tier: 'trial_bigpig',
    isActive: true,
    paymentStatus: 'trial',
    expiresAt: '2026-12-04T10:00:00.000Z',
    isTrialing: true,
    trialExpiresAt: '2026-12-04T10:00:00.000Z',
    trialDaysLeft: 7,
    isTrialExpired: false,
    hasAdminOverride: false,
    promo: null,
    billingCycle: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    lastPaymentFailureAt: null,
    paymentFailureCount: 0,
    hasBillingCustomer: false,
    ...over,
  };
}
