/**
 * Promo codes (001 §3, §5, §7, §8): which codes are valid for whom, and what each kind gives.
 * - free_trial: the Big Pig trial runs `duration` longer ('Unlock Extended Trial');
 * - feature_upgrade: Big Pig features for `duration` (a promo period: promo_tier bigpig);
 * - discount: a percentage off the card provider's checkout (kept on the subscription for it).
 * is_free_tier marks a code whose checkout starts free ('Start Free Trial (Payment details required)').
 */
import { calendarDateInLondon } from '../dates/calendar-date.ts';
import { addLondonDays, addLondonMonths } from '../dates/london-instant.ts';

export const PROMO_TYPES = ['free_trial', 'discount', 'feature_upgrade'] as const;
export type PromoType = (typeof PROMO_TYPES)[number];

export const PROMO_MESSAGES = {
  blank: 'Please enter a promo code',
  notForTrial: 'Invalid promo code for trial unlock',
  validating: 'Error validating promo code. Please try again.',
  unexpected: 'An error occurred while validating the promo code',
  applyFailed: 'Failed to apply promo code',
  // The spec shows that the server's message is shown for an invalid code, not its words: ours.
  unknown: 'This promo code is not valid',
  expired: 'This promo code has expired',
  used: 'This promo code has already been used',
  valid: 'Promo code applied',
  trialExtended: 'Your trial has been extended',
  notForUpgrade: 'Invalid promo code for a feature upgrade',
  featuresUnlocked: 'Big Pig features unlocked',
} as const;

export type PromoCode = {
  id: string;
  code: string;
  promoType: PromoType;
  isFreeTier: boolean;
  isAdFree: boolean;
  discountPercentage: number | null;
  durationDays: number | null;
  durationMonths: number | null;
  discountMonths: number | null;
  discountDays: number | null;
  isOneTimeUse: boolean;
  expiresAt: Date | null;
  isActive: boolean;
};

/** Codes are matched without regard to case or surrounding spaces. */
export function normalisePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

export type PromoCheck = { valid: true } | { valid: false; message: string };

/**
 * A code is valid while active, before its expiry (at the expiry instant it has expired), and for
 * a one-time code only until its first use (or a checkout holds it); nobody uses the same code twice.
 */
export function checkPromo(
  promo: PromoCode | null,
  { now, timesRedeemed, usedByThisUser }: { now: Date; timesRedeemed: number; usedByThisUser: boolean },
): PromoCheck {
  if (!promo?.isActive) return { valid: false, message: PROMO_MESSAGES.unknown };
  if (promo.expiresAt && now.getTime() >= promo.expiresAt.getTime())
    return { valid: false, message: PROMO_MESSAGES.expired };
  if (usedByThisUser) return { valid: false, message: PROMO_MESSAGES.used };
  // A one-time code someone else took answers as an unknown one: nobody learns that it existed.
  if (promo.isOneTimeUse && timesRedeemed > 0) return { valid: false, message: PROMO_MESSAGES.unknown };
  return { valid: true };
}

/** The end of a promo period that starts at `from`: its months, then its days, in London's calendar. */
export function promoPeriodEnd(from: Date, promo: Pick<PromoCode, 'durationDays' | 'durationMonths'>): Date {
  return addLondonDays(addLondonMonths(from, promo.durationMonths ?? 0), promo.durationDays ?? 0);
}

/** The promo expiry hint ('Promo ends 21/12/2026'), orange under 7 days. */
export function promoExpiryHint(expiresAt: Date, now: Date): { text: string; isWarning: boolean } {
  const daysLeft = (expiresAt.getTime() - now.getTime()) / 86_400_000;
  const [y, m, d] = calendarDateInLondon(expiresAt).split('-');
  return { text: `Promo ends ${d}/${m}/${y}`, isWarning: daysLeft < 7 };
}
