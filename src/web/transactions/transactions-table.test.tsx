import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TransactionsTable } from './transactions-table.tsx';
import { makeTransaction } from './transactions-test-fixtures.ts';

describe('the transactions table and future-dated entries (ADR 0044)', () => {
  const todays = makeTransaction({ amountPence: 1_000_00, date: '2026-11-28', type: 'deposit', notes: 'Today' });
  const nextMonth = makeTransaction({ amountPence: 500_00, date: '2026-12-28', type: 'deposit', notes: 'Next month' });

  const rows = (today: string) => {
    render(
      <TransactionsTable
        transactions={[nextMonth, todays]}
        caption="Transactions, newest first"
        onEdit={vi.fn()}
        onDelete={vi.fn()}
        today={today}
      />,
    );
    return within(screen.getByRole('table', { name: 'Transactions, newest first' }))
      .getAllByRole('row')
      .slice(1);
  };

  it('marks an entry dated after today “Scheduled”, not in today’s balance, and today’s entry not', () => {
    const [scheduled, due] = rows('2026-11-28');
    expect(within(scheduled!).getByText('Scheduled')).toBeTruthy();
    expect(within(scheduled!).getAllByRole('cell')[0]!.textContent).toBe(
      '28/12/2026Scheduled: upcoming, not in today’s balance',
    );
    expect(within(due!).queryByText('Scheduled')).toBeNull();
  });

  it('drops the mark on the entry’s date', () => {
    const [onTheDay] = rows('2026-12-28');
    expect(within(onTheDay!).queryByText('Scheduled')).toBeNull();
  });
});
