import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeProfile, makeSessions, makeSettings } from '../settings/settings-test-fixtures.ts';
import { apiError, json, makeMe, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import { trialView } from './view-test-fixtures.ts';

// The settings page is lazy-loaded; transform it once before the first test's clock starts.
beforeAll(() => import('../settings/settings-page.tsx'), 60_000);

const LOADED = { timeout: 8_000 };

/** A saver whose trial ended yesterday: no plan, no other access. */
const trialEnded = trialView({
  tier: 'piglet',
  isActive: false,
  paymentStatus: 'trial_expired',
  isTrialing: false,
  trialDaysLeft: null,
  trialExpiresAt: new Date(Date.now() - 86_400_000).toISOString(),
  isTrialExpired: true,
});

function trialEndedSaver() {
  let signedIn = true;
  const api = mockApi({
    'GET /api/me': () =>
      signedIn ? json(200, makeMe({ tier: 'piglet' })) : apiError(401, 'UNAUTHORIZED', 'Authentication required'),
    'GET /api/subscription': json(200, trialEnded),
    'GET /api/profile': json(200, makeProfile()),
    'GET /api/settings': json(200, makeSettings()),
    'GET /api/account/sessions': json(200, { sessions: makeSessions() }),
    'POST /api/auth/sign-out': () => {
      signedIn = false;
      return json(200, { success: true });
    },
  });
  return api;
}

describe('a saver whose trial has ended', () => {
  it('sees the trial-ended screen in place of the app, with a way to Settings', async () => {
    trialEndedSaver();
    const { user, router } = renderApp('/accounts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Trial Has Ended' }, LOADED)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'open Settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' }, LOADED)).toBeInTheDocument();
  });

  it('can open /settings to export or delete their data, and sign out from there', async () => {
    const api = trialEndedSaver();
    const { user, router } = renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' }, LOADED)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your Trial Has Ended' })).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Account menu for Jane Doe' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(api.calls('POST /api/auth/sign-out')).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });

  it('can sign out from the trial-ended screen itself', async () => {
    const api = trialEndedSaver();
    const { user, router } = renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Your Trial Has Ended' }, LOADED);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(api.calls('POST /api/auth/sign-out')).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
