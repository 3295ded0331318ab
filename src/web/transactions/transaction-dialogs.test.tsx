import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/providers.tsx';
import { apiError, mockApi } from '../test/api-mock.ts';
import { createTestQueryClient } from '../test/render-app.tsx';
import { DeleteTransactionDialog } from './delete-transaction-dialog.tsx';
import { EditTransactionDialog } from './edit-transaction-dialog.tsx';
import { makeTransaction } from './transactions-test-fixtures.ts';

// A transaction deleted elsewhere (another tab, an import undone) is gone by the time this tab saves or deletes it.
const gone = makeTransaction({ amountPence: 2_500, date: '2026-03-01', type: 'deposit', notes: 'Birthday' });
const TRANSACTION = `/api/transactions/${gone.id}`;
const NOT_FOUND = apiError(404, 'NOT_FOUND', 'Transaction not found');

function renderDialog(dialog: ReactNode) {
  const user = userEvent.setup();
  render(<Providers queryClient={createTestQueryClient()}>{dialog}</Providers>);
  return user;
}

describe('a transaction that has gone', () => {
  it('says "Failed to fetch current transaction" when saving its edit', async () => {
    const api = mockApi({ [`PATCH ${TRANSACTION}`]: NOT_FOUND });
    const onClose = vi.fn();
    const user = renderDialog(<EditTransactionDialog transaction={gone} onClose={onClose} />);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Edit Transaction' })).getByRole('button', { name: 'Save Changes' }),
    );
    // In the toast and in the dialog, which stays open.
    await waitFor(() => expect(screen.getAllByText('Failed to fetch current transaction')).toHaveLength(2));
    expect(api.calls(`PATCH ${TRANSACTION}`)).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says "Failed to fetch transaction" when deleting it, and closes the confirmation', async () => {
    const api = mockApi({ [`DELETE ${TRANSACTION}`]: NOT_FOUND });
    const onClose = vi.fn();
    const user = renderDialog(<DeleteTransactionDialog transaction={gone} onClose={onClose} />);
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete transaction' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Failed to fetch transaction')).toBeInTheDocument();
    expect(api.calls(`DELETE ${TRANSACTION}`)).toHaveLength(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
