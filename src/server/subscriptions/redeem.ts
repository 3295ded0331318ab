/**
 * The server's own writes to `subscriptions` (ADR 0036): the trial a verified sign-up starts and
 * the promo codes a user redeems. They run on the server's connection in one transaction each,
 * never as app_user, so nothing a browser sends can reach a tier or a status column.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AppDb, Tx } from '../db/client.ts';
import { promoCodes, promoRedemptions, signUpPromoCodes, subscriptions } from '../db/schema/index.ts';
import { type SubscriptionFacts, trialEndsAt } from '../../core/subscriptions/access.ts';
import { rowsOf } from '../db/rls.ts';
import { type SubscriptionRow, subscriptionFactColumns, subscriptionFactsOf } from './facts.ts';
import {
  checkPromo,
  normalisePromoCode,
  PROMO_MESSAGES,
  type PromoCheck,
  type PromoCode,
  type PromoType,
  promoPeriodEnd,
} from '../../core/subscriptions/promo.ts';

type PromoRow = typeof promoCodes.$inferSelect;

export function promoOf(row: PromoRow): PromoCode {
  return { ...row, promoType: row.promoType as PromoType };
}

/** A code (any case) with whether it may be used by `userId` now; locked when `forUpdate`. */
export async function findPromoForUser(
  tx: Tx,
  where: { code: string } | { id: string },
  userId: string,
  now: Date,
  { forUpdate = false } = {},
): Promise<{ promo: PromoCode | null; check: PromoCheck }> {
  const condition = 'code' in where ? eq(promoCodes.code, normalisePromoCode(where.code)) : eq(promoCodes.id, where.id);
  const query = tx
    .select({
      promo: promoCodes,
      // With its table: a one-table select writes a column bare, which the subquery's own table
      // would take should it ever have an "id" (ADR 0084).
      usedByThisUser: sql<boolean>`exists (select 1 from ${promoRedemptions} r where r.promo_code_id = ${promoCodes}.id and r.user_id = ${userId})`,
    })
    .from(promoCodes)
    .where(condition);
  const [row] = forUpdate ? await query.for('update', { of: promoCodes }) : await query;
  const promo = row ? promoOf(row.promo) : null;
  return {
    promo,
    check: checkPromo(promo, {
      now,
      timesRedeemed: row?.promo.timesRedeemed ?? 0,
      usedByThisUser: row?.usedByThisUser ?? false,
    }),
  };
}

/**
 * What a code typed at sign-up adds to the trial, told on the confirmation page before the address
 * is verified: a valid free_trial code's duration. Nothing for a one-time code (its existence is
 * not told to anyone who asks, issue 25) or any other code; verification applies it either way.
 */
export async function signUpTrialExtension(
  db: AppDb,
  code: string | undefined,
  now: Date,
): Promise<{ durationDays: number | null; durationMonths: number | null } | null> {
  const normalised = code ? normalisePromoCode(code) : '';
  if (!normalised) return null;
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.code, normalised.slice(0, 64)));
  if (!row) return null;
  const promo = promoOf(row);
  if (promo.promoType !== 'free_trial' || promo.isOneTimeUse) return null;
  const check = checkPromo(promo, { now, timesRedeemed: row.timesRedeemed, usedByThisUser: false });
  return check.valid ? { durationDays: promo.durationDays, durationMonths: promo.durationMonths } : null;
}

/** The trial a verified sign-up starts (created once; a second verification changes nothing). */
export async function startTrial(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx
    .insert(subscriptions)
    .values({
      userId,
      paymentStatus: 'trial',
      tier: 'piglet',
      trialTier: 'bigpig',
      trialExpiresAt: trialEndsAt(now),
      isActive: true,
    })
    .onConflictDoNothing();
}

/**
 * Applies a valid code to the user's subscription and records its use, in the caller's transaction
 * (the promo row already locked):
 * - free_trial: the Big Pig trial runs the code's duration longer, from its end or from now if over;
 * - feature_upgrade: Big Pig features for the code's duration from now (a promo period);
 * - discount: kept on the subscription for the card provider's checkout.
 */
export async function redeemPromo(tx: Tx, userId: string, promo: PromoCode, now: Date): Promise<void> {
  const [current] = await tx
    .select({ trialExpiresAt: subscriptions.trialExpiresAt, paymentStatus: subscriptions.paymentStatus })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .for('update');
  const paying = current?.paymentStatus === 'active' || current?.paymentStatus === 'past_due';
  let change: Partial<typeof subscriptions.$inferInsert> = { promoCodeId: promo.id, updatedAt: now };
  if (promo.promoType === 'free_trial') {
    const from =
      current?.trialExpiresAt && current.trialExpiresAt.getTime() > now.getTime() ? current.trialExpiresAt : now;
    const end = promoPeriodEnd(from, promo);
    change = {
      ...change,
      trialTier: 'bigpig',
      trialExpiresAt: end,
      promoTier: 'bigpig',
      promoExpiresAt: end,
      ...(paying ? {} : { paymentStatus: 'trial', isActive: true }),
    };
  } else if (promo.promoType === 'feature_upgrade') {
    change = { ...change, promoTier: 'bigpig', promoExpiresAt: promoPeriodEnd(now, promo), isActive: true };
  }
  await tx
    .insert(subscriptions)
    .values({ userId, tier: 'piglet', ...change })
    .onConflictDoUpdate({ target: subscriptions.userId, set: change });
  await tx.insert(promoRedemptions).values({ promoCodeId: promo.id, userId, redeemedAt: now });
  await tx
    .update(promoCodes)
    .set({ timesRedeemed: sql`${promoCodes.timesRedeemed} + 1` })
    .where(eq(promoCodes.id, promo.id));
}

/**
 * Verification completes the sign-up: the trial starts and the promo code typed at sign-up, if
 * any, is checked and applied now; its outcome is kept with it.
 */
export async function completeSignUpSubscription(tx: Tx, userId: string, now: Date): Promise<void> {
  await startTrial(tx, userId, now);
  const [pending] = await tx
    .select({ code: signUpPromoCodes.code })
    .from(signUpPromoCodes)
    .where(and(eq(signUpPromoCodes.userId, userId), sql`${signUpPromoCodes.appliedAt} is null`))
    .for('update');
  if (!pending) return;
  const { promo, check } = await findPromoForUser(tx, { code: pending.code }, userId, now, { forUpdate: true });
  if (check.valid && promo) await redeemPromo(tx, userId, promo, now);
  await tx
    .update(signUpPromoCodes)
    .set({ appliedAt: now, outcome: check.valid ? PROMO_MESSAGES.valid : check.message })
    .where(eq(signUpPromoCodes.userId, userId));
}

/** Keeps the code typed at sign-up with the pending sign-up (the user-created hook). */
export async function keepSignUpPromoCode(db: AppDb | Tx, userId: string, code: string | undefined): Promise<void> {
  const normalised = code ? normalisePromoCode(code) : '';
  if (!normalised) return;
  await db
    .insert(signUpPromoCodes)
    .values({ userId, code: normalised.slice(0, 64) })
    .onConflictDoNothing();
}

/** The user's subscription facts as the rules read them, or null when they have no row. */
export async function readSubscriptionFacts(tx: Tx, userId: string): Promise<SubscriptionFacts | null> {
  const [row] = rowsOf<SubscriptionRow>(
    await tx.execute(sql`select ${subscriptionFactColumns('s')} from subscriptions s where s.user_id = ${userId}`),
  );
  return row ? subscriptionFactsOf(row) : null;
}
