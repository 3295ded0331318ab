import { screen, waitFor, within } from '@testing-library/react';
import { trialView } from '../../subscriptions/view-test-fixtures.ts';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, makeMe, mockApi } from '../../test/api-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import type { AdminUserSubscription } from './api.ts';

beforeAll(() => import('./users-page.tsx'), 60_000);
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

const view = trialView;

const QUENTIN: AdminUserSubscription = {
  userId: 'user-q',
  email: 'quentin@example.com',
  name: 'Quentin Saver',
  isAdmin: false,
  createdAt: '2026-11-27T10:00:00.000Z',
  promoCode: 'HELLO30',
  subscription: view({ promo: { expiresAt: '2027-01-03T10:00:00.000Z', daysLeft: 37, tier: 'bigpig' } }),
  accessReason: 'trial',
};
const PERCY: AdminUserSubscription = {
  userId: 'user-p',
  email: 'percy@example.com',
  name: 'Percy Piglet',
  isAdmin: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  promoCode: null,
  subscription: view({
    tier: 'piglet',
    paymentStatus: 'active',
    isTrialing: false,
    trialExpiresAt: '2026-11-27T10:00:00.000Z',
    isTrialExpired: true,
  }),
  accessReason: 'paid',
};
/** An admin with no subscription row: Big Pig by the role, with access (never "no access"). */
const ADA: AdminUserSubscription = {
  userId: 'user-a',
  email: 'ada@example.com',
  name: 'Ada Admin',
  isAdmin: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  promoCode: null,
  subscription: view({ tier: 'bigpig', isActive: false, hasSubscription: false, paymentStatus: 'inactive' }),
  accessReason: 'admin',
};

function usersServer() {
  let users = [QUENTIN, PERCY, ADA];
  return mockApi({
    'GET /api/me': json(200, makeMe({ isAdmin: true, twoFactorEnabled: true })),
    'GET /api/admin/check': json(200, { isAdmin: true }),
    'GET /api/admin/subscriptions': (request) => {
      const search = request.url.searchParams.get('search') ?? '';
      const found = users.filter((u) => u.email.includes(search));
      return json(200, { users: found, total: found.length });
    },
    'PUT /api/admin/users/user-p/subscription/override': (request) => {
      const { adminOverride } = request.body as { adminOverride: boolean };
      users = users.map((u) =>
        u.userId === 'user-p'
          ? {
              ...u,
              subscription: {
                ...u.subscription,
                hasAdminOverride: adminOverride,
                tier: adminOverride ? 'bigpig' : 'piglet',
              },
              accessReason: adminOverride ? 'override' : 'paid',
            }
          : u,
      );
      return json(200, { subscription: users[1]?.subscription });
    },
  });
}

const rowOf = (email: string) =>
  within(screen.getByRole('table', { name: 'Users and their subscriptions' }))
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(email))!;

describe('the admin users page', () => {
  it("shows each user's plan now, payment status, trial end, promo and override", async () => {
    usersServer();
    renderApp('/admin/users');
    await screen.findByRole('heading', { level: 1, name: 'Users' });
    await screen.findByRole('table', { name: 'Users and their subscriptions' });
    expect(rowOf('quentin@example.com')).toHaveTextContent(
      /Quentin Saver.*Big Pig trial.*trial.*Trial.*04\/12\/2026.*HELLO30 until 03\/01\/2027/,
    );
    expect(rowOf('percy@example.com')).toHaveTextContent(/Piglet.*paid.*Active.*27\/11\/2026 \(ended\)/);
    expect(rowOf('ada@example.com')).toHaveTextContent(/Big Pig.*admin/);
    expect(rowOf('ada@example.com')).not.toHaveTextContent(/no access/);
    expect(
      within(rowOf('percy@example.com')).getByRole('switch', { name: 'Big Pig override for percy@example.com' }),
    ).not.toBeChecked();
    expect(screen.getByText('3 users')).toBeInTheDocument();
  });

  it('searches', async () => {
    const api = usersServer();
    const { user } = renderApp('/admin/users');
    await screen.findByRole('table', { name: 'Users and their subscriptions' });
    await user.type(screen.getByLabelText('Search users by name or email'), 'percy');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByText('1 user matching “percy”')).toBeInTheDocument());
    expect(api.calls('GET /api/admin/subscriptions').at(-1)?.url.searchParams.get('search')).toBe('percy');
  });

  it('sets and clears the override', async () => {
    const api = usersServer();
    const { user } = renderApp('/admin/users');
    await screen.findByRole('table', { name: 'Users and their subscriptions' });
    const toggle = () => within(rowOf('percy@example.com')).getByRole('switch');
    await user.click(toggle());
    expect(await screen.findByText('percy@example.com now has Big Pig')).toBeInTheDocument();
    await waitFor(() => expect(toggle()).toBeChecked());
    expect(rowOf('percy@example.com')).toHaveTextContent(/Big Pig.*admin override/);
    await user.click(toggle());
    await waitFor(() => expect(toggle()).not.toBeChecked());
    expect(api.calls('PUT /api/admin/users/user-p/subscription/override').map((c) => c.body)).toEqual([
      { adminOverride: true },
      { adminOverride: false },
    ]);
  });

  it("shows the server's refusal", async () => {
    mockApi({
      'GET /api/me': json(200, makeMe({ isAdmin: true, twoFactorEnabled: true })),
      'GET /api/admin/check': json(200, { isAdmin: true }),
      'GET /api/admin/subscriptions': apiError(403, 'TWO_FACTOR_REQUIRED', 'Turn on two-factor first'),
    });
    renderApp('/admin/users');
    expect(await screen.findByText('Failed to load users: Turn on two-factor first')).toBeInTheDocument();
  });
});
