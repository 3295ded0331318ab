// Subscriptions and promo codes (001 §3, 002 §3; issue 17; docs/decisions/0036). The user reads
// their own subscription; only the server's own code (verification, promo redemption, the card
// provider's webhooks later) and admins write it: app_user has no write grant on it, so no route a
// browser reaches can set a tier or a status (mass assignment).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgPolicy,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { appUser, ownerReadAdminWritePolicies } from './policies.ts';

const isAdmin = sql`current_setting('app.is_admin', true) = 'true'`;

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Upper case, matched without regard to case (core/subscriptions/promo.ts). */
    code: text('code').notNull().unique(),
    promoType: text('promo_type').notNull(),
    isFreeTier: boolean('is_free_tier').notNull().default(false),
    isAdFree: boolean('is_ad_free').notNull().default(false),
    discountPercentage: smallint('discount_percentage'),
    durationDays: integer('duration_days'),
    durationMonths: integer('duration_months'),
    discountMonths: integer('discount_months'),
    discountDays: integer('discount_days'),
    isOneTimeUse: boolean('is_one_time_use').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    timesRedeemed: integer('times_redeemed').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('promo_codes_type', sql`${t.promoType} in ('free_trial', 'discount', 'feature_upgrade')`),
    check('promo_codes_code_upper', sql`${t.code} = upper(btrim(${t.code})) and length(${t.code}) between 1 and 64`),
    check('promo_codes_discount', sql`${t.discountPercentage} is null or ${t.discountPercentage} between 1 and 100`),
    check(
      'promo_codes_durations',
      sql`coalesce(${t.durationDays}, 0) between 0 and 3650 and coalesce(${t.durationMonths}, 0) between 0 and 120
        and coalesce(${t.discountDays}, 0) between 0 and 3650 and coalesce(${t.discountMonths}, 0) between 0 and 120`,
    ),
    check('promo_codes_one_time', sql`${t.timesRedeemed} >= 0 and (not ${t.isOneTimeUse} or ${t.timesRedeemed} <= 1)`),
    pgPolicy('promo_codes_admin_all', { for: 'all', to: appUser, using: isAdmin, withCheck: isAdmin }),
  ],
).enableRLS();

export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** inactive, trial, trial_expired, active, past_due, failed, action_required, canceled (core/subscriptions/access.ts). */
    paymentStatus: text('payment_status').notNull().default('inactive'),
    /** The paid tier (piglet, boar, bigpig); null until one is chosen. trial_bigpig is never stored. */
    tier: text('tier'),
    trialTier: text('trial_tier'),
    trialExpiresAt: timestamp('trial_expires_at', { withTimezone: true }),
    promoCodeId: uuid('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    promoTier: text('promo_tier'),
    promoExpiresAt: timestamp('promo_expires_at', { withTimezone: true }),
    adminOverride: boolean('admin_override').notNull().default(false),
    isActive: boolean('is_active').notNull().default(false),
    billingCycle: text('billing_cycle'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    stripeCustomerId: text('stripe_customer_id').unique(),
    stripeSubscriptionId: text('stripe_subscription_id').unique(),
    /** The provider's price the subscription is on (the tier and cycle come from it). */
    stripePriceId: text('stripe_price_id'),
    /** The last failed payment and how many in a row (001 §4 payment failure: the grace period runs from it). */
    lastPaymentFailureAt: timestamp('last_payment_failure_at', { withTimezone: true }),
    paymentFailureCount: integer('payment_failure_count').notNull().default(0),
    /**
     * The provider's time of the newest event applied to this row: an older event arriving late
     * changes nothing (webhooks come out of order).
     */
    providerUpdatedAt: timestamp('provider_updated_at', { withTimezone: true }),
    /**
     * The provider's time of the newest invoice event applied (paid, payment failed): the failure
     * count follows the newest invoice, the status the newest of both (ADR 0037).
     */
    providerInvoiceAt: timestamp('provider_invoice_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'subscriptions_status',
      sql`${t.paymentStatus} in ('inactive', 'trial', 'trial_expired', 'active', 'past_due', 'failed', 'action_required', 'canceled')`,
    ),
    check(
      'subscriptions_tiers',
      sql`coalesce(${t.tier}, 'piglet') in ('piglet', 'boar', 'bigpig') and coalesce(${t.trialTier}, 'piglet') in ('piglet', 'boar', 'bigpig')
        and coalesce(${t.promoTier}, 'piglet') in ('piglet', 'boar', 'bigpig')`,
    ),
    check('subscriptions_failure_count', sql`${t.paymentFailureCount} >= 0`),
    check('subscriptions_billing_cycle', sql`${t.billingCycle} is null or ${t.billingCycle} in ('monthly', 'annual')`),
    ...ownerReadAdminWritePolicies('subscriptions', t.userId),
  ],
).enableRLS();

/** Who used which code: one use per user per code, read by its user. */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    promoCodeId: uuid('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.promoCodeId, t.userId] }),
    ...ownerReadAdminWritePolicies('promo_redemptions', t.userId),
  ],
).enableRLS();

/**
 * The promo code typed at sign-up, kept with the pending sign-up until the address is verified,
 * when it is checked and applied (the privacy notice: "we record which code you used").
 */
export const signUpPromoCodes = pgTable(
  'sign_up_promo_codes',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When verification tried it, and what came of it (the validation message). */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    outcome: text('outcome'),
  },
  (t) => [...ownerReadAdminWritePolicies('sign_up_promo_codes', t.userId)],
).enableRLS();

/**
 * Every card-provider webhook event applied, by the provider's event id: written in the same
 * transaction as the event's effect, so a redelivered event finds its id and changes nothing.
 * The server's own table: app_user has no grant on it.
 */
export const billingEvents = pgTable('billing_events', {
  eventId: text('event_id').primaryKey(),
  eventType: text('event_type').notNull(),
  /** The provider's creation time of the event. */
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  /** The user the event was about, when it could be matched (kept for support; null otherwise). */
  userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
}).enableRLS();
