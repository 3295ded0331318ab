import { describe, expect, it } from 'vitest';
import type { SubscriptionFacts } from '../../subscriptions/access.ts';
import { payingFacts } from '../../subscriptions/facts-test-fixtures.ts';
import { emptyRows } from '../rows-test-fixtures.ts';
import { notificationsFrom, withoutDismissed } from '../registry.ts';
import type { NotificationRows } from '../rows.ts';

// Friday 27 November 2026, 10:00 GMT.
const NOW = new Date('2026-11-27T10:00:00Z');
const DAY = 86_400_000;

const facts = payingFacts;

const rowsWith = (subscription: SubscriptionFacts | null, now = NOW): NotificationRows => ({
  ...emptyRows('2026-11-27'),
  subscription: subscription && { facts: subscription, now },
});

const failedTwoDaysAgo = (status = 'past_due') =>
  facts({ paymentStatus: status, lastPaymentFailureAt: new Date(NOW.getTime() - 2 * DAY), paymentFailureCount: 1 });

describe('subscription notifications', () => {
  it('say nothing without a subscription row', () => {
    expect(notificationsFrom(rowsWith(null))).toEqual([]);
  });

  it.each(['failed', 'past_due'])(
    'give Payment Failed with the days left, not dismissible, for status %s',
    (status) => {
      const [n, ...rest] = notificationsFrom(rowsWith(failedTwoDaysAgo(status)));
      expect(rest).toEqual([]);
      expect(n).toMatchObject({
        kind: 'subscription',
        severity: 'error',
        title: 'Payment Failed',
        message: 'Your payment failed. You have 5 days left in your grace period.',
        link: { label: 'Update Payment Method', href: '/settings/subscription/payment' },
        dismissible: false,
        date: '2026-12-02',
      });
    },
  );

  it('give Action Required, not dismissible, with Take Action', () => {
    const [n] = notificationsFrom(rowsWith(failedTwoDaysAgo('action_required')));
    expect(n).toMatchObject({
      title: 'Action Required',
      link: { label: 'Take Action', href: '/settings/subscription/payment' },
      dismissible: false,
    });
  });

  it('stop once the grace period is over', () => {
    const over = facts({ paymentStatus: 'failed', lastPaymentFailureAt: new Date(NOW.getTime() - 7 * DAY) });
    expect(notificationsFrom(rowsWith(over))).toEqual([]);
  });

  it('keep a not-dismissible one showing even when its id was stored as dismissed', () => {
    const list = notificationsFrom(rowsWith(failedTwoDaysAgo()));
    expect(withoutDismissed(list, new Set(list.map((n) => n.id)))).toEqual(list);
  });

  it('give a new Payment Failed id when the days left change', () => {
    const today = notificationsFrom(rowsWith(failedTwoDaysAgo()))[0]?.id;
    const tomorrow = notificationsFrom(rowsWith(failedTwoDaysAgo(), new Date(NOW.getTime() + DAY)))[0]?.id;
    expect(today).toBeDefined();
    expect(tomorrow).not.toBe(today);
  });

  it('give Trial Ending Soon at 3 days or fewer, dismissible, leading to /subscribe', () => {
    const trial = facts({
      paymentStatus: 'trial',
      tier: 'piglet',
      trialTier: 'bigpig',
      trialExpiresAt: new Date('2026-11-30T10:00:00Z'),
    });
    expect(notificationsFrom(rowsWith(trial))).toMatchObject([
      {
        severity: 'warning',
        title: 'Trial Ending Soon',
        message: 'Your trial ends in 3 days. Add a payment method to keep your features.',
        link: { label: 'Add Payment Method', href: '/subscribe' },
        dismissible: true,
      },
    ]);
    expect(notificationsFrom(rowsWith({ ...trial, trialExpiresAt: new Date('2026-12-01T10:00:00Z') }))).toEqual([]);
  });

  it('give Subscription Renewal with the date as MMM dd, yyyy, not when cancelling at the period end', () => {
    const paying = facts({ currentPeriodEnd: new Date('2026-12-03T10:00:00Z') });
    expect(notificationsFrom(rowsWith(paying))).toMatchObject([
      {
        severity: 'info',
        title: 'Subscription Renewal',
        message: 'Your subscription renews on Dec 03, 2026.',
        link: { label: 'Manage Subscription', href: '/settings/subscription' },
        dismissible: true,
      },
    ]);
    expect(notificationsFrom(rowsWith({ ...paying, cancelAtPeriodEnd: true }))).toEqual([]);
  });
});
