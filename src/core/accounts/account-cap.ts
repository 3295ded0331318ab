import { TIER_LABELS, type Tier } from '../subscriptions/tier.ts';

/** How many accounts each tier may keep (001 §6): piglet 3, boar 10, Big Pig (and its trial) no limit. */
export const TIER_ACCOUNT_CAPS: Readonly<Record<Tier, number | null>> = {
  piglet: 3,
  boar: 10,
  bigpig: null,
  trial_bigpig: null,
};

/**
 * The cap that applies to a user. `max`: the number of accounts they may keep, or null for no
 * limit. `source`: 'admin' when an admin has set `user_settings.max_accounts` (it overrides the
 * tier, up or down), otherwise 'tier'.
 */
export type AccountCap = { max: number | null; source: 'tier' | 'admin'; tier: Tier };

export function accountCap({ tier, maxAccounts }: { tier: Tier; maxAccounts: number | null }): AccountCap {
  if (maxAccounts !== null) return { max: Math.max(0, maxAccounts), source: 'admin', tier };
  return { max: TIER_ACCOUNT_CAPS[tier], source: 'tier', tier };
}

/** Whether one more account fits: `count` is how many the user has now. */
export function canAddAccount(count: number, cap: AccountCap): boolean {
  return cap.max === null || count < cap.max;
}

function accounts(count: number): string {
  return count === 1 ? '1 account' : `${count} accounts`;
}

/**
 * What a user is told when the cap stops a new account: the cap, where it comes from and how to
 * raise it (a bigger plan, or for an admin-set cap, asking us), or make room.
 */
export function accountLimitMessage(cap: AccountCap): string {
  const max = cap.max ?? 0;
  if (cap.source === 'admin') {
    return `You have reached the limit of ${accounts(max)} set on your SavvyPig account. Contact us to raise it, or delete an account you no longer need.`;
  }
  const upgrade =
    cap.tier === 'piglet'
      ? `Upgrade to the ${TIER_LABELS.boar} plan (up to ${TIER_ACCOUNT_CAPS.boar} accounts) or the ${TIER_LABELS.bigpig} plan (unlimited accounts)`
      : `Upgrade to the ${TIER_LABELS.bigpig} plan for unlimited accounts`;
  return `You have reached the limit of ${accounts(max)} on the ${TIER_LABELS[cap.tier]} plan. ${upgrade}, or delete an account you no longer need.`;
}
