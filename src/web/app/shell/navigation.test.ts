import { describe, expect, it, vi } from 'vitest';
import { featuresFor, NO_FEATURE_FLAGS, type ResolvedFeatures } from '../../../core/subscriptions/features.ts';
import type { Tier } from '../../../core/subscriptions/tier.ts';

// Pretend every page exists, to see tier gating on its own.
vi.mock('../paths.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../paths.ts')>()),
  isRegistered: () => true,
}));

const { adminNavItem, adminToolItems, appNavItems, matchesOnlyItsOwnPath, publicNavItems } = await import(
  './navigation.ts'
);

const labels = (items: { label: string }[]) => items.map((item) => item.label);

/** A signed-in user with the tier's own features (core `featuresFor`), changed by `features`. */
const user = (tier: Tier, isAdmin = false, features: Partial<ResolvedFeatures> = {}) => ({
  tier,
  isAdmin,
  features: { ...featuresFor({ tier, flags: NO_FEATURE_FLAGS, isAdmin }), ...features },
});

describe('navigation with every page built', () => {
  it('shows the spec’s items in order to a Big Pig user', () => {
    expect(labels(appNavItems(user('bigpig')))).toEqual([
      'Dashboard',
      'Accounts',
      'Transactions',
      'Protection',
      'Smart Pig',
      'News',
      'Settings',
      'Support',
    ]);
  });

  it('shows Protection and Smart Pig during a Big Pig trial', () => {
    expect(labels(appNavItems(user('trial_bigpig')))).toContain('Smart Pig');
  });

  it('hides the Big Pig items from Piglet and Boar users, and News (Boar and up) from Piglet', () => {
    for (const tier of ['piglet', 'boar'] as const) {
      const shown = labels(appNavItems(user(tier)));
      expect(shown).not.toContain('Protection');
      expect(shown).not.toContain('Smart Pig');
      expect(shown.includes('News')).toBe(tier === 'boar');
    }
  });

  it('follows the resolved features for a page that is one feature, not the tier alone (ADR 0045)', () => {
    expect(labels(appNavItems(user('bigpig', false, { smartPig: false })))).not.toContain('Smart Pig');
    expect(labels(appNavItems(user('piglet', false, { protectionHub: true })))).toContain('Protection');
  });

  it('shows every item to an admin on any tier', () => {
    expect(labels(appNavItems(user('piglet', true)))).toHaveLength(8);
  });

  it('adds Admin Dashboard for admins only, and never on the auth pages', () => {
    expect(adminNavItem({ isAdmin: true }, '/dashboard')?.href).toBe('/admin');
    expect(adminNavItem({ isAdmin: false }, '/dashboard')).toBeNull();
    for (const path of ['/login', '/auth', '/signup', '/auth/confirmation', '/auth/callback', '/reset-request']) {
      expect(adminNavItem({ isAdmin: true }, path)).toBeNull();
    }
  });

  it('leaves admin tools to the Admin Dashboard once it exists', () => {
    expect(adminToolItems({ isAdmin: true })).toEqual([]);
  });

  it('offers signed-out visitors the feature pages and Contact', () => {
    expect(labels(publicNavItems())).toEqual([
      'Savings calculator',
      'Interest calculator',
      'Protection checker',
      'Account management',
      'Rate monitoring',
      'Portfolio analytics',
      'Contact',
    ]);
  });
});

describe('which links are current below their own path', () => {
  it('keeps Dashboard and Settings to their own path, so under /settings/support only Support is current', () => {
    expect(matchesOnlyItsOwnPath('/dashboard')).toBe(true);
    expect(matchesOnlyItsOwnPath('/settings')).toBe(true);
    expect(matchesOnlyItsOwnPath('/settings/support')).toBe(false);
    expect(matchesOnlyItsOwnPath('/accounts')).toBe(false);
  });
});
