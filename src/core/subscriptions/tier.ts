/**
 * Subscription tiers and the rank order used to gate features and navigation.
 *
 * `trial_bigpig` is derived (a Big Pig trial or promo period) and ranks with `bigpig`,
 * so anything that needs Big Pig is open during the trial.
 */
export const TIERS = ['piglet', 'boar', 'bigpig', 'trial_bigpig'] as const;

export type Tier = (typeof TIERS)[number];

/** The tiers a feature can require; a trial is never a requirement in itself. */
export type RequiredTier = Exclude<Tier, 'trial_bigpig'>;

const TIER_RANK: Readonly<Record<Tier, number>> = {
  piglet: 1,
  boar: 2,
  bigpig: 3,
  trial_bigpig: 3,
};

/** Names shown to people ("Continue with Big Pig Plan"). */
export const TIER_LABELS: Readonly<Record<Tier, string>> = {
  piglet: 'Piglet',
  boar: 'Boar',
  bigpig: 'Big Pig',
  trial_bigpig: 'Big Pig trial',
};

export function isTier(value: unknown): value is Tier {
  return typeof value === 'string' && (TIERS as readonly string[]).includes(value);
}

/** Rank of a tier: piglet 1, boar 2, bigpig 3, trial_bigpig 3. */
export function tierRank(tier: Tier): number {
  return TIER_RANK[tier];
}

export interface TierAccess {
  /** The user's effective tier; null or undefined when unknown (e.g. signed out). */
  tier: Tier | null | undefined;
  /** Admins see every tier-gated item. */
  isAdmin?: boolean;
}

/**
 * Whether a user may see or use something that requires `required`.
 * No requirement: always. Admins: always. Otherwise the user's rank must be at least the
 * required rank, so a bigpig requirement is met by bigpig and trial_bigpig.
 */
export function meetsTier(access: TierAccess, required: Tier | undefined): boolean {
  if (required === undefined) return true;
  if (access.isAdmin) return true;
  if (!access.tier) return false;
  return tierRank(access.tier) >= tierRank(required);
}
