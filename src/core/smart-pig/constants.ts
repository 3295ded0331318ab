/**
 * Smart Pig's constants (002 §5 and §9), the one place the engine and the screens read them from.
 * Money in pence, rates in basis points (0.1 percentage point is 10). The deposit limit is never a
 * constant here: it comes from the protection engine's dated limits and the admin override
 * (`core/protection/limits.ts`); the 85% alert, 90% projected breach, badge bands and "diversified
 * at 3 groups" come from `core/protection/thresholds.ts`.
 */
import type { Bps } from '../accounts/interest-rate.ts';
import type { Pence } from '../protection/types.ts';

/** A destination's rate must be MORE than this above the source's (002 §5: "more than 0.1 above"). */
export const MIN_RATE_UPLIFT_BPS: Bps = 10;
/** A destination needs AT LEAST this much room under its licence's limit (002 §5: "at least 100 of room"). */
export const MIN_ROOM_PENCE: Pence = 100_00;
/** A rate move must gain MORE than this a year (002 §5: "a yearly gain over 20"). */
export const MIN_YEARLY_GAIN_PENCE: Pence = 20_00;
/** Priority is high for a yearly gain above this (002 §9: "high for gain above 200"). */
export const HIGH_PRIORITY_GAIN_PENCE: Pence = 200_00;
/** Priority is medium for a yearly gain above this, else low (002 §9: "medium above 100"). */
export const MEDIUM_PRIORITY_GAIN_PENCE: Pence = 100_00;
/** The spec's default ISA allowance (002 §9: 20000), also the law for 2026/27 (facts.md §3). */
export const DEFAULT_ISA_ALLOWANCE_PENCE: Pence = 20_000_00;
/** The notice-period slider: 0 to 95 days, step 1 (002 §2). */
export const NOTICE_DAYS_RANGE = { min: 0, max: 95, step: 1 } as const;
/** The fixed-term slider: 0 to 60 months, step 1 (002 §2). */
export const FIXED_MONTHS_RANGE = { min: 0, max: 60, step: 1 } as const;
/** The page waits this long before showing freshly made recommendations (002 §9); the engine does not wait. */
export const RECOMMENDATION_DELAY_MS = 800;

/** The spec's texts, verbatim (002 §8, §9). */
export const SMART_PIG_TEXTS = {
  /** The page's error when recommendations cannot be made (002 §8). */
  generateFailed: 'Failed to generate recommendations. Please try again.',
  /** How long a transfer between banking groups takes (002 §9). */
  externalTimeframe: '1-2 business days',
} as const;
