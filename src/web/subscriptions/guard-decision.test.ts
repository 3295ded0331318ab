import { describe, expect, it } from 'vitest';
import type { Subscription } from './api.ts';
import { guardDecision } from './guard-decision.ts';

const view = (over: Partial<Subscription>): Subscription => ({
  hasSubscription: true,
  tier: 'trial_bigpig',
  isActive: true,
  paymentStatus: 'trial',
  expiresAt: null,
  isTrialing: true,
  trialExpiresAt: null,
  trialDaysLeft: 5,
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
});
const hub = { isAdmin: false, required: 'bigpig' as const, feature: 'Protection Hub' };

describe('the subscription guard', () => {
  it('opens a Big Pig page to a trial and to Big Pig', () => {
    expect(guardDecision(view({}), hub)).toEqual({ kind: 'allow' });
    expect(guardDecision(view({ tier: 'bigpig', paymentStatus: 'active' }), hub)).toEqual({ kind: 'allow' });
  });

  it('sends a piglet to the plans with the spec’s words', () => {
    expect(guardDecision(view({ tier: 'piglet', paymentStatus: 'active' }), hub)).toEqual({
      kind: 'below-tier',
      message: 'Protection Hub requires Big Pig tier or higher',
      tier: 'bigpig',
    });
  });

  it('asks a user whose subscription is not active to choose a plan, but never an admin', () => {
    const lapsed = view({ tier: 'piglet', isActive: false, paymentStatus: 'canceled' });
    expect(guardDecision(lapsed, hub)).toEqual({
      kind: 'choose-plan',
      message: 'Please choose a subscription plan to continue',
      to: 'subscribe',
    });
    expect(guardDecision(lapsed, { ...hub, isAdmin: true })).toEqual({ kind: 'allow' });
  });

  it('lets a user from before subscriptions (no row) through on the default trial', () => {
    expect(guardDecision(view({ hasSubscription: false, isActive: false }), hub)).toEqual({ kind: 'allow' });
  });
});
