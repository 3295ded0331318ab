/**
 * The webhook state machine (docs/decisions/0037-card-payments-and-webhooks.md): what one card
 * provider event does to a user's billing fields. Pure; the server locks the row, calls this and
 * writes the result.
 *
 * Events arrive late, twice and out of order, so each group of fields follows the NEWEST event
 * that carries it (by the provider's `created`, whole seconds), whatever order they came in:
 * - plan fields (tier, cycle, period end, cancellation, price) follow the newest subscription event;
 * - the failure count follows the newest invoice event (its `attempt_count`, 0 once paid);
 * - the status follows the newest event of either kind;
 * - the last failure is the latest failure seen (older ones too).
 * An event of the same second as the newest applied one applies (the later delivery wins a tie).
 */
import type { PaymentStatus, StoredTier } from './access.ts';
import { isNewerOrSame } from './billing.ts';
import type { BillingCycle } from './plans.ts';

export type BillingState = {
  paymentStatus: string;
  tier: StoredTier | null;
  billingCycle: BillingCycle | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  stripePriceId: string | null;
  lastPaymentFailureAt: Date | null;
  paymentFailureCount: number;
  /** The newest subscription event applied. */
  providerUpdatedAt: Date | null;
  /** The newest invoice event applied. */
  providerInvoiceAt: Date | null;
};

export type BillingChange =
  | { kind: 'checkout-completed'; customerId: string | null; subscriptionId: string | null }
  | {
      kind: 'subscription';
      at: Date;
      subscriptionId: string;
      customerId: string;
      status: PaymentStatus;
      /** Null when the price is none of ours: the plan fields stay as they were. */
      plan: { tier: StoredTier; cycle: BillingCycle } | null;
      priceId: string | null;
      currentPeriodEnd: Date | null;
      cancelAtPeriodEnd: boolean;
    }
  | { kind: 'invoice-paid'; at: Date }
  | { kind: 'invoice-failed'; at: Date; attemptCount: number; needsAction: boolean };

function latest(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a.getTime() >= b.getTime() ? a : b;
}

/** The state after `change`; the same state (by value) when the change is older than what it would set. */
export function applyBillingChange(state: BillingState, change: BillingChange): BillingState {
  const newestOfAll = latest(state.providerUpdatedAt, state.providerInvoiceAt);
  switch (change.kind) {
    case 'checkout-completed':
      // Links only: the subscription's own events carry its state.
      return {
        ...state,
        stripeCustomerId: change.customerId ?? state.stripeCustomerId,
        stripeSubscriptionId: change.subscriptionId ?? state.stripeSubscriptionId,
      };
    case 'subscription': {
      if (!isNewerOrSame(change.at, state.providerUpdatedAt)) return state;
      return {
        ...state,
        paymentStatus: isNewerOrSame(change.at, newestOfAll) ? change.status : state.paymentStatus,
        tier: change.plan?.tier ?? state.tier,
        billingCycle: change.plan?.cycle ?? state.billingCycle,
        stripePriceId: change.priceId ?? state.stripePriceId,
        currentPeriodEnd: change.currentPeriodEnd ?? state.currentPeriodEnd,
        cancelAtPeriodEnd: change.cancelAtPeriodEnd,
        stripeCustomerId: change.customerId,
        stripeSubscriptionId: change.subscriptionId,
        providerUpdatedAt: change.at,
      };
    }
    case 'invoice-paid':
      if (!isNewerOrSame(change.at, state.providerInvoiceAt)) return state;
      return {
        ...state,
        paymentStatus: isNewerOrSame(change.at, newestOfAll) ? 'active' : state.paymentStatus,
        paymentFailureCount: 0,
        providerInvoiceAt: change.at,
      };
    case 'invoice-failed': {
      const lastPaymentFailureAt = latest(state.lastPaymentFailureAt, change.at);
      if (!isNewerOrSame(change.at, state.providerInvoiceAt)) return { ...state, lastPaymentFailureAt };
      return {
        ...state,
        paymentStatus: isNewerOrSame(change.at, newestOfAll)
          ? change.needsAction
            ? 'action_required'
            : 'past_due'
          : state.paymentStatus,
        paymentFailureCount: Math.max(1, change.attemptCount),
        lastPaymentFailureAt,
        providerInvoiceAt: change.at,
      };
    }
  }
}
