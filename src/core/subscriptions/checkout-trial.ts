/**
 * The free trial a free-tier promo code's checkout starts on the card provider (001 §2: 'Start
 * Free Trial (Payment details required)'; ADR 0037). The saver gives their card details, nothing
 * is taken at the checkout, and the plan's first payment is taken when the trial ends.
 *
 * The provider counts a trial in whole days of 24 hours from the checkout (Stripe's
 * `trial_period_days`), so the code's months and days are turned into days in London's calendar
 * and the trial ends that many days later to the second, the same instant the saver is told.
 */
import { promoPeriodEnd } from './promo.ts';

const DAY_MS = 86_400_000;

export type FreeTierPromo = { isFreeTier: boolean; durationDays: number | null; durationMonths: number | null };

/** The trial's length in whole days; null when the code starts no trial (not free tier, or no duration). */
export function checkoutTrialDays(promo: FreeTierPromo | null, now: Date): number | null {
  if (!promo?.isFreeTier) return null;
  // Rounded: a month that crosses a clock change is 30 days and an hour, or 30 days less one.
  const days = Math.round((promoPeriodEnd(now, promo).getTime() - now.getTime()) / DAY_MS);
  return days >= 1 ? days : null;
}

/** When a trial of `days` started at `from` ends: its first payment's instant. */
export function checkoutTrialEnd(from: Date, days: number): Date {
  return new Date(from.getTime() + days * DAY_MS);
}

/**
 * Said beside the 'Start Free Trial' button before the saver leaves for the card provider: nothing
 * today, then what is taken, from when, and how to stop it.
 */
export function freeTrialCheckoutNote({
  days,
  endsOn,
  plan,
  price,
  cycle,
}: {
  days: number;
  /** The first payment's day in prose ('28 December 2026'). */
  endsOn: string;
  /** 'Big Pig'. */
  plan: string;
  /** The plan's price after any discount ('£4.99'); null when the provider works it out. */
  price: string | null;
  cycle: 'monthly' | 'annual';
}): string {
  const every = cycle === 'monthly' ? 'every month' : 'every year';
  const then = price === null ? `your first payment for ${plan} is taken` : `${price} for ${plan} is taken`;
  return `Your promo code gives a ${days}-day free trial of ${plan}. Nothing is taken today: ${then} on ${endsOn}, then ${every} until you cancel. Cancel before ${endsOn} and you pay nothing.`;
}
