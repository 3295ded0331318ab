/**
 * The card provider behind one interface (docs/decisions/0037-card-payments-and-webhooks.md):
 * Stripe through its SDK when keys are configured (stripe-provider.ts), otherwise the built-in
 * test mode (test-provider.ts), which drives the same webhook state machine with signed,
 * Stripe-shaped events. Chosen once at boot (`createBillingProvider`).
 */
import type { StoredTier } from '../../core/subscriptions/access.ts';
import type { PlanChangeMoney } from '../../core/subscriptions/plan-change-money.ts';
import type { BillingCycle, Prices } from '../../core/subscriptions/plans.ts';

export type PaidTier = StoredTier;

export type PriceList = { prices: Prices; isDefault: boolean; message: string | null };

export type CheckoutRequest = {
  userId: string;
  email: string;
  customerId: string;
  tier: PaidTier;
  cycle: BillingCycle;
  /** A discount promo's percentage, sent as a coupon; null for none. */
  discountPercent: number | null;
  /** How many months the discount lasts (null: for ever; the promo's discount_months). */
  discountMonths: number | null;
  promoCodeId: string | null;
  /** The code may be used once in all: the provider's coupon is limited to one redemption. */
  promoOneTimeUse: boolean;
  /**
   * A free-tier promo code's free trial (ADR 0037): the provider's trial of `days` whole days, and
   * what its first payment will be (kept in the subscription's metadata, for the trial's e-mail).
   */
  trial: { days: number; thenPence: number | null } | null;
  successUrl: string;
  cancelUrl: string;
};

export type PlanChangeRequest = {
  subscriptionId: string;
  tier: PaidTier;
  cycle: BillingCycle;
  /** The proration instant: the preview's, so the change charges what the saver was shown. */
  at: Date;
  known: ProviderSubscription;
};

export type Invoice = {
  id: string;
  number: string | null;
  createdAt: string;
  amountPence: number;
  currency: 'gbp';
  status: 'paid' | 'open' | 'void' | 'uncollectible' | 'draft';
  url: string | null;
};

/** The provider's subscription as Stripe's API returns it (the fields we read). */
export type ProviderSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: {
      id: string;
      current_period_end: number;
      price: {
        id: string;
        lookup_key: string | null;
        metadata: Record<string, string>;
        recurring: { interval: string } | null;
      };
    }[];
  };
};

/** A verified webhook event (Stripe's Event: id, type, created in seconds, data.object). */
export type ProviderEvent = {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
};

export interface BillingProvider {
  readonly mode: 'stripe' | 'test';
  /** The plans' prices in pence; the defaults with the spec's message when the provider fails. */
  prices(): Promise<PriceList>;
  /** The provider's customer for this user: the stored one, or a new one. */
  ensureCustomer(input: { userId: string; email: string; customerId: string | null }): Promise<string>;
  /** A hosted checkout for a subscription to the plan; its URL. */
  createCheckout(input: CheckoutRequest): Promise<{ url: string }>;
  createPortal(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** Newest first. */
  listInvoices(customerId: string): Promise<Invoice[]>;
  /**
   * Moves the subscription to the plan's price; the subscription as the provider now has it.
   * `known` is our row's record of it (test mode, which keeps no state, starts from it).
   */
  changePlan(input: PlanChangeRequest): Promise<ProviderSubscription>;
  /**
   * What `changePlan` with the same input would charge or credit, and when (the provider's own
   * proration, to the second, at `at`), so the saver sees the figures before confirming.
   */
  previewPlanChange(input: PlanChangeRequest & { customerId: string }): Promise<PlanChangeMoney>;
  setCancelAtPeriodEnd(input: {
    subscriptionId: string;
    cancelAtPeriodEnd: boolean;
    known: ProviderSubscription;
  }): Promise<ProviderSubscription>;
  /** The hosted page of the subscription's open invoice, or null when nothing is owed. */
  openInvoiceUrl(input: {
    userId: string;
    customerId: string;
    subscriptionId: string;
    known: ProviderSubscription;
  }): Promise<string | null>;
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** Cancels a subscription at once (an extra one: one live subscription per saver, ADR 0046). */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /** Expires the customer's checkouts still open, so only the newest can be paid (ADR 0046). */
  expireOpenCheckouts(customerId: string): Promise<void>;
  /** The event in a webhook body, or throws when the signature does not match. */
  verifyWebhook(rawBody: string, signature: string | undefined): unknown;
}

/** A checkout's free trial as the subscription's metadata (Stripe metadata values are strings). */
export function trialMetadata(trial: CheckoutRequest['trial']): Record<string, string> {
  if (!trial) return {};
  return {
    trialDays: String(trial.days),
    ...(trial.thenPence === null ? {} : { trialThenPence: String(trial.thenPence) }),
  };
}

/** Thrown by a provider when the provider's API failed (routes answer with the spec's message). */
export class ProviderError extends Error {}
