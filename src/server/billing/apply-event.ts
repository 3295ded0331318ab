/**
 * Applies one verified card provider event, once (docs/decisions/0037-card-payments-and-webhooks.md).
 * In the caller's transaction, as the login role (the server's own write: no browser reaches it):
 * the event id goes into billing_events first, so a redelivery finds it and changes nothing; then
 * the user's row is locked and moved by the state machine in core/subscriptions/billing-state.ts.
 */
import { restoreArchivedAccounts } from '../accounts/archive.ts';
import { and, eq, or, sql } from 'drizzle-orm';
import { type BillingChange, type BillingState, applyBillingChange } from '../../core/subscriptions/billing-state.ts';
import { instantOfSeconds, paymentStatusOf, planOfPrice } from '../../core/subscriptions/billing.ts';
import { tierRank } from '../../core/subscriptions/tier.ts';
import type { Tx } from '../db/client.ts';
import { billingEvents, promoCodes, promoRedemptions, subscriptions } from '../db/schema/index.ts';
import { rowsOf } from '../db/rls.ts';
import { publish } from '../realtime/hub.ts';
import type { ProviderEvent, ProviderSubscription } from './provider.ts';

/** Who an event is about: our user id (metadata, client_reference_id) or the provider's ids. */
export type EventOwner = { userId: string | null; customerId: string | null; subscriptionId: string | null };

/** `promoCodeId`: the discount promo a completed checkout used (its metadata), to record as redeemed. */
export type ParsedEvent = { owner: EventOwner; change: BillingChange | null; promoCodeId?: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const idOf = (value: unknown): string | null =>
  text(value) ?? (value && typeof value === 'object' ? text((value as { id?: unknown }).id) : null);

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

/** What an event says and about whom; `change` is null for a type we do not act on. */
export function parseEvent(event: ProviderEvent): ParsedEvent {
  const object = event.data.object;
  const at = instantOfSeconds(event.created);
  const metadataUser = text((object.metadata as Record<string, unknown> | undefined)?.userId);
  switch (event.type) {
    case 'checkout.session.completed':
      return {
        owner: {
          userId: text(object.client_reference_id) ?? metadataUser,
          customerId: idOf(object.customer),
          subscriptionId: idOf(object.subscription),
        },
        change: {
          kind: 'checkout-completed',
          customerId: idOf(object.customer),
          subscriptionId: idOf(object.subscription),
        },
        promoCodeId: text((object.metadata as Record<string, unknown> | undefined)?.promoCodeId),
      };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = object as unknown as ProviderSubscription;
      const change = subscriptionChange(sub, at);
      return {
        owner: { userId: metadataUser, customerId: idOf(sub.customer), subscriptionId: sub.id },
        change: event.type === 'customer.subscription.deleted' ? { ...change, status: 'canceled' } : change,
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed':
    case 'invoice.payment_action_required': {
      const parent = object.parent as {
        subscription_details?: { subscription?: unknown; metadata?: Record<string, string> };
      } | null;
      const owner = {
        userId: text(parent?.subscription_details?.metadata?.userId) ?? metadataUser,
        customerId: idOf(object.customer),
        subscriptionId: idOf(parent?.subscription_details?.subscription) ?? idOf(object.subscription),
      };
      if (event.type === 'invoice.paid' || event.type === 'invoice.payment_succeeded')
        return { owner, change: { kind: 'invoice-paid', at } };
      return {
        owner,
        change: {
          kind: 'invoice-failed',
          at,
          attemptCount: typeof object.attempt_count === 'number' ? object.attempt_count : 1,
          // A first payment that fails leaves the subscription incomplete until the customer acts.
          needsAction:
            event.type === 'invoice.payment_action_required' || object.billing_reason === 'subscription_create',
        },
      };
    }
    default:
      return { owner: { userId: metadataUser, customerId: null, subscriptionId: null }, change: null };
  }
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

/**
 * Moves the user's row by `change` (row locked; created when the user has none) and tells their
 * open tabs. Returns whether anything changed.
 */
export async function applyChangeToUser(tx: Tx, userId: string, change: BillingChange, now: Date): Promise<boolean> {
  // The row first (a user from before subscriptions has none), so concurrent events queue on its lock.
  await tx.insert(subscriptions).values({ userId }).onConflictDoNothing();
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
  const before = stateOf(row);
  const after = applyBillingChange(before, change);
  if (JSON.stringify(before) === JSON.stringify(after)) return false;
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
  return true;
}

export type ApplyOutcome = 'applied' | 'duplicate';

/** Records and applies one verified event in `tx`; a second delivery of the same id does nothing. */
export async function applyProviderEvent(tx: Tx, event: ProviderEvent, now: Date): Promise<ApplyOutcome> {
  const parsed = parseEvent(event);
  const userId = await findOwner(tx, parsed.owner);
  const inserted = await tx
    .insert(billingEvents)
    .values({ eventId: event.id, eventType: event.type, createdAt: instantOfSeconds(event.created), userId })
    .onConflictDoNothing({ target: billingEvents.eventId })
    .returning({ eventId: billingEvents.eventId });
  if (inserted.length === 0) return 'duplicate';
  if (userId && parsed.change) await applyChangeToUser(tx, userId, parsed.change, now);
  if (userId && parsed.promoCodeId && UUID.test(parsed.promoCodeId))
    await recordDiscountRedemption(tx, userId, parsed.promoCodeId, now);
  return 'applied';
}

/**
 * A paid checkout used a discount code: it counts as used now (once per user; a one-time code's
 * count stops at 1, as its check requires), and the subscription names it. A code deleted since
 * is passed over: the payment stands.
 */
async function recordDiscountRedemption(tx: Tx, userId: string, promoCodeId: string, now: Date): Promise<void> {
  const [promo] = await tx.select({ id: promoCodes.id }).from(promoCodes).where(eq(promoCodes.id, promoCodeId));
  if (!promo) return;
  const added = await tx
    .insert(promoRedemptions)
    .values({ promoCodeId, userId, redeemedAt: now })
    .onConflictDoNothing()
    .returning({ promoCodeId: promoRedemptions.promoCodeId });
  if (added.length > 0)
    await tx
      .update(promoCodes)
      .set({ timesRedeemed: sql`${promoCodes.timesRedeemed} + 1` })
      .where(
        and(eq(promoCodes.id, promoCodeId), sql`not (${promoCodes.isOneTimeUse} and ${promoCodes.timesRedeemed} >= 1)`),
      );
  await tx.update(subscriptions).set({ promoCodeId }).where(eq(subscriptions.userId, userId));
}
