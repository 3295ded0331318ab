import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, makeMe, type MockHandler, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';

beforeAll(() => import('./import-page.tsx'), 60_000);
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

const ACCOUNT = '6f1c2b9e-0000-4000-8000-000000000001';

// A Lloyds-style export: debit and credit columns, a balance to ignore, dd/mm/yyyy dates.
const LLOYDS = [
  'Transaction Date,Transaction Type,Sort Code,Account Number,Transaction Description,Debit Amount,Credit Amount,Balance',
  "02/01/2026,FPI,'30-90-00,12345678,SALARY ACME LTD,,2500.00,3500.00",
  "03/01/2026,DEB,'30-90-00,12345678,TESCO STORES 2041,12.34,,3487.66",
  "31/01/2026,BGC,'30-90-00,12345678,GROSS INTEREST,,4.12,3491.78",
  '31/01/2026,DD,\'30-90-00,12345678,"OCTOPUS ENERGY, REF 99",85.00,,3406.78',
].join('\n');

function server(overrides: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/me': json(200, makeMe()),
    [`GET /api/accounts/${ACCOUNT}`]: json(200, { account: { id: ACCOUNT, name: 'Everyday Current' } }),
    [`POST /api/accounts/${ACCOUNT}/transactions/import/preview`]: (request) => {
      const rows = (request.body as { rows: { notes: string }[] }).rows;
      // The salary is already on the account.
      return json(200, { duplicates: rows.map((r) => (r.notes === 'SALARY ACME LTD' ? 'existing' : null)) });
    },
    [`POST /api/accounts/${ACCOUNT}/transactions/import`]: (request) => {
      const body = request.body as { rows: unknown[] };
      return json(200, { imported: body.rows.length, duplicates: 1 });
    },
    ...overrides,
  });
}

async function openPage() {
  const rendered = renderApp(`/account/${ACCOUNT}/import`);
  await screen.findByRole('heading', { level: 1, name: 'Import transactions' });
  return rendered;
}

async function pasteAndContinue(user: Awaited<ReturnType<typeof openPage>>['user'], text: string) {
  await user.click(screen.getByLabelText(/Paste the CSV text/));
  await user.paste(text);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

const previewTable = () => screen.getByRole('table', { name: /^All \d+ rows$|The first/ });

describe('importing a bank CSV file', () => {
  it('says which rows are before the starting balance, already counted, and what changes the balance', async () => {
    server({
      [`POST /api/accounts/${ACCOUNT}/transactions/import/preview`]: (request) =>
        json(200, {
          duplicates: (request.body as { rows: unknown[] }).rows.map(() => null),
          latestStatement: { date: '2026-01-31', type: 'opening_balance' },
        }),
    });
    const { user } = await openPage();
    await pasteAndContinue(user, LLOYDS);
    await user.click(await screen.findByRole('button', { name: 'Check the transactions' }));
    await screen.findByRole('heading', { name: 'Check and import' });
    const figures = screen.getByRole('region', { name: 'Summary' });
    // The 2nd and 3rd of January are in the starting balance of the 31st; £4.12 and -£85.00 that day add.
    expect(within(figures).getByText('Changes the balance by').nextSibling).toHaveTextContent('-£80.88');
    expect(
      within(figures).getByText(
        '2 rows are dated before your starting balance of 31/01/2026: already counted in it, they go into your history and leave the balance as it is.',
      ),
    ).toBeInTheDocument();
    const status = within(previewTable())
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell').at(-1)!.textContent);
    expect(status).toEqual([
      'Readybefore your starting balance: already counted',
      'Readybefore your starting balance: already counted',
      'Ready',
      'Ready',
    ]);
  });

  it('matches the columns, marks the duplicate, imports the rest and returns to the account', async () => {
    const api = server();
    const { user, router } = await openPage();
    expect(await screen.findByText('Everyday Current')).toBeInTheDocument();
    await pasteAndContinue(user, LLOYDS);

    await screen.findByRole('heading', { name: 'Match the columns' });
    expect(screen.getByLabelText('Date column')).toHaveDisplayValue('Transaction Date');
    expect(screen.getByLabelText('Date format')).toHaveDisplayValue('dd/mm/yyyy (21/11/2026)');
    expect(screen.getByText(/Detected from the file: dd\/mm\/yyyy/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Paid in and paid out columns/ })).toBeChecked();
    expect(screen.getByLabelText('Paid in column')).toHaveDisplayValue('Credit Amount');
    expect(screen.getByLabelText('Paid out column')).toHaveDisplayValue('Debit Amount');
    expect(screen.getByLabelText(/Description column/)).toHaveDisplayValue('Transaction Description');
    await user.click(screen.getByRole('button', { name: 'Check the transactions' }));

    await screen.findByRole('heading', { name: 'Check and import' });
    expect(api.calls(`POST /api/accounts/${ACCOUNT}/transactions/import/preview`)[0]?.body).toEqual({
      rows: [
        { date: '2026-01-02', amountPence: 250000, type: 'deposit', notes: 'SALARY ACME LTD' },
        { date: '2026-01-03', amountPence: -1234, type: 'withdrawal', notes: 'TESCO STORES 2041' },
        { date: '2026-01-31', amountPence: 412, type: 'interest', notes: 'GROSS INTEREST' },
        { date: '2026-01-31', amountPence: -8500, type: 'withdrawal', notes: 'OCTOPUS ENERGY, REF 99' },
      ],
    });
    const figures = screen.getByRole('region', { name: 'Summary' });
    expect(within(figures).getByText('Rows in the file').nextSibling).toHaveTextContent('4');
    expect(within(figures).getByText('To import').nextSibling).toHaveTextContent('3');
    expect(within(figures).getByText('Duplicates').nextSibling).toHaveTextContent('1');
    expect(within(figures).getByText('Money in').nextSibling).toHaveTextContent('£4.12');
    expect(within(figures).getByText('Money out').nextSibling).toHaveTextContent('-£97.34');
    const rows = within(previewTable()).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['2', '02/01/2026', 'Deposit', '£2,500.00', 'SALARY ACME LTD', 'Already on account'],
      ['3', '03/01/2026', 'Withdrawal', '-£12.34', 'TESCO STORES 2041', 'Ready'],
      ['4', '31/01/2026', 'Interest', '£4.12', 'GROSS INTEREST', 'Ready'],
      ['5', '31/01/2026', 'Withdrawal', '-£85.00', 'OCTOPUS ENERGY, REF 99', 'Ready'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Import 3 transactions' }));
    expect(await screen.findByText('3 transaction(s) added successfully')).toBeInTheDocument();
    const sent = api.calls(`POST /api/accounts/${ACCOUNT}/transactions/import`)[0]?.body as {
      rows: { notes: string }[];
      skipDuplicates: boolean;
    };
    expect(sent.skipDuplicates).toBe(true);
    expect(sent.rows.map((r) => r.notes)).toEqual(['TESCO STORES 2041', 'GROSS INTEREST', 'OCTOPUS ENERGY, REF 99']);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/account/${ACCOUNT}`));
    expect(router.state.location.hash).toBe('#transactions');
  });

  it('imports duplicates too when the user turns skipping off', async () => {
    const api = server();
    const { user } = await openPage();
    await pasteAndContinue(user, LLOYDS);
    await user.click(await screen.findByRole('button', { name: 'Check the transactions' }));
    await user.click(await screen.findByRole('switch', { name: 'Skip duplicates' }));
    await user.click(screen.getByRole('button', { name: 'Import 4 transactions' }));
    await screen.findByText('4 transaction(s) added successfully');
    expect(api.calls(`POST /api/accounts/${ACCOUNT}/transactions/import`)[0]?.body).toMatchObject({
      skipDuplicates: false,
    });
  });

  it('reads an uploaded file with a byte-order mark and Windows line ends', async () => {
    const api = server();
    const { user } = await openPage();
    const text = '\uFEFFDate,Description,Amount\r\n21 Nov 2026,CAFE,-£3.20\r\n22 Nov 2026,REFUND,£3.20\r\n';
    await user.upload(
      screen.getByLabelText('CSV file from your bank'),
      new File([text], 'statement.csv', { type: 'text/csv' }),
    );
    expect(screen.getByLabelText(/Paste the CSV text/)).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('statement.csv')).toBeInTheDocument();
    expect(screen.getByLabelText('Date format')).toHaveDisplayValue(/dd MMM yyyy/);
    expect(screen.getByRole('radio', { name: /One amount column/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Check the transactions' }));
    await screen.findByRole('heading', { name: 'Check and import' });
    expect(
      (api.calls(`POST /api/accounts/${ACCOUNT}/transactions/import/preview`)[0]?.body as { rows: unknown[] }).rows,
    ).toEqual([
      { date: '2026-11-21', amountPence: -320, type: 'withdrawal', notes: 'CAFE' },
      { date: '2026-11-22', amountPence: 320, type: 'deposit', notes: 'REFUND' },
    ]);
  });

  it('says what is wrong with a file it cannot read', async () => {
    server();
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a CSV file, or paste the text of one');
    await pasteAndContinue(user, 'Date,Amount\n01/01/2026,"1.00\n');
    expect(await screen.findByRole('alert')).toHaveTextContent('Line 2: a quoted field is never closed');
  });

  it('asks for the columns it could not recognise, then uses the ones chosen', async () => {
    const api = server();
    const { user } = await openPage();
    await pasteAndContinue(user, 'When,What,How much\n2026-03-01,Gift,50\n');
    await user.click(await screen.findByRole('button', { name: 'Check the transactions' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Choose the column that holds the date')).toBeInTheDocument();
    expect(within(alert).getByText('Choose the column that holds the amount')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Date column'), 'When');
    expect(screen.getByLabelText('Date format')).toHaveDisplayValue(/yyyy-mm-dd/);
    await user.selectOptions(screen.getByLabelText('Amount column'), 'How much');
    await user.selectOptions(screen.getByLabelText(/Description column/), 'What');
    await user.click(screen.getByRole('button', { name: 'Check the transactions' }));
    await screen.findByRole('heading', { name: 'Check and import' });
    expect(api.calls(`POST /api/accounts/${ACCOUNT}/transactions/import/preview`)[0]?.body).toEqual({
      rows: [{ date: '2026-03-01', amountPence: 5000, type: 'deposit', notes: 'Gift' }],
    });
  });

  it('marks rows with problems by their row number and never sends them', async () => {
    const api = server();
    const { user } = await openPage();
    await pasteAndContinue(
      user,
      'Date,Description,Amount\n31/04/2026,BAD DATE,1.00\n01/04/2026,GOOD,2.00\n02/04/2026,NO AMOUNT,\n',
    );
    await user.click(await screen.findByRole('button', { name: 'Check the transactions' }));
    await screen.findByRole('heading', { name: 'Check and import' });
    expect(screen.getByText('2 rows have problems and will not be imported')).toBeInTheDocument();
    expect(screen.getByText("Row 2: Date: '31/04/2026' is not a real date in the form dd/mm/yyyy")).toBeInTheDocument();
    expect(screen.getByText('Row 4: The amount is missing')).toBeInTheDocument();
    expect(
      (api.calls(`POST /api/accounts/${ACCOUNT}/transactions/import/preview`)[0]?.body as { rows: unknown[] }).rows,
    ).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Import 1 transaction' }));
    await screen.findByText('1 transaction(s) added successfully');
  });

  it('keeps the user on the page when the import fails, saying why', async () => {
    server({ [`POST /api/accounts/${ACCOUNT}/transactions/import`]: apiError(404, 'NOT_FOUND', 'Account not found') });
    const { user, router } = await openPage();
    await pasteAndContinue(user, LLOYDS);
    await user.click(await screen.findByRole('button', { name: 'Check the transactions' }));
    await user.click(await screen.findByRole('button', { name: 'Import 3 transactions' }));
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(toasts).findByRole('alert')).toHaveTextContent('Failed to add transaction(s)');
    expect(within(screen.getByRole('main')).getByRole('alert')).toHaveTextContent('Account not found');
    expect(router.state.location.pathname).toBe(`/account/${ACCOUNT}/import`);
  });

  it('refuses more than 5,000 transactions before asking the server anything', async () => {
    const api = server();
    const { user } = await openPage();
    const lines = ['Date,Amount', ...Array.from({ length: 5001 }, (_, i) => `01/01/2026,${i + 1}.00`)];
    await pasteAndContinue(user, lines.join('\n'));
    await user.click(await screen.findByRole('button', { name: 'Check the transactions' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file has 5,001 transactions; one import can hold at most 5,000. Split the file and import each part.',
    );
    expect(api.calls(`POST /api/accounts/${ACCOUNT}/transactions/import/preview`)).toHaveLength(0);
  });

  it('shows the first 50 rows and counts them all', async () => {
    server({
      [`POST /api/accounts/${ACCOUNT}/transactions/import/preview`]: (request) =>
        json(200, { duplicates: (request.body as { rows: unknown[] }).rows.map(() => null) }),
    });
    const { user } = await openPage();
    const lines = ['Date,Amount', ...Array.from({ length: 120 }, (_, i) => `01/01/2026,${i + 1}.00`)];
    await pasteAndContinue(user, lines.join('\n'));
    await user.click(await screen.findByRole('button', { name: 'Check the transactions' }));
    expect(await screen.findByRole('heading', { name: 'The first 50 of 120 rows' })).toBeInTheDocument();
    expect(within(previewTable()).getAllByRole('row')).toHaveLength(51);
    expect(screen.getByRole('button', { name: 'Import 120 transactions' })).toBeEnabled();
  });
});
