import { describe, expect, it } from 'vitest';
import { billingNoticesOf, isTrialEndingMailDue } from './billing-notices.ts';
import type { BillingState } from './billing-state.ts';

const at = (iso: string) => new Date(iso);
const NOW = at('2026-11-27T10:00:00Z');

const state = (over: Partial<BillingState> = {}): BillingState => ({
  paymentStatus: 'active',
  tier: 'bigpig',
  billingCycle: 'monthly',
  currentPeriodEnd: at('2026-12-27T10:00:00Z'),
  cancelAtPeriodEnd: false,
  stripeCustomerId: 'cus_1',
  stripeSubscriptionId: 'sub_1',
  stripePriceId: 'price_1',
  lastPaymentFailureAt: null,
  paymentFailureCount: 0,
  providerUpdatedAt: NOW,
  providerInvoiceAt: NOW,
  ...over,
});

const notices = (eventType: string, before: BillingState, after: BillingState, invoice = null) =>
  billingNoticesOf({ eventType, at: NOW, before, after, invoice });

describe('billing notices: which e-mails an applied event calls for', () => {
  it('mails a payment received for invoice.paid with the amount, plan, period and next payment date', () => {
    const invoice = { amountPence: 999, periodStart: NOW, periodEnd: at('2026-12-27T10:00:00Z') };
    expect(billingNoticesOf({ eventType: 'invoice.paid', at: NOW, before: state(), after: state(), invoice })).toEqual([
      {
        kind: 'payment-received',
        amountPence: 999,
        plan: { tier: 'bigpig', cycle: 'monthly' },
        periodStart: NOW,
        periodEnd: at('2026-12-27T10:00:00Z'),
        nextPaymentAt: at('2026-12-27T10:00:00Z'),
      },
    ]);
  });

  it('mails a free trial’s £0 first invoice as the trial starting, with the first payment, never as a payment', () => {
    const trialEnd = at('2026-12-11T10:00:00Z');
    const invoice = { amountPence: 0, periodStart: NOW, periodEnd: trialEnd, startsTrial: { thenPence: 999 } };
    expect(billingNoticesOf({ eventType: 'invoice.paid', at: NOW, before: state(), after: state(), invoice })).toEqual([
      {
        kind: 'trial-started',
        plan: { tier: 'bigpig', cycle: 'monthly' },
        firstPaymentAt: trialEnd,
        firstPaymentPence: 999,
      },
    ]);
    // A £0 invoice that starts no trial (a 100% code) is a payment received, of £0.00.
    const free = { amountPence: 0, periodStart: NOW, periodEnd: trialEnd };
    expect(
      billingNoticesOf({ eventType: 'invoice.paid', at: NOW, before: state(), after: state(), invoice: free }),
    ).toEqual([expect.objectContaining({ kind: 'payment-received', amountPence: 0 })]);
  });

  it('reminds a card trial’s saver of the first payment before it is taken, or that nothing will be', () => {
    const trialEndsAt = at('2026-12-11T10:00:00Z');
    const ending = (after: BillingState) =>
      billingNoticesOf({
        eventType: 'customer.subscription.trial_will_end',
        at: NOW,
        before: after,
        after,
        invoice: null,
        trialEnding: { trialEndsAt, thenPence: 999 },
      });
    expect(ending(state({ paymentStatus: 'trialing' }))).toEqual([
      {
        kind: 'trial-ending',
        plan: { tier: 'bigpig', cycle: 'monthly' },
        trialEndsAt,
        firstPaymentAt: trialEndsAt,
        firstPaymentPence: 999,
      },
    ]);
    // Cancelled during the trial: it ends with nothing taken, and the reminder says so.
    expect(ending(state({ paymentStatus: 'trialing', cancelAtPeriodEnd: true }))).toEqual([
      expect.objectContaining({ kind: 'trial-ending', firstPaymentAt: null, firstPaymentPence: null }),
    ]);
    // Already ended: nothing to remind of.
    expect(ending(state({ paymentStatus: 'canceled' }))).toEqual([]);
  });

  it('names no next payment when the subscription ends at the period end', () => {
    const [notice] = notices('invoice.paid', state(), state({ cancelAtPeriodEnd: true }));
    expect(notice).toMatchObject({ kind: 'payment-received', nextPaymentAt: null, amountPence: null });
  });

  it('mails once per payment: invoice.payment_succeeded (sent with invoice.paid) mails nothing', () => {
    expect(notices('invoice.payment_succeeded', state(), state())).toEqual([]);
    expect(notices('invoice.payment_action_required', state(), state())).toEqual([]);
  });

  it('mails a failed payment with the grace period end, 7 London days on', () => {
    const after = state({ paymentStatus: 'past_due', lastPaymentFailureAt: NOW, paymentFailureCount: 1 });
    const invoice = { amountPence: 999, periodStart: null, periodEnd: null };
    expect(billingNoticesOf({ eventType: 'invoice.payment_failed', at: NOW, before: state(), after, invoice })).toEqual(
      [{ kind: 'payment-failed', amountPence: 999, failedAt: NOW, graceEndsAt: at('2026-12-04T10:00:00Z') }],
    );
  });

  it('does not mail a failure that arrives after a later payment (the row stays active)', () => {
    const after = state({ lastPaymentFailureAt: NOW });
    expect(notices('invoice.payment_failed', state(), after)).toEqual([]);
  });

  it('mails a plan change from a live plan, with both plans', () => {
    expect(notices('customer.subscription.updated', state(), state({ tier: 'boar', billingCycle: 'annual' }))).toEqual([
      {
        kind: 'plan-changed',
        from: { tier: 'bigpig', cycle: 'monthly' },
        to: { tier: 'boar', cycle: 'annual' },
        at: NOW,
      },
    ]);
  });

  it('does not call a first subscription a plan change', () => {
    const before = state({ paymentStatus: 'inactive', tier: null, billingCycle: null });
    expect(notices('customer.subscription.created', before, state())).toEqual([]);
  });

  it('mails a cancellation once: when the end is scheduled, not again when it comes', () => {
    const scheduled = state({ cancelAtPeriodEnd: true });
    expect(notices('customer.subscription.updated', state(), scheduled)).toEqual([
      { kind: 'cancelled', accessEndsAt: at('2026-12-27T10:00:00Z'), immediately: false },
    ]);
    expect(
      notices(
        'customer.subscription.deleted',
        scheduled,
        state({ cancelAtPeriodEnd: true, paymentStatus: 'canceled' }),
      ),
    ).toEqual([]);
  });

  it('mails an immediate cancellation with today as the end', () => {
    expect(notices('customer.subscription.deleted', state(), state({ paymentStatus: 'canceled' }))).toEqual([
      { kind: 'cancelled', accessEndsAt: NOW, immediately: true },
    ]);
  });

  it('mails nothing for a stale event that changed nothing', () => {
    expect(notices('customer.subscription.updated', state(), state())).toEqual([]);
  });
});

describe('the trial-ending e-mail is due', () => {
  const trial = (end: string, over = {}) => ({
    trialExpiresAt: at(end),
    paymentStatus: 'trial',
    adminOverride: false,
    ...over,
  });

  it('with 2 London days or fewer left, and not before or after the end', () => {
    expect(isTrialEndingMailDue(trial('2026-11-30T09:00:00Z'), NOW)).toBe(false);
    expect(isTrialEndingMailDue(trial('2026-11-29T23:00:00Z'), NOW)).toBe(true);
    expect(isTrialEndingMailDue(trial('2026-11-27T10:00:01Z'), NOW)).toBe(true);
    expect(isTrialEndingMailDue(trial('2026-11-27T10:00:00Z'), NOW)).toBe(false);
  });

  it('not for a saver already paying or given access by an admin', () => {
    expect(isTrialEndingMailDue(trial('2026-11-28T10:00:00Z', { paymentStatus: 'active' }), NOW)).toBe(false);
    expect(isTrialEndingMailDue(trial('2026-11-28T10:00:00Z', { adminOverride: true }), NOW)).toBe(false);
  });
});
