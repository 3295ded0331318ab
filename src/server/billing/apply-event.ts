/**
 * Applies one verified card provider event, once (docs/decisions/0037-card-payments-and-webhooks.md).
 * In the caller's transaction, as the login role (the server's own write: no browser reaches it):
 * the event id goes into billing_events first, so a redelivery finds it and changes nothing; then
 * the user's row is locked and moved by the state machine in core/subscriptions/billing-state.ts.
 */
import { restoreArchivedAccounts } from '../accounts/archive.ts';
import { and, eq, or, sql } from 'drizzle-orm';
import { type BillingChange, type BillingState, applyBillingChange } from '../../core/subscriptions/billing-state.ts';
import { billingNoticesOf, type InvoiceFigures, type TrialEnding } from '../../core/subscriptions/billing-notices.ts';
import { instantOfSeconds, paymentStatusOf, planOfPrice } from '../../core/subscriptions/billing.ts';
import { tierRank } from '../../core/subscriptions/tier.ts';
import type { Tx } from '../db/client.ts';
import { billingEvents, promoCodes, promoRedemptions, subscriptions } from '../db/schema/index.ts';
import { rowsOf } from '../db/rls.ts';
import { publish } from '../realtime/hub.ts';
import type { z } from 'zod';
import {
  CheckoutSessionSchema,
  EnvelopeSchema,
  InvoiceSchema,
  SubscriptionSchema,
  shapeProblem,
} from './event-shapes.ts';
import type { BillingMail } from './billing-mail.ts';
import type { ProviderEvent, ProviderSubscription } from './provider.ts';

/** Who an event is about: our user id (metadata, client_reference_id) or the provider's ids. */
export type EventOwner = { userId: string | null; customerId: string | null; subscriptionId: string | null };

/**
 * What a usable event says and about whom; `change` is null for a type we do not act on.
 * `promoCodeId`: the discount promo a completed checkout used (its metadata), to record as redeemed;
 * `releasePromoCodeId`: the one an expired checkout had reserved, to give back.
 */
export type ParsedEvent = {
  owner: EventOwner;
  change: BillingChange | null;
  /** An invoice event's amount and period, for its e-mail. */
  invoice?: InvoiceFigures;
  /** A trial-ending event's trial end and first payment, for its e-mail. */
  trialEnding?: TrialEnding;
  promoCodeId?: string | null;
  releasePromoCodeId?: string | null;
};

/** An event we cannot act on, with why (logged; answered 2xx, since a resend cannot help). */
export type UnusableEvent = { unusable: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const idOf = (value: unknown): string | null =>
  text(value) ?? (value && typeof value === 'object' ? text((value as { id?: unknown }).id) : null);
/** Whole pence (Stripe's amounts are in the currency's minor unit) or seconds, else null. */
const wholeNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;

const metadataText = (metadata: Record<string, unknown> | null | undefined, key: string) => text(metadata?.[key]);

/**
 * What an invoice says it charged and for which period (read leniently: a missing or odd figure is
 * null, and the e-mail says the provider did not tell us).
 */
export function invoiceFigures(invoice: Record<string, unknown>, paid: boolean): InvoiceFigures {
  const lines = invoice.lines as { data?: { period?: { start?: unknown; end?: unknown } }[] } | undefined;
  const period = Array.isArray(lines?.data) ? lines.data[0]?.period : undefined;
  const seconds = (value: unknown) => {
    const n = wholeNumber(value);
    return n === null || n > 4_102_444_800 ? null : instantOfSeconds(n);
  };
  const amountPence = wholeNumber(paid ? invoice.amount_paid : invoice.amount_due);
  // The first invoice of a free trial our checkout started (its metadata says what comes after it).
  const details = (invoice.parent as { subscription_details?: { metadata?: Record<string, unknown> } } | undefined)
    ?.subscription_details;
  const thenText = metadataText(details?.metadata, 'trialThenPence') ?? '';
  const startsTrial =
    invoice.billing_reason === 'subscription_create' &&
    amountPence === 0 &&
    metadataText(details?.metadata, 'trialDays') !== null;
  return {
    amountPence,
    periodStart: seconds(period?.start),
    periodEnd: seconds(period?.end),
    ...(startsTrial ? { startsTrial: { thenPence: /^\d{1,9}$/.test(thenText) ? Number(thenText) : null } } : {}),
  };
}

/** The state a provider subscription object describes, as of `at`. */
export function subscriptionChange(
  sub: ProviderSubscription,
  at: Date,
): Extract<BillingChange, { kind: 'subscription' }> {
  const item = sub.items?.data?.[0];
  return {
    kind: 'subscription',
    at,
    subscriptionId: sub.id,
    customerId: idOf(sub.customer) ?? '',
    status: paymentStatusOf(sub.status),
    plan: item ? planOfPrice(item.price) : null,
    priceId: item?.price.id ?? null,
    currentPeriodEnd: item?.current_period_end ? instantOfSeconds(item.current_period_end) : null,
    cancelAtPeriodEnd: sub.cancel_at_period_end === true,
  };
}

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
]);

/** A trial-ending subscription's trial end and what our checkout said its first payment is. */
function trialEndingOf(sub: Record<string, unknown>): TrialEnding {
  const seconds = wholeNumber(sub.trial_end);
  const thenText = metadataText(sub.metadata as Record<string, unknown> | undefined, 'trialThenPence') ?? '';
  return {
    trialEndsAt: seconds === null || seconds > 4_102_444_800 ? null : instantOfSeconds(seconds),
    thenPence: /^\d{1,9}$/.test(thenText) ? Number(thenText) : null,
  };
}
const INVOICE_EVENTS = new Set([
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
  'invoice.payment_action_required',
]);

/** What an event says and about whom, or why it cannot be used (a shape we do not know). */
export function parseEvent(raw: unknown): { event: ProviderEvent; parsed: ParsedEvent } | UnusableEvent {
  const envelope = EnvelopeSchema.safeParse(raw);
  if (!envelope.success) return { unusable: `not an event (${shapeProblem(envelope.error)})` };
  const event = envelope.data as unknown as ProviderEvent;
  const object: unknown = envelope.data.data.object;
  const at = instantOfSeconds(event.created);
  const usable = (parsed: ParsedEvent) => ({ event, parsed });
  const problem = (error: z.ZodError) => ({ unusable: `${event.type}: data.object.${shapeProblem(error)}` });

  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.expired') {
    const shape = CheckoutSessionSchema.safeParse(object);
    if (!shape.success) return problem(shape.error);
    const session = shape.data;
    const owner = {
      userId: text(session.client_reference_id) ?? metadataText(session.metadata, 'userId'),
      customerId: idOf(session.customer),
      subscriptionId: idOf(session.subscription),
    };
    const promoCodeId = metadataText(session.metadata, 'promoCodeId');
    if (event.type === 'checkout.session.expired')
      return usable({ owner, change: null, releasePromoCodeId: promoCodeId });
    return usable({
      owner,
      change: { kind: 'checkout-completed', customerId: owner.customerId, subscriptionId: owner.subscriptionId },
      promoCodeId,
    });
  }
  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    const shape = SubscriptionSchema.safeParse(object);
    if (!shape.success) return problem(shape.error);
    const sub = shape.data as unknown as ProviderSubscription;
    const change = subscriptionChange(sub, at);
    return usable({
      owner: {
        userId: metadataText(shape.data.metadata, 'userId'),
        customerId: idOf(sub.customer),
        subscriptionId: sub.id,
      },
      change: event.type === 'customer.subscription.deleted' ? { ...change, status: 'canceled' } : change,
      ...(event.type === 'customer.subscription.trial_will_end' ? { trialEnding: trialEndingOf(shape.data) } : {}),
    });
  }
  if (INVOICE_EVENTS.has(event.type)) {
    const shape = InvoiceSchema.safeParse(object);
    if (!shape.success) return problem(shape.error);
    const invoice = shape.data;
    const details = invoice.parent?.subscription_details;
    const owner = {
      userId: metadataText(details?.metadata, 'userId') ?? metadataText(invoice.metadata, 'userId'),
      customerId: idOf(invoice.customer),
      subscriptionId: idOf(details?.subscription) ?? idOf(invoice.subscription),
    };
    const paid = event.type === 'invoice.paid' || event.type === 'invoice.payment_succeeded';
    const figures = invoiceFigures(invoice, paid);
    if (paid) return usable({ owner, change: { kind: 'invoice-paid', at }, invoice: figures });
    return usable({
      owner,
      invoice: figures,
      change: {
        kind: 'invoice-failed',
        at,
        attemptCount: invoice.attempt_count ?? 1,
        // A first payment that fails leaves the subscription incomplete until the customer acts.
        needsAction:
          event.type === 'invoice.payment_action_required' || invoice.billing_reason === 'subscription_create',
      },
    });
  }
  return { unusable: `${event.type}: an event type we do not act on` };
}

type Row = typeof subscriptions.$inferSelect;

function stateOf(row: Row | undefined): BillingState {
  return {
    paymentStatus: row?.paymentStatus ?? 'inactive',
    tier: (row?.tier ?? null) as BillingState['tier'],
    billingCycle: (row?.billingCycle ?? null) as BillingState['billingCycle'],
    currentPeriodEnd: row?.currentPeriodEnd ?? null,
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    stripeCustomerId: row?.stripeCustomerId ?? null,
    stripeSubscriptionId: row?.stripeSubscriptionId ?? null,
    stripePriceId: row?.stripePriceId ?? null,
    lastPaymentFailureAt: row?.lastPaymentFailureAt ?? null,
    paymentFailureCount: row?.paymentFailureCount ?? 0,
    providerUpdatedAt: row?.providerUpdatedAt ?? null,
    providerInvoiceAt: row?.providerInvoiceAt ?? null,
  };
}

/** The user an event belongs to: our id when the event names it, else the stored provider ids. */
async function findOwner(tx: Tx, owner: EventOwner): Promise<string | null> {
  const conditions = [
    owner.userId ? eq(subscriptions.userId, owner.userId) : undefined,
    owner.subscriptionId ? eq(subscriptions.stripeSubscriptionId, owner.subscriptionId) : undefined,
    owner.customerId ? eq(subscriptions.stripeCustomerId, owner.customerId) : undefined,
  ].filter((c) => c !== undefined);
  if (owner.userId) {
    const [known] = rowsOf<{ id: string }>(await tx.execute(sql`select id from "user" where id = ${owner.userId}`));
    if (known) return known.id;
  }
  if (conditions.length === 0) return null;
  const [row] = await tx
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(or(...conditions));
  return row?.userId ?? null;
}

/** The row's billing state before and after one change (equal when the change was stale). */
export type BillingTransition = { before: BillingState; after: BillingState; changed: boolean };

/**
 * Moves the user's row by `change` (row locked; created when the user has none) and tells their
 * open tabs. Returns the state before and after, and whether anything changed.
 */
export async function applyChangeToUser(
  tx: Tx,
  userId: string,
  change: BillingChange,
  now: Date,
): Promise<BillingTransition> {
  // The row first (a user from before subscriptions has none), so concurrent events queue on its lock.
  await tx.insert(subscriptions).values({ userId }).onConflictDoNothing();
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
  const before = stateOf(row);
  const after = applyBillingChange(before, change);
  if (JSON.stringify(before) === JSON.stringify(after)) return { before, after, changed: false };
  const paying = after.paymentStatus === 'active' || after.paymentStatus === 'past_due';
  // Paying ends a running trial: from now the paid plan is the tier (ADR 0037).
  const endsTrial = paying && row?.trialExpiresAt && row.trialExpiresAt.getTime() > now.getTime();
  const values = {
    ...after,
    isActive: paying,
    expiresAt: after.currentPeriodEnd,
    updatedAt: now,
    ...(endsTrial ? { trialExpiresAt: now } : {}),
  };
  await tx
    .insert(subscriptions)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: subscriptions.userId, set: values });
  // A higher paid tier brings back the accounts a downgrade archived, as many as it allows.
  if (after.tier && (before.tier === null || tierRank(after.tier) > tierRank(before.tier)))
    await restoreArchivedAccounts(tx, userId, after.tier);
  await publish(tx, { type: 'subscription.changed', userId, invalidate: [['me']] });
  return { before, after, changed: true };
}

export type ApplyOutcome =
  /** `mail`: the e-mails the event calls for, to send once its transaction has committed. */
  | { outcome: 'applied'; mail?: BillingMail }
  | { outcome: 'duplicate' }
  /** Nothing written; `cancelSubscriptionId`: an extra live subscription to cancel at the provider. */
  | { outcome: 'ignored'; reason: string; cancelSubscriptionId?: string };

const LIVE = new Set(['active', 'past_due']);

/**
 * Whether the event is about a second subscription of a user whose row already tracks a live one
 * (one live subscription per saver, ADR 0046): the extra is not applied, and cancelled when live.
 */
async function extraSubscription(
  tx: Tx,
  userId: string,
  parsed: ParsedEvent,
): Promise<{ subscriptionId: string; cancel: boolean } | null> {
  const subscriptionId = parsed.owner.subscriptionId;
  if (!subscriptionId) return null;
  const [row] = await tx
    .select({ status: subscriptions.paymentStatus, tracked: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .for('update');
  if (!row?.tracked || row.tracked === subscriptionId || !LIVE.has(row.status)) return null;
  const change = parsed.change;
  return { subscriptionId, cancel: change?.kind === 'subscription' && change.status !== 'canceled' };
}

/**
 * Records and applies one verified event in `tx`; a second delivery of the same id does nothing.
 * An event we cannot use (unknown type or shape, nobody we know, an extra subscription) writes nothing.
 */
export async function applyProviderEvent(tx: Tx, raw: unknown, now: Date): Promise<ApplyOutcome> {
  const read = parseEvent(raw);
  if ('unusable' in read) return { outcome: 'ignored', reason: read.unusable };
  const { event, parsed } = read;
  const userId = await findOwner(tx, parsed.owner);
  if (!userId) return { outcome: 'ignored', reason: `${event.type}: no user has this customer or subscription` };
  const extra = await extraSubscription(tx, userId, parsed);
  if (extra)
    return {
      outcome: 'ignored',
      reason: `${event.type}: ${extra.subscriptionId} is a second subscription for user ${userId}, who already has a live one`,
      ...(extra.cancel ? { cancelSubscriptionId: extra.subscriptionId } : {}),
    };
  const inserted = await tx
    .insert(billingEvents)
    .values({ eventId: event.id, eventType: event.type, createdAt: instantOfSeconds(event.created), userId })
    .onConflictDoNothing({ target: billingEvents.eventId })
    .returning({ eventId: billingEvents.eventId });
  if (inserted.length === 0) return { outcome: 'duplicate' };
  const transition = parsed.change ? await applyChangeToUser(tx, userId, parsed.change, now) : null;
  if (parsed.promoCodeId && UUID.test(parsed.promoCodeId))
    await recordDiscountRedemption(tx, userId, parsed.promoCodeId, now);
  if (parsed.releasePromoCodeId && UUID.test(parsed.releasePromoCodeId))
    await releasePromoReservation(tx, parsed.releasePromoCodeId);
  const notices = transition
    ? billingNoticesOf({
        eventType: event.type,
        at: instantOfSeconds(event.created),
        before: transition.before,
        after: transition.after,
        invoice: parsed.invoice ?? null,
        trialEnding: parsed.trialEnding ?? null,
      })
    : [];
  return { outcome: 'applied', ...(notices.length > 0 ? { mail: { userId, notices } } : {}) };
}

/**
 * A paid checkout used a discount code: the subscription names it and the user's use is recorded
 * (once per user). Its count was taken when the checkout was created (`reservePromo`), so it is
 * not counted again. A code deleted since is passed over: the payment stands.
 */
async function recordDiscountRedemption(tx: Tx, userId: string, promoCodeId: string, now: Date): Promise<void> {
  const [promo] = await tx.select({ id: promoCodes.id }).from(promoCodes).where(eq(promoCodes.id, promoCodeId));
  if (!promo) return;
  await tx.insert(promoRedemptions).values({ promoCodeId, userId, redeemedAt: now }).onConflictDoNothing();
  await tx.update(subscriptions).set({ promoCodeId }).where(eq(subscriptions.userId, userId));
}

/** An expired (or cancelled) checkout gives back the use of the code it had reserved. */
async function releasePromoReservation(tx: Tx, promoCodeId: string): Promise<void> {
  await tx
    .update(promoCodes)
    .set({ timesRedeemed: sql`${promoCodes.timesRedeemed} - 1` })
    .where(and(eq(promoCodes.id, promoCodeId), sql`${promoCodes.timesRedeemed} > 0`));
}
