import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, makeMe, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import type { OverviewTransaction } from './api.ts';
import { ACCOUNT_ID, makeOverview, makeTransaction } from './transactions-test-fixtures.ts';

beforeAll(() => import('./transactions-page.tsx'), 60_000);
afterEach(() => vi.restoreAllMocks());

const OTHER_ACCOUNT = '11111111-2222-4333-8444-555555555555';
const row = (over: Partial<OverviewTransaction>): OverviewTransaction => ({
  ...makeTransaction(over),
  accountName: 'Easy Saver',
  ...over,
});

function mockOverview(total = 30) {
  return mockApi({
    'GET /api/me': json(200, makeMe()),
    'GET /api/accounts': json(200, {
      accounts: [
        { id: ACCOUNT_ID, name: 'Easy Saver' },
        { id: OTHER_ACCOUNT, name: 'Cash ISA' },
      ],
    }),
    'GET /api/transactions': (request) => {
      const page = Number(request.url.searchParams.get('page') ?? '1');
      return json(
        200,
        makeOverview({
          items: [
            row({ date: '2026-03-01', amountPence: -1_500, type: 'fee', notes: `Fee page ${page}` }),
            row({
              date: '2026-02-01',
              amountPence: 20_000,
              type: 'deposit',
              accountName: 'Cash ISA',
              accountId: OTHER_ACCOUNT,
            }),
          ],
          total,
          page,
          totals: { depositsPence: 20_000, withdrawalsPence: 0, interestPence: 0, feesPence: 1_500, netPence: 18_500 },
        }),
      );
    },
  });
}

describe('the transactions overview page', () => {
  it('says beside an entry before its account’s latest stated balance that it is already counted', async () => {
    mockApi({
      'GET /api/me': json(200, makeMe()),
      'GET /api/accounts': json(200, { accounts: [{ id: ACCOUNT_ID, name: 'Easy Saver' }] }),
      'GET /api/transactions': json(
        200,
        makeOverview({
          items: [
            row({ type: 'balance_update', amountPence: 900_00, standing: 'statement', adjustmentPence: -100_00 }),
            row({ date: '2026-01-01', standing: 'before-statement', latestStatementType: 'balance_update' }),
          ],
          total: 2,
        }),
      ),
    });
    renderApp('/transactions');
    expect(await screen.findByText('before your balance update: already counted')).toBeInTheDocument();
    expect(screen.getByText('£100.00 less than your entries showed')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Balance update' })).toBeInTheDocument();
  });

  it('reads its filters from the address, asks the server for them, and shows totals for the filter', async () => {
    const api = mockOverview();
    renderApp(`/transactions?accountId=${ACCOUNT_ID}&type=fee&from=2026-01-01&sort=amount-asc`);
    await screen.findByRole('heading', { level: 1, name: 'Transactions' });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Account', 'Type', 'Amount', 'Notes', 'Actions']);
    const query = api.calls('GET /api/transactions')[0]!.url.searchParams;
    expect(Object.fromEntries(query)).toEqual({
      accountId: ACCOUNT_ID,
      type: 'fee',
      from: '2026-01-01',
      sort: 'amount-asc',
      pageSize: '25',
    });
    expect(screen.getByLabelText('Account')).toHaveValue(ACCOUNT_ID);
    expect(screen.getByLabelText('Type')).toHaveValue('fee');
    expect(screen.getByLabelText('From')).toHaveValue('01/01/2026');
    expect(screen.getByLabelText('Sort')).toHaveValue('amount-asc');
    const totals = screen.getByRole('region', { name: /Totals for these filters/ });
    expect(
      within(totals)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['£200.00', '£0.00', '£0.00', '£15.00', '£185.00']);
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/api/transactions/export.csv?accountId=${ACCOUNT_ID}&type=fee&from=2026-01-01&sort=amount-asc`,
    );
  });

  it('puts a changed filter in the address and starts again at page 1', async () => {
    const api = mockOverview();
    const { user, router } = renderApp('/transactions?page=2');
    await screen.findByText('Showing 26–30 of 30 · page 2 of 2');
    await user.selectOptions(screen.getByLabelText('Type'), 'interest');
    await waitFor(() => expect(router.state.location.search).toBe('?type=interest'));
    await waitFor(() =>
      expect(api.calls('GET /api/transactions').at(-1)!.url.search).toBe('?type=interest&pageSize=25'),
    );
    await user.selectOptions(screen.getByLabelText('Account'), 'Cash ISA');
    await waitFor(() => expect(router.state.location.search).toBe(`?accountId=${OTHER_ACCOUNT}&type=interest`));
  });

  it('pages on the server', async () => {
    const api = mockOverview(60);
    const { user, router } = renderApp('/transactions');
    await screen.findByText('Showing 1–25 of 60 · page 1 of 3');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 26–50 of 60 · page 2 of 3');
    expect(router.state.location.search).toBe('?page=2');
    expect(api.calls('GET /api/transactions').at(-1)!.url.searchParams.get('page')).toBe('2');
    expect(await screen.findByRole('cell', { name: 'Fee page 2' })).toBeInTheDocument();
  });

  it('searches the notes once the typing pauses', async () => {
    const api = mockOverview();
    const { user, router } = renderApp('/transactions');
    await screen.findByRole('table');
    const before = api.calls('GET /api/transactions').length;
    await user.type(screen.getByLabelText('Search notes'), 'rent');
    await waitFor(() => expect(router.state.location.search).toBe('?q=rent'));
    await waitFor(() => expect(api.calls('GET /api/transactions').at(-1)!.url.searchParams.get('q')).toBe('rent'));
    // One search for the whole word, not one per letter.
    expect(
      api
        .calls('GET /api/transactions')
        .slice(before)
        .map((c) => c.url.searchParams.get('q')),
    ).toEqual(['rent']);
  });

  it('adds transactions to the account chosen in the dialog, starting from the filtered one', async () => {
    const added = `POST /api/accounts/${OTHER_ACCOUNT}/transactions`;
    const api = mockApi({
      'GET /api/me': json(200, makeMe()),
      'GET /api/accounts': json(200, {
        accounts: [
          { id: ACCOUNT_ID, name: 'Easy Saver' },
          { id: OTHER_ACCOUNT, name: 'Cash ISA' },
        ],
      }),
      'GET /api/transactions': json(200, makeOverview()),
      [added]: json(201, { items: [makeTransaction({ accountId: OTHER_ACCOUNT })], balancePence: 500 }),
    });
    const { user } = renderApp(`/transactions?accountId=${ACCOUNT_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Add Transactions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Transactions' });
    const account = within(dialog).getByLabelText('Account');
    expect(account).toHaveValue(ACCOUNT_ID);
    await user.selectOptions(account, 'Cash ISA');
    await user.type(within(dialog).getByLabelText('Amount (£)'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Add 1 Transaction(s)' }));
    expect(await screen.findByText('Transaction added successfully')).toBeInTheDocument();
    expect(api.calls(added)).toHaveLength(1);
  });

  it('says what to do when nothing matches, and clears the filters', async () => {
    mockApi({
      'GET /api/me': json(200, makeMe()),
      'GET /api/accounts': json(200, { accounts: [] }),
      'GET /api/transactions': (request) =>
        json(200, makeOverview(request.url.searchParams.has('q') ? {} : { total: 0 })),
    });
    const { user, router } = renderApp('/transactions?q=nothing');
    expect(await screen.findByText('No transactions match these filters.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText("No transactions yet. Add them from an account's page.")).toBeInTheDocument();
  });
});
