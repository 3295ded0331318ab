import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { json, makeMe, meHandler, mockApi } from '../test/api-mock.ts';
import { makeProfile, makeSessions, makeSettings } from './settings-test-fixtures.ts';
import { renderApp } from '../test/render-app.tsx';
import { SETTINGS_TAB_STORAGE_KEY } from './settings-tabs.ts';

function signedIn() {
  return mockApi({
    'GET /api/me': meHandler(makeMe()),
    'GET /api/profile': json(200, makeProfile()),
    'GET /api/settings': json(200, makeSettings()),
    'GET /api/account/sessions': json(200, { sessions: makeSessions() }),
  });
}

// The page is lazy-loaded; transform it once before the first test's clock starts.
beforeAll(() => import('./settings-page.tsx'), 60_000);

afterEach(() => window.localStorage.clear());

describe('the settings page', () => {
  it('opens the general tab by default and puts it in the address', async () => {
    signedIn();
    const { router } = renderApp('/settings');
    expect(await screen.findByRole('tab', { name: 'General', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=general'));
    expect(window.localStorage.getItem(SETTINGS_TAB_STORAGE_KEY)).toBe('general');
  });

  it('shows the five tabs in order', async () => {
    signedIn();
    renderApp('/settings');
    await screen.findByRole('tab', { name: 'General' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'General',
      'Profile',
      'Subscription',
      'Notifications',
      'Security',
    ]);
  });

  it('opens the tab named in ?tab=', async () => {
    signedIn();
    renderApp('/settings?tab=security');
    expect(await screen.findByRole('tab', { name: 'Security', selected: true })).toBeInTheDocument();
  });

  it('opens the tab named in the navigation state', async () => {
    signedIn();
    renderApp({ pathname: '/settings', state: { activeTab: 'notifications' } });
    expect(await screen.findByRole('tab', { name: 'Notifications', selected: true })).toBeInTheDocument();
  });

  it('reopens the remembered tab', async () => {
    window.localStorage.setItem(SETTINGS_TAB_STORAGE_KEY, 'security');
    signedIn();
    renderApp('/settings');
    expect(await screen.findByRole('tab', { name: 'Security', selected: true })).toBeInTheDocument();
  });

  it('remembers the tab the user picks and shows it in the address', async () => {
    signedIn();
    const { user, router } = renderApp('/settings');
    await user.click(await screen.findByRole('tab', { name: 'Notifications' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=notifications'));
    expect(screen.getByRole('tab', { name: 'Notifications', selected: true })).toBeInTheDocument();
    expect(window.localStorage.getItem(SETTINGS_TAB_STORAGE_KEY)).toBe('notifications');
  });

  it('/profile redirects to the profile tab', async () => {
    signedIn();
    const { router } = renderApp('/profile');
    expect(await screen.findByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=profile'));
  });

  it.each(['/settings/subscription', '/settings/subscription/payment'])(
    '%s redirects to the subscription tab',
    async (path) => {
      signedIn();
      const { router } = renderApp(path);
      expect(await screen.findByRole('tab', { name: 'Subscription', selected: true })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/settings');
      await waitFor(() => expect(router.state.location.search).toBe('?tab=subscription'));
    },
  );
});
