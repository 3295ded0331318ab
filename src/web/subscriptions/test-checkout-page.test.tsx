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
