/**
 * Test mode: the card provider when no Stripe keys are configured (docs/decisions/0037). Nothing
 * is charged and nothing leaves the machine. Checkout opens a local page
 * (/subscription/test-checkout/<id>) whose Pay and Decline buttons build the events Stripe would
 * send, sign them with the SDK's test header and a per-boot secret, and feed them through the same
 * verify-and-apply path as the real webhook.
 *
 * It keeps no state of its own: a checkout's id is its content signed with the server's secret
 * (so it survives a restart and cannot be forged), and the database row is the subscription's record.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import Stripe from 'stripe';
import { discountedPence, priceLookupKey } from '../../core/subscriptions/billing.ts';
import { addLondonMonths } from '../../core/dates/london-instant.ts';
import { checkoutTrialEnd } from '../../core/subscriptions/checkout-trial.ts';
import { type PlanChangeMoney, planChangeMoney } from '../../core/subscriptions/plan-change-money.ts';
import { DEFAULT_PRICES, type BillingCycle, isBillingCycle, isPlanTier } from '../../core/subscriptions/plans.ts';
import {
  type BillingProvider,
  type PaidTier,
  type ProviderEvent,
  ProviderError,
  type ProviderSubscription,
  trialMetadata,
} from './provider.ts';

/** What a test checkout id carries (signed). */
export type TestCheckout = {
  userId: string;
  customerId: string;
  tier: PaidTier;
  cycle: BillingCycle;
  discountPercent: number | null;
  promoCodeId: string | null;
  /** A free-tier code's free trial: nothing is paid at the checkout (absent in ids signed before it). */
  trial?: { days: number; thenPence: number | null } | null;
  /** Set when the checkout pays an existing subscription's open invoice (retry payment). */
  subscriptionId: string | null;
  /** This checkout's own random part: its events' ids derive from it, so it is settled once. */
  nonce: string;
};

export type TestProvider = BillingProvider & {
  readonly mode: 'test';
  /** The checkout an id names, or null when it was not made by this server's secret. */
  readCheckout(id: string): TestCheckout | null;
  /**
   * The events Stripe would send when the checkout's card is accepted or declined, or the checkout
   * is cancelled, signed. The first settles the checkout: its id is the same for every outcome, so
   * once one is applied any other is a duplicate (a checkout is paid, declined or cancelled once).
   */
  signedEvents(
    checkout: TestCheckout,
    outcome: 'pay' | 'decline' | 'cancel',
    now: Date,
  ): { body: string; signature: string }[];
};

const newId = (prefix: string) => `${prefix}_test_${randomBytes(9).toString('hex')}`;

/** The test price's id for a plan (what `items.data[0].price.id` says in test mode). */
export function testPriceId(tier: PaidTier, cycle: BillingCycle): string {
  return `price_test_${priceLookupKey(tier, cycle)}`;
}

function testPrice(tier: PaidTier, cycle: BillingCycle) {
  return {
    id: testPriceId(tier, cycle),
    object: 'price',
    lookup_key: priceLookupKey(tier, cycle),
    metadata: { tier },
    recurring: { interval: cycle === 'monthly' ? 'month' : 'year' },
    unit_amount: cycle === 'monthly' ? DEFAULT_PRICES[tier].monthlyPrice : DEFAULT_PRICES[tier].yearlyPrice,
    currency: 'gbp',
  };
}

/** The money of a change from the subscription's plan, at the test prices (core's proration rule). */
function testPlanChangeMoney(
  known: ProviderSubscription,
  tier: PaidTier,
  cycle: BillingCycle,
  at: Date,
): PlanChangeMoney {
  const item = known.items.data[0];
  const fromTier = item?.price.metadata.tier;
  const fromCycle: BillingCycle = item?.price.recurring?.interval === 'year' ? 'annual' : 'monthly';
  const priceOf = (t: PaidTier, c: BillingCycle) =>
    c === 'monthly' ? DEFAULT_PRICES[t].monthlyPrice : DEFAULT_PRICES[t].yearlyPrice;
  return planChangeMoney({
    from: { pricePence: isPlanTier(fromTier) ? priceOf(fromTier, fromCycle) : 0, cycle: fromCycle },
    to: { pricePence: priceOf(tier, cycle), cycle },
    periodEnd: new Date((item?.current_period_end ?? 0) * 1000),
    at,
  });
}

/**
 * `isOpen: false` (a production server reachable from other machines): no checkout starts and no
 * test checkout is found, so nobody takes a plan with the pretend Pay button.
 */
export function createTestProvider({
  secret,
  publicUrl,
  isOpen = true,
}: {
  secret: string;
  publicUrl: string;
  isOpen?: boolean;
}): TestProvider {
  // Signs this process's own test events; a restart makes a new one (nothing signed is kept).
  const webhookSecret = `whsec_local_${randomBytes(24).toString('hex')}`;
  const mac = (payload: string) => createHmac('sha256', `${secret}:billing-test-checkout`).update(payload).digest();

  const subscription = (
    checkout: TestCheckout,
    subscriptionId: string,
    status: string,
    periodEnd: Date,
  ): ProviderSubscription => ({
    id: subscriptionId,
    object: 'subscription',
    customer: checkout.customerId,
    status,
    cancel_at_period_end: false,
    metadata: { userId: checkout.userId, ...trialMetadata(checkout.trial ?? null) },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${subscriptionId}`,
          current_period_end: Math.floor(periodEnd.getTime() / 1000),
          price: testPrice(checkout.tier, checkout.cycle),
        },
      ],
    },
  });

  const sign = (event: ProviderEvent) => {
    const body = JSON.stringify(event);
    return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret }) };
  };

  return {
    mode: 'test',
    async prices() {
      return { prices: DEFAULT_PRICES, isDefault: true, message: null };
    },
    async ensureCustomer({ userId, customerId }) {
      return customerId ?? `cus_test_${userId}`;
    },
    async createCheckout(input) {
      if (!isOpen) throw new ProviderError('card payments are not configured');
      const checkout: TestCheckout = {
        userId: input.userId,
        customerId: input.customerId,
        tier: input.tier,
        cycle: input.cycle,
        discountPercent: input.discountPercent,
        promoCodeId: input.promoCodeId,
        trial: input.trial,
        subscriptionId: null,
        nonce: randomBytes(9).toString('hex'),
      };
      return { url: `${publicUrl}/subscription/test-checkout/${this.checkoutId(checkout)}` };
    },
    checkoutId(checkout: TestCheckout) {
      const payload = Buffer.from(JSON.stringify(checkout)).toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    readCheckout(id: string) {
      if (!isOpen) return null;
      const [payload, signature] = id.split('.');
      if (!payload || !signature) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const checkout = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TestCheckout;
        const known = isPlanTier(checkout.tier) && isBillingCycle(checkout.cycle) && typeof checkout.nonce === 'string';
        return known ? checkout : null;
      } catch {
        return null;
      }
    },
    async createPortal() {
      // The stand-in for Stripe's portal (Settings again would be a loop).
      return { url: `${publicUrl}/subscription/test-manage` };
    },
    async listInvoices() {
      // Test mode issues no invoices to keep: the Pay button's invoice.paid event is the only trace.
      return [];
    },
    async previewPlanChange({ tier, cycle, at, known }) {
      return testPlanChangeMoney(known, tier, cycle, at);
    },
    async changePlan({ subscriptionId, tier, cycle, at, known }) {
      const item = known.items.data[0];
      // As Stripe does: a new billing cycle starts a new period at the change.
      const periodEnd = testPlanChangeMoney(known, tier, cycle, at).renewsAt;
      return {
        ...known,
        id: subscriptionId,
        items: {
          object: 'list',
          data: [
            {
              id: item?.id ?? `si_${subscriptionId}`,
              current_period_end: Math.floor(periodEnd.getTime() / 1000),
              price: testPrice(tier, cycle),
            },
          ],
        },
      };
    },
    async setCancelAtPeriodEnd({ subscriptionId, cancelAtPeriodEnd, known }) {
      return { ...known, id: subscriptionId, cancel_at_period_end: cancelAtPeriodEnd };
    },
    async openInvoiceUrl({ customerId, subscriptionId, known, userId }) {
      if (!isOpen) throw new ProviderError('card payments are not configured');
      if (known.status === 'active') return null;
      const plan = known.items.data[0]?.price;
      const tier = plan?.metadata.tier;
      const cycle = plan?.recurring?.interval === 'year' ? 'annual' : 'monthly';
      if (!isPlanTier(tier)) return null;
      const id = this.checkoutId({
        userId,
        customerId,
        tier,
        cycle,
        discountPercent: null,
        promoCodeId: null,
        subscriptionId,
        nonce: randomBytes(9).toString('hex'),
      });
      return `${publicUrl}/subscription/test-checkout/${id}`;
    },
    async cancelSubscription() {
      // Test mode keeps no subscriptions: the extra one was never more than its events.
    },
    async expireOpenCheckouts() {
      // Test mode keeps no checkouts: a stale one's Pay is refused instead (routes.ts).
    },
    async retrieveSubscription() {
      throw new Error('Test mode keeps no subscriptions: the database row is the record');
    },
    verifyWebhook(rawBody, signature) {
      return Stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret) as unknown as ProviderEvent;
    },
    signedEvents(checkout, outcome, now) {
      const created = Math.floor(now.getTime() / 1000);
      const event = (type: string, object: object): ProviderEvent => ({
        id: newId('evt'),
        object: 'event',
        type,
        created,
        data: { object: object as Record<string, unknown> },
      });
      const settleId = `evt_test_settle_${checkout.nonce}`;
      const subscriptionId = checkout.subscriptionId ?? newId('sub');
      const plan = DEFAULT_PRICES[checkout.tier];
      const trial = checkout.trial ?? null;
      // A free trial's first invoice is for nothing: the plan's price is taken when the trial ends.
      const amount = trial
        ? 0
        : discountedPence(
            checkout.cycle === 'monthly' ? plan.monthlyPrice : plan.yearlyPrice,
            checkout.discountPercent,
          );
      const invoice = (status: string, billingReason: string, period?: { start: Date; end: Date }) => ({
        id: newId('in'),
        object: 'invoice',
        customer: checkout.customerId,
        status,
        amount_due: amount,
        amount_paid: status === 'paid' ? amount : 0,
        ...(period
          ? {
              lines: {
                object: 'list',
                data: [
                  {
                    period: {
                      start: Math.floor(period.start.getTime() / 1000),
                      end: Math.floor(period.end.getTime() / 1000),
                    },
                  },
                ],
              },
            }
          : {}),
        attempt_count: 1,
        billing_reason: billingReason,
        currency: 'gbp',
        parent: {
          type: 'subscription_details',
          subscription_details: {
            subscription: subscriptionId,
            metadata: { userId: checkout.userId, ...trialMetadata(trial) },
          },
        },
      });
      if (checkout.subscriptionId) {
        // Paying (or failing again) an existing subscription's open invoice; cancelling sends nothing.
        if (outcome === 'cancel') return [];
        return [
          outcome === 'pay'
            ? { ...event('invoice.paid', invoice('paid', 'subscription_cycle')), id: settleId }
            : { ...event('invoice.payment_failed', invoice('open', 'subscription_cycle')), id: settleId },
        ].map(sign);
      }
      // A trial's period is the trial (whole days, as the provider counts); the plan's starts after it.
      const periodEnd = trial
        ? checkoutTrialEnd(now, trial.days)
        : addLondonMonths(now, checkout.cycle === 'monthly' ? 1 : 12);
      const status = outcome === 'pay' ? (trial ? 'trialing' : 'active') : 'incomplete';
      const sub = subscription(checkout, subscriptionId, status, periodEnd);
      const session = {
        id: `cs_test_${checkout.nonce}`,
        object: 'checkout.session',
        mode: 'subscription',
        customer: checkout.customerId,
        subscription: subscriptionId,
        client_reference_id: checkout.userId,
        metadata: {
          userId: checkout.userId,
          tier: checkout.tier,
          cycle: checkout.cycle,
          ...(checkout.promoCodeId ? { promoCodeId: checkout.promoCodeId } : {}),
        },
      };
      // A card declined at a trial's checkout sets nothing up (there is no payment to fail).
      if (outcome === 'cancel' || (outcome === 'decline' && trial))
        return [{ ...event('checkout.session.expired', { ...session, subscription: null }), id: settleId }].map(sign);
      return [
        { ...event('checkout.session.completed', session), id: settleId },
        event('customer.subscription.created', sub),
        outcome === 'pay'
          ? event('invoice.paid', invoice('paid', 'subscription_create', { start: now, end: periodEnd }))
          : event('invoice.payment_failed', invoice('open', 'subscription_create', { start: now, end: periodEnd })),
      ].map(sign);
    },
  } as TestProvider & { checkoutId(checkout: TestCheckout): string };
}
