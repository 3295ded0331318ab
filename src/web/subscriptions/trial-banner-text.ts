import { TRIAL_URGENT_DAYS } from '../../core/subscriptions/access.ts';
import { TIER_LABELS, type Tier } from '../../core/subscriptions/tier.ts';

/**
 * Whether the trial banner has anything to say: a trial is running and its end changes something.
 * An admin has every feature, and an admin override gives Big Pig for good, so their trial's end
 * takes nothing away.
 */
export function trialBannerApplies(
  subscription: { isTrialing: boolean; trialDaysLeft: number | null; hasAdminOverride: boolean },
  isAdmin: boolean,
): boolean {
  return subscription.isTrialing && subscription.trialDaysLeft !== null && !isAdmin && !subscription.hasAdminOverride;
}

/** The trial banner's words (001 §2): urgent at 2 days or fewer. */
export function trialBannerText(tier: Tier, daysLeft: number) {
  const isUrgent = daysLeft <= TRIAL_URGENT_DAYS;
  const name = tier === 'trial_bigpig' ? TIER_LABELS.bigpig : TIER_LABELS[tier];
  return {
    isUrgent,
    title: isUrgent ? 'Trial Ending Soon!' : `${name} Trial Active`,
    body:
      daysLeft === 0
        ? 'Trial expires today'
        : `${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} remaining of unlimited access`,
    action: isUrgent ? 'Upgrade Now' : 'Choose Plan',
  };
}
