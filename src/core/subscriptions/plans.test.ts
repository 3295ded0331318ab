import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StoredTier } from './access.ts';
import { FEATURE_SALES_TEXTS, hasFeature, SOLD_FEATURES } from './features.ts';
import {
  annualSavingBadge,
  annualSavingPercent,
  DEFAULT_PRICES,
  PLAN_TIERS,
  planFeatureLines,
  trialGave,
} from './plans.ts';

describe('what paying yearly saves (issue 25: computed from the prices, never typed)', () => {
  it('is 16.4%, 16.5% and 16.5% at the standard prices, so the badge says 16%, not 20%', () => {
    // 12 × £2.99 = £35.88 against £29.99: £5.89 saved, 16.41%.
    expect(annualSavingPercent(DEFAULT_PRICES.piglet)).toBe(16.4);
    // 12 × £4.99 = £59.88 against £49.99: £9.89, 16.51%.
    expect(annualSavingPercent(DEFAULT_PRICES.boar)).toBe(16.5);
    // 12 × £9.99 = £119.88 against £99.99: £19.89, 16.59% (rounded down: never more than it is).
    expect(annualSavingPercent(DEFAULT_PRICES.bigpig)).toBe(16.5);
    expect(annualSavingBadge(DEFAULT_PRICES)).toBe('Save 16%');
  });

  it('follows the prices the card provider gives, and claims nothing when a year costs as much', () => {
    const prices = { ...DEFAULT_PRICES, bigpig: { monthlyPrice: 1000, yearlyPrice: 9600 } };
    expect(annualSavingPercent(prices.bigpig)).toBe(20);
    expect(annualSavingBadge(prices)).toBe('Save 16%');
    const noSaving = { ...DEFAULT_PRICES, boar: { monthlyPrice: 499, yearlyPrice: 5988 } };
    expect(annualSavingPercent(noSaving.boar)).toBe(0);
    expect(annualSavingBadge(noSaving)).toBeNull();
  });

  it('never claims more than the real saving', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 2_000_000 }), (monthly, yearly) => {
        const saving = annualSavingPercent({ monthlyPrice: monthly, yearlyPrice: yearly });
        const exact = yearly >= 12 * monthly ? 0 : ((12 * monthly - yearly) * 100) / (12 * monthly);
        expect(saving).toBeLessThanOrEqual(exact + 1e-9);
        expect(exact - saving).toBeLessThan(0.1 + 1e-9);
      }),
    );
  });
});

describe('what a plan card sells (issue 25: only what exists, ticked as the gates decide)', () => {
  const lines = (tier: StoredTier) => planFeatureLines(tier);
  const ticked = (tier: StoredTier) =>
    lines(tier)
      .filter((l) => l.included)
      .map((l) => l.text);

  it('sells the maturity and pension calculators on Big Pig only, now that their pages exist (issue 29)', () => {
    for (const text of ['Maturity calculator', 'Pension calculator']) {
      expect(lines('piglet')).toContainEqual({ text, included: false });
      expect(lines('boar')).toContainEqual({ text, included: false });
      expect(lines('bigpig')).toContainEqual({ text, included: true });
    }
  });

  it('sells the news feeds from Boar and no ads on Big Pig only, now that both exist (issue 29)', () => {
    expect(lines('piglet')).toContainEqual({ text: 'RSS news feeds', included: false });
    expect(lines('boar')).toContainEqual({ text: 'RSS news feeds', included: true });
    expect(lines('boar')).toContainEqual({ text: 'Ad-free', included: false });
    expect(lines('bigpig')).toContainEqual({ text: 'Ad-free', included: true });
  });

  it('ticks each feature exactly where hasFeature gives it, on every plan', () => {
    for (const tier of PLAN_TIERS) {
      const [cap, ...features] = lines(tier);
      expect(cap).toEqual({
        text: tier === 'bigpig' ? 'Unlimited accounts' : expect.stringMatching(/^Track up to \d+ accounts$/),
        included: true,
      });
      expect(features).toEqual(
        SOLD_FEATURES.map((feature) => ({ text: FEATURE_SALES_TEXTS[feature], included: hasFeature(tier, feature) })),
      );
    }
  });

  it('Piglet: its accounts and account terms; Boar: the news feeds too; Big Pig: everything built', () => {
    expect(ticked('piglet')).toEqual(['Track up to 3 accounts', 'Account terms, with alerts when one is at risk']);
    expect(ticked('boar')).toEqual([
      'Track up to 10 accounts',
      'Account terms, with alerts when one is at risk',
      'RSS news feeds',
    ]);
    expect(ticked('bigpig')).toEqual([
      'Unlimited accounts',
      'Account terms, with alerts when one is at risk',
      'ISA tracking, with your allowance across providers',
      'Pension tracking',
      'A reminder before a fixed term ends',
      'Maturity calculator',
      'Pension calculator',
      'Protection Hub',
      'Smart Pig recommendations',
      'Balances kept current by your bank through Open Banking',
      'RSS news feeds',
      'Ad-free',
    ]);
  });

  it('says what a Big Pig trial gave that Piglet does not', () => {
    expect(trialGave()).toEqual([
      'Unlimited account tracking',
      'ISA tracking, with your allowance across providers',
      'Pension tracking',
      'A reminder before a fixed term ends',
      'Maturity calculator',
      'Pension calculator',
      'Protection Hub',
      'Smart Pig recommendations',
      'Balances kept current by your bank through Open Banking',
      'RSS news feeds',
      'Ad-free',
    ]);
  });
});
