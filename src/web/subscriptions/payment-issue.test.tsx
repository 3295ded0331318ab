import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, json, makeMe, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import type { Subscription } from './api.ts';
import { payingView } from './view-test-fixtures.ts';

beforeAll(() => import('../smart-pig/smart-pig-page.tsx'), 60_000);

const LOADED = { timeout: 8_000 };
const DAY = 86_400_000;

const pastDue = (daysAgo: number, status = 'past_due'): Subscription =>
  payingView({
    paymentStatus: status,
    isActive: status === 'past_due',
    currentPeriodEnd: null,
    lastPaymentFailureAt: new Date(Date.now() - daysAgo * DAY).toISOString(),
    paymentFailureCount: 1,
  });

describe('payment issue', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the banner with the days left, and dims a Big Pig page so nothing in it can be reached', async () => {
    mockApi({
      'GET /api/me': json(200, makeMe({ tier: 'bigpig' })),
      'GET /api/subscription': json(200, pastDue(2)),
    });
    renderApp('/smart-pig');
    const banner = await screen.findByRole('region', { name: 'Payment Issue Detected' }, LOADED);
    expect(banner).toHaveTextContent('Your payment failed. You have 5 days left in your grace period.');
    expect(within(banner).getByRole('button', { name: /Update Payment Method/ })).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: /Retry Payment/ })).toBeInTheDocument();
    const prompt = await screen.findByRole('region', { name: 'Update your payment method to use this page' }, LOADED);
    expect(prompt).toHaveTextContent('You have 5 days left in your grace period.');
    const dimmed = screen.getByTestId('grace-dimmed');
    expect(dimmed).toHaveAttribute('inert');
    expect(prompt.compareDocumentPosition(dimmed) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('dims for status failed too, where access would otherwise have ended', async () => {
    mockApi({
      'GET /api/me': json(200, makeMe({ tier: 'bigpig' })),
      'GET /api/subscription': json(200, pastDue(6, 'failed')),
    });
    renderApp('/smart-pig');
    await screen.findByRole('region', { name: 'Update your payment method to use this page' }, LOADED);
    expect(screen.getByRole('region', { name: 'Payment Issue Detected' })).toHaveTextContent('1 day left');
  });

  it("says 'Failed to retry payment. Please try again.' when the retry is refused, and closes the tab it opened", async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const api = mockApi({
      'GET /api/me': json(200, makeMe({ tier: 'bigpig' })),
      'GET /api/subscription': json(200, pastDue(2)),
      'POST /api/billing/retry-payment': apiError(404, 'NOT_FOUND', 'Not found'),
    });
    const { user } = renderApp('/dashboard');
    const banner = await screen.findByRole('region', { name: 'Payment Issue Detected' }, LOADED);
    await user.click(within(banner).getByRole('button', { name: /Retry Payment/ }));
    await screen.findByText('Failed to retry payment. Please try again.', {}, LOADED);
    expect(tab.close).toHaveBeenCalled();
    expect(api.calls('POST /api/billing/retry-payment')).toHaveLength(1);
  });

  it('opens the portal in a new tab from Update Payment Method', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    mockApi({
      'GET /api/me': json(200, makeMe({ tier: 'bigpig' })),
      'GET /api/subscription': json(200, pastDue(2)),
      'POST /api/billing/portal': json(200, { url: 'https://billing.example/portal/1' }),
    });
    const { user } = renderApp('/dashboard');
    const banner = await screen.findByRole('region', { name: 'Payment Issue Detected' }, LOADED);
    await user.click(within(banner).getByRole('button', { name: /Update Payment Method/ }));
    await waitFor(() => expect(tab.location.href).toBe('https://billing.example/portal/1'));
  });

  it('shows no banner once the grace period is over, or without a problem', async () => {
    mockApi({
      'GET /api/me': json(200, makeMe({ tier: 'bigpig' })),
      'GET /api/subscription': json(200, { ...pastDue(2), paymentStatus: 'active' }),
    });
    renderApp('/smart-pig');
    await screen.findByRole('heading', { level: 1 }, LOADED);
    expect(screen.queryByRole('region', { name: 'Payment Issue Detected' })).toBeNull();
    expect(screen.queryByTestId('grace-dimmed')).toBeNull();
  });
});
