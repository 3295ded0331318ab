import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, makeMe, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import { payingView } from './view-test-fixtures.ts';

beforeAll(() => import('./test-manage-page.tsx'), 60_000);

const LOADED = { timeout: 8_000 };

describe('test mode’s stand-in for the billing portal (issue 25)', () => {
  it('says it is test mode, shows the plan and cancels at the period’s end', async () => {
    const api = mockApi({
      'GET /api/me': json(200, makeMe({ tier: 'bigpig' })),
      'GET /api/subscription': json(200, payingView()),
      'GET /api/billing/mode': json(200, { testMode: true }),
      'POST /api/billing/cancel': json(200, payingView({ cancelAtPeriodEnd: true })),
    });
    const { user } = renderApp('/subscription/test-manage');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage your subscription' }, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByTestId('test-mode-banner')).toHaveTextContent("stands in for Stripe's billing portal");
    expect(await screen.findByText('It renews on 3 December 2026.', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByText('Big Pig, billed monthly.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel at period end' }));
    await waitFor(() => expect(api.calls('POST /api/billing/cancel')[0]?.body).toEqual({ cancelAtPeriodEnd: true }));
    expect(screen.getByRole('link', { name: 'Back to Settings' })).toHaveAttribute(
      'href',
      '/settings?tab=subscription',
    );
  });
});
