/**
 * Which e-mails one applied card provider event calls for (docs/decisions/0037, "E-mails when money
 * moves"). Pure: the server applies the event, then passes the event's type, the row's billing
 * state before and after, and what the invoice said; the mails go out after the commit.
 *
 * Stripe sends two events for one payment (invoice.paid and invoice.payment_succeeded) and may send
 * two for one failure (invoice.payment_failed and invoice.payment_action_required): only the first
 * of each pair mails, so a saver hears once about each payment.
 */
import { addLondonDays } from '../dates/london-instant.ts';
import { londonDaysLeft, type StoredTier, TRIAL_URGENT_DAYS } from './access.ts';
import type { BillingState } from './billing-state.ts';
import { GRACE_PERIOD_DAYS, isPaymentProblemStatus } from './payment-failure.ts';
import type { BillingCycle } from './plans.ts';
import type { PlanChangeMoney } from './plan-change-money.ts';

export type PlanChoice = { tier: StoredTier; cycle: BillingCycle };

/** What the invoice of an invoice event said (each null when the provider did not say). */
export type InvoiceFigures = {
  amountPence: number | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  /** Set on the £0 first invoice of a free trial our checkout started: what its first payment will be. */
  startsTrial?: { thenPence: number | null };
};

export type BillingNotice =
  | {
      kind: 'payment-received';
      amountPence: number | null;
      plan: PlanChoice | null;
      periodStart: Date | null;
      periodEnd: Date | null;
      /** The next payment's date: the period's end, unless the subscription ends then. */
      nextPaymentAt: Date | null;
    }
  | { kind: 'payment-failed'; amountPence: number | null; failedAt: Date; graceEndsAt: Date }
  | {
      kind: 'plan-changed';
      from: PlanChoice;
      to: PlanChoice;
      at: Date;
      /** What the change charged or credited, when the change came from our own priced request. */
      money?: PlanChangeMoney;
    }
  | { kind: 'cancelled'; accessEndsAt: Date | null; immediately: boolean }
  | {
      kind: 'trial-started';
      plan: PlanChoice | null;
      /** When the trial ends and its first payment is taken. */
      firstPaymentAt: Date | null;
      firstPaymentPence: number | null;
    }
  | {
      /** The provider's reminder, three days before a card trial ends: what will be taken, when. */
      kind: 'trial-ending';
      plan: PlanChoice | null;
      trialEndsAt: Date | null;
      /** Null when nothing will be taken: the subscription ends with the trial. */
      firstPaymentAt: Date | null;
      firstPaymentPence: number | null;
    };

/** What a provider's trial-ending event says of the trial (each null when it did not say). */
export type TrialEnding = { trialEndsAt: Date | null; thenPence: number | null };

const planOf = (state: BillingState): PlanChoice | null =>
  state.tier && state.billingCycle ? { tier: state.tier, cycle: state.billingCycle } : null;

const LIVE = new Set(['active', 'past_due']);

export function billingNoticesOf(input: {
  eventType: string;
  /** The event's instant (the provider's `created`). */
  at: Date;
  before: BillingState;
  after: BillingState;
  invoice: InvoiceFigures | null;
  /** A trial-ending event's trial (customer.subscription.trial_will_end). */
  trialEnding?: TrialEnding | null;
}): BillingNotice[] {
  const { eventType, at, before, after, invoice } = input;
  // Money moves in the open: the saver hears what will be taken, and when, before it is.
  if (eventType === 'customer.subscription.trial_will_end') {
    const trial = input.trialEnding;
    if (!trial || after.paymentStatus === 'canceled') return [];
    const charged = !after.cancelAtPeriodEnd;
    return [
      {
        kind: 'trial-ending',
        plan: planOf(after),
        trialEndsAt: trial.trialEndsAt,
        firstPaymentAt: charged ? trial.trialEndsAt : null,
        firstPaymentPence: charged ? trial.thenPence : null,
      },
    ];
  }
  if (eventType === 'invoice.paid') {
    const periodEnd = invoice?.periodEnd ?? after.currentPeriodEnd;
    // Nothing was paid: the saver hears that the trial started and what is taken when, not '£0.00 received'.
    if (invoice?.startsTrial)
      return [
        {
          kind: 'trial-started',
          plan: planOf(after),
          firstPaymentAt: after.cancelAtPeriodEnd ? null : periodEnd,
          firstPaymentPence: invoice.startsTrial.thenPence,
        },
      ];
    return [
      {
        kind: 'payment-received',
        amountPence: invoice?.amountPence ?? null,
        plan: planOf(after),
        periodStart: invoice?.periodStart ?? null,
        periodEnd,
        nextPaymentAt: after.cancelAtPeriodEnd || after.paymentStatus === 'canceled' ? null : periodEnd,
      },
    ];
  }
  // Mailed only when this failure is the row's newest news: a later payment (or an older failure
  // arriving late) says nothing new to the saver.
  if (eventType === 'invoice.payment_failed') {
    const failedAt = after.lastPaymentFailureAt;
    if (!failedAt || failedAt.getTime() !== at.getTime() || !isPaymentProblemStatus(after.paymentStatus)) return [];
    return [
      {
        kind: 'payment-failed',
        amountPence: invoice?.amountPence ?? null,
        failedAt,
        graceEndsAt: addLondonDays(failedAt, GRACE_PERIOD_DAYS),
      },
    ];
  }
  const notices: BillingNotice[] = [];
  const from = planOf(before);
  const to = planOf(after);
  if (
    from &&
    to &&
    LIVE.has(before.paymentStatus) &&
    after.paymentStatus !== 'canceled' &&
    (from.tier !== to.tier || from.cycle !== to.cycle)
  )
    notices.push({ kind: 'plan-changed', from, to, at });
  const hadSubscription = before.stripeSubscriptionId !== null && before.paymentStatus !== 'canceled';
  if (hadSubscription && !before.cancelAtPeriodEnd && after.cancelAtPeriodEnd && after.paymentStatus !== 'canceled')
    notices.push({ kind: 'cancelled', accessEndsAt: after.currentPeriodEnd, immediately: false });
  // Ended at once (not the scheduled end the saver was already told about).
  if (hadSubscription && !before.cancelAtPeriodEnd && after.paymentStatus === 'canceled')
    notices.push({ kind: 'cancelled', accessEndsAt: at, immediately: true });
  return notices;
}

/** What the trial-ending e-mail reads of a user's row. */
export type TrialFacts = { trialExpiresAt: Date | null; paymentStatus: string; adminOverride: boolean };

/**
 * The trial-ending e-mail is due when the app's own trial has 2 London days or fewer left
 * (TRIAL_URGENT_DAYS; 0 on its last day) and its end will change something: not for a saver
 * already paying or given access by an admin.
 */
export function isTrialEndingMailDue(facts: TrialFacts, now: Date): boolean {
  if (facts.adminOverride || LIVE.has(facts.paymentStatus)) return false;
  const left = londonDaysLeft(facts.trialExpiresAt, now);
  return left !== null && left <= TRIAL_URGENT_DAYS;
}
