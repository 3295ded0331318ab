import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeDetail } from './account-detail-fixtures.ts';
import { AccountCharts, TypePieChart } from './account-charts.tsx';

const renderCharts = (activeMonths: number) => {
  const detail = makeDetail({}, activeMonths);
  detail.typeTotals = [
    { type: 'deposit', totalPence: 3_000, count: 3 },
    { type: 'withdrawal', totalPence: 1_000, count: 1 },
  ];
  const user = userEvent.setup();
  return { user, ...render(<AccountCharts detail={detail} width={600} />) };
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

  it('says what to do when there is nothing to chart', () => {
    render(<AccountCharts detail={makeDetail({}, 0)} width={600} />);
    expect(screen.getByText('Charts appear once the account has transactions.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bar' })).not.toBeInTheDocument();
  });
});
