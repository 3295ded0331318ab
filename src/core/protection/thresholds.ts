import type { Pence } from './types.ts';

// The spec's thresholds (002 §9), the one place every screen and the API read them from: alerts
// at 85% or more of the limit, projected breach above 90%; badge at 99% / 85%; diversified at 3
// or more groups; a dismissed alert stays hidden for 7 days (or until its figures change). The
// limit itself is never a constant here: it comes from the dated limits (limits.ts) and the
// admin's override.
export const ALERT_PERCENT = 85;
export const PROJECTED_BREACH_PERCENT = 90;
export const FULLY_PROTECTED_PERCENT = 99;
export const MOSTLY_PROTECTED_PERCENT = 85;
export const DIVERSIFIED_INSTITUTIONS = 3;
export const ALERT_DISMISSAL_DAYS = 7;

export type AlertLevel = 'none' | 'approaching' | 'projected-breach' | 'over-limit';
export type ProtectionBadge = 'fully-protected' | 'mostly-protected' | 'at-risk';

/** How close an exposure (pence) is to its limit (pence); integer maths, no rounding. */
export function alertLevel(exposurePence: Pence, limitPence: Pence, uncoveredPence: Pence): AlertLevel {
  if (uncoveredPence > 0) return 'over-limit';
  if (exposurePence * 100 > PROJECTED_BREACH_PERCENT * limitPence) return 'projected-breach';
  if (exposurePence * 100 >= ALERT_PERCENT * limitPence) return 'approaching';
  return 'none';
}

/** The badge for `protectedPence` out of `consideredPence`; nothing at all counts as fully protected. */
export function protectionBadge(protectedPence: Pence, consideredPence: Pence): ProtectionBadge {
  if (consideredPence <= 0) return 'fully-protected';
  if (protectedPence * 100 >= FULLY_PROTECTED_PERCENT * consideredPence) return 'fully-protected';
  if (protectedPence * 100 >= MOSTLY_PROTECTED_PERCENT * consideredPence) return 'mostly-protected';
  return 'at-risk';
}

/**
 * How much of a limit (pence) an exposure (pence) uses, as a percentage cut down to one decimal
 * place (never overstating how much room is left is the alert's job, not the label's); null when
 * the limit is zero (an admin may set one).
 */
export function limitUsedPercent(exposurePence: Pence, limitPence: Pence): number | null {
  if (limitPence <= 0) return null;
  return Math.floor((Math.max(0, exposurePence) * 1000) / limitPence) / 10;
}
