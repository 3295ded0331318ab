/**
 * The plans a visitor and a user choose between (001 §2 "Plan picker", §3 "Plan tier details",
 * §9 default prices). Prices are integer pence; the card provider's prices replace the defaults
 * when it is configured.
 */
import { TIER_ACCOUNT_CAPS } from '../accounts/account-cap.ts';
import type { StoredTier } from './access.ts';
import { FEATURE_SALES_TEXTS, hasFeature, SOLD_FEATURES } from './features.ts';

export const PLAN_TIERS = ['piglet', 'boar', 'bigpig'] as const satisfies readonly StoredTier[];
export const BILLING_CYCLES = ['monthly', 'annual'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export type PlanPrices = { monthlyPrice: number; yearlyPrice: number };
export type Prices = Record<StoredTier, PlanPrices>;

/** Used whenever the card provider's prices are not known (001 §9). */
export const DEFAULT_PRICES: Readonly<Prices> = {
  piglet: { monthlyPrice: 299, yearlyPrice: 2999 },
  boar: { monthlyPrice: 499, yearlyPrice: 4999 },
  bigpig: { monthlyPrice: 999, yearlyPrice: 9999 },
};

export const PRICE_MESSAGES = {
  loadFailed: 'Failed to load subscription prices. Using default prices.',
  providerFailed: 'Error fetching prices from Stripe. Using default prices.',
  invalidResponse: 'Invalid response from pricing service. Using default prices.',
  connectFailed: 'Failed to connect to pricing service',
} as const;

export type PlanFeature = { text: string; included: boolean };
export type PlanDetails = {
  tier: StoredTier;
  name: string;
  description: string;
  features: PlanFeature[];
  hasAds: boolean;
  imagePath: string;
};

const accounts = (tier: StoredTier) => {
  const cap = TIER_ACCOUNT_CAPS[tier];
  return cap === null ? 'Unlimited accounts' : `Track up to ${cap} accounts`;
};

/**
 * A plan card's ticks and crosses: its account cap, then each feature the product has, ticked
 * where the feature matrix (features.ts, which every gate reads) gives it to the tier.
 */
export function planFeatureLines(tier: StoredTier): PlanFeature[] {
  return [
    { text: accounts(tier), included: true },
    ...SOLD_FEATURES.map((feature) => ({ text: FEATURE_SALES_TEXTS[feature], included: hasFeature(tier, feature) })),
  ];
}

/** What a trial of `tier` gave that Piglet, where a trial that ends without a plan falls back, does not. */
export function trialGave(tier: StoredTier = 'bigpig'): string[] {
  return [
    ...(TIER_ACCOUNT_CAPS[tier] === null ? ['Unlimited account tracking'] : []),
    ...SOLD_FEATURES.filter((feature) => hasFeature(tier, feature) && !hasFeature('piglet', feature)).map(
      (feature) => FEATURE_SALES_TEXTS[feature],
    ),
  ];
}

const DESCRIPTIONS: Record<StoredTier, [string, string]> = {
  piglet: ['Piglet', 'The essentials for keeping an eye on a few savings accounts.'],
  boar: ['Boar', 'Room for more accounts, for savings spread across several banks.'],
  bigpig: ['Big Pig', 'Everything: ISAs, pensions, the Protection Hub and Smart Pig.'],
};

export const PLANS: readonly PlanDetails[] = PLAN_TIERS.map((tier) => ({
  tier,
  name: DESCRIPTIONS[tier][0],
  description: DESCRIPTIONS[tier][1],
  features: planFeatureLines(tier),
  hasAds: tier !== 'bigpig',
  imagePath: `/plan-images/${tier}.svg`,
}));

/** Whether every tier has both prices: until then the picker shows skeletons. */
export function hasAllPrices(prices: Partial<Record<StoredTier, Partial<PlanPrices>>> | null | undefined): boolean {
  return PLAN_TIERS.every(
    (tier) => Number.isInteger(prices?.[tier]?.monthlyPrice) && Number.isInteger(prices?.[tier]?.yearlyPrice),
  );
}

export function isPlanTier(value: unknown): value is StoredTier {
  return typeof value === 'string' && (PLAN_TIERS as readonly string[]).includes(value);
}

export function isBillingCycle(value: unknown): value is BillingCycle {
  return typeof value === 'string' && (BILLING_CYCLES as readonly string[]).includes(value);
}

/**
 * What paying yearly saves against twelve monthly payments, as a percentage of those twelve,
 * to one decimal place (rounded down, so it never claims more): £99.99 against 12 × £9.99 is 16.5%.
 */
export function annualSavingPercent({ monthlyPrice, yearlyPrice }: PlanPrices): number {
  const twelveMonths = 12 * monthlyPrice;
  if (twelveMonths <= 0 || yearlyPrice >= twelveMonths) return 0;
  return Math.floor(((twelveMonths - yearlyPrice) * 1000) / twelveMonths) / 10;
}

/**
 * The annual tab's badge: the saving every plan gives at least, in whole percent ("Save 16%"),
 * from the prices shown; null when some plan saves nothing by paying yearly.
 */
export function annualSavingBadge(prices: Prices): string | null {
  const least = Math.min(...PLAN_TIERS.map((tier) => annualSavingPercent(prices[tier])));
  return least >= 1 ? `Save ${Math.floor(least)}%` : null;
}
