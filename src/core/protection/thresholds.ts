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
 * A share as a percentage rounded half up to `decimals` places (108.49…% → 108.5%, never cut
 * down): integer maths on pence, so the figure is the same on every machine.
 */
export function roundedPercent(partPence: Pence, wholePence: Pence, decimals = 1): number {
  const scale = 10 ** decimals;
  // round(part × 100 × scale / whole), half up, without a float division of pence.
  const scaled = Math.max(0, partPence) * 100 * scale;
  const quotient = Math.floor(scaled / wholePence);
  const remainder = scaled - quotient * wholePence;
  return (remainder * 2 >= wholePence ? quotient + 1 : quotient) / scale;
}

/**
 * How much of a limit (pence) an exposure (pence) uses, as a percentage rounded to one decimal
 * place (the alert levels decide on the exact figures); null when the limit is zero (an admin may
 * set one).
 */
export function limitUsedPercent(exposurePence: Pence, limitPence: Pence): number | null {
  if (limitPence <= 0) return null;
  return roundedPercent(exposurePence, limitPence);
}

/**
 * The thresholds in words, the same wherever a screen states them (the Protection Hub, Smart Pig,
 * the checker): 'Alerts start at 85% of a licence's limit; above 90% is a projected breach.'
 */
export const THRESHOLDS_TEXT = `Alerts start at ${ALERT_PERCENT}% of a banking licence's limit; above ${PROJECTED_BREACH_PERCENT}% is a projected breach, and over the limit money is not protected.`;

/** The words for a licence's alert level, the same on the Hub, the dashboard and the checker. */
export const ALERT_LEVEL_WORDS: Readonly<Record<AlertLevel, string>> = {
  'over-limit': 'Over the limit',
  'projected-breach': `Projected breach: above ${PROJECTED_BREACH_PERCENT}% of the limit`,
  approaching: `Close to the limit: ${ALERT_PERCENT}% to ${PROJECTED_BREACH_PERCENT}%`,
  none: 'Fully protected',
};
