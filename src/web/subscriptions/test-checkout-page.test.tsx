import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, makeMe, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';

const LOADED = { timeout: 8_000 };
const ID = 'abc.def';
const checkout = {
  testMode: true,
  tier: 'bigpig',
  planName: 'Big Pig',
  cycle: 'annual',
  pricePence: 9999,
  discountPercent: 100,
  amountPence: 0,
  isRetry: false,
  trial: null,
};

describe('the test-mode checkout page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('Cancel expires the checkout on the server (giving back its promo code) before leaving', async () => {
    const api = mockApi({
      'GET /api/me': json(200, makeMe({ tier: 'bigpig' })),
      [`GET /api/billing/test-checkout/${ID}`]: json(200, checkout),
      [`POST /api/billing/test-checkout/${ID}/cancel`]: json(200, { redirectTo: '/subscription/cancel' }),
    });
    const { user, router } = renderApp(`/subscription/test-checkout/${ID}`);
    await screen.findByText('Big Pig plan', {}, LOADED);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription/cancel'), LOADED);
    expect(api.calls(`POST /api/billing/test-checkout/${ID}/cancel`)).toHaveLength(1);
  });

  it("a free-tier code's checkout starts a trial: nothing due today, the first payment's day and amount", async () => {
    mockApi({
      'GET /api/me': json(200, makeMe({ tier: 'trial_bigpig' })),
      [`GET /api/billing/test-checkout/${ID}`]: json(200, {
        ...checkout,
        cycle: 'monthly',
        pricePence: 999,
        discountPercent: null,
        trial: { days: 14, endsAt: '2026-12-11T10:00:00.000Z', thenPence: 999 },
      }),
    });
    renderApp(`/subscription/test-checkout/${ID}`);
    expect(await screen.findByText('Start a 14-day free trial, then billed monthly.', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByTestId('amount-due')).toHaveTextContent('£0.00');
    expect(screen.getByText('First payment, on 11 December 2026')).toBeInTheDocument();
    expect(screen.getByTestId('first-payment')).toHaveTextContent('£9.99');
    expect(screen.getByRole('button', { name: 'Start trial (test)' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Pay (test)' })).toBeNull();
  });

  it('says why a second Pay is refused (a checkout is paid once)', async () => {
    const settled = 'This test checkout has already been paid, declined or cancelled. Choose a plan again.';
    mockApi({
      'GET /api/me': json(200, makeMe({ tier: 'bigpig' })),
      [`GET /api/billing/test-checkout/${ID}`]: json(200, checkout),
      [`POST /api/billing/test-checkout/${ID}/pay`]: apiError(409, 'CONFLICT', settled),
    });
    const { user } = renderApp(`/subscription/test-checkout/${ID}`);
    await screen.findByText('Big Pig plan', {}, LOADED);
    await user.click(screen.getByRole('button', { name: 'Pay (test)' }));
    expect(await screen.findByRole('alert', {}, LOADED)).toHaveTextContent(settled);
  });
});
