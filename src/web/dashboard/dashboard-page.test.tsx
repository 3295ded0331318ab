import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, makeMe, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import { TOTAL_BALANCE_EMPTY, TOTAL_BALANCE_TITLE } from './dashboard-page.tsx';

beforeAll(() => import('../balance-series/balance-line.tsx'), 60_000);
afterEach(() => vi.restoreAllMocks());

describe('the dashboard’s total balance over time', () => {
  it('draws the total across the accounts, with the latest total and its figures for screen readers', async () => {
    const api = mockApi({
      'GET /api/me': json(200, makeMe()),
      'GET /api/balance-series': json(200, {
        granularity: 'day',
        points: [
          { date: '2026-11-19', balancePence: 1_000_00 },
          { date: '2026-11-20', balancePence: 26_000_00 },
          { date: '2026-11-21', balancePence: 26_012_34 },
        ],
      }),
    });
    renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: TOTAL_BALANCE_TITLE });
    expect(await within(card).findByText('21/11/2026:')).toHaveTextContent('21/11/2026: £26,012.34');
    const table = within(card).getByRole('table', {
      name: `${TOTAL_BALANCE_TITLE}. The balance at the end of each day.`,
    });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['19/11/2026£1,000.00', '20/11/2026£26,000.00', '21/11/2026£26,012.34']);
    expect(card.querySelector('.recharts-line')).not.toBeNull();
    expect(
      within(card).getByText('The balance at the end of each day. Each account counts from its first transaction.'),
    ).toBeInTheDocument();
    expect(api.calls('GET /api/balance-series')).toHaveLength(1);
  });

  it('says what to do while no account has transactions', async () => {
    mockApi({
      'GET /api/me': json(200, makeMe()),
      'GET /api/balance-series': json(200, { granularity: 'day', points: [] }),
    });
    renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: TOTAL_BALANCE_TITLE });
    expect(await within(card).findByText(TOTAL_BALANCE_EMPTY)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Go to your accounts' })).toHaveAttribute('href', '/accounts');
    expect(within(card).queryByRole('table')).toBeNull();
  });
});
