import { GUARD_MESSAGES, tierRequiredMessage } from '../../core/subscriptions/features.ts';
import { meetsTier, type RequiredTier } from '../../core/subscriptions/tier.ts';
import type { Subscription } from './api.ts';
import { graceOf } from './grace.ts';

/** The route names used in '{feature} requires {tier} tier or higher'. */
export const GUARDED_FEATURES: Readonly<Record<string, string>> = {
  protection: 'Protection Hub',
  smartPig: 'Smart Pig',
  news: 'The RSS news feed',
  maturityCalculator: 'The maturity calculator',
  pensionCalculator: 'The pension calculator',
  openBanking: 'Open Banking',
  openBankingLink: 'Open Banking',
};

/** What each guarded page does, said on its upgrade banner. */
export const GUARDED_FEATURE_PITCH: Readonly<Record<string, string>> = {
  protection:
    'The Protection Hub groups your accounts by banking licence, not by brand, and warns you before money goes over a protection limit.',
  smartPig:
    'Smart Pig looks at the accounts you track and suggests moves that bring money under protection or earn more interest.',
  news: 'News brings the latest savings stories from the sources our team follows into one list, newest first.',
  maturityCalculator:
    'The maturity calculator works out what a fixed-term account pays when it ends, what closing it early would cost, and whether to renew or move the money.',
  pensionCalculator:
    'The pension calculator grows your pension to the age you retire, with tax relief, your employer’s money, the annual allowance and the tax-free lump sum.',
  openBanking:
    'Open Banking keeps your balances and transactions up to date straight from your bank, read-only, so your protection figures are never out of date.',
  openBankingLink:
    'Open Banking keeps your balances and transactions up to date straight from your bank, read-only, so your protection figures are never out of date.',
};

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'choose-plan'; message: string; to: 'subscribe' }
  | { kind: 'below-tier'; message: string; tier: RequiredTier }
  | { kind: 'grace'; daysLeft: number };

/**
 * The subscription guard (002 §4): admins pass; during a payment-failure grace period a page the
 * plan includes is shown dimmed and disabled with the prompt to update the payment method (even
 * for status failed, which has no active access: the grace is what the spec gives it, ADR 0038);
 * with a subscription that is no longer active, choose a plan; below the route's tier, the spec's
 * refusal. A user without a row (from before subscriptions) is on the default trial context and
 * passes (ADR 0036). `granted`: whether the user's resolved features (GET /api/me) include the
 * route's feature, the answer the server's gate gives; without it, the route's tier decides.
 */
export function guardDecision(
  subscription: Subscription,
  {
    isAdmin,
    required,
    feature,
    now = new Date(),
    granted,
  }: { isAdmin: boolean; required: RequiredTier | undefined; feature: string; now?: Date; granted?: boolean },
): GuardDecision {
  const included = granted ?? (!required || meetsTier({ tier: subscription.tier }, required));
  if (isAdmin) return { kind: 'allow' };
  // A trial still running is access of its own: a declined first payment is told in the banner,
  // but the trial's pages stay open (ADR 0038).
  const grace = subscription.isTrialing ? null : graceOf(subscription, now);
  if (grace && grace.graceDaysLeft !== null && included) return { kind: 'grace', daysLeft: grace.graceDaysLeft };
  if (subscription.hasSubscription && !subscription.isActive)
    return { kind: 'choose-plan', message: GUARD_MESSAGES.choosePlan, to: 'subscribe' };
  if (required && !included)
    return { kind: 'below-tier', message: tierRequiredMessage(feature, required), tier: required };
  return { kind: 'allow' };
}
