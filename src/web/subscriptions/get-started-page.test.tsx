import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { json, makeMe, meHandler, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import { getStartedDestination } from './get-started-page.tsx';
import { keepPendingCheckout, PENDING_CHECKOUT_KEY } from './pending-checkout.ts';

beforeAll(() => import('./get-started-page.tsx'), 60_000);
afterEach(() => localStorage.clear());

describe('/get-started and the pending checkout', () => {
  it('sends someone signed in to the plan they chose, or else to the dashboard', () => {
    expect(getStartedDestination({ tier: 'boar', cycle: 'annual' })).toBe('/subscribe?tier=boar&cycle=annual');
    expect(getStartedDestination(null)).toBe('/dashboard');
  });

  it('shows a visitor the plan they chose, with sign-up and log-in that come back here', async () => {
    mockApi({ 'GET /api/me': meHandler(null) });
    keepPendingCheckout({ tier: 'boar', cycle: 'annual' });
    const { user, router } = renderApp('/get-started');
    await screen.findByRole('heading', { level: 1, name: 'Get started' });
    expect(screen.getByText(/You chose the Boar plan, billed annually/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your account' })).toHaveAttribute('href', '/signup');
    // Shown, not used: the flag stays until they are signed in.
    expect(localStorage.getItem(PENDING_CHECKOUT_KEY)).not.toBeNull();
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: { pathname: '/get-started' } });
  });

  it('offers the plans to a visitor who has not chosen one', async () => {
    mockApi({ 'GET /api/me': meHandler(null) });
    renderApp('/get-started');
    await screen.findByRole('heading', { level: 1, name: 'Get started' });
    expect(screen.getByRole('link', { name: 'See plans and prices' })).toHaveAttribute('href', '/plans');
  });

  it('takes someone signed in on to /subscribe with their plan and cycle, and clears the flag', async () => {
    mockApi({
      'GET /api/me': json(200, makeMe()),
      'GET /api/subscription/prices': json(200, {
        isDefault: true,
        prices: {
          piglet: { monthlyPrice: 199, yearlyPrice: 1999 },
          boar: { monthlyPrice: 499, yearlyPrice: 4999 },
          bigpig: { monthlyPrice: 999, yearlyPrice: 9999 },
        },
      }),
    });
    keepPendingCheckout({ tier: 'piglet', cycle: 'annual' });
    const { router } = renderApp('/get-started');
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscribe'));
    expect(router.state.location.search).toBe('?tier=piglet&cycle=annual');
    expect(localStorage.getItem(PENDING_CHECKOUT_KEY)).toBeNull();
  });

  it('takes someone signed in without a chosen plan to the dashboard', async () => {
    mockApi({ 'GET /api/me': json(200, makeMe()) });
    const { router } = renderApp('/get-started');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
