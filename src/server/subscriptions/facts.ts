/**
 * The one mapping of a `subscriptions` row to the facts the rules read (core/subscriptions/access.ts).
 * The session's opening statement, the server's own writes and the digest job all read the row
 * their own way (a joined statement, a lookup by user, JSON across users), so they share the column
 * list and the mapping here. To give the rules a new fact: add its column to
 * `SUBSCRIPTION_FACT_COLUMNS`, to `SubscriptionRow` and to `subscriptionFactsOf`.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { StoredTier, SubscriptionFacts } from '../../core/subscriptions/access.ts';

/** The columns the facts are made of, as every reader selects them. */
export const SUBSCRIPTION_FACT_COLUMNS = [
  'payment_status',
  'tier',
  'trial_tier',
  'trial_expires_at',
  'promo_tier',
  'promo_expires_at',
  'admin_override',
  'current_period_end',
  'billing_cycle',
  'cancel_at_period_end',
  'last_payment_failure_at',
  'payment_failure_count',
  'stripe_customer_id',
] as const;

/** An instant as a driver gives it (Date) or as JSON carries it (ISO text). */
type Instant = Date | string | null;

/** Those columns as a row (snake case); a left join gives nulls for a user without a row. */
export type SubscriptionRow = {
  payment_status: string | null;
  tier: string | null;
  trial_tier: string | null;
  trial_expires_at: Instant;
  promo_tier: string | null;
  promo_expires_at: Instant;
  admin_override: boolean | null;
  current_period_end: Instant;
  billing_cycle: string | null;
  cancel_at_period_end: boolean | null;
  last_payment_failure_at: Instant;
  payment_failure_count: number | null;
  stripe_customer_id: string | null;
};

const instant = (value: Instant): Date | null => (value === null ? null : new Date(value));

/** The rules' facts from a subscriptions row (its timestamps as Date or ISO text). */
export function subscriptionFactsOf(row: SubscriptionRow): SubscriptionFacts {
  return {
    paymentStatus: row.payment_status ?? 'inactive',
    tier: row.tier as StoredTier | null,
    trialTier: row.trial_tier as StoredTier | null,
    trialExpiresAt: instant(row.trial_expires_at),
    promoTier: row.promo_tier as StoredTier | null,
    promoExpiresAt: instant(row.promo_expires_at),
    adminOverride: row.admin_override === true,
    currentPeriodEnd: instant(row.current_period_end),
    billingCycle: row.billing_cycle === 'monthly' || row.billing_cycle === 'annual' ? row.billing_cycle : null,
    cancelAtPeriodEnd: row.cancel_at_period_end === true,
    lastPaymentFailureAt: instant(row.last_payment_failure_at),
    paymentFailureCount: row.payment_failure_count ?? 0,
    hasBillingCustomer: row.stripe_customer_id !== null,
  };
}

/** `alias.column, …` for a select list (`alias` is the statement's own name for subscriptions). */
export function subscriptionFactColumns(alias: string): SQL {
  return sql.raw(SUBSCRIPTION_FACT_COLUMNS.map((column) => `${alias}.${column}`).join(', '));
}

/** `json_build_object('column', alias.column, …)`: the row as JSON, timestamps as ISO text. */
export function subscriptionFactsJson(alias: string): SQL {
  return sql.raw(
    `json_build_object(${SUBSCRIPTION_FACT_COLUMNS.map((column) => `'${column}', ${alias}.${column}`).join(', ')})`,
  );
}
