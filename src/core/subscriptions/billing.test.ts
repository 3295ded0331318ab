import { describe, expect, it } from 'vitest';
import { hasActiveAccess } from './access.ts';
import { payingFacts } from './facts-test-fixtures.ts';
import { applyBillingChange, type BillingChange, type BillingState } from './billing-state.ts';
import { discountedPence, isUpgrade, paymentStatusOf, planOfPrice } from './billing.ts';

const paid = payingFacts({ billingCycle: 'monthly' });

const empty: BillingState = {
  paymentStatus: 'inactive',
  tier: null,
  billingCycle: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  stripeCustomerId: 'cus_1',
  stripeSubscriptionId: null,
  stripePriceId: null,
  lastPaymentFailureAt: null,
  paymentFailureCount: 0,
  providerUpdatedAt: null,
  providerInvoiceAt: null,
};

const at = (iso: string) => new Date(iso);
const subscriptionAt = (
  iso: string,
  tier: 'piglet' | 'boar' | 'bigpig',
  status: 'active' | 'past_due' = 'active',
): BillingChange => ({
  kind: 'subscription',
  at: at(iso),
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  status,
  plan: { tier, cycle: 'monthly' },
  priceId: `price_${tier}`,
  currentPeriodEnd: at('2027-01-01T00:00:00Z'),
  cancelAtPeriodEnd: false,
});

describe('a subscription cancelled at its period end', () => {
  // London, Sunday 28 March 2027: at 01:00 GMT the clocks go forward to 02:00 BST.
  //   00:59:59.999Z = 00:59:59 GMT   access
  //   01:00:00.000Z = 02:00:00 BST   no access
  it('keeps access until the period end instant across the spring DST change and not after', () => {
    const end = at('2027-03-28T01:00:00Z');
    const s = { ...paid, cancelAtPeriodEnd: true, currentPeriodEnd: end };
    expect(hasActiveAccess(s, new Date(end.getTime() - 1))).toBe(true);
    expect(hasActiveAccess(s, end)).toBe(false);
    expect(hasActiveAccess(s, at('2027-03-28T01:30:00Z'))).toBe(false);
  });

  // London, Sunday 25 October 2026: 02:00 BST becomes 01:00 GMT, so 01:30 happens twice.
  it('ends at the second 01:30 of the autumn change when that is the instant, not the first', () => {
    const end = at('2026-10-25T01:30:00Z'); // 01:30 GMT, the second one
    const s = { ...paid, cancelAtPeriodEnd: true, currentPeriodEnd: end };
    expect(hasActiveAccess(s, at('2026-10-25T00:30:00Z'))).toBe(true); // 01:30 BST, the first
    expect(hasActiveAccess(s, end)).toBe(false);
  });

  it('keeps access after the period end when not cancelled (renewal is the provider’s to say)', () => {
    const s = { ...paid, currentPeriodEnd: at('2027-03-28T01:00:00Z') };
    expect(hasActiveAccess(s, at('2027-03-28T02:00:00Z'))).toBe(true);
  });
});

describe('the webhook state machine', () => {
  it('lets no older subscription event overwrite a newer one, whichever arrives first', () => {
    const newer = subscriptionAt('2026-11-27T10:00:05Z', 'boar');
    const older = subscriptionAt('2026-11-27T10:00:04Z', 'bigpig', 'past_due');
    const oneWay = applyBillingChange(applyBillingChange(empty, newer), older);
    const otherWay = applyBillingChange(applyBillingChange(empty, older), newer);
    expect(oneWay).toEqual(otherWay);
    expect(oneWay).toMatchObject({ tier: 'boar', paymentStatus: 'active' });
  });

  it('applies an event of the same second (the later delivery wins a tie)', () => {
    const first = applyBillingChange(empty, subscriptionAt('2026-11-27T10:00:05Z', 'boar'));
    expect(applyBillingChange(first, subscriptionAt('2026-11-27T10:00:05Z', 'bigpig')).tier).toBe('bigpig');
  });

  it('counts failures from the newest invoice and keeps the latest failure time; a payment resets the count', () => {
    const failedTwice = applyBillingChange(empty, {
      kind: 'invoice-failed',
      at: at('2026-11-27T10:00:10Z'),
      attemptCount: 2,
      needsAction: false,
    });
    expect(failedTwice).toMatchObject({ paymentStatus: 'past_due', paymentFailureCount: 2 });
    const lateOldFailure = applyBillingChange(failedTwice, {
      kind: 'invoice-failed',
      at: at('2026-11-27T10:00:01Z'),
      attemptCount: 1,
      needsAction: true,
    });
    expect(lateOldFailure).toMatchObject({ paymentStatus: 'past_due', paymentFailureCount: 2 });
    const paidNow = applyBillingChange(lateOldFailure, { kind: 'invoice-paid', at: at('2026-11-27T10:00:20Z') });
    expect(paidNow).toMatchObject({
      paymentStatus: 'active',
      paymentFailureCount: 0,
      lastPaymentFailureAt: at('2026-11-27T10:00:10Z'),
    });
  });

  it('sets action_required when the payment needs the customer', () => {
    const change: BillingChange = {
      kind: 'invoice-failed',
      at: at('2026-11-27T10:00:10Z'),
      attemptCount: 1,
      needsAction: true,
    };
    expect(applyBillingChange(empty, change).paymentStatus).toBe('action_required');
  });
});

describe("the provider's words", () => {
  it('maps statuses to ours', () => {
    expect(
      ['active', 'trialing', 'past_due', 'canceled', 'incomplete', 'unpaid', 'incomplete_expired', 'paused'].map(
        paymentStatusOf,
      ),
    ).toEqual(['active', 'active', 'past_due', 'canceled', 'action_required', 'failed', 'failed', 'inactive']);
  });

  it('reads the plan from a lookup key, or metadata tier and interval', () => {
    expect(planOfPrice({ lookup_key: 'bigpig_annual' })).toEqual({ tier: 'bigpig', cycle: 'annual' });
    expect(planOfPrice({ metadata: { tier: 'boar' }, recurring: { interval: 'month' } })).toEqual({
      tier: 'boar',
      cycle: 'monthly',
    });
    expect(planOfPrice({ lookup_key: 'gold_monthly', recurring: { interval: 'month' } })).toBeNull();
  });

  it('rounds a discounted price to whole pence', () => {
    expect(discountedPence(999, 25)).toBe(749);
    expect(discountedPence(999, null)).toBe(999);
  });
});

describe('isUpgrade (refused while a payment is past due)', () => {
  it('is a higher tier, or the same tier annual from monthly', () => {
    const boarMonthly = { tier: 'boar', cycle: 'monthly' };
    expect(isUpgrade(boarMonthly, { tier: 'bigpig', cycle: 'monthly' })).toBe(true);
    expect(isUpgrade(boarMonthly, { tier: 'boar', cycle: 'annual' })).toBe(true);
    expect(isUpgrade(boarMonthly, { tier: 'boar', cycle: 'monthly' })).toBe(false);
    expect(isUpgrade(boarMonthly, { tier: 'piglet', cycle: 'annual' })).toBe(false);
    expect(isUpgrade({ tier: 'bigpig', cycle: 'annual' }, { tier: 'bigpig', cycle: 'monthly' })).toBe(false);
  });

  it('counts any change from an unknown plan as an upgrade', () => {
    expect(isUpgrade({ tier: null, cycle: null }, { tier: 'piglet', cycle: 'monthly' })).toBe(true);
  });
});
