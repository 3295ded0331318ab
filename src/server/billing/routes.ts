/**
 * Card payments (issue 17 part 2; docs/decisions/0037-card-payments-and-webhooks.md): checkout,
 * the provider's portal, invoices, plan changes, cancellation, payment retry, the webhook, and
 * test mode's local checkout. Every route but the webhook acts on the signed-in user's own row;
 * none takes a tier or a status to store: those come from the provider (webhooks, or its answer
 * to a change), written by the server's own code.
 */
import { and, eq, sql } from 'drizzle-orm';
import { subscriptionView } from '../../core/subscriptions/access.ts';
import { billingNoticesOf } from '../../core/subscriptions/billing-notices.ts';
import { discountedPence, instantOfSeconds, isUpgrade, priceLookupKey } from '../../core/subscriptions/billing.ts';
import { PROMO_MESSAGES } from '../../core/subscriptions/promo.ts';
import { checkoutTrialDays, checkoutTrialEnd } from '../../core/subscriptions/checkout-trial.ts';
import {
  BILLING_CYCLES,
  type BillingCycle,
  DEFAULT_PRICES,
  PLAN_TIERS,
  PLANS,
} from '../../core/subscriptions/plans.ts';
import type { Tx } from '../db/client.ts';
import { asLoginRole } from '../db/login-role.ts';
import { promoCodes, subscriptions } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { sessionOf, txOf } from '../http/access.ts';
import { afterCommit } from '../http/after-commit.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { takeThrottle, throttleRefusal } from '../http/throttle.ts';
import { findPromoForUser, readSubscriptionFacts } from '../subscriptions/redeem.ts';
import { SubscriptionViewSchema } from '../subscriptions/subscription-json.ts';
import { applyChangeToUser, applyProviderEvent, subscriptionChange } from './apply-event.ts';
import { type BillingMail, sendBillingMail } from './billing-mail.ts';
import { isTestProvider } from './create-provider.ts';
import { type PaidTier, ProviderError, type ProviderSubscription } from './provider.ts';
import { receiveWebhook, settleOutcome, verifiedEvent } from './webhook.ts';

export const BILLING_MESSAGES = {
  checkoutFailed: 'Failed to start checkout. Please try again.',
  portalFailed: 'Failed to open the billing portal. Please try again.',
  invoicesFailed: 'Failed to load invoices. Please try again.',
  changeFailed: 'Failed to change your plan. Please try again.',
  cancelFailed: 'Failed to update your subscription. Please try again.',
  retryFailed: 'Failed to retry payment. Please try again.',
  noCustomer: 'You have no billing account yet. Choose a plan first.',
  noSubscription: 'You have no paid subscription to change. Choose a plan first.',
  alreadySubscribed: 'You already have a subscription. Change your plan from Settings instead.',
  nothingToRetry: 'There is no unpaid invoice to retry.',
  choosePlan: 'Please choose a plan',
  chooseCycle: 'Please choose monthly or annual billing',
  testCheckoutMissing: 'Test checkout not found',
  testCheckoutSettled: 'This test checkout has already been paid, declined or cancelled. Choose a plan again.',
  payBeforeUpgrade: 'Your last payment failed. Pay the unpaid invoice before upgrading your plan.',
  tooManyCheckouts: 'Too many checkout attempts. Please wait a few minutes and try again.',
  previewFailed: 'Failed to work out what the change costs. Please try again.',
  previewExpired: 'The figures you were shown are out of date. Review the change again.',
  samePlan: 'You are on this plan already.',
} as const;

/** How long the figures of a plan-change preview may be confirmed for (the proration instant). */
export const PREVIEW_VALID_MS = 30 * 60_000;

/** Checkouts one user may start in a window (each one calls the provider). */
export const CHECKOUTS_PER_WINDOW = 10;
export const CHECKOUT_WINDOW_SECONDS = 10 * 60;

const isLive = (row: { paymentStatus: string; stripeSubscriptionId: string | null } | undefined) =>
  Boolean(row?.stripeSubscriptionId) && (row?.paymentStatus === 'active' || row?.paymentStatus === 'past_due');

/**
 * Takes one use of a discount code for a checkout being created (ADR 0046): a one-time code's
 * only use goes to the first checkout, whoever pays first; an expired or cancelled checkout gives
 * it back (apply-event.ts). False when nothing was left to take.
 */
async function reservePromo(tx: Tx, promoCodeId: string): Promise<boolean> {
  const taken = await tx
    .update(promoCodes)
    .set({ timesRedeemed: sql`${promoCodes.timesRedeemed} + 1` })
    .where(
      and(eq(promoCodes.id, promoCodeId), sql`not (${promoCodes.isOneTimeUse} and ${promoCodes.timesRedeemed} >= 1)`),
    )
    .returning({ id: promoCodes.id });
  return taken.length > 0;
}

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

const PlanSchema = z.strictObject({
  tier: z.enum(PLAN_TIERS, BILLING_MESSAGES.choosePlan),
  cycle: z.enum(BILLING_CYCLES, BILLING_MESSAGES.chooseCycle),
});
const UrlSchema = z.object({ url: z.string() });
const PlanChangePreviewSchema = z
  .object({
    tier: z.enum(PLAN_TIERS),
    cycle: z.enum(BILLING_CYCLES),
    at: z.string().openapi({ description: 'The proration instant: send it back to confirm these figures' }),
    newPricePence: z.number().int(),
    creditPence: z.number().int().openapi({ description: 'The unused part of this period, given back' }),
    chargePence: z.number().int(),
    netPence: z.number().int().openapi({ description: 'Below zero: a credit later invoices use up (no refund)' }),
    billed: z.enum(['next-invoice', 'now']),
    billedAt: z.string(),
    renewsAt: z.string(),
  })
  .openapi('PlanChangePreview');
const InvoiceSchema = z
  .object({
    id: z.string(),
    number: z.string().nullable(),
    createdAt: z.string(),
    amountPence: z.number().int(),
    currency: z.literal('gbp'),
    status: z.enum(['paid', 'open', 'void', 'uncollectible', 'draft']),
    url: z.string().nullable(),
  })
  .openapi('Invoice');
const TestCheckoutSchema = z
  .object({
    testMode: z.literal(true),
    tier: z.enum(PLAN_TIERS),
    planName: z.string(),
    cycle: z.enum(BILLING_CYCLES),
    pricePence: z.number().int(),
    discountPercent: z.number().int().nullable(),
    amountPence: z.number().int(),
    isRetry: z.boolean(),
    trial: z
      .object({
        days: z.number().int(),
        endsAt: z.string().openapi({ description: 'When the first payment is taken, if the trial starts now' }),
        thenPence: z.number().int(),
      })
      .nullable()
      .openapi({ description: "A free-tier promo code's free trial: nothing is due today" }),
  })
  .openapi('TestCheckout');

/** What change-plan and cancel answer. */
const subscriptionChangeResponses = {
  200: json(SubscriptionViewSchema, 'The subscription'),
  409: { description: 'No paid subscription' },
  503: { description: 'The provider failed' },
};

type Row = typeof subscriptions.$inferSelect;

/** The signed-in user's row (row-level security limits the read to it anyway). */
async function ownRow(tx: Tx, userId: string): Promise<Row | undefined> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

const PROVIDER_STATUS: Record<string, string> = {
  active: 'active',
  past_due: 'past_due',
  action_required: 'incomplete',
  failed: 'unpaid',
  canceled: 'canceled',
};

/** Our row's record of the provider's subscription, in its shape (test mode starts from it). */
export function knownSubscription(row: Row, userId: string): ProviderSubscription {
  const id = row.stripeSubscriptionId ?? '';
  const tier = row.tier ?? 'piglet';
  const cycle = (row.billingCycle ?? 'monthly') as BillingCycle;
  return {
    id,
    object: 'subscription',
    customer: row.stripeCustomerId ?? '',
    status: PROVIDER_STATUS[row.paymentStatus] ?? 'incomplete',
    cancel_at_period_end: row.cancelAtPeriodEnd,
    metadata: { userId },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${id}`,
          current_period_end: Math.floor((row.currentPeriodEnd?.getTime() ?? 0) / 1000),
          price: {
            id: row.stripePriceId ?? '',
            lookup_key: priceLookupKey(tier as PaidTier, cycle),
            metadata: { tier },
            recurring: { interval: cycle === 'monthly' ? 'month' : 'year' },
          },
        },
      ],
    },
  };
}

/** A provider call; its failure answers 503 with `message`. */
async function withProvider<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ProviderError) throw new AppError('SERVICE_UNAVAILABLE', message);
    throw err;
  }
}

/**
 * The provider's subscription as of now (whole seconds, as its events are), applied to the row;
 * the e-mails the change calls for (plan changed, cancelled), to send after the commit. The
 * webhook that follows finds the row already moved and mails nothing again.
 */
async function applyProviderAnswer(
  deps: Deps,
  tx: Tx,
  userId: string,
  sub: ProviderSubscription,
): Promise<BillingMail> {
  const at = instantOfSeconds(Math.floor(deps.clock.now().getTime() / 1000));
  const { before, after } = await asLoginRole(tx, (t) =>
    applyChangeToUser(t, userId, subscriptionChange(sub, at), deps.clock.now()),
  );
  return {
    userId,
    notices: billingNoticesOf({ eventType: 'customer.subscription.updated', at, before, after, invoice: null }),
  };
}

/** The paying subscription a change acts on, or a 409 naming what to do instead. */
function paidSubscriptionOf(row: Row | undefined): Row & { stripeSubscriptionId: string } {
  if (!row?.stripeSubscriptionId || row.paymentStatus === 'canceled')
    throw new AppError('CONFLICT', BILLING_MESSAGES.noSubscription);
  return row as Row & { stripeSubscriptionId: string };
}

/**
 * Moves the user's paid subscription to another plan through the provider, then records what the
 * provider answered (the webhook that follows says the same). The downgrade wizard's route calls
 * this in its request transaction.
 */
export async function changePlan(
  deps: Deps,
  tx: Tx,
  userId: string,
  { tier, cycle, at = deps.clock.now() }: { tier: PaidTier; cycle: BillingCycle; at?: Date },
): Promise<BillingMail> {
  const row = changeablePlanOf(await ownRow(tx, userId), { tier, cycle });
  const request = { subscriptionId: row.stripeSubscriptionId, tier, cycle, at, known: knownSubscription(row, userId) };
  // Priced at the same instant as the change, so the e-mail states what was charged or credited.
  const money = await withProvider(BILLING_MESSAGES.changeFailed, () =>
    deps.billing.previewPlanChange({ ...request, customerId: row.stripeCustomerId ?? '' }),
  );
  const sub = await withProvider(BILLING_MESSAGES.changeFailed, () => deps.billing.changePlan(request));
  const mail = await applyProviderAnswer(deps, tx, userId, sub);
  return {
    ...mail,
    notices: mail.notices.map((notice) => (notice.kind === 'plan-changed' ? { ...notice, money } : notice)),
  };
}

/** The paid subscription a change may move, or the refusal: none, the same plan, or an upgrade owed a payment. */
function changeablePlanOf(row: Row | undefined, to: { tier: PaidTier; cycle: BillingCycle }) {
  const paid = paidSubscriptionOf(row);
  if (paid.tier === to.tier && paid.billingCycle === to.cycle)
    throw new AppError('CONFLICT', BILLING_MESSAGES.samePlan);
  // A saver whose last payment failed pays it before buying more (ADR 0046); a downgrade is allowed.
  if (paid.paymentStatus === 'past_due' && isUpgrade({ tier: paid.tier, cycle: paid.billingCycle }, to))
    throw new AppError('CONFLICT', BILLING_MESSAGES.payBeforeUpgrade);
  return paid;
}

/**
 * The `at` a plan change may carry: the instant of the preview the saver confirmed (change-plan,
 * and the downgrade wizard's route, take it back so the change charges what they were shown).
 */
export const PreviewInstantSchema = z.iso
  .datetime('at must be a date and time')
  .optional()
  .openapi({ description: 'The `at` of the change-preview the saver confirmed (at most 30 minutes old)' });

/** A preview's instant, confirmed: not in the future, and no older than PREVIEW_VALID_MS. */
export function confirmedInstant(at: string | undefined, now: Date): Date {
  if (at === undefined) return now;
  const instant = new Date(at);
  const age = now.getTime() - instant.getTime();
  if (age < -60_000 || age > PREVIEW_VALID_MS)
    throw new AppError('VALIDATION_FAILED', BILLING_MESSAGES.previewExpired, { field: 'at' });
  return instant;
}

export function billingRoutes(deps: Deps) {
  const app = createRouter();
  const viewOf = async (tx: Tx, userId: string, isAdmin: boolean) =>
    subscriptionView(await readSubscriptionFacts(tx, userId), { isAdmin, now: deps.clock.now() });
  /** A plan's price as the provider lists it (its defaults when the provider fails). */
  const planPricePence = async (tier: PaidTier, cycle: BillingCycle) => {
    const plan = (await deps.billing.prices()).prices[tier];
    return cycle === 'monthly' ? plan.monthlyPrice : plan.yearlyPrice;
  };

  app.openapi(
    defineRoute(deps, '', {
      access: 'public',
      method: 'get',
      path: '/api/billing/mode',
      summary: 'Whether card payments run against the provider or in local test mode',
      responses: { 200: json(z.object({ testMode: z.boolean() }), 'The mode') },
    }),
    (c) => c.json({ testMode: deps.billing.mode === 'test' }, 200),
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/billing/checkout',
      summary: "Starts the provider's hosted checkout for a plan; the browser goes to its url",
      description:
        "A discount promo code becomes the provider's coupon on the checkout; a free-tier code with a duration starts the subscription with the provider's free trial of that many days (nothing taken at the checkout). The tier is what the user is asking to buy; it is stored only when the provider's events say it was paid for.",
      request: body(PlanSchema.extend({ promoCodeId: z.uuid('Invalid promo code').optional() })),
      responses: {
        200: json(UrlSchema, 'The hosted checkout'),
        409: { description: 'Already subscribed' },
        429: { description: 'Too many checkouts started' },
        503: { description: 'The provider failed' },
      },
    }),
    async (c) => {
      const session = sessionOf(c);
      const { tier, cycle, promoCodeId } = c.req.valid('json');
      const tx = txOf(c);
      const now = deps.clock.now();
      const throttle = await asLoginRole(tx, (t) =>
        takeThrottle(t, `billing-checkout:${session.userId}`, CHECKOUTS_PER_WINDOW, CHECKOUT_WINDOW_SECONDS),
      );
      if (!throttle.allowed) throw throttleRefusal('RATE_LIMITED', BILLING_MESSAGES.tooManyCheckouts, throttle);
      const row = await ownRow(tx, session.userId);
      if (isLive(row)) throw new AppError('CONFLICT', BILLING_MESSAGES.alreadySubscribed);
      const { customerId, discount, trialDays } = await asLoginRole(tx, async (t) => {
        let discount: { percent: number; months: number | null } | null = null;
        let trialDays: number | null = null;
        let oneTimeUse = false;
        if (promoCodeId) {
          const { promo, check } = await findPromoForUser(t, { id: promoCodeId }, session.userId, now, {
            forUpdate: true,
          });
          if (!check.valid || !promo)
            throw new AppError('VALIDATION_FAILED', check.valid ? PROMO_MESSAGES.unknown : check.message);
          // A free-tier code starts a free trial on the provider; a discount code takes a share off.
          trialDays = checkoutTrialDays(promo, now);
          if (promo.promoType === 'discount' && promo.discountPercentage)
            discount = { percent: promo.discountPercentage, months: promo.discountMonths };
          if (discount || trialDays !== null) {
            if (!(await reservePromo(t, promo.id))) throw new AppError('VALIDATION_FAILED', PROMO_MESSAGES.unknown);
            oneTimeUse = promo.isOneTimeUse;
          }
        }
        const customerId = await withProvider(BILLING_MESSAGES.checkoutFailed, () =>
          deps.billing.ensureCustomer({
            userId: session.userId,
            email: session.email,
            customerId: row?.stripeCustomerId ?? null,
          }),
        );
        if (customerId !== row?.stripeCustomerId)
          await t
            .insert(subscriptions)
            .values({ userId: session.userId, stripeCustomerId: customerId })
            .onConflictDoUpdate({ target: subscriptions.userId, set: { stripeCustomerId: customerId } });
        return { customerId, discount: discount && { ...discount, oneTimeUse }, trialDays };
      });
      // One checkout open at a time: an earlier one can no longer be paid (and gives its code back).
      if (row?.stripeCustomerId)
        await withProvider(BILLING_MESSAGES.checkoutFailed, () => deps.billing.expireOpenCheckouts(customerId));
      // What a free trial's first payment will be, for the trial's e-mail: the plan's price, unless a
      // discount makes it the provider's own sum (its rounding of a share is not ours to guess).
      const trial =
        trialDays === null ? null : { days: trialDays, thenPence: discount ? null : await planPricePence(tier, cycle) };
      const { url } = await withProvider(BILLING_MESSAGES.checkoutFailed, () =>
        deps.billing.createCheckout({
          userId: session.userId,
          email: session.email,
          customerId,
          tier,
          cycle,
          discountPercent: discount?.percent ?? null,
          discountMonths: discount?.months ?? null,
          promoCodeId: discount || trialDays !== null ? (promoCodeId ?? null) : null,
          promoOneTimeUse: discount?.oneTimeUse ?? false,
          trial,
          successUrl: `${deps.config.publicUrl}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${deps.config.publicUrl}/subscription/cancel`,
        }),
      );
      return c.json({ url }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/billing/portal',
      summary: "The provider's billing portal for the signed-in user ('Manage Subscription', 'Update Payment Method')",
      responses: {
        200: json(UrlSchema, 'The portal'),
        404: { description: 'No billing account yet' },
        503: { description: 'The provider failed' },
      },
    }),
    async (c) => {
      const session = sessionOf(c);
      const row = await ownRow(txOf(c), session.userId);
      if (!row?.stripeCustomerId) throw new AppError('NOT_FOUND', BILLING_MESSAGES.noCustomer);
      const customerId = row.stripeCustomerId;
      const portal = await withProvider(BILLING_MESSAGES.portalFailed, () =>
        deps.billing.createPortal({ customerId, returnUrl: `${deps.config.publicUrl}/settings?tab=subscription` }),
      );
      return c.json({ url: portal.url }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/billing/invoices',
      summary: "The signed-in user's invoices, newest first (empty before they have a billing account)",
      responses: {
        200: json(z.object({ invoices: z.array(InvoiceSchema) }), 'The invoices'),
        503: { description: 'The provider failed' },
      },
    }),
    async (c) => {
      const session = sessionOf(c);
      const row = await ownRow(txOf(c), session.userId);
      if (!row?.stripeCustomerId) return c.json({ invoices: [] }, 200);
      const customerId = row.stripeCustomerId;
      const invoices = await withProvider(BILLING_MESSAGES.invoicesFailed, () => deps.billing.listInvoices(customerId));
      return c.json({ invoices }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/billing/change-preview',
      summary: 'What moving the paid subscription to a plan would charge or credit, and when',
      description:
        "The provider's own proration at this instant (`at`): confirm the change with the same `at` within 30 minutes and it charges exactly these figures.",
      request: { query: PlanSchema },
      responses: {
        200: json(PlanChangePreviewSchema, 'The figures'),
        409: { description: 'No paid subscription, the same plan, or an upgrade while a payment is owed' },
        503: { description: 'The provider failed' },
      },
    }),
    async (c) => {
      const session = sessionOf(c);
      const to = c.req.valid('query');
      const row = changeablePlanOf(await ownRow(txOf(c), session.userId), to);
      const at = deps.clock.now();
      const money = await withProvider(BILLING_MESSAGES.previewFailed, () =>
        deps.billing.previewPlanChange({
          customerId: row.stripeCustomerId ?? '',
          subscriptionId: row.stripeSubscriptionId,
          ...to,
          at,
          known: knownSubscription(row, session.userId),
        }),
      );
      return c.json(
        {
          ...to,
          at: at.toISOString(),
          ...money,
          billedAt: money.billedAt.toISOString(),
          renewsAt: money.renewsAt.toISOString(),
        },
        200,
      );
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/billing/change-plan',
      summary: 'Moves the paid subscription to another plan; the subscription once the provider accepted it',
      description: '`at`: the instant of the preview the saver confirmed, so the change charges what they were shown.',
      request: body(PlanSchema.extend({ at: PreviewInstantSchema })),
      responses: subscriptionChangeResponses,
    }),
    async (c) => {
      const session = sessionOf(c);
      const tx = txOf(c);
      const { at, ...plan } = c.req.valid('json');
      const instant = confirmedInstant(at, deps.clock.now());
      const mail = await changePlan(deps, tx, session.userId, { ...plan, at: instant });
      afterCommit(c, () => sendBillingMail(deps, mail));
      return c.json(await viewOf(tx, session.userId, session.isAdmin), 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/billing/cancel',
      summary: 'Cancels the paid subscription at the end of its period, or (false) resumes it',
      request: body(z.strictObject({ cancelAtPeriodEnd: z.boolean('cancelAtPeriodEnd must be true or false') })),
      responses: subscriptionChangeResponses,
    }),
    async (c) => {
      const session = sessionOf(c);
      const tx = txOf(c);
      const { cancelAtPeriodEnd } = c.req.valid('json');
      const row = paidSubscriptionOf(await ownRow(tx, session.userId));
      const sub = await withProvider(BILLING_MESSAGES.cancelFailed, () =>
        deps.billing.setCancelAtPeriodEnd({
          subscriptionId: row.stripeSubscriptionId,
          cancelAtPeriodEnd,
          known: knownSubscription(row, session.userId),
        }),
      );
      const mail = await applyProviderAnswer(deps, tx, session.userId, sub);
      afterCommit(c, () => sendBillingMail(deps, mail));
      return c.json(await viewOf(tx, session.userId, session.isAdmin), 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/billing/retry-payment',
      summary: "The hosted page of the subscription's unpaid invoice, to pay it again",
      request: body(z.strictObject({ subscriptionId: z.string().max(255).optional() })),
      responses: {
        200: json(UrlSchema, 'The invoice page'),
        409: { description: 'Nothing to retry' },
        503: { description: 'The provider failed' },
      },
    }),
    async (c) => {
      const session = sessionOf(c);
      const { subscriptionId } = c.req.valid('json');
      const row = await ownRow(txOf(c), session.userId);
      // Another user's subscription id is treated as none: nothing about it is revealed.
      if (
        !row?.stripeSubscriptionId ||
        !row.stripeCustomerId ||
        (subscriptionId && subscriptionId !== row.stripeSubscriptionId)
      )
        throw new AppError('CONFLICT', BILLING_MESSAGES.nothingToRetry);
      const { stripeSubscriptionId, stripeCustomerId } = row;
      const url = await withProvider(BILLING_MESSAGES.retryFailed, () =>
        deps.billing.openInvoiceUrl({
          userId: session.userId,
          customerId: stripeCustomerId,
          subscriptionId: stripeSubscriptionId,
          known: knownSubscription(row, session.userId),
        }),
      );
      if (!url) throw new AppError('CONFLICT', BILLING_MESSAGES.nothingToRetry);
      return c.json({ url }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'public',
      method: 'post',
      path: '/api/billing/webhook',
      summary: "The card provider's events (signed; the raw body is verified with the stripe-signature header)",
      description:
        'Each event is applied once, in one transaction with its record in billing_events: a redelivery answers 200 and changes nothing. A bad or missing signature answers 400 and writes nothing.',
      responses: {
        200: json(z.object({ received: z.literal(true), duplicate: z.boolean() }), 'Applied (or already applied)'),
      },
    }),
    async (c) => {
      const { outcome } = await receiveWebhook(deps, await c.req.text(), c.req.header('stripe-signature'));
      return c.json({ received: true as const, duplicate: outcome === 'duplicate' }, 200);
    },
  );

  const IdParam = z.object({ id: z.string().min(1).max(4000) });

  /** The test checkout an id names, for the signed-in user; 404 when not in test mode or not theirs. */
  const testCheckoutOf = (id: string, userId: string) => {
    const provider = deps.billing;
    const checkout = isTestProvider(provider) ? provider.readCheckout(id) : null;
    if (!isTestProvider(provider) || !checkout || checkout.userId !== userId)
      throw new AppError('NOT_FOUND', BILLING_MESSAGES.testCheckoutMissing);
    return { provider, checkout };
  };

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/billing/test-checkout/{id}',
      summary: 'TEST MODE: what a local checkout is for (404 when the real provider is configured)',
      request: { params: IdParam },
      responses: {
        200: json(TestCheckoutSchema, 'The checkout'),
        404: { description: 'Not in test mode, or not yours' },
      },
    }),
    (c) => {
      const { checkout } = testCheckoutOf(c.req.valid('param').id, sessionOf(c).userId);
      const trial = checkout.trial ?? null;
      const plan = DEFAULT_PRICES[checkout.tier];
      const pricePence = checkout.cycle === 'monthly' ? plan.monthlyPrice : plan.yearlyPrice;
      return c.json(
        {
          testMode: true as const,
          tier: checkout.tier,
          planName: PLANS.find((p) => p.tier === checkout.tier)?.name ?? checkout.tier,
          cycle: checkout.cycle,
          pricePence,
          discountPercent: checkout.discountPercent,
          amountPence: trial ? 0 : discountedPence(pricePence, checkout.discountPercent),
          isRetry: checkout.subscriptionId !== null,
          trial: trial && {
            days: trial.days,
            endsAt: checkoutTrialEnd(deps.clock.now(), trial.days).toISOString(),
            thenPence: trial.thenPence ?? discountedPence(pricePence, checkout.discountPercent),
          },
        },
        200,
      );
    },
  );

  const OUTCOME_SUMMARY = {
    pay: 'the card is accepted',
    decline: 'the card is declined',
    cancel: 'the saver leaves the checkout (it expires and gives back a reserved promo code)',
  } as const;
  const REDIRECT = {
    pay: '/subscription/success',
    decline: '/subscription/cancel?declined=1',
    cancel: '/subscription/cancel',
  } as const;

  for (const outcome of ['pay', 'decline', 'cancel'] as const) {
    app.openapi(
      defineRoute(deps, '', {
        access: 'user',
        method: 'post',
        path: `/api/billing/test-checkout/{id}/${outcome}`,
        summary: `TEST MODE: ${OUTCOME_SUMMARY[outcome]}; Stripe-shaped events, signed, through the webhook's verify-and-apply path`,
        description:
          'A checkout is settled once: a second Pay, Decline or Cancel of the same checkout answers 409 (Cancel answers 200 and changes nothing). Pay is refused while the saver has a live subscription (a stale checkout).',
        request: { params: IdParam },
        responses: {
          200: json(z.object({ redirectTo: z.string() }), 'Where the browser goes next'),
          404: { description: 'Not in test mode, or not yours' },
          409: { description: 'Already settled, or the saver already has a live subscription' },
        },
      }),
      async (c) => {
        const session = sessionOf(c);
        const { provider, checkout } = testCheckoutOf(c.req.valid('param').id, session.userId);
        const now = deps.clock.now();
        const tx = txOf(c);
        if (outcome !== 'cancel' && !checkout.subscriptionId && isLive(await ownRow(tx, session.userId)))
          throw new AppError('CONFLICT', BILLING_MESSAGES.alreadySubscribed);
        // In the request's transaction (PGlite has one connection): the same verify and apply as the webhook.
        const outcomes = await asLoginRole(tx, async (t) => {
          const applied = [];
          for (const { body: raw, signature } of provider.signedEvents(checkout, outcome, now)) {
            const result = await applyProviderEvent(t, verifiedEvent(deps, raw, signature), now);
            // The first event settles the checkout: a duplicate means it was settled before.
            if (applied.length === 0 && result.outcome === 'duplicate') {
              if (outcome === 'cancel') break;
              throw new AppError('CONFLICT', BILLING_MESSAGES.testCheckoutSettled);
            }
            applied.push(result);
          }
          return applied;
        });
        for (const result of outcomes) {
          if (result.outcome === 'applied') afterCommit(c, () => sendBillingMail(deps, result.mail));
          await settleOutcome(deps, result);
        }
        if (outcome === 'pay')
          deps.logger.warn('TEST MODE: a checkout was paid without a card', {
            userId: session.userId,
            tier: checkout.tier,
            cycle: checkout.cycle,
            retry: checkout.subscriptionId !== null,
          });
        return c.json({ redirectTo: REDIRECT[outcome] }, 200);
      },
    );
  }

  return app;
}
