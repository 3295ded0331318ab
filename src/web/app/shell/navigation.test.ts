import { describe, expect, it, vi } from 'vitest';

// Pretend every page exists, to see tier gating on its own.
vi.mock('../paths.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../paths.ts')>()),
  isRegistered: () => true,
}));

const { adminNavItem, adminToolItems, appNavItems, publicNavItems } = await import('./navigation.ts');

const labels = (items: { label: string }[]) => items.map((item) => item.label);

describe('navigation with every page built', () => {
  it('shows the spec’s items in order to a Big Pig user', () => {
    expect(labels(appNavItems({ tier: 'bigpig', isAdmin: false }))).toEqual([
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
    expect(labels(appNavItems({ tier: 'trial_bigpig', isAdmin: false }))).toContain('Smart Pig');
  });

  it('hides the Big Pig items from Piglet and Boar users', () => {
    for (const tier of ['piglet', 'boar'] as const) {
      const shown = labels(appNavItems({ tier, isAdmin: false }));
      expect(shown).not.toContain('Protection');
      expect(shown).not.toContain('Smart Pig');
      expect(shown).toContain('News');
    }
  });

  it('shows every item to an admin on any tier', () => {
    expect(labels(appNavItems({ tier: 'piglet', isAdmin: true }))).toHaveLength(8);
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
