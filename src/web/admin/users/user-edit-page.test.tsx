import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_USER_TEXTS } from '../../../core/admin-users/user-edit.ts';
import { NO_FEATURE_FLAGS } from '../../../core/subscriptions/features.ts';
import { makeProfile } from '../../settings/settings-test-fixtures.ts';
import { trialView } from '../../subscriptions/view-test-fixtures.ts';
import { apiError, json, makeMe, mockApi } from '../../test/api-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import type { AdminUserDetail } from './api.ts';

beforeAll(() => import('./user-edit-page.tsx'), 60_000);
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

const { email: _email, ...profileFields } = makeProfile({ firstName: 'Sam', lastName: 'Saver' });

function userDetail(over: Partial<AdminUserDetail> = {}): AdminUserDetail {
  return {
    userId: 'user-s',
    email: 'sam@example.com',
    createdAt: '2026-11-20T10:00:00.000Z',
    emailVerified: true,
    isSelf: false,
    role: 'subscriber',
    profile: { ...profileFields, createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z' },
    subscription: {
      ...trialView({
        tier: 'boar',
        paymentStatus: 'past_due',
        isTrialing: false,
        billingCycle: 'monthly',
        currentPeriodEnd: '2026-12-03T10:00:00.000Z',
        paymentFailureCount: 2,
        lastPaymentFailureAt: '2026-11-26T10:00:00.000Z',
      }),
      storedTier: 'boar',
      stripeCustomerId: 'cus_123',
      stripeSubscriptionId: 'sub_456',
      promoCode: null,
      accessReason: 'grace',
    },
    settings: {
      ...NO_FEATURE_FLAGS,
      suspended: false,
      suspensionReason: null,
      defaultCurrency: 'GBP',
      darkModeEnabled: true,
      notificationsEnabled: true,
      loginNotificationsEnabled: false,
      twoFactorEnabled: false,
    },
    accountCap: { max: 10, source: 'tier', tier: 'boar' },
    hubspot: {
      contactId: 'hs-77',
      syncedAt: '2026-11-21T09:00:00.000Z',
      lifecycleStage: 'customer',
      leadScore: '42',
      lastActivityDate: null,
    },
    presence: { isOnline: true, status: 'online', onlineAt: '2026-11-28T10:00:00.000Z' },
    activity: {
      lastLoginAt: '2026-11-28T09:30:00.000Z',
      lastActiveAt: '2026-11-28T10:00:00.000Z',
      lastSignoutAt: null,
      lastAutoLogoutAt: null,
      liveSessions: 1,
      devices: [{ firstSeenAt: '2026-11-20T10:00:00.000Z', lastSeenAt: '2026-11-28T09:30:00.000Z' }],
      auditEntries: [],
    },
    ...over,
  };
}

function userServer(user = userDetail(), patch: Parameters<typeof mockApi>[0][string] | undefined = undefined) {
  let current = user;
  return mockApi({
    'GET /api/me': json(200, makeMe({ isAdmin: true, twoFactorEnabled: true })),
    'GET /api/admin/check': json(200, { isAdmin: true }),
    'GET /api/admin/users/user-s': () => json(200, { user: current }),
    'GET /api/admin/audit-log': json(200, {
      entries: [
        {
          id: 'e1',
          adminId: 'admin',
          adminEmail: 'ada@example.com',
          action: 'user.suspend',
          subjectType: 'user',
          subjectId: 'user-s',
          before: { suspended: false },
          after: { suspended: true },
          createdAt: '2026-11-27T10:00:00.000Z',
        },
      ],
      nextAfterId: null,
    }),
    'PATCH /api/admin/users/user-s':
      patch ??
      ((request) => {
        const body = request.body as { settings?: Partial<AdminUserDetail['settings']> };
        current = { ...current, settings: { ...current.settings, ...body.settings } };
        return json(200, { user: current });
      }),
  });
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('the admin user detail page', () => {
  it('says the spec’s loading text, then shows the six tabs with the profile first', async () => {
    userServer();
    renderApp('/admin/users/user-s/edit');
    expect(await screen.findByText(ADMIN_USER_TEXTS.loading)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sam Saver' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Profile',
      'Account',
      'Subscription',
      'Settings',
      'HubSpot',
      'Activity',
    ]);
    expect(screen.getByLabelText('First name')).toHaveValue('Sam');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByRole('link', { name: 'Back to Users' })).toHaveAttribute('href', '/admin/users');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  });

  it("goes Back to Users at the list's search and page when the list led here", async () => {
    userServer();
    renderApp({ pathname: '/admin/users/user-s/edit', state: { listSearch: '?search=sam&offset=50' } });
    expect(await screen.findByRole('link', { name: 'Back to Users' })).toHaveAttribute(
      'href',
      '/admin/users?search=sam&offset=50',
    );
  });

  it('says User not found for an unknown user', async () => {
    mockApi({
      'GET /api/me': json(200, makeMe({ isAdmin: true, twoFactorEnabled: true })),
      'GET /api/admin/check': json(200, { isAdmin: true }),
      'GET /api/admin/users/nobody': apiError(404, 'NOT_FOUND', 'User not found'),
    });
    renderApp('/admin/users/nobody/edit');
    expect(await screen.findByRole('heading', { name: ADMIN_USER_TEXTS.missing })).toBeInTheDocument();
  });

  it('saves only what changed in the profile, and says User updated successfully', async () => {
    const api = userServer();
    const { user } = renderApp('/admin/users/user-s/edit');
    const town = await screen.findByLabelText(/Town or city/);
    await user.type(town, 'Leeds');
    await user.type(screen.getByLabelText(/Postcode/), 'ls1 4dy');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(ADMIN_USER_TEXTS.updated)).toBeInTheDocument();
    expect(api.calls('PATCH /api/admin/users/user-s').map((c) => c.body)).toEqual([
      { profile: { town: 'Leeds', postcode: 'ls1 4dy' } },
    ]);
  });

  it('shows the reason box only when suspended, and sends the suspension with its reason', async () => {
    const api = userServer();
    const { user } = renderApp('/admin/users/user-s/edit');
    await screen.findByRole('heading', { level: 1, name: 'Sam Saver' });
    await user.click(tab('Account'));
    expect(screen.queryByLabelText('Reason for the suspension')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Suspended' }));
    const reason = screen.getByLabelText('Reason for the suspension');
    // Saving without a reason: the schema's message, on the field, and nothing sent.
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findAllByText(ADMIN_USER_TEXTS.reasonRequired)).not.toHaveLength(0);
    expect(api.calls('PATCH /api/admin/users/user-s')).toHaveLength(0);
    await user.type(reason, 'Chargeback fraud');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText(ADMIN_USER_TEXTS.updated);
    expect(api.calls('PATCH /api/admin/users/user-s').map((c) => c.body)).toEqual([
      { settings: { suspended: true, suspensionReason: 'Chargeback fraud' } },
    ]);
    await user.click(screen.getByRole('checkbox', { name: 'Suspended' }));
    expect(screen.queryByLabelText('Reason for the suspension')).not.toBeInTheDocument();
  });

  it('does not offer an admin their own role or suspension', async () => {
    userServer(userDetail({ isSelf: true, role: 'admin' }));
    const { user } = renderApp('/admin/users/user-s/edit');
    await screen.findByRole('heading', { level: 1, name: 'Sam Saver' });
    await user.click(tab('Account'));
    expect(screen.getByLabelText('Role')).toBeDisabled();
    expect(screen.getByText('This is you: another admin must remove your admin role.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Suspended' })).not.toBeInTheDocument();
  });

  it('sets feature flags, a whole-number Maximum Accounts and the currency, refusing a fraction', async () => {
    const api = userServer();
    const { user } = renderApp('/admin/users/user-s/edit');
    await screen.findByRole('heading', { level: 1, name: 'Sam Saver' });
    await user.click(tab('Settings'));
    expect(screen.getByText("Empty: the plan's limit applies (10 now).")).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Pension tracking' }));
    const max = screen.getByLabelText(/Maximum Accounts/);
    await user.type(max, '2.5');
    await user.selectOptions(screen.getByLabelText('Default currency'), 'EUR');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findAllByText(ADMIN_USER_TEXTS.maxAccounts)).not.toHaveLength(0);
    expect(api.calls('PATCH /api/admin/users/user-s')).toHaveLength(0);
    await user.clear(max);
    await user.type(max, '2');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText(ADMIN_USER_TEXTS.updated);
    expect(api.calls('PATCH /api/admin/users/user-s').map((c) => c.body)).toEqual([
      { settings: { hasPensions: true, maxAccounts: 2, defaultCurrency: 'EUR' } },
    ]);
  });

  it('shows the billing fields and turns the Big Pig tier override on', async () => {
    const api = userServer();
    const { user } = renderApp('/admin/users/user-s/edit');
    await screen.findByRole('heading', { level: 1, name: 'Sam Saver' });
    await user.click(tab('Subscription'));
    const panel = screen.getByRole('tabpanel', { name: 'Subscription' });
    expect(panel).toHaveTextContent(/Plan now\s*Boar \(payment failed, in its grace period\)/);
    expect(panel).toHaveTextContent(/Billing cycle\s*Monthly/);
    expect(panel).toHaveTextContent(/Renews\s*03\/12\/2026/);
    expect(panel).toHaveTextContent(/Payment failures\s*2, the last on 26\/11\/2026/);
    await user.click(within(panel).getByRole('checkbox', { name: 'Tier override: Big Pig' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText(ADMIN_USER_TEXTS.updated);
    expect(api.calls('PATCH /api/admin/users/user-s').map((c) => c.body)).toEqual([
      { subscription: { adminOverride: true } },
    ]);
  });

  it("shows what HubSpot stored and the user's activity", async () => {
    userServer();
    const { user } = renderApp('/admin/users/user-s/edit');
    await screen.findByRole('heading', { level: 1, name: 'Sam Saver' });
    await user.click(tab('HubSpot'));
    expect(screen.getByRole('tabpanel', { name: 'HubSpot' })).toHaveTextContent(
      /HubSpot contact ID\s*hs-77.*Lifecycle stage\s*customer.*Lead score\s*42/,
    );
    await user.click(tab('Activity'));
    const activity = screen.getByRole('tabpanel', { name: 'Activity' });
    expect(activity).toHaveTextContent(/Last signed in\s*28 Nov 2026/);
    expect(activity).toHaveTextContent(/Online now\s*Yes/);
    expect(await within(activity).findByText('Suspended a user')).toBeInTheDocument();
  });

  it("says Failed to update user with the server's reason", async () => {
    userServer(userDetail(), apiError(403, 'FORBIDDEN', ADMIN_USER_TEXTS.ownAdminRole));
    const { user } = renderApp('/admin/users/user-s/edit');
    await user.type(await screen.findByLabelText(/Town or city/), 'York');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(ADMIN_USER_TEXTS.ownAdminRole)).toBeInTheDocument();
    expect(await screen.findByText(ADMIN_USER_TEXTS.updateFailed)).toBeInTheDocument();
  });
});
