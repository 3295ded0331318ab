import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { trialView } from '../../subscriptions/view-test-fixtures.ts';
import { apiError, json, makeMe, mockApi } from '../../test/api-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import type { AdminUserListItem } from './api.ts';
import { countText } from './users-page.tsx';

beforeAll(() => import('./users-page.tsx'), 60_000);
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

const view = trialView;
const offline = { isOnline: false, status: null, onlineAt: null };

const QUENTIN: AdminUserListItem = {
  userId: 'user-q',
  email: 'quentin@example.com',
  name: 'Quentin Saver',
  role: 'subscriber',
  createdAt: '2026-11-27T10:00:00.000Z',
  lastActiveAt: '2026-11-28T14:05:00.000Z',
  presence: { isOnline: true, status: 'online', onlineAt: '2026-11-28T14:05:00.000Z' },
  suspended: false,
  promoCode: 'HELLO30',
  subscription: view({ promo: { expiresAt: '2027-01-03T10:00:00.000Z', daysLeft: 37, tier: 'bigpig' } }),
  accessReason: 'trial',
};
const PERCY: AdminUserListItem = {
  userId: 'user-p',
  email: 'percy@example.com',
  name: 'Percy Piglet',
  role: 'subscriber',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastActiveAt: null,
  presence: offline,
  suspended: true,
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
const ADA: AdminUserListItem = {
  userId: 'user-a',
  email: 'ada@example.com',
  name: 'Ada Admin',
  role: 'admin',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastActiveAt: '2026-11-28T09:00:00.000Z',
  presence: offline,
  suspended: false,
  promoCode: null,
  subscription: view({ tier: 'bigpig', isActive: false, hasSubscription: false, paymentStatus: 'inactive' }),
  accessReason: 'admin',
};

function usersServer(users = [QUENTIN, PERCY, ADA]) {
  return mockApi({
    'GET /api/me': json(200, makeMe({ isAdmin: true, twoFactorEnabled: true })),
    'GET /api/admin/check': json(200, { isAdmin: true }),
    'GET /api/admin/users': (request) => {
      const search = request.url.searchParams.get('search') ?? '';
      const found = users.filter((u) => u.email.includes(search) || u.name.toLowerCase().includes(search));
      return json(200, { users: found, total: found.length, isCapped: false, pageSize: 50 });
    },
  });
}

const rowOf = (email: string) =>
  within(screen.getByRole('table', { name: 'Users' }))
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(email))!;
const cell = (email: string, label: string) => rowOf(email).querySelector(`[data-label="${label}"]`)!;

describe('the admin users list', () => {
  it("shows each user's role, plan now and why, status, trial end, promo, last activity, presence and suspension", async () => {
    usersServer();
    renderApp('/admin/users');
    await screen.findByRole('heading', { level: 1, name: 'Users' });
    await screen.findByRole('table', { name: 'Users' });
    expect(rowOf('quentin@example.com')).toHaveTextContent(
      /Quentin Saver.*Subscriber.*Big Pig trial.*trial.*Trial.*04\/12\/2026.*HELLO30 until 03\/01\/2027/,
    );
    expect(cell('quentin@example.com', 'Last active')).toHaveTextContent('28 Nov 2026');
    expect(cell('quentin@example.com', 'Online now')).toHaveTextContent('Online');
    expect(cell('quentin@example.com', 'Suspended')).toHaveTextContent('No');
    expect(rowOf('percy@example.com')).toHaveTextContent(/Piglet.*paid.*Active.*27\/11\/2026 \(ended\)/);
    expect(cell('percy@example.com', 'Last active')).toHaveTextContent('Never');
    expect(cell('percy@example.com', 'Online now')).toHaveTextContent('No');
    expect(cell('percy@example.com', 'Suspended')).toHaveTextContent('Suspended');
    expect(cell('ada@example.com', 'Role')).toHaveTextContent('Admin');
    expect(rowOf('ada@example.com')).toHaveTextContent(/Big Pig.*admin.*No subscription yet/);
    expect(rowOf('ada@example.com')).not.toHaveTextContent(/no access/);
    expect(within(rowOf('percy@example.com')).getByRole('link', { name: 'Edit percy@example.com' })).toHaveAttribute(
      'href',
      '/admin/users/user-p/edit',
    );
    expect(screen.getByText('3 users')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Settings' })).toHaveAttribute('href', '/admin/settings');
  });

  it('searches by part of an e-mail address', async () => {
    const api = usersServer();
    const { user, router } = renderApp('/admin/users');
    await screen.findByRole('table', { name: 'Users' });
    await user.type(screen.getByLabelText('Search users by name or email'), 'percy@');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByText('1 user matching “percy@”')).toBeInTheDocument());
    expect(api.calls('GET /api/admin/users').at(-1)?.url.searchParams.get('search')).toBe('percy@');
    // The search is in the address, so Back returns to it.
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('percy@');
    await user.clear(screen.getByLabelText('Search users by name or email'));
    await user.type(screen.getByLabelText('Search users by name or email'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: 'No users match “nobody”' })).toBeInTheDocument();
  });

  it('opens on the search and page the address names', async () => {
    const api = usersServer();
    renderApp('/admin/users?search=quentin&offset=50');
    await waitFor(() => expect(api.calls('GET /api/admin/users')).not.toHaveLength(0));
    expect(api.calls('GET /api/admin/users').at(-1)?.url.searchParams.get('search')).toBe('quentin');
    expect(api.calls('GET /api/admin/users').at(-1)?.url.searchParams.get('offset')).toBe('50');
    expect(screen.getByLabelText('Search users by name or email')).toHaveValue('quentin');
  });

  it('pages through a long list', async () => {
    const many = Array.from({ length: 120 }, (_, i) => ({
      ...QUENTIN,
      userId: `u${i}`,
      email: `saver${i}@example.com`,
    }));
    const api = mockApi({
      'GET /api/me': json(200, makeMe({ isAdmin: true, twoFactorEnabled: true })),
      'GET /api/admin/check': json(200, { isAdmin: true }),
      'GET /api/admin/users': (request) => {
        const offset = Number(request.url.searchParams.get('offset') ?? 0);
        return json(200, { users: many.slice(offset, offset + 50), total: 120, isCapped: false, pageSize: 50 });
      },
    });
    const { user } = renderApp('/admin/users');
    await screen.findByText('120 users, showing 1–50');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('120 users, showing 51–100');
    expect(api.calls('GET /api/admin/users').at(-1)?.url.searchParams.get('offset')).toBe('50');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('120 users, showing 101–120');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('120 users, showing 51–100');
  });

  it('says when a search found more users than it lists', () => {
    expect(countText({ total: 1001, isCapped: true, search: 'a', offset: 0, shown: 50 })).toBe(
      'More than 1,000 users matching “a”, showing 1–50',
    );
    expect(countText({ total: 1, isCapped: false, search: '', offset: 0, shown: 1 })).toBe('1 user');
  });

  it("shows the server's refusal", async () => {
    mockApi({
      'GET /api/me': json(200, makeMe({ isAdmin: true, twoFactorEnabled: true })),
      'GET /api/admin/check': json(200, { isAdmin: true }),
      'GET /api/admin/users': apiError(403, 'TWO_FACTOR_REQUIRED', 'Turn on two-factor first'),
    });
    renderApp('/admin/users');
    expect(await screen.findByText('Failed to load users: Turn on two-factor first')).toBeInTheDocument();
  });
});
