/**
 * The feature matrix (001 §6): what each tier includes. Every gate on the server and in the
 * browser asks here, so the two cannot disagree.
 */
import { type AccountCap, accountCap, TIER_ACCOUNT_CAPS } from '../accounts/account-cap.ts';
import { meetsTier, type RequiredTier, type Tier, TIER_LABELS } from './tier.ts';

export const FEATURES = [
  'isas',
  'pensions',
  'maturityNotifications',
  'maturityCalculator',
  'pensionCalculator',
  'protectionHub',
  'smartPig',
  'openBanking',
  'rssNews',
  'accountTerms',
  'adFree',
] as const;
export type Feature = (typeof FEATURES)[number];

/** The lowest tier that includes each feature. */
export const FEATURE_TIERS: Readonly<Record<Feature, RequiredTier>> = {
  isas: 'bigpig',
  pensions: 'bigpig',
  maturityNotifications: 'bigpig',
  maturityCalculator: 'bigpig',
  pensionCalculator: 'bigpig',
  protectionHub: 'bigpig',
  smartPig: 'bigpig',
  // Balances kept current through a bank's consent (issue 32); an admin's has_open_banking grants it too.
  openBanking: 'bigpig',
  rssNews: 'boar',
  // The matrix (000 §6) does not list terms, so every plan keeps its accounts' terms (ADR 0045).
  accountTerms: 'piglet',
  // Ads show on Piglet and Boar (000 §6): no ads is Big Pig's.
  adFree: 'bigpig',
};

/** Names used in '{feature} requires {tier} tier or higher'. */
export const FEATURE_LABELS: Readonly<Record<Feature, string>> = {
  isas: 'ISA tracking',
  pensions: 'Pension tracking',
  maturityNotifications: 'Maturity notification',
  maturityCalculator: 'The maturity calculator',
  pensionCalculator: 'The pension calculator',
  protectionHub: 'Protection Hub',
  smartPig: 'Smart Pig',
  openBanking: 'Open Banking',
  rssNews: 'The RSS news feed',
  accountTerms: 'Account terms',
  adFree: 'Ad-free',
};

/**
 * Whether each feature is in the product today. Plan cards and the trial-ended screen list only
 * these, so nothing is sold that a subscriber cannot use (issue 25); the calculators and the news
 * feed are switched on here with the pages that provide them.
 */
export const FEATURE_BUILT: Readonly<Record<Feature, boolean>> = {
  isas: true,
  pensions: true,
  maturityNotifications: true,
  maturityCalculator: true,
  pensionCalculator: true,
  protectionHub: true,
  smartPig: true,
  openBanking: true,
  rssNews: true,
  accountTerms: true,
  adFree: true,
};

/** How a plan card and the trial-ended screen name each feature. */
export const FEATURE_SALES_TEXTS: Readonly<Record<Feature, string>> = {
  isas: 'ISA tracking, with your allowance across providers',
  pensions: 'Pension tracking',
  maturityNotifications: 'A reminder before a fixed term ends',
  maturityCalculator: 'Maturity calculator',
  pensionCalculator: 'Pension calculator',
  protectionHub: 'Protection Hub',
  smartPig: 'Smart Pig recommendations',
  openBanking: 'Balances kept current by your bank through Open Banking',
  rssNews: 'RSS news feeds',
  accountTerms: 'Account terms, with alerts when one is at risk',
  adFree: 'Ad-free',
};

/** The features a plan card lists, in the matrix's order: those built, the ones every plan has first. */
export const SOLD_FEATURES: readonly Feature[] = FEATURES.filter((feature) => FEATURE_BUILT[feature]).sort(
  (a, b) => Number(FEATURE_TIERS[a] !== 'piglet') - Number(FEATURE_TIERS[b] !== 'piglet'),
);

export function hasFeature(tier: Tier, feature: Feature, isAdmin = false): boolean {
  return meetsTier({ tier, isAdmin }, FEATURE_TIERS[feature]);
}

/** Ads show on piglet and boar; Big Pig (and its trial) is ad-free. */
export function showsAds(tier: Tier): boolean {
  return !hasFeature(tier, 'adFree');
}

export function accountCapOf(tier: Tier): number | null {
  return TIER_ACCOUNT_CAPS[tier];
}

/** The subscription guard's texts (002 §4, §8). */
export const GUARD_MESSAGES = {
  choosePlan: 'Please choose a subscription plan to continue',
} as const;

export function tierRequiredMessage(feature: string, tier: RequiredTier): string {
  return `${feature} requires ${TIER_LABELS[tier]} tier or higher`;
}

/**
 * An admin's per-user grants (`user_settings`, 002 §3): each flag opens one feature whatever the
 * plan; `maxAccounts` replaces the plan's account cap, up or down (null: the plan's cap).
 */
export type FeatureFlags = {
  isAdFree: boolean;
  hasIsas: boolean;
  hasPensions: boolean;
  hasMaturityCalculator: boolean;
  hasMaturityNotifications: boolean;
  hasRssNews: boolean;
  hasPensionCalculator: boolean;
  hasOpenBanking: boolean;
  maxAccounts: number | null;
};

/** A user without a `user_settings` row, or with nothing granted. */
export const NO_FEATURE_FLAGS: Readonly<FeatureFlags> = {
  isAdFree: false,
  hasIsas: false,
  hasPensions: false,
  hasMaturityCalculator: false,
  hasMaturityNotifications: false,
  hasRssNews: false,
  hasPensionCalculator: false,
  hasOpenBanking: false,
  maxAccounts: null,
};

/** The flag that grants each feature (adFree: an admin's is_ad_free); the Hub, Smart Pig and terms have none. */
const FEATURE_FLAGS: Readonly<Partial<Record<Feature, Exclude<keyof FeatureFlags, 'maxAccounts'>>>> = {
  isas: 'hasIsas',
  pensions: 'hasPensions',
  maturityNotifications: 'hasMaturityNotifications',
  maturityCalculator: 'hasMaturityCalculator',
  pensionCalculator: 'hasPensionCalculator',
  rssNews: 'hasRssNews',
  openBanking: 'hasOpenBanking',
  adFree: 'isAdFree',
};

/** What one user may use: every gate on the server and the browser's guard and screens read it. */
export type ResolvedFeatures = Record<Feature, boolean> & {
  /** The account cap in force: the plan's, or the admin's max_accounts. */
  accountCap: AccountCap;
};

/**
 * The features a user has: their effective tier's (which already knows whether the subscription
 * gives access: access.ts `effectiveTier`), plus each feature an admin granted them by flag. An
 * admin (the role) has every feature.
 */
export function featuresFor({
  tier,
  flags,
  isAdmin,
}: {
  tier: Tier;
  flags: FeatureFlags;
  isAdmin: boolean;
}): ResolvedFeatures {
  const features = Object.fromEntries(
    FEATURES.map((feature) => {
      const flag = FEATURE_FLAGS[feature];
      return [feature, hasFeature(tier, feature, isAdmin) || (flag !== undefined && flags[flag])];
    }),
  ) as Record<Feature, boolean>;
  return {
    ...features,
    accountCap: accountCap({ tier, maxAccounts: flags.maxAccounts }),
  };
}
