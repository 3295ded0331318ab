/**
 * The downgrade wizard's rules (001 §3 "Downgrade analysis item", §5, §9): how active each account
 * is, what the wizard recommends, how many accounts a tier keeps, and whether a selection is valid.
 */
import type { StoredTier } from './access.ts';
import { type Tier, tierRank } from './tier.ts';

export const RECOMMENDATIONS = ['keep', 'consider_removing', 'remove'] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];

/** The tiers a user can downgrade to. */
export const DOWNGRADE_TIERS = ['piglet', 'boar'] as const satisfies readonly StoredTier[];
export type DowngradeTier = (typeof DOWNGRADE_TIERS)[number];

/** How many accounts the wizard lets a user keep on each tier (§5: Big Pig is 999 in the wizard). */
export const WIZARD_ACCOUNT_CAPS: Readonly<Record<StoredTier, number>> = { piglet: 3, boar: 10, bigpig: 999 };

/** After the downgrade call the wizard waits this long before 'complete' (§9). */
export const COMPLETION_DELAY_MS = 3000;

export const KEEP_SCORE = 70;
export const CONSIDER_SCORE = 40;

export type AccountActivity = {
  /** The account's balance in pence; a negative balance counts as 0. */
  balancePence: number;
  transactionCount: number;
  /** Whether the account has a standing order that still runs (active). */
  hasStandingOrders: boolean;
};

/** The spec's parts in 1/100,000 points, so the sum is exact integer arithmetic. */
const SCALE = 100_000;
const BALANCE_CAP = 50 * SCALE; // £50,000 = 5,000,000 pence: 1 point per £1,000
const TRANSACTIONS_CAP = 30 * SCALE; // 300 transactions: 1 point per 10
const STANDING_ORDERS = 20 * SCALE;

/**
 * Activity score 0..100 (§9): £balance/1000 capped at 50, plus transactions/10 capped at 30, plus
 * 20 with standing orders. The parts are added exactly and the sum is rounded down once, so a
 * score reaches a threshold only when the account really does (£39,999.99 and no transactions is
 * 39, not 40).
 */
export function activityScore({ balancePence, transactionCount, hasStandingOrders }: AccountActivity): number {
  // 1 point per £1,000 = 100,000 pence: pence are already in 1/100,000 points.
  const balancePart = Math.min(Math.max(0, Math.trunc(balancePence)), BALANCE_CAP);
  const transactionsPart = Math.min(Math.max(0, Math.trunc(transactionCount)) * (SCALE / 10), TRANSACTIONS_CAP);
  const ordersPart = hasStandingOrders ? STANDING_ORDERS : 0;
  return Math.floor((balancePart + transactionsPart + ordersPart) / SCALE);
}

/** 70 or more: keep; 40 or more: consider_removing; otherwise remove. Standing orders force keep. */
export function recommendationFor(score: number, hasStandingOrders: boolean): Recommendation {
  if (hasStandingOrders || score >= KEEP_SCORE) return 'keep';
  if (score >= CONSIDER_SCORE) return 'consider_removing';
  return 'remove';
}

/** Why the wizard recommends what it does, in a sentence the card shows. */
export function reasonForRecommendation(
  recommendation: Recommendation,
  { score, hasStandingOrders }: { score: number; hasStandingOrders: boolean },
): string {
  if (hasStandingOrders) return 'Has standing orders, which stop running while the account is archived';
  if (recommendation === 'keep') return `Very active (score ${score} of 100): a large balance or many transactions`;
  if (recommendation === 'consider_removing')
    return `Some activity (score ${score} of 100): keep it if you still use it`;
  return `Little activity (score ${score} of 100): the safest to archive`;
}

export type AnalysisInput = AccountActivity & { id: string; name: string };

/** The spec's downgrade analysis item (§3); `balance` is in pence. */
export type DowngradeAnalysisItem = {
  id: string;
  name: string;
  balance: number;
  hasStandingOrders: boolean;
  activityScore: number;
  recommendation: Recommendation;
  reasonForRecommendation: string;
};

export function analyseAccount(input: AnalysisInput): DowngradeAnalysisItem {
  const score = activityScore(input);
  const recommendation = recommendationFor(score, input.hasStandingOrders);
  return {
    id: input.id,
    name: input.name,
    balance: input.balancePence,
    hasStandingOrders: input.hasStandingOrders,
    activityScore: score,
    recommendation,
    reasonForRecommendation: reasonForRecommendation(recommendation, {
      score,
      hasStandingOrders: input.hasStandingOrders,
    }),
  };
}

export const DOWNGRADE_MESSAGES = {
  loadFailed: 'Failed to load account data',
  analyseFailed: 'Failed to analyze accounts',
  processFailed: 'Failed to process downgrade',
  tooMany: 'Too many selected!',
  noneSelected: 'Select at least one account to keep',
  notLower: 'You can only downgrade to a lower plan than the one you have',
  mustCoverAll: 'Every account must be either kept or archived, and none both',
} as const;

export type SelectionCheck = { ok: true } | { ok: false; reason: 'none' | 'too-many'; message: string };

/** A selection to keep is valid with 1 to the tier's wizard cap accounts (§5). */
export function checkSelection(keepCount: number, toTier: StoredTier): SelectionCheck {
  if (keepCount < 1) return { ok: false, reason: 'none', message: DOWNGRADE_MESSAGES.noneSelected };
  if (keepCount > WIZARD_ACCOUNT_CAPS[toTier]) {
    return { ok: false, reason: 'too-many', message: DOWNGRADE_MESSAGES.tooMany };
  }
  return { ok: true };
}

/** Whether one more account may be ticked (a checkbox cannot be added beyond the cap). */
export function canSelectMore(keepCount: number, toTier: StoredTier): boolean {
  return keepCount < WIZARD_ACCOUNT_CAPS[toTier];
}

/** Whether `toTier` is below the user's effective tier (a trial ranks as Big Pig). */
export function isDowngrade(from: Tier, toTier: StoredTier): boolean {
  return tierRank(toTier) < tierRank(from);
}

export function isDowngradeTier(value: unknown): value is DowngradeTier {
  return typeof value === 'string' && (DOWNGRADE_TIERS as readonly string[]).includes(value);
}
