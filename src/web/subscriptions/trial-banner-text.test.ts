import { describe, expect, it } from 'vitest';
import { trialBannerApplies, trialBannerText } from './trial-banner-text.ts';

describe('the trial banner', () => {
  it.each([
    [7, 'Big Pig Trial Active', '7 days remaining of unlimited access', false, 'Choose Plan'],
    [3, 'Big Pig Trial Active', '3 days remaining of unlimited access', false, 'Choose Plan'],
    [2, 'Trial Ending Soon!', '2 days remaining of unlimited access', true, 'Upgrade Now'],
    [1, 'Trial Ending Soon!', '1 day remaining of unlimited access', true, 'Upgrade Now'],
    [0, 'Trial Ending Soon!', 'Trial expires today', true, 'Upgrade Now'],
  ])('with %i days left reads "%s", "%s"', (days, title, body, isUrgent, action) => {
    expect(trialBannerText('trial_bigpig', days)).toEqual({ title, body, isUrgent, action });
  });
});

describe('who sees the trial banner', () => {
  const trialing = { isTrialing: true, trialDaysLeft: 5, hasAdminOverride: false };
  it.each([
    ['a saver on the trial', trialing, false, true],
    ['an admin on the trial (the role has every feature)', trialing, true, false],
    ['a saver an admin gave Big Pig', { ...trialing, hasAdminOverride: true }, false, false],
    ['a saver not on a trial', { ...trialing, isTrialing: false, trialDaysLeft: null }, false, false],
  ])('%s: %s', (_, subscription, isAdmin, shown) => {
    expect(trialBannerApplies(subscription, isAdmin)).toBe(shown);
  });
});
