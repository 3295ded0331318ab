/**
 * The card provider through Stripe's official SDK (docs/decisions/0037), when STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET are set. Prices are Stripe Price objects found by lookup key
 * (`piglet_monthly`, `piglet_annual`, `boar_monthly`, …; README "Card payments"). STRIPE_API_BASE
 * points the SDK at another server (the tests' fake).
 */
import Stripe from 'stripe';
import { type PricePlan, planOfPrice, priceLookupKey } from '../../core/subscriptions/billing.ts';
import type { PlanChangeMoney } from '../../core/subscriptions/plan-change-money.ts';
import {
  BILLING_CYCLES,
  type BillingCycle,
  DEFAULT_PRICES,
  PLAN_TIERS,
  PRICE_MESSAGES,
  type Prices,
} from '../../core/subscriptions/plans.ts';
import type { Logger } from '../logger.ts';
import { errorFields } from '../logger.ts';
import {
  type BillingProvider,
  trialMetadata,
  type Invoice,
  type PaidTier,
  type PriceList,
  ProviderError,
  type ProviderSubscription,
} from './provider.ts';

/** Prices change rarely; a checkout finds a changed one within this long. */
const PRICE_CACHE_MS = 5 * 60_000;

const INVOICE_STATUSES = ['paid', 'open', 'void', 'uncollectible', 'draft'] as const;

export type StripeOptions = { secretKey: string; webhookSecret: string; apiBase?: string | undefined; logger: Logger };

function apiConfig(apiBase: string | undefined): Stripe.StripeConfig {
  if (!apiBase) return { maxNetworkRetries: 1 };
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: Number(url.port || (protocol === 'http' ? 80 : 443)),
    protocol,
    maxNetworkRetries: 0,
  };
}

export function createStripeProvider({ secretKey, webhookSecret, apiBase, logger }: StripeOptions): BillingProvider {
  const stripe = new Stripe(secretKey, apiConfig(apiBase));
  let cached: { at: number; list: PriceList; ids: Map<string, string> } | null = null;

  /** Wraps an SDK call: a failure is logged and becomes a ProviderError. */
  const call = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      logger.warn(`card provider call failed: ${what}`, errorFields(err));
      throw new ProviderError(what);
    }
  };

  const loadPrices = async (): Promise<{ list: PriceList; ids: Map<string, string> }> => {
    if (cached && Date.now() - cached.at < PRICE_CACHE_MS) return cached;
    const keys = PLAN_TIERS.flatMap((tier) => BILLING_CYCLES.map((cycle) => priceLookupKey(tier, cycle)));
    let found: Stripe.Price[];
    try {
      found = (await stripe.prices.list({ lookup_keys: keys, active: true, limit: 100 })).data;
    } catch (err) {
      logger.warn('card provider prices failed', errorFields(err));
      return {
        list: { prices: DEFAULT_PRICES, isDefault: true, message: PRICE_MESSAGES.providerFailed },
        ids: new Map(),
      };
    }
    const prices: Prices = structuredClone(DEFAULT_PRICES) as Prices;
    const ids = new Map<string, string>();
    for (const price of found) {
      const plan: PricePlan | null = planOfPrice(price);
      if (!plan || !Number.isInteger(price.unit_amount)) continue;
      ids.set(priceLookupKey(plan.tier, plan.cycle), price.id);
      prices[plan.tier][plan.cycle === 'monthly' ? 'monthlyPrice' : 'yearlyPrice'] = price.unit_amount as number;
    }
    const complete = ids.size === keys.length;
    const list = complete
      ? { prices, isDefault: false, message: null }
      : { prices: DEFAULT_PRICES, isDefault: true, message: PRICE_MESSAGES.invalidResponse };
    cached = { at: Date.now(), list, ids };
    return cached;
  };

  const priceId = async (tier: PaidTier, cycle: BillingCycle): Promise<string> => {
    const id = (await loadPrices()).ids.get(priceLookupKey(tier, cycle));
    if (!id) throw new ProviderError(`no price with lookup key ${priceLookupKey(tier, cycle)}`);
    return id;
  };

  /** One coupon per promo code and percentage: found again by its id on the next checkout. */
  const couponFor = async (
    promoCodeId: string,
    percent: number,
    months: number | null,
    oneTimeUse: boolean,
  ): Promise<string> => {
    // A one-time code's coupon is its own (suffix `_once`) and Stripe redeems it once at most.
    const id = `savvypig_${promoCodeId}_${percent}${oneTimeUse ? '_once' : ''}`;
    try {
      return (await stripe.coupons.retrieve(id)).id;
    } catch (err) {
      if (!(err instanceof Stripe.errors.StripeInvalidRequestError) || err.statusCode !== 404) throw err;
    }
    const coupon = await stripe.coupons.create({
      id,
      percent_off: percent,
      ...(months ? { duration: 'repeating' as const, duration_in_months: months } : { duration: 'forever' as const }),
      ...(oneTimeUse ? { max_redemptions: 1 } : {}),
      metadata: { promoCodeId },
    });
    return coupon.id;
  };

  const asProviderSubscription = (sub: Stripe.Subscription) => sub as unknown as ProviderSubscription;

  return {
    mode: 'stripe',
    async prices() {
      return (await loadPrices()).list;
    },
    ensureCustomer({ userId, email, customerId }) {
      if (customerId) return Promise.resolve(customerId);
      return call('create customer', async () => (await stripe.customers.create({ email, metadata: { userId } })).id);
    },
    createCheckout(input) {
      return call('create checkout session', async () => {
        const price = await priceId(input.tier, input.cycle);
        const coupon =
          input.discountPercent && input.promoCodeId
            ? await couponFor(input.promoCodeId, input.discountPercent, input.discountMonths, input.promoOneTimeUse)
            : null;
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: input.customerId,
          client_reference_id: input.userId,
          line_items: [{ price, quantity: 1 }],
          ...(coupon ? { discounts: [{ coupon }] } : {}),
          subscription_data: {
            metadata: { userId: input.userId, ...trialMetadata(input.trial) },
            ...(input.trial ? { trial_period_days: input.trial.days } : {}),
          },
          metadata: {
            userId: input.userId,
            tier: input.tier,
            cycle: input.cycle,
            ...(input.promoCodeId ? { promoCodeId: input.promoCodeId } : {}),
          },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        });
        if (!session.url) throw new Error('checkout session without a url');
        return { url: session.url };
      });
    },
    createPortal({ customerId, returnUrl }) {
      return call('create portal session', async () => {
        const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
        return { url: session.url };
      });
    },
    listInvoices(customerId) {
      return call('list invoices', async () => {
        const list = await stripe.invoices.list({ customer: customerId, limit: 24 });
        return list.data
          .map(
            (invoice): Invoice => ({
              id: invoice.id ?? '',
              number: invoice.number ?? null,
              createdAt: new Date(invoice.created * 1000).toISOString(),
              amountPence: invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due,
              currency: 'gbp',
              status: (INVOICE_STATUSES as readonly string[]).includes(invoice.status ?? '')
                ? (invoice.status as Invoice['status'])
                : 'draft',
              url: invoice.hosted_invoice_url ?? null,
            }),
          )
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      });
    },
    changePlan({ subscriptionId, tier, cycle, at }) {
      return call('change plan', async () => {
        const price = await priceId(tier, cycle);
        const current = await stripe.subscriptions.retrieve(subscriptionId);
        const item = current.items.data[0];
        if (!item) throw new Error('subscription without an item');
        const updated = await stripe.subscriptions.update(subscriptionId, {
          items: [{ id: item.id, price }],
          proration_behavior: 'create_prorations',
          // The preview's instant, so Stripe charges what the saver was shown.
          proration_date: Math.floor(at.getTime() / 1000),
        });
        return asProviderSubscription(updated);
      });
    },
    previewPlanChange({ customerId, subscriptionId, tier, cycle, at }) {
      return call('preview plan change', async () => {
        const price = await priceId(tier, cycle);
        const current = await stripe.subscriptions.retrieve(subscriptionId);
        const item = current.items.data[0];
        if (!item) throw new Error('subscription without an item');
        const preview = await stripe.invoices.createPreview({
          customer: customerId,
          subscription: subscriptionId,
          subscription_details: {
            items: [{ id: item.id, price }],
            proration_behavior: 'create_prorations',
            proration_date: Math.floor(at.getTime() / 1000),
          },
        });
        const plans = (await loadPrices()).list.prices[tier];
        const changesCycle = (item.price.recurring?.interval === 'year') !== (cycle === 'annual');
        return planChangeMoneyOf(preview.lines.data, {
          newPricePence: cycle === 'annual' ? plans.yearlyPrice : plans.monthlyPrice,
          changesCycle,
          periodEnd: new Date(item.current_period_end * 1000),
          at,
        });
      });
    },
    setCancelAtPeriodEnd({ subscriptionId, cancelAtPeriodEnd }) {
      return call('cancel at period end', async () =>
        asProviderSubscription(
          await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancelAtPeriodEnd }),
        ),
      );
    },
    openInvoiceUrl({ customerId, subscriptionId }) {
      return call('find open invoice', async () => {
        const list = await stripe.invoices.list({
          customer: customerId,
          subscription: subscriptionId,
          status: 'open',
          limit: 1,
        });
        return list.data[0]?.hosted_invoice_url ?? null;
      });
    },
    retrieveSubscription(subscriptionId) {
      return call('retrieve subscription', async () =>
        asProviderSubscription(await stripe.subscriptions.retrieve(subscriptionId)),
      );
    },
    cancelSubscription(subscriptionId) {
      return call('cancel subscription', async () => {
        await stripe.subscriptions.cancel(subscriptionId);
      });
    },
    expireOpenCheckouts(customerId) {
      return call('expire open checkouts', async () => {
        const open = await stripe.checkout.sessions.list({ customer: customerId, status: 'open', limit: 100 });
        for (const session of open.data) await stripe.checkout.sessions.expire(session.id);
      });
    },
    verifyWebhook(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret) as unknown;
    },
  };
}

/** Whether an invoice line is a proration (the line's parent says so in Stripe's current API). */
function isProration(line: Stripe.InvoiceLineItem): boolean {
  const parent = line.parent;
  return parent?.subscription_item_details?.proration ?? parent?.invoice_item_details?.proration ?? false;
}

/**
 * Stripe's preview invoice as core's `PlanChangeMoney`: its proration lines are the credit (below
 * zero) and, within one billing cycle, the charge; a new cycle's charge is its first period's line.
 */
export function planChangeMoneyOf(
  lines: Stripe.InvoiceLineItem[],
  {
    newPricePence,
    changesCycle,
    periodEnd,
    at,
  }: { newPricePence: number; changesCycle: boolean; periodEnd: Date; at: Date },
): PlanChangeMoney {
  const sum = (of: Stripe.InvoiceLineItem[]) => of.reduce((total, line) => total + line.amount, 0);
  const prorations = lines.filter(isProration);
  const creditPence = -sum(prorations.filter((line) => line.amount < 0));
  const newPeriod = lines.filter((line) => !isProration(line));
  const chargePence = changesCycle ? sum(newPeriod) : sum(prorations.filter((line) => line.amount > 0));
  const renewsAt = changesCycle ? new Date(Math.max(...newPeriod.map((line) => line.period.end)) * 1000) : periodEnd;
  return {
    newPricePence,
    creditPence,
    chargePence,
    netPence: chargePence - creditPence,
    billed: changesCycle ? 'now' : 'next-invoice',
    billedAt: changesCycle ? at : periodEnd,
    renewsAt,
  };
}
