import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountTypesBody, makeDetail } from '../account-detail/account-detail-fixtures.ts';
import { paths } from '../app/paths.ts';
import { Providers } from '../app/providers.tsx';
import { handleRealtimeEvent } from '../app/realtime.ts';
import { apiError, json, makeMe, mockApi, type MockHandler } from '../test/api-mock.ts';
import { createTestQueryClient, renderApp } from '../test/render-app.tsx';
import type { TransactionPage } from './api.ts';
import { TransactionsSection, type TransactionsSectionProps } from './transactions-section.tsx';
import { ACCOUNT_ID, makeOverview, makeTransaction } from './transactions-test-fixtures.ts';

afterEach(() => vi.restoreAllMocks());

const LIST = `GET /api/accounts/${ACCOUNT_ID}/transactions`;
const ADD = `POST /api/accounts/${ACCOUNT_ID}/transactions`;
const RECALCULATE = `POST /api/accounts/${ACCOUNT_ID}/balance/recalculate`;

const wages = makeTransaction({ amountPence: 250_000, date: '2026-03-01', type: 'deposit', notes: 'Wages' });
const cash = makeTransaction({ amountPence: -4_050, date: '2026-02-20', type: 'withdrawal', notes: 'Cash machine' });

function renderSection(handlers: Record<string, MockHandler>, props: Omit<TransactionsSectionProps, 'accountId'> = {}) {
  const api = mockApi({
    [LIST]: json(200, { items: [wages, cash], nextCursor: null }),
    'GET /api/transactions': json(
      200,
      makeOverview({
        total: 2,
        totals: { depositsPence: 250_000, withdrawalsPence: 4_050, interestPence: 0, feesPence: 0, netPence: 245_950 },
      }),
    ),
    ...handlers,
  });
  const user = userEvent.setup();
  render(
    <Providers queryClient={createTestQueryClient()}>
      <MemoryRouter>
        <TransactionsSection accountId={ACCOUNT_ID} {...props} />
      </MemoryRouter>
    </Providers>,
  );
  return { api, user };
}

async function openAddDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add Transactions' }));
  return screen.findByRole('dialog', { name: 'Add Transactions' });
}

describe('the transactions section', () => {
  it('lists the account’s transactions newest first with en-GB dates and signed amounts', async () => {
    renderSection({});
    const table = await screen.findByRole('table', { name: 'Transactions, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['01/03/2026', 'DepositWages', '£2,500.00', 'Wages', ''],
      ['20/02/2026', 'WithdrawalCash machine', '-£40.50', 'Cash machine', ''],
    ]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Type', 'Amount', 'Notes', 'Actions']);
  });

  it('says beside history that it is already counted, and shows a balance update with its adjustment and no Edit', async () => {
    const update = makeTransaction({
      type: 'balance_update',
      amountPence: 25_120_00,
      date: '2026-11-27',
      standing: 'statement',
      latestStatementType: 'balance_update',
      adjustmentPence: 120_00,
    });
    const opening = makeTransaction({
      type: 'opening_balance',
      amountPence: 25_000_00,
      date: '2026-11-27',
      notes: 'Starting balance',
      standing: 'replaced-statement',
      latestStatementType: 'balance_update',
      adjustmentPence: null,
    });
    const old = makeTransaction({
      amountPence: 300_00,
      date: '2026-10-28',
      notes: 'Standing order',
      standing: 'before-statement',
      latestStatementType: 'balance_update',
      adjustmentPence: null,
    });
    const later = makeTransaction({
      amountPence: 5_00,
      date: '2026-11-28',
      standing: 'counted',
      latestStatementType: 'balance_update',
      adjustmentPence: null,
    });
    renderSection({ [LIST]: json(200, { items: [later, update, opening, old], nextCursor: null }) });
    const table = await screen.findByRole('table', { name: 'Transactions, newest first' });
    const typeCells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[1]!.textContent);
    expect(typeCells).toEqual([
      'Deposit',
      'Balance update£120.00 more than your entries showed',
      'Opening Balancereplaced by your balance updateStarting balance',
      'Depositbefore your balance update: already countedStanding order',
    ]);
    expect(screen.queryByRole('button', { name: /^Edit balance update/ })).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Delete balance update of £25,120.00 on 27/11/2026' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Edit opening balance of £25,000.00 on 27/11/2026' }),
    ).toBeInTheDocument();
  });

  it('names the starting balance when it is the latest statement', async () => {
    const old = makeTransaction({
      date: '2026-10-28',
      standing: 'before-statement',
      latestStatementType: 'opening_balance',
    });
    renderSection({ [LIST]: json(200, { items: [old], nextCursor: null }) });
    expect(await screen.findByText('before your starting balance: already counted')).toBeInTheDocument();
  });

  it('offers no balance update among the types to add', async () => {
    const { user } = renderSection({});
    const dialog = await openAddDialog(user);
    const options = within(dialog)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Deposit', 'Withdrawal', 'Interest', 'Fee', 'Opening Balance']);
  });

  it('sums the account up as transaction insights', async () => {
    const { api } = renderSection({});
    const insights = await screen.findByLabelText('Transaction insights');
    expect(
      within(insights)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['£2,500.00', '£40.50', '£0.00', '2']);
    expect(api.calls('GET /api/transactions')[0]!.url.search).toBe(`?accountId=${ACCOUNT_ID}&pageSize=1`);
  });

  it('says so when the account has no transactions', async () => {
    renderSection({
      [LIST]: json(200, { items: [], nextCursor: null }),
      'GET /api/transactions': json(200, makeOverview()),
    });
    expect(await screen.findByText('No transactions found for this account.')).toBeInTheDocument();
  });

  it('loads the next page with the cursor the server gave', async () => {
    const older = makeTransaction({ date: '2025-12-01', notes: 'Older' });
    const { api, user } = renderSection({
      [LIST]: (request) =>
        request.url.searchParams.get('cursor') === 'next-please'
          ? json(200, { items: [older], nextCursor: null })
          : json(200, { items: [wages, cash], nextCursor: 'next-please' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('cell', { name: 'Older' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.calls(LIST).map((c) => c.url.search)).toEqual(['', '?cursor=next-please']);
  });

  it('asks again for a first page it was given that is older than the data kept fresh (30 s)', async () => {
    const older = makeTransaction({ date: '2025-12-01', notes: 'Older' });
    const { api } = renderSection(
      {},
      { firstPage: { page: { items: [older], nextCursor: null }, fetchedAt: Date.now() - 31_000 } },
    );
    expect(await screen.findByRole('cell', { name: 'Wages' })).toBeInTheDocument();
    expect(api.calls(LIST).map((c) => c.url.search)).toEqual(['']);
  });

  it('shows a first page it was given just now without asking for it', async () => {
    const { api } = renderSection(
      {},
      { firstPage: { page: { items: [cash], nextCursor: null }, fetchedAt: Date.now() } },
    );
    expect(await screen.findByRole('cell', { name: 'Cash machine' })).toBeInTheDocument();
    await screen.findByLabelText('Transaction insights');
    expect(screen.queryByRole('cell', { name: 'Wages' })).toBeNull();
    expect(api.calls(LIST)).toHaveLength(0);
  });

  it('shows the spec’s messages when the list or the insights cannot load', async () => {
    renderSection({
      [LIST]: apiError(500, 'INTERNAL', 'boom'),
      'GET /api/transactions': apiError(500, 'INTERNAL', 'boom'),
    });
    expect(await screen.findByText('Failed to load transactions')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load transaction insights')).toBeInTheDocument();
  });

  it('asks a signed-out visitor to log in to see transactions and insights', async () => {
    renderSection({
      [LIST]: apiError(401, 'UNAUTHENTICATED', 'Authentication required'),
      'GET /api/transactions': apiError(401, 'UNAUTHENTICATED', 'Authentication required'),
    });
    expect(await screen.findByText('You must be logged in to view transactions')).toBeInTheDocument();
    expect(await screen.findByText('You must be logged in to view transaction insights')).toBeInTheDocument();
  });
});

describe('the Add Transactions dialog', () => {
  it('counts only valid rows, says why a row will be skipped, and sends the counted rows as typed', async () => {
    const { api, user } = renderSection({
      [ADD]: (request) =>
        json(201, {
          items: (request.body as { transactions: unknown[] }).transactions.map(() => makeTransaction()),
          balancePence: 1,
        }),
    });
    const dialog = await openAddDialog(user);
    const submit = within(dialog).getByRole('button', { name: 'Add 0 Transaction(s)' });
    expect(submit).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Amount (£)'), '0');
    expect(
      within(dialog).getByText('Transaction amounts must be greater than 0 (this row will be skipped)'),
    ).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.selectOptions(within(dialog).getByLabelText('Type'), 'opening_balance');
    expect(within(dialog).getByRole('button', { name: 'Add 1 Transaction(s)' })).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Add another row' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add another row' }));
    const amounts = within(dialog).getAllByLabelText('Amount (£)');
    const types = within(dialog).getAllByLabelText('Type');
    expect(amounts).toHaveLength(3);
    await user.selectOptions(types[1]!, 'withdrawal');
    await user.type(amounts[1]!, '12.345');
    expect(within(dialog).getByText('Please enter a valid amount (this row will be skipped)')).toBeInTheDocument();
    await user.clear(amounts[1]!);
    await user.type(amounts[1]!, '12.34');
    await user.selectOptions(types[2]!, 'opening_balance');
    await user.type(amounts[2]!, '-5');
    expect(
      within(dialog).getByText('Opening balance cannot be negative (this row will be skipped)'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getAllByLabelText('Notes')[1]!, 'Cash');

    await user.click(within(dialog).getByRole('button', { name: 'Add 2 Transaction(s)' }));
    await waitFor(() => expect(api.calls(ADD)).toHaveLength(1));
    const sent = api.calls(ADD)[0]!.body as {
      transactions: { type: string; amountPence: number; date: string; notes: string }[];
    };
    expect(sent.transactions.map(({ type, amountPence, notes }) => ({ type, amountPence, notes }))).toEqual([
      { type: 'opening_balance', amountPence: 0, notes: '' },
      { type: 'withdrawal', amountPence: 1234, notes: 'Cash' },
    ]);
    expect(sent.transactions.every((t) => /^\d{4}-\d{2}-\d{2}$/.test(t.date))).toBe(true);
    expect(await screen.findByText('2 transaction(s) added successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Transactions' })).toBeNull());
  });

  it('removes a row, keeps at least one, and says "Transaction added successfully" for one', async () => {
    const { api, user } = renderSection({ [ADD]: json(201, { items: [makeTransaction()], balancePence: 1 }) });
    const dialog = await openAddDialog(user);
    expect(within(dialog).getByRole('button', { name: 'Remove transaction 1' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Add another row' }));
    await user.type(within(dialog).getAllByLabelText('Amount (£)')[1]!, '7');
    await user.click(within(dialog).getByRole('button', { name: 'Remove transaction 1' }));
    expect(within(dialog).getAllByLabelText('Amount (£)')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Add 1 Transaction(s)' }));
    expect(await screen.findByText('Transaction added successfully')).toBeInTheDocument();
    expect((api.calls(ADD)[0]!.body as { transactions: { amountPence: number }[] }).transactions).toMatchObject([
      { amountPence: 700 },
    ]);
  });

  it('shows the server’s message and the spec’s failure toast when adding fails', async () => {
    const { user } = renderSection({ [ADD]: apiError(400, 'VALIDATION_FAILED', 'Please enter a valid date') });
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByLabelText('Amount (£)'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Add 1 Transaction(s)' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please enter a valid date');
    expect(await screen.findByText('Failed to add transaction(s)')).toBeInTheDocument();
  });

  it('opens at once when the account page asks for it', async () => {
    renderSection({}, { openAddDialog: true });
    expect(await screen.findByRole('dialog', { name: 'Add Transactions' })).toBeInTheDocument();
  });
});

describe('editing and deleting', () => {
  it('edits with the amount as a positive figure, refuses £0, a negative one or no number, and saves', async () => {
    const { api, user } = renderSection({
      [`PATCH /api/transactions/${cash.id}`]: json(200, { transaction: cash, balancePence: 0 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit withdrawal of -£40.50 on 20/02/2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Transaction' });
    expect(within(dialog).getByLabelText('Transaction Type')).toHaveValue('withdrawal');
    const amount = within(dialog).getByLabelText('Amount');
    expect(amount).toHaveValue('40.50');
    expect(within(dialog).getByLabelText('Date')).toHaveValue('20/02/2026');
    expect(within(dialog).getByLabelText('Notes (optional)')).toHaveValue('Cash machine');

    // The one amount rule (docs/decisions/0024), with the server's message.
    for (const [typed, message] of [
      ['0', 'Transaction amounts must be greater than 0'],
      ['-5', 'Transaction amounts must be greater than 0'],
      ['five', 'Please enter a valid transaction amount'],
    ]) {
      await user.clear(amount);
      await user.type(amount, typed!);
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      expect(within(dialog).getByText(message!)).toBeInTheDocument();
    }
    expect(api.calls(`PATCH /api/transactions/${cash.id}`)).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '45');
    await user.selectOptions(within(dialog).getByLabelText('Transaction Type'), 'fee');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Transaction updated successfully!')).toBeInTheDocument();
    expect(api.calls(`PATCH /api/transactions/${cash.id}`)[0]!.body).toEqual({
      type: 'fee',
      amountPence: 4500,
      date: '2026-02-20',
      notes: 'Cash machine',
    });
  });

  it('says "Failed to update transaction" when saving fails', async () => {
    const { user } = renderSection({ [`PATCH /api/transactions/${cash.id}`]: apiError(500, 'INTERNAL', 'boom') });
    await user.click(await screen.findByRole('button', { name: /^Edit withdrawal/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findAllByText('Failed to update transaction')).not.toHaveLength(0);
  });

  it('asks with the spec’s words before deleting, then deletes', async () => {
    const { api, user } = renderSection({
      [`DELETE /api/transactions/${wages.id}`]: json(200, { id: wages.id, accountId: ACCOUNT_ID, balancePence: 0 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete deposit of £2,500.00 on 01/03/2026' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete transaction' });
    expect(confirm).toHaveTextContent(
      'Are you sure you want to delete this transaction? This action cannot be undone and will also update the account balance.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.calls(`DELETE /api/transactions/${wages.id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete deposit of £2,500.00 on 01/03/2026' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Transaction deleted successfully!')).toBeInTheDocument();
    expect(api.calls(`DELETE /api/transactions/${wages.id}`)).toHaveLength(1);
  });

  it('says "Failed to delete transaction" when deleting fails', async () => {
    const { user } = renderSection({ [`DELETE /api/transactions/${wages.id}`]: apiError(500, 'INTERNAL', 'boom') });
    await user.click(await screen.findByRole('button', { name: /^Delete deposit/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete transaction')).toBeInTheDocument();
  });
});

describe('recalculating the balance', () => {
  it('shows the balance the server worked out', async () => {
    const { user } = renderSection({ [RECALCULATE]: json(200, { balancePence: 123_456 }) });
    await user.click(await screen.findByRole('button', { name: 'Recalculate balance' }));
    expect(await screen.findByText('Balance recalculated: £1,234.56')).toBeInTheDocument();
  });

  it('says "Failed to recalculate balance" when it cannot', async () => {
    const { user } = renderSection({ [RECALCULATE]: apiError(500, 'INTERNAL', 'boom') });
    await user.click(await screen.findByRole('button', { name: 'Recalculate balance' }));
    expect(await screen.findByText('Failed to recalculate balance')).toBeInTheDocument();
  });
});

describe('on the account page', () => {
  // The page loads lazily with the router: load it once before the tests' timers start.
  beforeAll(() => import('../account-detail/account-detail-page.tsx'), 60_000);

  const DETAIL = `GET /api/accounts/${ACCOUNT_ID}`;
  const older = makeTransaction({ amountPence: 1_500, date: '2025-12-01', type: 'interest', notes: 'Older' });

  /** A server whose first transactions page is `firstPage.current`, in the detail answer and the list alike. */
  function openAccountPage(firstPage: { current: TransactionPage }, laterPages: Record<string, TransactionPage>) {
    const api = mockApi({
      'GET /api/me': json(200, makeMe()),
      'GET /api/account-types': json(200, accountTypesBody),
      [`GET /api/accounts/${ACCOUNT_ID}/standing-orders`]: json(200, { standingOrders: [] }),
      'GET /api/transactions': json(200, makeOverview({ total: 3 })),
      [DETAIL]: () => json(200, { ...makeDetail(), transactions: firstPage.current }),
      [LIST]: (request) => {
        const cursor = request.url.searchParams.get('cursor');
        return json(200, cursor === null ? firstPage.current : laterPages[cursor]);
      },
    });
    return { api, ...renderApp(paths.account(ACCOUNT_ID)) };
  }

  const shownNotes = () =>
    within(screen.getByRole('table', { name: 'Transactions, newest first' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[3]!.textContent);

  it('shows the first page from the account’s own answer, asking for no other, and loads more from its cursor', async () => {
    const { api, user } = openAccountPage(
      { current: { items: [wages, cash], nextCursor: 'after-cash' } },
      { 'after-cash': { items: [older], nextCursor: null } },
    );
    await screen.findByRole('table', { name: 'Transactions, newest first' });
    expect(shownNotes()).toEqual(['Wages', 'Cash machine']);
    await screen.findByLabelText('Transaction insights');
    expect(api.calls(DETAIL)).toHaveLength(1);
    expect(api.calls(LIST)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('cell', { name: 'Older' })).toBeInTheDocument();
    expect(shownNotes()).toEqual(['Wages', 'Cash machine', 'Older']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.calls(LIST).map((c) => c.url.search)).toEqual(['?cursor=after-cash']);
    expect(api.calls(DETAIL)).toHaveLength(1);
  });

  it('refetches the account and every page shown when the account changes, the list going on from the new first page', async () => {
    const firstPage = { current: { items: [wages, cash], nextCursor: 'after-cash' } as TransactionPage };
    const bonus = makeTransaction({ amountPence: 2_000, date: '2026-02-25', type: 'deposit', notes: 'Bonus' });
    const { api, queryClient, user } = openAccountPage(firstPage, {
      'after-cash': { items: [older], nextCursor: null },
      'after-wages': { items: [cash, older], nextCursor: null },
    });
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await screen.findByRole('cell', { name: 'Older' });

    // Another tab adds a transaction: the server's event names the account's keys.
    firstPage.current = { items: [wages, bonus], nextCursor: 'after-wages' };
    handleRealtimeEvent(
      queryClient,
      'account.changed',
      JSON.stringify({
        type: 'account.changed',
        invalidate: [
          ['me', 'accounts'],
          ['me', 'account', ACCOUNT_ID],
        ],
      }),
    );
    expect(await screen.findByRole('cell', { name: 'Bonus' })).toBeInTheDocument();
    await waitFor(() => expect(shownNotes()).toEqual(['Wages', 'Bonus', 'Cash machine', 'Older']));
    expect(api.calls(DETAIL)).toHaveLength(2);
    expect(api.calls(LIST).map((c) => c.url.search)).toEqual(['?cursor=after-cash', '', '?cursor=after-wages']);
  });
});
