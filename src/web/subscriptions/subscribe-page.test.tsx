import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRICES } from '../../core/subscriptions/plans.ts';
import { json, makeMe, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import { payingView, trialView } from './view-test-fixtures.ts';

beforeAll(() => import('./subscribe-page.tsx'), 60_000);

const LOADED = { timeout: 8_000 };

function subscribePage(subscription: ReturnType<typeof trialView>) {
  mockApi({
    'GET /api/me': json(200, makeMe({ tier: subscription.tier })),
    'GET /api/subscription': json(200, subscription),
    'GET /api/subscription/prices': json(200, { prices: DEFAULT_PRICES, isDefault: false }),
    'GET /api/billing/mode': json(200, { testMode: true }),
  });
  return renderApp('/subscribe?tier=bigpig&cycle=monthly');
}

/** /subscribe's API for a saver whose promo code validates to `details` (the other fields null). */
function mockWithValidCode(subscription: ReturnType<typeof trialView>, details: Record<string, unknown>, extra = {}) {
  return mockApi({
    'GET /api/me': json(200, makeMe({ tier: subscription.tier })),
    'GET /api/subscription': json(200, subscription),
    'GET /api/subscription/prices': json(200, { prices: DEFAULT_PRICES, isDefault: false }),
    'GET /api/billing/mode': json(200, { testMode: true }),
    'POST /api/promo-codes/validate': json(200, {
      valid: true,
      message: 'Promo code applied',
      promoDetails: {
        duration_months: null,
        duration_days: null,
        discount_percentage: null,
        discount_months: null,
        discount_days: null,
        is_free_tier: false,
        is_one_time_use: false,
        expires_at: null,
        ...details,
      },
    }),
    ...extra,
  });
}

describe('the checkout during a trial (ADR 0037: paying ends a running trial)', () => {
  it('says before the checkout what paying now does to the trial, with the plan and its price', async () => {
    const { user } = subscribePage(trialView());
    const note = await screen.findByTestId('trial-checkout-note', {}, LOADED);
    expect(note).toHaveTextContent(
      'Your free trial runs until 4 December 2026. Paying now ends it today: £9.99 is taken today for Big Pig (monthly), and the plan’s first period starts today. To use the rest of your trial first, come back before it ends; everything you add is kept.',
    );
    await user.click(screen.getByRole('tab', { name: /Annual/ }));
    const boar = screen.getByRole('group', { name: 'Boar' });
    await user.click(within(boar).getByRole('button', { name: /Select/ }));
    expect(screen.getByTestId('trial-checkout-note')).toHaveTextContent('£49.99 is taken today for Boar (annual)');
  });

  it('says nothing of a trial to a saver who is paying already', async () => {
    subscribePage(payingView());
    await screen.findByTestId('checkout-button', {}, LOADED);
    await screen.findByText(/£9\.99/, {}, LOADED);
    expect(screen.queryByTestId('trial-checkout-note')).toBeNull();
  });
});

describe('a feature_upgrade code on /subscribe (issue 25)', () => {
  it('offers to unlock Big Pig’s features once the code is valid, and applies it by id', async () => {
    const api = mockWithValidCode(
      payingView({ tier: 'piglet' }),
      { id: '11111111-1111-4111-8111-111111111111', promo_type: 'feature_upgrade', duration_months: 1 },
      {
        'POST /api/subscription/feature-promo': json(200, {
          success: true,
          message: 'Big Pig features unlocked',
          subscription: payingView({ tier: 'trial_bigpig' }),
        }),
      },
    );
    const { user } = renderApp('/subscribe');
    expect(await screen.findByTestId('checkout-button', {}, LOADED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unlock Big Pig features' })).toBeNull();
    await user.type(screen.getByLabelText('Promo code'), 'BIGMONTH');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await user.click(await screen.findByRole('button', { name: 'Unlock Big Pig features' }, LOADED));
    expect(await screen.findByText('Big Pig features unlocked', {}, LOADED)).toBeInTheDocument();
    expect(api.calls('POST /api/subscription/feature-promo')[0]?.body).toEqual({
      promoCodeId: '11111111-1111-4111-8111-111111111111',
    });
  });
});

describe('a free-tier code on /subscribe (001 §2, issue 25)', () => {
  it('turns the button into Start Free Trial, says nothing is taken today and when the price is, and sends the code', async () => {
    const api = mockWithValidCode(
      trialView(),
      { id: '22222222-2222-4222-8222-222222222222', promo_type: 'free_trial', duration_days: 14, is_free_tier: true },
      { 'POST /api/billing/checkout': json(200, { url: '/subscription/test-checkout/x.y' }) },
    );
    const { user } = renderApp('/subscribe?tier=bigpig&cycle=monthly');
    expect(await screen.findByRole('button', { name: 'Continue to Checkout' }, LOADED)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Promo code'), 'TRY-FORTNIGHT');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const start = await screen.findByRole('button', { name: 'Start Free Trial (Payment details required)' }, LOADED);
    // The free trial's note replaces "paying now ends your trial": nothing is paid now.
    expect(screen.getByTestId('trial-checkout-note')).toHaveTextContent(
      /^Your promo code gives a 14-day free trial of Big Pig\. Nothing is taken today: £9\.99 for Big Pig is taken on \d{1,2} \w+ \d{4}, then every month until you cancel\./,
    );
    expect(screen.getByTestId('trial-checkout-note')).not.toHaveTextContent('Paying now ends it today');
    await user.click(start);
    expect(api.calls('POST /api/billing/checkout')[0]?.body).toEqual({
      tier: 'bigpig',
      cycle: 'monthly',
      promoCodeId: '22222222-2222-4222-8222-222222222222',
    });
  });
});
