import { TRIAL_URGENT_DAYS } from '../../core/subscriptions/access.ts';
import { TIER_LABELS, type Tier } from '../../core/subscriptions/tier.ts';

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
