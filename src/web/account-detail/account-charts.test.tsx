import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeDetail } from './account-detail-fixtures.ts';
import { AccountCharts } from './account-charts.tsx';

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

  it('says what to do when there is nothing to chart', () => {
    render(<AccountCharts detail={makeDetail({}, 0)} width={600} />);
    expect(screen.getByText('Charts appear once the account has transactions.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bar' })).not.toBeInTheDocument();
  });
});
