import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, makeMe, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import type { AppNotification, NotificationList } from './api.ts';
import { DISMISSED_STORAGE_KEY } from './dismissed-store.ts';

beforeAll(() => import('./notifications-page.tsx'), 60_000);

const over: AppNotification = {
  id: 'protection:deposit|frn:169628:abc',
  kind: 'protection',
  severity: 'error',
  title: '£20,000.00 over the limit at Bank of Scotland plc',
  message: 'You have £140,000.00 with Bank of Scotland plc.',
  link: { label: 'Open the Protection Hub', href: '/protection' },
  date: '2026-11-27',
  dismissible: true,
};

const paymentFailed: AppNotification = {
  id: 'subscription:payment-failed:xyz',
  kind: 'subscription',
  severity: 'error',
  title: 'Payment Failed',
  message: 'Your payment failed. You have 5 days left in your grace period.',
  link: { label: 'Update Payment Method', href: '/settings/subscription/payment' },
  date: '2026-12-02',
  dismissible: false,
};

/** The page's chunk and its first answer can take a while on a busy machine. */
const LOADED = { timeout: 8_000 };

const listOf = (notifications: AppNotification[], enabled = true): NotificationList => ({
  date: '2026-11-27',
  enabled,
  notifications,
});

describe('notifications', () => {
  it('lists each with its link, dismisses one on the server and here, and moves focus to the heading', async () => {
    localStorage.removeItem(DISMISSED_STORAGE_KEY);
    const api = mockApi({
      'GET /api/me': json(200, makeMe()),
      'GET /api/notifications': json(200, listOf([over])),
      'POST /api/notifications/dismissals': json(200, listOf([])),
    });
    const { user } = renderApp('/notifications');
    await screen.findByRole('heading', { name: 'Notifications', level: 1 }, LOADED);
    const main = screen.getByRole('main');
    await within(main).findByText(over.title, { exact: false }, LOADED);
    expect(within(main).getByRole('link', { name: `Open the Protection Hub: ${over.title}` })).toHaveAttribute(
      'href',
      '/protection',
    );
    expect(screen.getByRole('button', { name: 'Notifications, 1 new' })).toBeInTheDocument();
    await user.click(within(main).getByRole('button', { name: `Dismiss: ${over.title}` }));
    await within(main).findByText("You're all caught up: nothing needs your attention.");
    expect(api.calls('POST /api/notifications/dismissals')[0]?.body).toEqual({ id: over.id });
    expect(Object.keys(JSON.parse(localStorage.getItem(DISMISSED_STORAGE_KEY) ?? '{}'))).toEqual([over.id]);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Notifications', level: 1 })),
    );
  });

  it('reloads when the bell’s dropdown opens, and hides what was dismissed in this browser', async () => {
    localStorage.setItem(DISMISSED_STORAGE_KEY, JSON.stringify({ [over.id]: '2026-11-27T09:00:00.000Z' }));
    const api = mockApi({
      'GET /api/me': json(200, makeMe()),
      'GET /api/notifications': json(200, listOf([over])),
    });
    const { user } = renderApp('/notifications');
    await screen.findByText("You're all caught up: nothing needs your attention.", {}, LOADED);
    const before = api.calls('GET /api/notifications').length;
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    await screen.findByRole('dialog', { name: 'Notifications' });
    await waitFor(() => expect(api.calls('GET /api/notifications').length).toBeGreaterThan(before));
    localStorage.removeItem(DISMISSED_STORAGE_KEY);
  });

  it('shows Payment Failed with its action and no dismiss button, even when stored as dismissed here', async () => {
    localStorage.setItem(DISMISSED_STORAGE_KEY, JSON.stringify({ [paymentFailed.id]: '2026-11-27T09:00:00.000Z' }));
    mockApi({ 'GET /api/me': json(200, makeMe()), 'GET /api/notifications': json(200, listOf([paymentFailed])) });
    renderApp('/notifications');
    await screen.findByRole('heading', { name: 'Notifications', level: 1 }, LOADED);
    const main = screen.getByRole('main');
    await within(main).findByText(paymentFailed.message, {}, LOADED);
    expect(within(main).getByRole('link', { name: `Update Payment Method: Payment Failed` })).toHaveAttribute(
      'href',
      '/settings/subscription/payment',
    );
    expect(within(main).queryByRole('button', { name: /Dismiss/ })).toBeNull();
    localStorage.removeItem(DISMISSED_STORAGE_KEY);
  });

  it('says when Account notifications are off', async () => {
    mockApi({ 'GET /api/me': json(200, makeMe()), 'GET /api/notifications': json(200, listOf([], false)) });
    renderApp('/notifications');
    await screen.findByRole('heading', { name: 'Notifications', level: 1 }, LOADED);
    const main = screen.getByRole('main');
    await within(main).findByText(/Account notifications are off/, {}, LOADED);
    expect(within(main).getByRole('link', { name: 'Turn them on in Settings' })).toBeInTheDocument();
  });
});
