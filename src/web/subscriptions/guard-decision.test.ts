import { describe, expect, it } from 'vitest';
import { guardDecision } from './guard-decision.ts';
import { trialView } from './view-test-fixtures.ts';

const view = trialView;
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

  describe('during a payment-failure grace period', () => {
    const NOW = new Date('2026-11-27T10:00:00Z');
    const failed = (status: string, daysAgo: number) =>
      view({
        tier: 'bigpig',
        paymentStatus: status,
        isActive: status === 'past_due',
        isTrialing: false,
        trialDaysLeft: null,
        lastPaymentFailureAt: new Date(NOW.getTime() - daysAgo * 86_400_000).toISOString(),
        paymentFailureCount: 1,
      });

    it.each(['past_due', 'failed', 'action_required'])('dims the page for status %s with the days left', (status) => {
      expect(guardDecision(failed(status, 2), { ...hub, now: NOW })).toEqual({ kind: 'grace', daysLeft: 5 });
    });

    it('keeps a running trial open when its first payment was declined (the banner tells)', () => {
      const declined = {
        ...failed('action_required', 0),
        tier: 'trial_bigpig' as const,
        isActive: true,
        isTrialing: true,
        trialDaysLeft: 4,
      };
      expect(guardDecision(declined, { ...hub, now: NOW })).toEqual({ kind: 'allow' });
    });

    it('sends a failed payment to the plans once the grace is over', () => {
      expect(guardDecision(failed('failed', 7), { ...hub, now: NOW })).toMatchObject({ kind: 'choose-plan' });
      expect(guardDecision(failed('past_due', 7), { ...hub, now: NOW })).toEqual({ kind: 'allow' });
    });

    it('still refuses a page above the plan, and lets an admin through', () => {
      const piglet = { ...failed('past_due', 1), tier: 'piglet' as const };
      expect(guardDecision(piglet, { ...hub, now: NOW })).toMatchObject({ kind: 'below-tier' });
      expect(guardDecision(failed('past_due', 1), { ...hub, isAdmin: true, now: NOW })).toEqual({ kind: 'allow' });
    });
  });
});

describe('the guard reads the resolved features the server gates on (ADR 0045)', () => {
  it('refuses a page whose feature the features leave out, whatever the view’s tier', () => {
    expect(guardDecision(view({ tier: 'bigpig', paymentStatus: 'active' }), { ...hub, granted: false })).toEqual({
      kind: 'below-tier',
      message: 'Protection Hub requires Big Pig tier or higher',
      tier: 'bigpig',
    });
  });

  it('opens a page whose feature was granted to a lower plan', () => {
    expect(guardDecision(view({ tier: 'piglet', paymentStatus: 'active' }), { ...hub, granted: true })).toEqual({
      kind: 'allow',
    });
  });
});
