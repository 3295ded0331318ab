/**
 * The feature matrix (001 §6): what each tier includes. Every gate on the server and in the
 * browser asks here, so the two cannot disagree.
 */
import { TIER_ACCOUNT_CAPS } from '../accounts/account-cap.ts';
import { meetsTier, type RequiredTier, type Tier, TIER_LABELS } from './tier.ts';

export const FEATURES = [
  'isas',
  'pensions',
  'maturityNotifications',
  'maturityCalculator',
  'pensionCalculator',
  'protectionHub',
  'smartPig',
  'rssNews',
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
  rssNews: 'boar',
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
  rssNews: 'The RSS news feed',
};

export function hasFeature(tier: Tier, feature: Feature, isAdmin = false): boolean {
  return meetsTier({ tier, isAdmin }, FEATURE_TIERS[feature]);
}

/** Ads show on piglet and boar; Big Pig (and its trial) is ad-free. */
export function showsAds(tier: Tier): boolean {
  return tier === 'piglet' || tier === 'boar';
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
