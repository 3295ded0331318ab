import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DowngradeAnalysisItem } from '../../core/subscriptions/downgrade.ts';
import { planChangeMoney } from '../../core/subscriptions/plan-change-money.ts';
import type { PlanChangePreview } from '../../core/subscriptions/plan-change-words.ts';
import { DEFAULT_PRICES } from '../../core/subscriptions/plans.ts';
import { apiError, json, type MockHandler, makeMe, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import type { Subscription } from './api.ts';
import { payingView, trialView } from './view-test-fixtures.ts';

beforeAll(() => import('./downgrade-page.tsx'), 60_000);

const LOADED = { timeout: 8_000 };

const item = (id: string, name: string, recommendation: DowngradeAnalysisItem['recommendation']) => ({
  id,
  name,
  balance: 100_00,
  hasStandingOrders: false,
  activityScore: recommendation === 'keep' ? 80 : 10,
  recommendation,
  reasonForRecommendation: 'A reason',
});

const ANALYSIS = {
  toTier: 'piglet',
  cap: 3,
  items: [
    item('a1', 'Everyday saver', 'keep'),
    item('a2', 'Rainy day pot', 'keep'),
    item('a3', 'Holiday fund', 'keep'),
    item('a4', 'Old bond', 'remove'),
  ],
};

/** Boar monthly (£4.99, renewing 3 December) to Piglet (£2.99) on 23 November, by core's rule: £1.66 back, £1.00 charged. */
const money = planChangeMoney({
  from: { pricePence: DEFAULT_PRICES.boar.monthlyPrice, cycle: 'monthly' },
  to: { pricePence: DEFAULT_PRICES.piglet.monthlyPrice, cycle: 'monthly' },
  periodEnd: new Date('2026-12-03T10:00:00.000Z'),
  at: new Date('2026-11-23T10:00:00.000Z'),
});
const PREVIEW: PlanChangePreview = {
  tier: 'piglet',
  cycle: 'monthly',
  at: '2026-11-23T10:00:00.000Z',
  ...money,
  billedAt: money.billedAt.toISOString(),
  renewsAt: money.renewsAt.toISOString(),
};

function wizard(subscription: Subscription, more: Record<string, MockHandler> = {}) {
  const api = mockApi({
    'GET /api/me': json(200, makeMe({ tier: subscription.tier })),
    'GET /api/subscription': json(200, subscription),
    'GET /api/subscription/downgrade-analysis': json(200, ANALYSIS),
    'GET /api/billing/change-preview': json(200, PREVIEW),
    ...more,
  });
  return { api, ...renderApp('/subscription/downgrade?tier=piglet') };
}

/** Analysis → selection (the three to keep are ticked) → confirmation. */
async function toConfirmation(user: ReturnType<typeof renderApp>['user']) {
  await screen.findAllByTestId('analysis-card', {}, LOADED);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByText('3 of 3 selected. The others will be archived.', {}, LOADED);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return screen.findByRole('region', { name: 'What the change costs, and when it is charged' }, LOADED);
}

async function acknowledgeAll(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('checkbox', { name: /the 1 account I did not keep/ }));
  await user.click(screen.getByRole('checkbox', { name: /archived, not deleted/ }));
  await user.click(screen.getByRole('checkbox', { name: 'I want to change to the Piglet plan.' }));
}

describe('the downgrade wizard when every account fits in the smaller plan', () => {
  it('says so and ticks them all, whatever the scores say, so nothing is archived by default', async () => {
    mockApi({
      'GET /api/me': json(200, makeMe({ tier: 'boar' })),
      'GET /api/subscription': json(200, payingView({ tier: 'boar' })),
      'GET /api/subscription/downgrade-analysis': json(200, {
        ...ANALYSIS,
        items: [item('a1', 'Everyday saver', 'keep'), item('a4', 'Old bond', 'remove')],
      }),
      'GET /api/billing/change-preview': json(200, PREVIEW),
    });
    const { user } = renderApp('/subscription/downgrade?tier=piglet');
    await screen.findAllByTestId('analysis-card', {}, LOADED);
    expect(
      screen.getByText(
        'All 2 of your accounts fit in Piglet, so you can keep every one: they start ticked to keep. The scores only help if you would rather archive some.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText(/^2 of 3 selected/, {}, LOADED);
    expect(screen.getByRole('checkbox', { name: /^Old bond/ })).toBeChecked();
    // Nothing to archive: the acknowledgements say every account stays, not "the 0 accounts".
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('checkbox', {
        name: 'I understand that I keep every account: none will disappear from my accounts list, dashboard, totals and alerts.',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/the 0 accounts/)).toBeNull();
  });
});

describe('the downgrade wizard for a saver with one account', () => {
  it('says the account is kept, with no talk of archiving some', async () => {
    mockApi({
      'GET /api/me': json(200, makeMe({ tier: 'boar' })),
      'GET /api/subscription': json(200, payingView({ tier: 'boar' })),
      'GET /api/subscription/downgrade-analysis': json(200, { ...ANALYSIS, items: [item('a4', 'Old bond', 'remove')] }),
      'GET /api/billing/change-preview': json(200, PREVIEW),
    });
    renderApp('/subscription/downgrade?tier=piglet');
    await screen.findAllByTestId('analysis-card', {}, LOADED);
    expect(screen.getByText('Your account fits in Piglet: you keep it.')).toBeInTheDocument();
    expect(screen.queryByText(/archive some/)).toBeNull();
  });
});

describe("the downgrade wizard's confirmation step (issue 25: money moves in the open)", () => {
  it('states the new price, the credit, the charge, the net and when, and confirms with the preview’s instant', async () => {
    const { api, user } = wizard(payingView({ tier: 'boar' }), {
      'POST /api/subscription/downgrade': json(200, { toTier: 'piglet', kept: ['a1', 'a2', 'a3'], archived: [] }),
    });
    // Nothing is priced before the saver reaches the confirmation.
    await screen.findAllByTestId('analysis-card', {}, LOADED);
    expect(api.calls('GET /api/billing/change-preview')).toHaveLength(0);
    const money = await toConfirmation(user);
    const figures = await within(money).findByTestId('plan-change-figures', {}, LOADED);
    expect(figures).toHaveTextContent('Piglet costs £2.99 a month.');
    expect(figures).toHaveTextContent(
      'The change starts now. For the rest of this period you are credited £1.66 for what is left of your current plan and charged £1.00 for the new plan: £0.66 comes off your next invoice, on 3 December 2026. Nothing is refunded to your card: the credit is used up by your next payments.',
    );
    expect(figures).toHaveTextContent('From 3 December 2026 you pay £2.99 a month.');
    expect(api.calls('GET /api/billing/change-preview').map((c) => c.url.search)).toEqual([
      '?tier=piglet&cycle=monthly',
    ]);

    const confirm = screen.getByRole('button', { name: 'Confirm downgrade' });
    expect(confirm).toBeDisabled();
    await acknowledgeAll(user);
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() =>
      expect(api.calls('POST /api/subscription/downgrade')[0]?.body).toEqual({
        toTier: 'piglet',
        selectedAccountsToKeep: ['a1', 'a2', 'a3'],
        selectedAccountsToRemove: ['a4'],
        at: PREVIEW.at,
      }),
    );
    await screen.findByRole('heading', { name: 'Changing your plan…' }, LOADED);
  });

  it('asks again when the saver comes back to the confirmation, on the cycle they pay', async () => {
    const { api, user } = wizard(payingView({ tier: 'boar', billingCycle: 'annual' }), {
      'GET /api/billing/change-preview': json(200, {
        ...PREVIEW,
        cycle: 'annual',
        newPricePence: 2999,
        creditPence: 3000,
        chargePence: 1800,
        netPence: -1200,
      }),
    });
    const money = await toConfirmation(user);
    expect(await within(money).findByTestId('plan-change-figures', {}, LOADED)).toHaveTextContent(
      'Piglet costs £29.99 a year.',
    );
    expect(money).toHaveTextContent('£12.00 comes off your next invoice, on 3 December 2026. Nothing is refunded');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }, LOADED));
    await screen.findByRole('region', { name: 'What the change costs, and when it is charged' }, LOADED);
    await waitFor(() =>
      expect(api.calls('GET /api/billing/change-preview').map((c) => c.url.search)).toEqual([
        '?tier=piglet&cycle=annual',
        '?tier=piglet&cycle=annual',
      ]),
    );
  });

  it('brings today’s figures when the ones confirmed were out of date, and confirms those', async () => {
    const later = { ...PREVIEW, at: '2026-11-23T10:45:00.000Z', creditPence: 165, netPence: -65 };
    let previews = 0;
    let attempts = 0;
    const { api, user } = wizard(payingView({ tier: 'boar' }), {
      'GET /api/billing/change-preview': () => {
        previews += 1;
        return json(200, previews === 1 ? PREVIEW : later);
      },
      'POST /api/subscription/downgrade': () => {
        attempts += 1;
        return attempts === 1
          ? apiError(400, 'VALIDATION_FAILED', 'The figures you were shown are out of date. Review the change again.')
          : json(200, { toTier: 'piglet', kept: ['a1', 'a2', 'a3'], archived: [] });
      },
    });
    const money = await toConfirmation(user);
    await within(money).findByText(/credited £1\.66/, {}, LOADED);
    await acknowledgeAll(user);
    await user.click(screen.getByRole('button', { name: 'Confirm downgrade' }));
    await screen.findByText('The figures you were shown are out of date. Review the change again.', {}, LOADED);
    const region = screen.getByRole('region', { name: 'What the change costs, and when it is charged' });
    await within(region).findByText(/credited £1\.65/, {}, LOADED);
    expect(region).toHaveTextContent('£0.65 comes off your next invoice');
    const confirm = screen.getByRole('button', { name: 'Confirm downgrade' });
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(confirm);
    await waitFor(() =>
      expect(api.calls('POST /api/subscription/downgrade').map((c) => (c.body as { at: string }).at)).toEqual([
        PREVIEW.at,
        later.at,
      ]),
    );
  });

  it('says why the change cannot be priced, and cannot be confirmed then', async () => {
    const { api, user } = wizard(trialView(), {
      'GET /api/billing/change-preview': apiError(
        409,
        'CONFLICT',
        'You have no paid subscription to change. Choose a plan first.',
      ),
    });
    const money = await toConfirmation(user);
    expect(await within(money).findByRole('alert', {}, LOADED)).toHaveTextContent(
      'You have no paid subscription to change. Choose a plan first.',
    );
    expect(within(money).queryByTestId('plan-change-figures')).toBeNull();
    await acknowledgeAll(user);
    expect(screen.getByRole('button', { name: 'Confirm downgrade' })).toBeDisabled();
    expect(api.calls('POST /api/subscription/downgrade')).toHaveLength(0);
  });
});
