import { describe, expect, it } from 'vitest';
import { TIERS, isTier, meetsTier, tierRank } from './tier.ts';

describe('tier ranks', () => {
  it('orders piglet below boar below bigpig, with trial_bigpig level with bigpig', () => {
    expect(tierRank('piglet')).toBe(1);
    expect(tierRank('boar')).toBe(2);
    expect(tierRank('bigpig')).toBe(3);
    expect(tierRank('trial_bigpig')).toBe(3);
  });

  it('recognises only the four tier names', () => {
    for (const tier of TIERS) expect(isTier(tier)).toBe(true);
    expect(isTier('Big Pig')).toBe(false);
    expect(isTier('')).toBe(false);
    expect(isTier(undefined)).toBe(false);
  });
});

describe('meetsTier', () => {
  it('lets everyone through when nothing is required', () => {
    expect(meetsTier({ tier: 'piglet' }, undefined)).toBe(true);
    expect(meetsTier({ tier: null }, undefined)).toBe(true);
  });

  it('opens a bigpig item to bigpig and trial_bigpig users only', () => {
    expect(meetsTier({ tier: 'bigpig' }, 'bigpig')).toBe(true);
    expect(meetsTier({ tier: 'trial_bigpig' }, 'bigpig')).toBe(true);
    expect(meetsTier({ tier: 'boar' }, 'bigpig')).toBe(false);
    expect(meetsTier({ tier: 'piglet' }, 'bigpig')).toBe(false);
  });

  it('opens a boar item to every tier ranked boar or above', () => {
    expect(meetsTier({ tier: 'piglet' }, 'boar')).toBe(false);
    expect(meetsTier({ tier: 'boar' }, 'boar')).toBe(true);
    expect(meetsTier({ tier: 'bigpig' }, 'boar')).toBe(true);
    expect(meetsTier({ tier: 'trial_bigpig' }, 'boar')).toBe(true);
  });

  it('shows every tier-gated item to an admin whatever their own tier', () => {
    expect(meetsTier({ tier: 'piglet', isAdmin: true }, 'bigpig')).toBe(true);
    expect(meetsTier({ tier: null, isAdmin: true }, 'bigpig')).toBe(true);
  });

  it('hides gated items when the tier is unknown', () => {
    expect(meetsTier({ tier: undefined }, 'piglet')).toBe(false);
  });
});
