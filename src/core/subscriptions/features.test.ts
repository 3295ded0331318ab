import { describe, expect, it } from 'vitest';
import { accountCapOf, FEATURES, type Feature, hasFeature, showsAds, tierRequiredMessage } from './features.ts';
import { TIERS, type Tier } from './tier.ts';

// The feature matrix of 000 §6, one row per tier. The matrix does not list account terms, so
// every plan has them (ADR 0045).
const MATRIX: Record<Tier, { ads: boolean; cap: number | null; features: Feature[] }> = {
  piglet: { ads: true, cap: 3, features: ['accountTerms'] },
  boar: { ads: true, cap: 10, features: ['rssNews', 'accountTerms'] },
  bigpig: { ads: false, cap: null, features: [...FEATURES] },
  trial_bigpig: { ads: false, cap: null, features: [...FEATURES] },
};

describe('the feature matrix', () => {
  it.each(TIERS)('%s', (tier) => {
    const row = MATRIX[tier];
    expect(showsAds(tier)).toBe(row.ads);
    expect(accountCapOf(tier)).toBe(row.cap);
    for (const feature of FEATURES) expect(hasFeature(tier, feature), feature).toBe(row.features.includes(feature));
  });

  it('opens every feature to an admin', () => {
    for (const feature of FEATURES) expect(hasFeature('piglet', feature, true)).toBe(true);
  });

  it("words the guard's refusal as the spec does", () => {
    expect(tierRequiredMessage('Protection Hub', 'bigpig')).toBe('Protection Hub requires Big Pig tier or higher');
  });
});
