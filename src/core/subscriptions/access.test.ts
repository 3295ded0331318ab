import { describe, expect, it } from 'vitest';
import {
  accessReason,
  effectiveTier,
  hasActiveAccess,
  isTrialExpired,
  isTrialing,
  londonDaysLeft,
  type SubscriptionFacts,
  subscriptionView,
  trialEndsAt,
} from './access.ts';
import { subscriptionFacts } from './facts-test-fixtures.ts';

const NOW = new Date('2026-11-27T10:00:00Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);
const DAY = 86_400_000;

const row = subscriptionFacts;

const trial = row({ paymentStatus: 'trial', tier: 'piglet', trialTier: 'bigpig', trialExpiresAt: later(DAY) });

describe('active access', () => {
  it.each<[string, SubscriptionFacts, boolean]>([
    ['an admin override', row({ adminOverride: true }), true],
    ['status active', row({ paymentStatus: 'active', tier: 'boar' }), true],
    ['status past_due', row({ paymentStatus: 'past_due', tier: 'boar' }), true],
    ['a trial not yet over', trial, true],
    ['a promo not yet over', row({ promoExpiresAt: later(1) }), true],
    ['nothing', row(), false],
    ['status failed', row({ paymentStatus: 'failed', tier: 'bigpig' }), false],
    ['a trial that ended', row({ paymentStatus: 'trial', trialExpiresAt: later(-1) }), false],
    ['a promo that ended', row({ promoExpiresAt: NOW }), false],
    ['status trial_expired', row({ paymentStatus: 'trial_expired', tier: 'piglet' }), false],
  ])('%s → %s', (_, facts, expected) => {
    expect(hasActiveAccess(facts, NOW)).toBe(expected);
  });
});

describe('effective tier', () => {
  it.each<[string, SubscriptionFacts | null, boolean, string]>([
    ['no subscription (the default context)', null, false, 'trial_bigpig'],
    ['an admin, whatever the row', row({ tier: 'piglet' }), true, 'bigpig'],
    ['an admin override', row({ adminOverride: true, tier: 'piglet' }), false, 'bigpig'],
    ['a bigpig trial within its expiry', trial, false, 'trial_bigpig'],
    [
      'a bigpig trial tier within a promo',
      row({ trialTier: 'bigpig', promoExpiresAt: later(DAY) }),
      false,
      'trial_bigpig',
    ],
    [
      'a bigpig promo tier within the promo',
      row({ promoTier: 'bigpig', promoExpiresAt: later(DAY) }),
      false,
      'trial_bigpig',
    ],
    [
      'a boar promo for a piglet',
      row({ tier: 'piglet', promoTier: 'boar', promoExpiresAt: later(DAY) }),
      false,
      'boar',
    ],
    ['status trial with a bigpig tier', row({ paymentStatus: 'trialing', tier: 'bigpig' }), false, 'trial_bigpig'],
    ['a trial after its expiry: the stored tier', { ...trial, trialExpiresAt: NOW }, false, 'piglet'],
    ['a paid boar', row({ paymentStatus: 'active', tier: 'boar' }), false, 'boar'],
    ['a paid bigpig', row({ paymentStatus: 'active', tier: 'bigpig' }), false, 'bigpig'],
    ['a row with no tier: piglet', row(), false, 'piglet'],
  ])('%s → %s', (_, facts, isAdmin, expected) => {
    expect(effectiveTier(facts, { isAdmin, now: NOW })).toBe(expected);
  });
});

describe('why a user has their tier (the admin users list)', () => {
  const cancelled = row({
    paymentStatus: 'canceled',
    tier: 'bigpig',
    cancelAtPeriodEnd: true,
    currentPeriodEnd: later(-DAY),
  });
  it.each<[string, SubscriptionFacts | null, boolean, string, string]>([
    ['an admin with no row', null, true, 'bigpig', 'admin'],
    ['an admin override', row({ adminOverride: true, tier: 'piglet' }), false, 'bigpig', 'override'],
    ['no row (the default context)', null, false, 'trial_bigpig', 'trial'],
    ['a bigpig trial', trial, false, 'trial_bigpig', 'trial'],
    ['a bigpig promo', row({ promoTier: 'bigpig', promoExpiresAt: later(DAY) }), false, 'trial_bigpig', 'promo'],
    ['a boar promo', row({ tier: 'piglet', promoTier: 'boar', promoExpiresAt: later(DAY) }), false, 'boar', 'promo'],
    ['a paid Big Pig', row({ paymentStatus: 'active', tier: 'bigpig' }), false, 'bigpig', 'paid'],
    [
      'a Big Pig cancelled, before its period ends',
      { ...cancelled, paymentStatus: 'active', currentPeriodEnd: later(DAY) },
      false,
      'bigpig',
      'paid',
    ],
    ['a Big Pig cancelled, after its period', cancelled, false, 'piglet', 'lapsed'],
    [
      'a failed payment inside its grace',
      row({ paymentStatus: 'failed', tier: 'bigpig', lastPaymentFailureAt: later(-DAY), paymentFailureCount: 1 }),
      false,
      'bigpig',
      'grace',
    ],
    [
      'a trial that ended with no plan',
      row({ paymentStatus: 'trial_expired', tier: 'piglet' }),
      false,
      'piglet',
      'trialEnded',
    ],
  ])('%s → %s, %s', (_, facts, isAdmin, tier, reason) => {
    expect(effectiveTier(facts, { isAdmin, now: NOW })).toBe(tier);
    expect(accessReason(facts, { isAdmin, now: NOW })).toBe(reason);
  });
});

describe('trial boundaries at the exact instant', () => {
  const ends = new Date('2026-12-04T10:00:00Z');
  const t = row({ paymentStatus: 'trial', tier: 'piglet', trialTier: 'bigpig', trialExpiresAt: ends });
  it('is trialing one millisecond before the expiry and expired at it', () => {
    const before = new Date(ends.getTime() - 1);
    expect(isTrialing(t, before)).toBe(true);
    expect(isTrialExpired(t, before)).toBe(false);
    expect(effectiveTier(t, { isAdmin: false, now: before })).toBe('trial_bigpig');
    expect(isTrialing(t, ends)).toBe(false);
    expect(isTrialExpired(t, ends)).toBe(true);
    expect(effectiveTier(t, { isAdmin: false, now: ends })).toBe('piglet');
  });

  it('counts trial_expired as expired, but never a paying user or an override', () => {
    expect(isTrialExpired(row({ paymentStatus: 'trial_expired' }), NOW)).toBe(true);
    expect(isTrialExpired({ ...t, paymentStatus: 'active', tier: 'boar' }, ends)).toBe(false);
    expect(isTrialExpired({ ...t, adminOverride: true }, ends)).toBe(false);
    expect(isTrialExpired(null, NOW)).toBe(false);
  });

  it('does not call a subscription that ended a trial that ended (ADR 0045: the app stays, at piglet)', () => {
    // Paid for Big Pig (which ended the trial), cancelled, and now past the period's end.
    const lapsed = {
      ...t,
      paymentStatus: 'active',
      tier: 'bigpig' as const,
      trialExpiresAt: new Date('2026-11-01T10:00:00Z'),
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date('2026-12-01T10:00:00Z'),
    };
    expect(isTrialExpired(lapsed, ends)).toBe(false);
    expect(effectiveTier(lapsed, { isAdmin: false, now: ends })).toBe('piglet');
    expect(accessReason(lapsed, { isAdmin: false, now: ends })).toBe('lapsed');
    expect(isTrialExpired({ ...lapsed, paymentStatus: 'canceled' }, ends)).toBe(false);
  });

  it.each([
    // verified at (UTC), trial ends (UTC): 10:00 London both times
    ['2026-11-27T10:00:00Z', '2026-12-04T10:00:00.000Z'],
    ['2026-03-24T10:00:00Z', '2026-03-31T09:00:00.000Z'], // across the spring change: 167 hours
    ['2026-10-20T09:00:00Z', '2026-10-27T10:00:00.000Z'], // across the autumn change: 169 hours
  ])('a trial verified at %s ends at %s', (verified, ends) => {
    expect(trialEndsAt(new Date(verified)).toISOString()).toBe(ends);
  });

  it('counts days left in London days: 7 at the start, 0 on the last day', () => {
    const start = new Date('2026-10-20T09:00:00Z');
    const end = trialEndsAt(start);
    expect(londonDaysLeft(end, start)).toBe(7);
    expect(londonDaysLeft(end, new Date('2026-10-26T23:59:59Z'))).toBe(1);
    expect(londonDaysLeft(end, new Date('2026-10-27T00:00:00Z'))).toBe(0);
    expect(londonDaysLeft(end, end)).toBeNull();
    // 23:30 UTC in summer is already the next London day
    expect(londonDaysLeft(new Date('2026-07-10T12:00:00Z'), new Date('2026-07-08T23:30:00Z'))).toBe(1);
  });
});

describe('the derived view', () => {
  it('gives a user without a row the default context: trial_bigpig, inactive, not expired', () => {
    expect(subscriptionView(null, { isAdmin: false, now: NOW })).toMatchObject({
      hasSubscription: false,
      tier: 'trial_bigpig',
      isActive: false,
      isTrialExpired: false,
    });
  });

  it('shows a trial with its days left and a promo with its own', () => {
    const v = subscriptionView(
      { ...trial, trialExpiresAt: later(3 * DAY), promoExpiresAt: later(10 * DAY) },
      { isAdmin: false, now: NOW },
    );
    expect(v).toMatchObject({ isTrialing: true, trialDaysLeft: 3, isActive: true, tier: 'trial_bigpig' });
    expect(v.promo?.daysLeft).toBe(10);
  });
});
