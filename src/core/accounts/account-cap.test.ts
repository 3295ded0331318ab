import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TIERS } from '../subscriptions/tier.ts';
import { accountCap, accountLimitMessage, canAddAccount, TIER_ACCOUNT_CAPS } from './account-cap.ts';

describe('the account cap', () => {
  it('follows the tier when no admin has set one: piglet 3, boar 10, Big Pig and its trial unlimited', () => {
    expect(accountCap({ tier: 'piglet', maxAccounts: null })).toEqual({ max: 3, source: 'tier', tier: 'piglet' });
    expect(accountCap({ tier: 'boar', maxAccounts: null })).toEqual({ max: 10, source: 'tier', tier: 'boar' });
    expect(accountCap({ tier: 'bigpig', maxAccounts: null }).max).toBeNull();
    expect(accountCap({ tier: 'trial_bigpig', maxAccounts: null }).max).toBeNull();
  });

  it("takes an admin's max_accounts over the tier, lower or higher", () => {
    expect(accountCap({ tier: 'trial_bigpig', maxAccounts: 3 })).toEqual({
      max: 3,
      source: 'admin',
      tier: 'trial_bigpig',
    });
    expect(accountCap({ tier: 'piglet', maxAccounts: 25 })).toEqual({ max: 25, source: 'admin', tier: 'piglet' });
    expect(accountCap({ tier: 'boar', maxAccounts: 0 }).max).toBe(0);
  });

  it('lets the third piglet account in and stops the fourth', () => {
    const cap = accountCap({ tier: 'piglet', maxAccounts: null });
    expect(canAddAccount(2, cap)).toBe(true);
    expect(canAddAccount(3, cap)).toBe(false);
  });

  it('admits one more account exactly while the count is under the cap, and always without a cap', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TIERS),
        fc.option(fc.integer({ min: 0, max: 1000 })),
        fc.integer({ min: 0, max: 2000 }),
        (tier, maxAccounts, count) => {
          const cap = accountCap({ tier, maxAccounts });
          const max = maxAccounts ?? TIER_ACCOUNT_CAPS[tier];
          expect(canAddAccount(count, cap)).toBe(max === null || count < max);
        },
      ),
    );
  });

  it('names the cap, the plan and how to raise it', () => {
    expect(accountLimitMessage(accountCap({ tier: 'piglet', maxAccounts: null }))).toBe(
      'You have reached the limit of 3 accounts on the Piglet plan. Upgrade to the Boar plan (up to 10 accounts) or the Big Pig plan (unlimited accounts), or delete an account you no longer need.',
    );
    expect(accountLimitMessage(accountCap({ tier: 'boar', maxAccounts: null }))).toBe(
      'You have reached the limit of 10 accounts on the Boar plan. Upgrade to the Big Pig plan for unlimited accounts, or delete an account you no longer need.',
    );
    expect(accountLimitMessage(accountCap({ tier: 'trial_bigpig', maxAccounts: 1 }))).toBe(
      'You have reached the limit of 1 account set on your SavvyPig account. Contact us to raise it, or delete an account you no longer need.',
    );
  });
});
