/**
 * Who may use what, from the `subscriptions` row (001 §4 "Active access", "Effective tier",
 * "Trialing", "Trial expired"; 002 §1 tier ranks). Pure: the caller passes the instant.
 * docs/decisions/0036-subscriptions-switched-on.md.
 */
import { calendarDateInLondon } from '../dates/calendar-date.ts';
import { daysBetween } from '../dates/day-count.ts';
import { addLondonDays } from '../dates/london-instant.ts';
import { gracePeriodOf } from './payment-failure.ts';
import type { Tier } from './tier.ts';

/** The trial a verified sign-up gets (001 §9). */
export const TRIAL_DAYS = 7;
/** The trial banner turns urgent ('Trial Ending Soon!') at this many days left or fewer. */
export const TRIAL_URGENT_DAYS = 2;
/** The promo expiry hint turns orange under this many days. */
export const PROMO_WARNING_DAYS = 7;

export const PAYMENT_STATUSES = [
  'inactive',
  'trial',
  'trial_expired',
  'active',
  'past_due',
  'failed',
  'action_required',
  'canceled',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The paid tiers a row can store (trial_bigpig is only ever derived). */
export type StoredTier = Exclude<Tier, 'trial_bigpig'>;

/** The fields of a `subscriptions` row the rules read. */
export type SubscriptionFacts = {
  paymentStatus: string;
  tier: StoredTier | null;
  trialTier: StoredTier | null;
  trialExpiresAt: Date | null;
  promoTier: StoredTier | null;
  promoExpiresAt: Date | null;
  adminOverride: boolean;
  currentPeriodEnd: Date | null;
  billingCycle: 'monthly' | 'annual' | null;
  cancelAtPeriodEnd: boolean;
  /** The last failed payment and the failures in a row since the last success (webhooks). */
  lastPaymentFailureAt: Date | null;
  paymentFailureCount: number;
  /** The card provider knows this user (a customer id is stored): the portal and invoices exist. */
  hasBillingCustomer: boolean;
};

/** The trial a verified sign-up starts: Big Pig until the same London time 7 days on. */
export function trialEndsAt(verifiedAt: Date): Date {
  return addLondonDays(verifiedAt, TRIAL_DAYS);
}

/** The spec's "trial" status: any value containing 'trial', except the expired one. */
export function isTrialStatus(status: string): boolean {
  return status.includes('trial') && status !== 'trial_expired';
}

/** Trialing holds while the trial expiry has not passed: false from the expiry instant on. */
export function isTrialing(s: SubscriptionFacts, now: Date): boolean {
  return s.trialExpiresAt !== null && now.getTime() < s.trialExpiresAt.getTime();
}

/** A promo applies while its expiry has not passed. */
export function isPromoActive(s: SubscriptionFacts, now: Date): boolean {
  return s.promoExpiresAt !== null && now.getTime() < s.promoExpiresAt.getTime();
}

/**
 * A paid status gives access; a subscription cancelled at its period's end stops at that instant
 * (not at a London midnight), even before the provider's closing event arrives (ADR 0037).
 */
export function isPaidAccess(s: SubscriptionFacts, now: Date): boolean {
  if (s.paymentStatus !== 'active' && s.paymentStatus !== 'past_due') return false;
  return !(s.cancelAtPeriodEnd && s.currentPeriodEnd && now.getTime() >= s.currentPeriodEnd.getTime());
}

/** Admin override, or status active or past_due, or within a trial, or within a valid promo. */
export function hasActiveAccess(s: SubscriptionFacts, now: Date): boolean {
  return s.adminOverride || isPaidAccess(s, now) || isTrialing(s, now) || isPromoActive(s, now);
}

/**
 * The stored plan still gives its features: a paid status with access (a cancellation stops at its
 * period's end), or a failed or action-required payment inside its grace period (ADR 0038: the
 * grace is what the spec gives it). A lapsed plan (canceled, inactive, failed after the grace)
 * does not (ADR 0045).
 */
export function hasPlanAccess(s: SubscriptionFacts, now: Date): boolean {
  return isPaidAccess(s, now) || gracePeriodOf(s, now) !== null;
}

/**
 * The tier a user's features and limits follow. An admin (the role) and an admin override give
 * bigpig; a trial or promo period with a bigpig trial tier (or a bigpig promo tier), or status
 * trial with a bigpig tier, gives trial_bigpig; a boar promo lifts a piglet to boar; otherwise the
 * stored tier while the plan gives access (`hasPlanAccess`), else piglet: a lapsed Big Pig or Boar
 * subscriber keeps the piglet level, like a trial that ended (ADR 0045). No row at all: the spec's
 * default context, trial_bigpig (ADR 0036: users from before subscriptions keep what they had).
 */
export function effectiveTier(s: SubscriptionFacts | null, { isAdmin, now }: { isAdmin: boolean; now: Date }): Tier {
  if (isAdmin || s?.adminOverride) return 'bigpig';
  if (!s) return 'trial_bigpig';
  const inPeriod = isTrialing(s, now) || isPromoActive(s, now);
  if (inPeriod && s.trialTier === 'bigpig') return 'trial_bigpig';
  if (isPromoActive(s, now) && s.promoTier === 'bigpig') return 'trial_bigpig';
  if (isTrialStatus(s.paymentStatus) && s.tier === 'bigpig') return 'trial_bigpig';
  const stored = hasPlanAccess(s, now) ? (s.tier ?? 'piglet') : 'piglet';
  if (isPromoActive(s, now) && s.promoTier === 'boar' && stored === 'piglet') return 'boar';
  return stored;
}

/** Why a user has the tier `effectiveTier` gives them (the admin users list says it beside the tier). */
export const ACCESS_REASONS = ['admin', 'override', 'trial', 'promo', 'paid', 'grace', 'trialEnded', 'lapsed'] as const;
export type AccessReason = (typeof ACCESS_REASONS)[number];

export const ACCESS_REASON_LABELS: Readonly<Record<AccessReason, string>> = {
  admin: 'admin',
  override: 'admin override',
  trial: 'trial',
  promo: 'promo code',
  paid: 'paid',
  grace: 'payment failed, in its grace period',
  trialEnded: 'trial ended, no plan',
  lapsed: 'subscription ended',
};

/**
 * The reason behind `effectiveTier`, decided in the same order: the role, the override, a trial or
 * promo period, a paid plan (or its grace after a failed payment); otherwise Piglet because the
 * trial ended with nothing bought, or because a subscription ended (ADR 0045).
 */
export function accessReason(
  s: SubscriptionFacts | null,
  { isAdmin, now }: { isAdmin: boolean; now: Date },
): AccessReason {
  if (isAdmin) return 'admin';
  if (s?.adminOverride) return 'override';
  if (!s) return 'trial';
  const trialing = isTrialing(s, now);
  const promo = isPromoActive(s, now);
  if ((trialing || promo) && s.trialTier === 'bigpig') return trialing ? 'trial' : 'promo';
  if (promo && s.promoTier === 'bigpig') return 'promo';
  if (isTrialStatus(s.paymentStatus) && s.tier === 'bigpig') return 'trial';
  if (hasPlanAccess(s, now)) return isPaidAccess(s, now) ? 'paid' : 'grace';
  if (promo && s.promoTier === 'boar') return 'promo';
  return hadPaidPlan(s) ? 'lapsed' : 'trialEnded';
}

/** These statuses only follow a paid subscription; 'inactive' and the trial's do not. */
const hadPaidPlan = (s: SubscriptionFacts) =>
  ['active', 'past_due', 'failed', 'action_required', 'canceled'].includes(s.paymentStatus);

/**
 * The trial has ended: status trial_expired, or a trial expiry that has passed, for a user with no
 * other access (a paying user, an override or a live promo never sees the trial-ended screen). A
 * subscription that ended is not a trial that ended: that saver keeps the app at piglet's level and
 * the guard offers a plan on the pages it no longer includes (ADR 0045).
 */
export function isTrialExpired(s: SubscriptionFacts | null, now: Date): boolean {
  if (!s || hasActiveAccess(s, now) || hadPaidPlan(s)) return false;
  return s.paymentStatus === 'trial_expired' || (s.trialExpiresAt !== null && !isTrialing(s, now));
}

/**
 * Whole London days from today to the day `until` falls on: 0 on its own day ('Trial expires
 * today'), null when it has passed or there is none.
 */
export function londonDaysLeft(until: Date | null, now: Date): number | null {
  if (!until || now.getTime() >= until.getTime()) return null;
  return daysBetween(calendarDateInLondon(now), calendarDateInLondon(until));
}

/** The derived view the browser reads (001 §3 "Derived view", plus what the banner and screens need). */
export type SubscriptionView = {
  hasSubscription: boolean;
  tier: Tier;
  isActive: boolean;
  paymentStatus: string;
  expiresAt: string | null;
  isTrialing: boolean;
  trialExpiresAt: string | null;
  trialDaysLeft: number | null;
  isTrialExpired: boolean;
  hasAdminOverride: boolean;
  promo: { expiresAt: string; daysLeft: number; tier: StoredTier | null } | null;
  /** The paid subscription's billing, as the card provider last said (webhooks). */
  billingCycle: 'monthly' | 'annual' | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  lastPaymentFailureAt: string | null;
  paymentFailureCount: number;
  hasBillingCustomer: boolean;
};

export function subscriptionView(
  s: SubscriptionFacts | null,
  { isAdmin, now }: { isAdmin: boolean; now: Date },
): SubscriptionView {
  const tier = effectiveTier(s, { isAdmin, now });
  if (!s) {
    return {
      hasSubscription: false,
      tier,
      isActive: false,
      paymentStatus: 'inactive',
      expiresAt: null,
      isTrialing: false,
      trialExpiresAt: null,
      trialDaysLeft: null,
      isTrialExpired: false,
      hasAdminOverride: false,
      promo: null,
      billingCycle: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      lastPaymentFailureAt: null,
      paymentFailureCount: 0,
      hasBillingCustomer: false,
    };
  }
  const trialing = isTrialing(s, now);
  const promoDays = isPromoActive(s, now) ? londonDaysLeft(s.promoExpiresAt, now) : null;
  const expiresAt = s.currentPeriodEnd ?? s.promoExpiresAt ?? s.trialExpiresAt;
  return {
    hasSubscription: true,
    tier,
    isActive: hasActiveAccess(s, now),
    paymentStatus: s.paymentStatus,
    expiresAt: expiresAt?.toISOString() ?? null,
    isTrialing: trialing,
    trialExpiresAt: s.trialExpiresAt?.toISOString() ?? null,
    trialDaysLeft: trialing ? londonDaysLeft(s.trialExpiresAt, now) : null,
    isTrialExpired: isTrialExpired(s, now),
    hasAdminOverride: s.adminOverride,
    promo:
      promoDays !== null && s.promoExpiresAt
        ? { expiresAt: s.promoExpiresAt.toISOString(), daysLeft: promoDays, tier: s.promoTier }
        : null,
    billingCycle: s.billingCycle,
    currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    lastPaymentFailureAt: s.lastPaymentFailureAt?.toISOString() ?? null,
    paymentFailureCount: s.paymentFailureCount,
    hasBillingCustomer: s.hasBillingCustomer,
  };
}
