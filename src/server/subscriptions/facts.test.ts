import { describe, expect, it } from 'vitest';
import { type SubscriptionRow, subscriptionFactsJson, subscriptionFactsOf } from './facts.ts';

const row: SubscriptionRow = {
  payment_status: 'trial',
  tier: 'piglet',
  trial_tier: 'bigpig',
  trial_expires_at: '2026-12-04T10:00:00+00:00',
  promo_tier: null,
  promo_expires_at: null,
  admin_override: false,
  current_period_end: new Date('2027-01-01T00:00:00Z'),
  billing_cycle: 'annual',
  cancel_at_period_end: true,
  last_payment_failure_at: '2026-11-20T09:00:00Z',
  payment_failure_count: 2,
  stripe_customer_id: 'cus_123',
};

describe('subscriptionFactsOf', () => {
  it('maps snake-case columns to the facts, reading timestamps given as ISO text or as Date', () => {
    expect(subscriptionFactsOf(row)).toEqual({
      paymentStatus: 'trial',
      tier: 'piglet',
      trialTier: 'bigpig',
      trialExpiresAt: new Date('2026-12-04T10:00:00Z'),
      promoTier: null,
      promoExpiresAt: null,
      adminOverride: false,
      currentPeriodEnd: new Date('2027-01-01T00:00:00Z'),
      billingCycle: 'annual',
      cancelAtPeriodEnd: true,
      lastPaymentFailureAt: new Date('2026-11-20T09:00:00Z'),
      paymentFailureCount: 2,
      hasBillingCustomer: true,
    });
  });

  it('reads the nulls of a left join as an inactive row without override', () => {
    const empty = Object.fromEntries(Object.keys(row).map((k) => [k, null])) as SubscriptionRow;
    expect(subscriptionFactsOf(empty)).toMatchObject({
      paymentStatus: 'inactive',
      adminOverride: false,
      tier: null,
      billingCycle: null,
      paymentFailureCount: 0,
      hasBillingCustomer: false,
    });
  });

  it('builds the JSON of every fact column', () => {
    const json = subscriptionFactsJson('x');
    const text = (json as unknown as { queryChunks: { value: string[] }[] }).queryChunks[0]?.value.join('') ?? '';
    for (const column of Object.keys(row)) expect(text).toContain(`'${column}', x.${column}`);
  });
});
