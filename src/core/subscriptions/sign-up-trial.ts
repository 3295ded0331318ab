/**
 * The trial the confirmation page promises after sign-up (issue 25): the standard 7 days, and what
 * a valid free_trial code typed at sign-up adds once the address is verified.
 */
import { TRIAL_DAYS } from './access.ts';

export type PromoTrial = { durationDays: number | null; durationMonths: number | null };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** '7-day trial', '21-day trial (7 days, and 14 more from your promo code)', or with months. */
export function signUpTrialWords(promo: PromoTrial | null): string {
  const days = promo?.durationDays ?? 0;
  const months = promo?.durationMonths ?? 0;
  if (!promo || (days <= 0 && months <= 0)) return `${TRIAL_DAYS}-day trial`;
  if (months <= 0) return `${TRIAL_DAYS + days}-day trial (${TRIAL_DAYS} days, and ${days} more from your promo code)`;
  const extra = days > 0 ? `${plural(months, 'month')} and ${plural(days, 'day')}` : plural(months, 'month');
  return `trial: ${TRIAL_DAYS} days, and ${extra} more from your promo code`;
}
