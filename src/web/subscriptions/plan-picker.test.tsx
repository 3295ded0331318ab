import { screen, within } from '@testing-library/react';
import { DEFAULT_PRICES, PLANS } from '../../core/subscriptions/plans.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, meHandler, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';

beforeAll(() => import('./plans-page.tsx'), 60_000);

describe('the plan picker’s annual saving (issue 25)', () => {
  it('states the saving the prices give, never a typed 20%', async () => {
    mockApi({
      'GET /api/me': meHandler(null),
      'GET /api/subscription/prices': json(200, {
        prices: {
          piglet: { monthlyPrice: 299, yearlyPrice: 2999 },
          boar: { monthlyPrice: 499, yearlyPrice: 4999 },
          bigpig: { monthlyPrice: 999, yearlyPrice: 9999 },
        },
        isDefault: false,
      }),
    });
    renderApp('/plans');
    const annual = await screen.findByRole('tab', { name: /Annual Save 16%/ });
    expect(annual).toBeInTheDocument();
    expect(screen.queryByText(/20%/)).not.toBeInTheDocument();
  });

  it('claims no saving when a year costs as much as twelve months', async () => {
    mockApi({
      'GET /api/me': meHandler(null),
      'GET /api/subscription/prices': json(200, {
        prices: {
          piglet: { monthlyPrice: 299, yearlyPrice: 3588 },
          boar: { monthlyPrice: 499, yearlyPrice: 4999 },
          bigpig: { monthlyPrice: 999, yearlyPrice: 9999 },
        },
        isDefault: false,
      }),
    });
    renderApp('/plans');
    // The cards are drawn once every price is in: only then is the badge decided.
    await screen.findByText(/£2\.99/);
    const annual = await screen.findByRole('tab', { name: 'Annual' });
    expect(annual).toBeInTheDocument();
    expect(screen.queryByText(/Save \d+%/)).not.toBeInTheDocument();
  });
});

describe('what the plan cards sell (issue 25)', () => {
  it('ticks and crosses the features core lists, and nothing the product does not have', async () => {
    mockApi({
      'GET /api/me': meHandler(null),
      'GET /api/subscription/prices': json(200, { prices: DEFAULT_PRICES, isDefault: false }),
    });
    renderApp('/plans');
    await screen.findByText(/£2\.99/);
    for (const plan of PLANS) {
      const card = screen.getByRole('group', { name: plan.name });
      const lines = within(card)
        .getAllByRole('listitem')
        .map((item) => `${item.querySelector('svg')?.getAttribute('aria-label')}: ${item.textContent?.trim()}`);
      expect(lines).toEqual(plan.features.map((f) => `${f.included ? 'Included' : 'Not included'}: ${f.text}`));
    }
    expect(within(screen.getByRole('group', { name: 'Big Pig' })).getByText('Pension calculator')).toBeInTheDocument();
  });
});
