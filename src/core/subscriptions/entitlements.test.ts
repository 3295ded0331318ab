import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectiveTier, hasActiveAccess, hasPlanAccess, PAYMENT_STATUSES, type SubscriptionFacts } from './access.ts';
import { payingFacts, subscriptionFacts } from './facts-test-fixtures.ts';
import { FEATURES, type FeatureFlags, featuresFor, NO_FEATURE_FLAGS } from './features.ts';
import { meetsTier, type Tier } from './tier.ts';

const NOW = new Date('2026-11-27T10:00:00Z');
const DAY = 86_400_000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

const features = (tier: Tier, flags: Partial<FeatureFlags> = {}, isAdmin = false) =>
  featuresFor({ tier, flags: { ...NO_FEATURE_FLAGS, ...flags }, isAdmin });

describe('the tier a lapsed subscription gives', () => {
  it.each<[string, SubscriptionFacts, Tier]>([
    [
      'Big Pig cancelled (status canceled)',
      payingFacts({ paymentStatus: 'canceled', currentPeriodEnd: ago(DAY) }),
      'piglet',
    ],
    [
      'Big Pig cancelled at the period end, the end passed, no closing event yet',
      payingFacts({ cancelAtPeriodEnd: true, currentPeriodEnd: ago(1) }),
      'piglet',
    ],
    ['Boar cancelled', payingFacts({ tier: 'boar', paymentStatus: 'canceled' }), 'piglet'],
    ['Big Pig with status inactive', payingFacts({ paymentStatus: 'inactive' }), 'piglet'],
    [
      'Big Pig failed after the 7-day grace',
      payingFacts({ paymentStatus: 'failed', lastPaymentFailureAt: ago(8 * DAY), paymentFailureCount: 4 }),
      'piglet',
    ],
    [
      'Big Pig failed inside the grace (ADR 0038)',
      payingFacts({ paymentStatus: 'failed', lastPaymentFailureAt: ago(2 * DAY), paymentFailureCount: 1 }),
      'bigpig',
    ],
    [
      'Big Pig action_required inside the grace',
      payingFacts({ paymentStatus: 'action_required', lastPaymentFailureAt: ago(DAY), paymentFailureCount: 1 }),
      'bigpig',
    ],
    [
      'Big Pig past_due (access until the provider gives up)',
      payingFacts({ paymentStatus: 'past_due', lastPaymentFailureAt: ago(20 * DAY) }),
      'bigpig',
    ],
    [
      'Big Pig cancelled at the period end, before the end',
      payingFacts({ cancelAtPeriodEnd: true, currentPeriodEnd: new Date(NOW.getTime() + 1) }),
      'bigpig',
    ],
    [
      'Big Pig cancelled, with an admin override',
      payingFacts({ paymentStatus: 'canceled', adminOverride: true }),
      'bigpig',
    ],
    [
      'Boar cancelled, inside a Boar promo',
      payingFacts({
        tier: 'boar',
        paymentStatus: 'canceled',
        promoTier: 'boar',
        promoExpiresAt: new Date(NOW.getTime() + DAY),
      }),
      'boar',
    ],
  ])('%s → %s', (_, facts, tier) => {
    expect(effectiveTier(facts, { isAdmin: false, now: NOW })).toBe(tier);
  });

  it('never lifts a user above piglet without active access or a grace period (any status, any stored tier)', () => {
    const facts = fc.record({
      paymentStatus: fc.constantFrom(...PAYMENT_STATUSES),
      tier: fc.constantFrom('piglet' as const, 'boar' as const, 'bigpig' as const, null),
      cancelAtPeriodEnd: fc.boolean(),
      periodEndOffset: fc.option(fc.integer({ min: -30, max: 30 })),
      failureDaysAgo: fc.option(fc.integer({ min: 0, max: 20 })),
    });
    fc.assert(
      fc.property(facts, ({ paymentStatus, tier, cancelAtPeriodEnd, periodEndOffset, failureDaysAgo }) => {
        const s = subscriptionFacts({
          paymentStatus,
          tier,
          cancelAtPeriodEnd,
          currentPeriodEnd: periodEndOffset === null ? null : new Date(NOW.getTime() + periodEndOffset * DAY),
          lastPaymentFailureAt: failureDaysAgo === null ? null : ago(failureDaysAgo * DAY),
        });
        const got = effectiveTier(s, { isAdmin: false, now: NOW });
        if (paymentStatus === 'trial' && tier === 'bigpig') return; // the spec's status-trial rule
        if (!hasActiveAccess(s, NOW) && !hasPlanAccess(s, NOW)) expect(got).toBe('piglet');
        else if (isPaid(s)) expect(got).toBe(tier ?? 'piglet');
        // A plan that gives access never gives piglet features in place of its own.
        const own = featuresFor({ tier: got, flags: NO_FEATURE_FLAGS, isAdmin: false });
        for (const feature of FEATURES) expect(own[feature]).toBe(meetsTier({ tier: got }, tierOf(feature)));
      }),
    );
  });
});

const isPaid = (s: SubscriptionFacts) => s.paymentStatus === 'active' && !s.cancelAtPeriodEnd;
const tierOf = (feature: (typeof FEATURES)[number]) =>
  feature === 'rssNews' ? 'boar' : feature === 'accountTerms' ? 'piglet' : 'bigpig';

describe('featuresFor: the plan plus what an admin granted', () => {
  it('gives a piglet only terms; a Big Pig (or its trial) everything', () => {
    const piglet = features('piglet');
    expect(FEATURES.filter((f) => piglet[f])).toEqual(['accountTerms']);
    for (const tier of ['bigpig', 'trial_bigpig'] as const) {
      const all = features(tier);
      expect(FEATURES.every((f) => all[f])).toBe(true);
      expect(all.adFree).toBe(true);
    }
  });

  it.each<[keyof FeatureFlags, (typeof FEATURES)[number]]>([
    ['hasIsas', 'isas'],
    ['hasPensions', 'pensions'],
    ['hasMaturityCalculator', 'maturityCalculator'],
    ['hasMaturityNotifications', 'maturityNotifications'],
    ['hasRssNews', 'rssNews'],
    ['hasPensionCalculator', 'pensionCalculator'],
  ])('%s opens %s for a piglet, and nothing else', (flag, feature) => {
    const before = features('piglet');
    const after = features('piglet', { [flag]: true });
    for (const f of FEATURES) expect(after[f], f).toBe(f === feature ? true : before[f]);
    expect(after.adFree).toBe(false);
    expect(after.openBanking).toBe(false);
  });

  it('is_ad_free removes the ads and has_open_banking opens open banking, each alone', () => {
    expect(features('boar', { isAdFree: true })).toMatchObject({ adFree: true, openBanking: false, isas: false });
    expect(features('boar', { hasOpenBanking: true })).toMatchObject({ adFree: false, openBanking: true, isas: false });
  });

  it('no flag opens the Protection Hub or Smart Pig: the plan decides', () => {
    const every = features('piglet', {
      isAdFree: true,
      hasIsas: true,
      hasPensions: true,
      hasMaturityCalculator: true,
      hasMaturityNotifications: true,
      hasRssNews: true,
      hasPensionCalculator: true,
      hasOpenBanking: true,
    });
    expect(every.protectionHub).toBe(false);
    expect(every.smartPig).toBe(false);
  });

  it('max_accounts replaces the plan cap, up or down', () => {
    expect(features('piglet').accountCap).toEqual({ max: 3, source: 'tier', tier: 'piglet' });
    expect(features('piglet', { maxAccounts: 12 }).accountCap).toEqual({ max: 12, source: 'admin', tier: 'piglet' });
    expect(features('bigpig', { maxAccounts: 2 }).accountCap).toEqual({ max: 2, source: 'admin', tier: 'bigpig' });
  });

  it('an admin has every feature', () => {
    const admin = features('piglet', {}, true);
    expect(FEATURES.every((f) => admin[f])).toBe(true);
    expect(admin.adFree && admin.openBanking).toBe(true);
  });
});
