/** Words for the admin subscription screens: promo code kinds, what a code gives, dates. */
import type { PromoType } from '../../../core/subscriptions/promo.ts';
import type { AdminPromoCode } from './api.ts';

export const PROMO_TYPE_LABELS: Readonly<Record<PromoType, string>> = {
  free_trial: 'Free trial',
  discount: 'Discount',
  feature_upgrade: 'Feature upgrade',
};

export const PAYMENT_STATUS_LABELS: Readonly<Record<string, string>> = {
  inactive: 'Inactive',
  trial: 'Trial',
  trial_expired: 'Trial expired',
  active: 'Active',
  past_due: 'Past due',
  failed: 'Failed',
  action_required: 'Action required',
  canceled: 'Cancelled',
};

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** '2 months and 14 days', '14 days', or null for none. */
export function periodText(months: number | null, days: number | null): string | null {
  const parts = [months ? plural(months, 'month') : null, days ? plural(days, 'day') : null].filter(Boolean);
  return parts.length ? parts.join(' and ') : null;
}

/** What the code gives: '20% off for 3 months', '20% off', 'Big Pig for 14 days'. */
export function promoBenefitText(
  p: Pick<
    AdminPromoCode,
    'promoType' | 'discountPercentage' | 'durationDays' | 'durationMonths' | 'discountDays' | 'discountMonths'
  >,
): string {
  if (p.promoType === 'discount') {
    const period = periodText(p.discountMonths, p.discountDays);
    return `${p.discountPercentage ?? 0}% off${period ? ` for ${period}` : ''}`;
  }
  const period = periodText(p.durationMonths, p.durationDays) ?? 'no set time';
  return p.promoType === 'free_trial' ? `Big Pig trial for ${period}` : `Big Pig features for ${period}`;
}

const tableDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** An instant as its London date, dd/MM/yyyy (000 §5, in tables); a dash for none. */
export function tableDateText(iso: string | null): string {
  return iso ? tableDate.format(new Date(iso)) : '—';
}

/** The last London day a code can be used, for an expiry instant (London midnight after it). */
export function lastDayText(expiresAt: string | null): string {
  return expiresAt ? tableDate.format(new Date(new Date(expiresAt).getTime() - 1)) : 'Never';
}
