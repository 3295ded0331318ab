/** The JSON shapes of the subscription routes. */
import { z } from '../http/route.ts';
import { PROMO_TYPES } from '../../core/subscriptions/promo.ts';
import type { PromoCode } from '../../core/subscriptions/promo.ts';
import { PromoCodeInputSchema as CorePromoCodeInputSchema } from '../../core/subscriptions/promo-input.ts';

const Tier = z.enum(['piglet', 'boar', 'bigpig', 'trial_bigpig']);
const PaidTier = z.enum(['piglet', 'boar', 'bigpig']);

export const SubscriptionViewSchema = z
  .object({
    hasSubscription: z.boolean().openapi({ description: 'False for a user from before subscriptions (ADR 0036)' }),
    tier: Tier.openapi({ description: 'The effective tier every gate follows' }),
    isActive: z.boolean(),
    paymentStatus: z.string(),
    expiresAt: z.string().nullable(),
    isTrialing: z.boolean(),
    trialExpiresAt: z.string().nullable(),
    trialDaysLeft: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "London days to the trial's end: 0 on its last day" }),
    isTrialExpired: z.boolean(),
    hasAdminOverride: z.boolean(),
    promo: z.object({ expiresAt: z.string(), daysLeft: z.number().int(), tier: PaidTier.nullable() }).nullable(),
    billingCycle: z.enum(['monthly', 'annual']).nullable(),
    currentPeriodEnd: z
      .string()
      .nullable()
      .openapi({ description: "The paid period's end (renewal or, when cancelled, the end)" }),
    cancelAtPeriodEnd: z.boolean(),
    lastPaymentFailureAt: z.string().nullable(),
    paymentFailureCount: z.number().int(),
    hasBillingCustomer: z
      .boolean()
      .openapi({ description: 'The card provider knows this user: portal and invoices exist' }),
  })
  .openapi('Subscription');

const PlanPricesSchema = z.object({ monthlyPrice: z.number().int(), yearlyPrice: z.number().int() });
export const PricesSchema = z
  .object({
    prices: z.object({ piglet: PlanPricesSchema, boar: PlanPricesSchema, bigpig: PlanPricesSchema }),
    isDefault: z.boolean().openapi({ description: "True when these are the spec's default prices" }),
    message: z
      .string()
      .optional()
      .openapi({ description: "The spec's message when the card provider's prices could not be read" }),
  })
  .openapi('SubscriptionPrices');

export const PromoDetailsSchema = z
  .object({
    id: z.string(),
    promo_type: z.enum(PROMO_TYPES),
    duration_months: z.number().int().nullable(),
    duration_days: z.number().int().nullable(),
    discount_percentage: z.number().int().nullable(),
    discount_months: z.number().int().nullable(),
    discount_days: z.number().int().nullable(),
    is_free_tier: z.boolean(),
    is_one_time_use: z.boolean(),
    expires_at: z.string().nullable(),
  })
  .openapi('PromoDetails');

/** The spec's promoDetails (snake case, as validate-promo-code answered). */
export function promoDetailsJson(p: PromoCode): z.infer<typeof PromoDetailsSchema> {
  return {
    id: p.id,
    promo_type: p.promoType,
    duration_months: p.durationMonths,
    duration_days: p.durationDays,
    discount_percentage: p.discountPercentage,
    discount_months: p.discountMonths,
    discount_days: p.discountDays,
    is_free_tier: p.isFreeTier,
    is_one_time_use: p.isOneTimeUse,
    expires_at: p.expiresAt?.toISOString() ?? null,
  };
}

export const PromoValidationSchema = z
  .object({ valid: z.boolean(), message: z.string(), promoDetails: PromoDetailsSchema.nullable() })
  .openapi('PromoValidation');

/** The admin's new promo code: core's schema (the admin form validates with it too). */
export const PromoCodeInputSchema = CorePromoCodeInputSchema.openapi('PromoCodeInput');

export const AdminPromoCodeSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    promoType: z.enum(PROMO_TYPES),
    isFreeTier: z.boolean(),
    isAdFree: z.boolean(),
    discountPercentage: z.number().int().nullable(),
    durationDays: z.number().int().nullable(),
    durationMonths: z.number().int().nullable(),
    discountDays: z.number().int().nullable(),
    discountMonths: z.number().int().nullable(),
    isOneTimeUse: z.boolean(),
    expiresAt: z.string().nullable(),
    isActive: z.boolean(),
    timesRedeemed: z.number().int(),
    createdAt: z.string(),
  })
  .openapi('AdminPromoCode');
