import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BalanceSeries } from '../balance-series/api.ts';
import { makeDetail } from './account-detail-fixtures.ts';
import { AccountCharts, NOTHING_MOVED_IN_A_YEAR, TypePieChart } from './account-charts.tsx';

/** The balance line's query as the page hands it over: loaded, unless said otherwise. */
const balanceQuery = (data: BalanceSeries | undefined, error: Error | null = null) => ({
  data,
  error,
  isError: error !== null,
  isFetching: false,
  refetch: vi.fn(),
});

const MONTHLY_LINE: BalanceSeries = {
  granularity: 'month',
  points: [
    { date: '2026-09-30', balancePence: 24_900_00 },
    { date: '2026-10-31', balancePence: 25_000_00 },
    { date: '2026-11-21', balancePence: 25_100_00 },
  ],
};

const renderCharts = (activeMonths: number, line: BalanceSeries = MONTHLY_LINE) => {
  const detail = makeDetail({}, activeMonths);
  detail.typeTotals = [
    { type: 'deposit', totalPence: 3_000, count: 3 },
    { type: 'withdrawal', totalPence: 1_000, count: 1 },
  ];
  const user = userEvent.setup();
  return { user, ...render(<AccountCharts detail={detail} balance={balanceQuery(line)} width={600} />) };
};

describe('the account charts', () => {
  it('switches the monthly trends between bars and lines', async () => {
    const { user, container } = renderCharts(3);
    const bar = screen.getByRole('button', { name: 'Bar' });
    const line = screen.getByRole('button', { name: 'Line' });
    expect(bar).toHaveAttribute('aria-pressed', 'true');
    expect(container.querySelector('[data-chart-style="bar"] .recharts-bar')).not.toBeNull();
    await user.click(line);
    expect(line).toHaveAttribute('aria-pressed', 'true');
    expect(bar).toHaveAttribute('aria-pressed', 'false');
    expect(container.querySelector('[data-chart-style="line"] .recharts-line')).not.toBeNull();
    expect(container.querySelector('.recharts-bar')).toBeNull();
  });

  it('adds a brush starting on the last six months once more than six months have transactions', async () => {
    const six = renderCharts(6);
    expect(six.container.querySelector('.recharts-brush')).toBeNull();
    six.unmount();
    const { container, user } = renderCharts(7);
    expect(container.querySelector('.recharts-brush')).not.toBeNull();
    const travellers = container.querySelectorAll('.recharts-brush-traveller');
    expect(travellers).toHaveLength(2);
    expect(travellers[0]).toHaveAttribute('aria-label', 'Min value: June 2026, Max value: November 2026');
    // The brush stays when the chart turns into lines.
    await user.click(screen.getByRole('button', { name: 'Line' }));
    expect(container.querySelector('.recharts-brush')).not.toBeNull();
  });

  it('gives each chart a table for screen readers, in pounds and percentages', () => {
    renderCharts(3);
    const trends = screen.getByRole('table', { name: 'Monthly trends for the last 12 months' });
    expect(within(trends).getAllByRole('row')).toHaveLength(13);
    expect(within(trends).getByRole('row', { name: /November 2026/ })).toHaveTextContent(
      'November 2026£100.00£0.00£0.00£0.00£100.00',
    );
    const shares = screen.getByRole('table', { name: 'Transactions by type' });
    expect(within(shares).getByRole('row', { name: /Deposits/ })).toHaveTextContent('Deposits£30.0075.0%3');
    expect(within(shares).getByRole('row', { name: /Withdrawals/ })).toHaveTextContent('Withdrawals£10.0025.0%1');
  });

  it('draws one transaction type as a full ring, with no seam, and parts two types with a line', async () => {
    // Without motion the sectors are drawn at once.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('reduce'),
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const sectors = (container: HTMLElement) => Array.from(container.querySelectorAll('path.recharts-sector'));
    const one = render(<TypePieChart typeTotals={[{ type: 'deposit', totalPence: 3_000, count: 3 }]} width={600} />);
    const [ring] = sectors(one.container);
    expect(sectors(one.container)).toHaveLength(1);
    // The outer arc ends where it starts: the whole circle.
    const [start, end] = [
      ...ring!.getAttribute('d')!.matchAll(/(?:M|A [\d.]+,[\d.]+,0,\s*\d,\d,)\s*([\d.]+),([\d.]+)/g),
    ]
      .slice(0, 2)
      .map((m) => [Number(m[1]), Number(m[2])]);
    expect(Math.hypot(end![0]! - start![0]!, end![1]! - start![1]!)).toBeLessThan(0.01);
    expect(ring).toHaveAttribute('stroke', ring!.getAttribute('fill'));
    one.unmount();

    const two = render(
      <TypePieChart
        typeTotals={[
          { type: 'deposit', totalPence: 3_000, count: 3 },
          { type: 'withdrawal', totalPence: 1_000, count: 1 },
        ]}
        width={600}
      />,
    );
    expect(sectors(two.container).map((s) => s.getAttribute('stroke'))).toEqual(['var(--card)', 'var(--card)']);
  });

  it('draws the balance over time with the latest balance beside it, and its figures in a table', () => {
    renderCharts(3);
    const card = screen.getByRole('region', { name: 'Balance over time' });
    expect(within(card).getByText('21/11/2026:')).toHaveTextContent('21/11/2026: £25,100.00');
    expect(card.querySelector('.recharts-line')).not.toBeNull();
    // Month names on the axis; whole pounds on the other.
    const ticks = [...card.querySelectorAll('.recharts-cartesian-axis-tick-value')].map((t) => t.textContent);
    expect(ticks).toEqual(expect.arrayContaining(['Sep 26', 'Nov 26']));
    expect(ticks).not.toContain('Dec 25');
    expect(ticks.some((t) => /^£\d{2},\d{3}$/.test(t ?? ''))).toBe(true);
    const table = screen.getByRole('table', {
      name: 'Balance over time. The balance at the end of each month, and on the last day shown.',
    });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'DateBalance',
      'End of September 2026£24,900.00',
      'End of October 2026£25,000.00',
      '21/11/2026£25,100.00',
    ]);
  });

  it('names each day of a short line by its date, on the axis and in the table', () => {
    renderCharts(1, {
      granularity: 'day',
      points: [
        { date: '2026-11-20', balancePence: 10_00 },
        { date: '2026-11-21', balancePence: 12_50 },
      ],
    });
    const card = screen.getByRole('region', { name: 'Balance over time' });
    const ticks = [...card.querySelectorAll('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')];
    expect(ticks.map((t) => t.textContent)).toEqual(['20/11/2026', '21/11/2026']);
    const table = screen.getByRole('table', { name: 'Balance over time. The balance at the end of each day.' });
    expect(within(table).getByRole('row', { name: /20\/11\/2026/ })).toHaveTextContent('20/11/2026£10.00');
    expect(within(table).getByRole('row', { name: /21\/11\/2026/ })).toHaveTextContent('21/11/2026£12.50');
  });

  it('says so when the balance line could not be loaded, and tries again on request', async () => {
    const detail = makeDetail({}, 3);
    const balance = balanceQuery(undefined, new Error('Network error'));
    render(<AccountCharts detail={detail} balance={balance} width={600} />);
    const user = userEvent.setup();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load the balance over time: Network error');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(balance.refetch).toHaveBeenCalled();
  });

  it('gives no slice to a starting balance: with nothing else, the ring says nothing moved', () => {
    const detail = makeDetail({}, 0);
    detail.typeTotals = [{ type: 'opening_balance', totalPence: 25_000_00, count: 1 }];
    render(
      <AccountCharts
        detail={detail}
        balance={balanceQuery({ granularity: 'day', points: [{ date: '2026-11-21', balancePence: 25_000_00 }] })}
        width={600}
      />,
    );
    const ring = screen.getByRole('region', { name: 'Transactions by type' });
    expect(
      within(ring).getByText(
        'No money has been paid in or out yet. A starting balance or a balance update is not a payment.',
      ),
    ).toBeInTheDocument();
    expect(ring.querySelector('.recharts-pie-sector')).toBeNull();
    expect(within(screen.getByRole('table', { name: 'Transactions by type' })).getAllByRole('row')).toHaveLength(1);
    // Nor do the monthly trends draw twelve empty months with £0 down the axis.
    const trends = screen.getByRole('region', { name: 'Monthly trends' });
    expect(within(trends).getByText(NOTHING_MOVED_IN_A_YEAR)).toBeInTheDocument();
    expect(within(trends).queryByRole('group', { name: 'Chart style' })).toBeNull();
    expect(trends.querySelector('.recharts-wrapper')).toBeNull();
  });

  it('says what to do when there is nothing to chart', () => {
    render(<AccountCharts detail={makeDetail({}, 0)} balance={balanceQuery(undefined)} width={600} />);
    expect(screen.getByText('Charts appear once the account has transactions.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bar' })).not.toBeInTheDocument();
  });
});
