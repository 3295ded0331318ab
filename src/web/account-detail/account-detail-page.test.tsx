import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paths } from '../app/paths.ts';
import { handleRealtimeEvent } from '../app/realtime.ts';
import { apiError, json, makeMe, mockApi, type MockHandler } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import { ACCOUNT_ID, accountTypesBody, makeAccount, makeDetail, makeLicenceGroup } from './account-detail-fixtures.ts';
import type { AccountDetail } from './api.ts';
import { accountPageState } from './page-state.ts';
import { banksHandler, chooseBank, CLOSE_BROTHERS_ID } from '../accounts/test-fixtures.ts';

// The transactions section is another helper's (a placeholder here): show what the page asks of it.
vi.mock('../transactions/transactions-section.tsx', () => ({
  TransactionsSection: ({ accountId, openAddDialog }: { accountId: string; openAddDialog?: boolean }) => (
    <p data-testid="transactions-section">{`transactions of ${accountId}, add dialog ${openAddDialog ? 'open' : 'closed'}`}</p>
  ),
}));

beforeAll(() => import('./account-detail-page.tsx'), 60_000);
afterEach(() => vi.restoreAllMocks());

const me = makeMe();
const accountPath = `/api/accounts/${ACCOUNT_ID}`;

function setup(detail: AccountDetail | MockHandler, extra: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/me': json(200, me),
    [`GET ${accountPath}`]:
      typeof detail === 'function' || 'status' in detail ? (detail as MockHandler) : json(200, detail),
    'GET /api/account-types': json(200, accountTypesBody),
    ...extra,
  });
}

/** A server holding one account: GET answers it as it now is, PATCH changes it. */
function stateful(detail: AccountDetail): Record<string, MockHandler> {
  let current = detail;
  return {
    [`GET ${accountPath}`]: () => json(200, current),
    [`PATCH ${accountPath}`]: (request) => {
      current = { ...current, account: { ...current.account, ...(request.body as object) } };
      return json(200, { account: current.account });
    },
  };
}

describe('the account page', () => {
  it('shows the account in the spec’s order', async () => {
    setup(makeDetail());
    renderApp(paths.account(ACCOUNT_ID));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rainy day saver' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Accounts' })).toHaveAttribute('href', '/accounts');
    const summary = screen.getByRole('region', { name: 'Account summary' });
    expect(within(summary).getByText('Current Balance').nextSibling).toHaveTextContent('£1,234.56');
    expect(within(summary).getByText('Avg Monthly Interest').nextSibling).toHaveTextContent('£4.12');
    expect(within(summary).getByText('Lifetime Interest').nextSibling).toHaveTextContent('£98.76');
    const headings = within(screen.getByRole('main'))
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    // The Danger Zone comes last, below the transactions (issue 13).
    expect(headings).toEqual(['Basic Information', 'Interest Settings', 'Protection', 'Charts', 'Danger Zone']);
    // The transactions section sits between Interest Settings and the charts, under #transactions.
    const section = screen.getByTestId('transactions-section');
    expect(section.closest('#transactions')).not.toBeNull();
    expect(section.textContent).toBe(`transactions of ${ACCOUNT_ID}, add dialog closed`);
    expect(
      screen.getByRole('heading', { name: 'Interest Settings' }).compareDocumentPosition(section) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(
      screen.getByRole('heading', { name: 'Danger Zone' }).compareDocumentPosition(section) &
        Node.DOCUMENT_POSITION_PRECEDING,
    ).toBeTruthy();
  });

  it('scrolls to the transactions for #transactions', async () => {
    setup(makeDetail());
    const scrolled: string[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this.id);
    });
    renderApp(`${paths.account(ACCOUNT_ID)}#transactions`);
    await waitFor(() => expect(scrolled).toEqual(['transactions']));
    expect(document.activeElement?.id).toBe('transactions');
  });

  it('opens the add dialog and shows a notification the navigation asked for, once', async () => {
    setup(makeDetail());
    const { router, user } = renderApp({
      pathname: paths.account(ACCOUNT_ID),
      state: accountPageState({
        showNotification: true,
        notification: { title: 'Interest due', message: 'Interest is due on 30/11/2026', level: 'warning' },
        openAddTransactions: true,
      }),
    });
    expect(await screen.findByText('Interest due')).toBeInTheDocument();
    expect(screen.getByText('Interest is due on 30/11/2026')).toBeInTheDocument();
    expect(screen.getByTestId('transactions-section')).toHaveTextContent('add dialog open');
    // Dropped from history, so a reload does not repeat them.
    await waitFor(() => expect(router.state.location.state).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Interest due')).not.toBeInTheDocument();
  });

  it('sends an account that is not there back to the accounts list with Account not found', async () => {
    setup(
      { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Account not found' } } },
      { 'GET /api/archived-accounts': json(200, { accounts: [] }) },
    );
    const { router } = renderApp(paths.account(ACCOUNT_ID));
    expect((await screen.findAllByText('Account not found')).length).toBeGreaterThan(0);
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts'));
  });

  it('says an archived account is archived, not missing, and restores it from its own page', async () => {
    let restored = false;
    const api = setup(() => (restored ? json(200, makeDetail()) : apiError(404, 'NOT_FOUND', 'Account not found')), {
      'GET /api/archived-accounts': () =>
        json(200, {
          accounts: restored
            ? []
            : [{ id: ACCOUNT_ID, name: 'Old bond', balancePence: 1_234_56, archivedAt: '2026-11-02T10:00:00Z' }],
        }),
      [`POST ${accountPath}/restore`]: () => {
        restored = true;
        return json(200, { account: { id: ACCOUNT_ID } });
      },
    });
    const { user, router } = renderApp(paths.account(ACCOUNT_ID));
    expect(await screen.findByRole('heading', { level: 1, name: 'Old bond is archived' })).toBeInTheDocument();
    expect(
      screen.getByText(/archived on 02\/11\/2026, when you moved to a smaller plan, with £1,234\.56/),
    ).toBeInTheDocument();
    expect(screen.queryByText('Account not found')).toBeNull();
    expect(router.state.location.pathname).toBe(paths.account(ACCOUNT_ID));
    await user.click(screen.getByRole('button', { name: 'Restore Old bond' }));
    expect(await screen.findByText('Old bond restored')).toBeInTheDocument();
    expect(api.calls(`POST ${accountPath}/restore`)).toHaveLength(1);
  });

  it.each(['/account', '/account/', '/account/%20'])(
    'sends %s (no account id) back to the accounts list with Account ID is missing',
    async (url) => {
      const api = setup(makeDetail());
      const { router } = renderApp(url);
      expect(await screen.findByText('Account ID is missing')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/accounts'));
      expect(api.calls(`GET ${accountPath}`)).toHaveLength(0);
    },
  );

  it('says the account does not exist when it goes while shown (deleted in another tab)', async () => {
    let gone = false;
    setup(() => (gone ? apiError(404, 'NOT_FOUND', 'Account not found') : json(200, makeDetail())));
    const { queryClient, router } = renderApp(paths.account(ACCOUNT_ID));
    await screen.findByRole('heading', { level: 1, name: 'Rainy day saver' });
    gone = true;
    await queryClient.invalidateQueries();
    expect(await screen.findByRole('heading', { level: 1, name: 'Account not found' })).toBeInTheDocument();
    expect(screen.getByText("The account you're looking for doesn't exist.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Accounts' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.account(ACCOUNT_ID));
  });

  it('refreshes when the server says the account changed (another tab, another instance)', async () => {
    let name = 'Rainy day saver';
    setup(() => json(200, makeDetail({ name })));
    const { queryClient } = renderApp(paths.account(ACCOUNT_ID));
    await screen.findByRole('heading', { level: 1, name: 'Rainy day saver' });
    name = 'Renamed elsewhere';
    // What src/server/accounts/account-events.ts publishes for a change to this account.
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
    expect(await screen.findByRole('heading', { level: 1, name: 'Renamed elsewhere' })).toBeInTheDocument();
  });

  it('says why the account could not be loaded, and tries again', async () => {
    let calls = 0;
    setup(() =>
      ++calls === 1 ? apiError(503, 'SERVICE_UNAVAILABLE', 'The database is unavailable') : json(200, makeDetail()),
    );
    const { user } = renderApp(paths.account(ACCOUNT_ID));
    expect(
      await screen.findByText('Failed to load account details: The database is unavailable', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rainy day saver' })).toBeInTheDocument();
  });

  it('deletes the account after the spec’s confirmation and goes to the accounts list', async () => {
    const api = setup(makeDetail(), { [`DELETE ${accountPath}`]: { status: 204 } });
    const { router, user } = renderApp(paths.account(ACCOUNT_ID));
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you absolutely sure?' });
    expect(dialog).toHaveTextContent(
      'This action cannot be undone. This will permanently delete your account and remove all associated data.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByText('Account deleted successfully!')).toBeInTheDocument();
    expect(api.calls(`DELETE ${accountPath}`)).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts'));
  });

  it('says why a delete failed and stays', async () => {
    setup(makeDetail(), { [`DELETE ${accountPath}`]: apiError(500, 'INTERNAL', 'Something broke') });
    const { router, user } = renderApp(paths.account(ACCOUNT_ID));
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByText('Failed to delete account: Something broke')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.account(ACCOUNT_ID));
  });
});

describe('the Basic Information card', () => {
  it('saves the name on its own, trimmed, and says so', async () => {
    const detail = makeDetail();
    const api = setup(detail, stateful(detail));
    const { user } = renderApp(paths.account(ACCOUNT_ID));
    const name = await screen.findByRole('textbox', { name: 'Account name' });
    await user.clear(name);
    await user.type(name, '  Holiday fund  ');
    await user.click(screen.getByRole('button', { name: 'Save account name' }));
    expect(await screen.findByText('Account name updated successfully')).toBeInTheDocument();
    expect(api.calls(`PATCH ${accountPath}`).map((c) => c.body)).toEqual([{ name: 'Holiday fund' }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Holiday fund' })).toBeInTheDocument();
  });

  it('keeps what was typed when the save fails', async () => {
    setup(makeDetail(), { [`PATCH ${accountPath}`]: apiError(500, 'INTERNAL', 'Something broke') });
    const { user } = renderApp(paths.account(ACCOUNT_ID));
    const number = await screen.findByRole('textbox', { name: 'Account number' });
    await user.clear(number);
    await user.type(number, '87654321{Enter}');
    expect(await screen.findByText('Failed to update account number')).toBeInTheDocument();
    expect(number).toHaveValue('87654321');
  });

  it('refuses an empty name with the spec’s message and no call, and Escape puts it back', async () => {
    const api = setup(makeDetail());
    const { user } = renderApp(paths.account(ACCOUNT_ID));
    const name = await screen.findByRole('textbox', { name: 'Account name' });
    await user.clear(name);
    await user.type(name, '   {Enter}');
    expect(await screen.findByText('Account name is required')).toBeInTheDocument();
    expect(api.calls(`PATCH ${accountPath}`)).toHaveLength(0);
    await user.type(name, '{Escape}');
    expect(name).toHaveValue('Rainy day saver');
  });

  it('offers a savings account only the types it may become, with the regulatory note', async () => {
    const detail = makeDetail();
    const api = setup(detail, stateful(detail));
    const { user } = renderApp(paths.account(ACCOUNT_ID));
    const select = await screen.findByRole('combobox', { name: 'Account type' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(6));
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Savings', 'Current', 'Bond', 'Fixed Term Deposit', 'Notice Saver', 'Regular Saver']);
    expect(screen.getByText('Some account types are restricted due to regulatory requirements')).toBeInTheDocument();
    await user.selectOptions(select, 'Bond');
    expect(await screen.findByText('Account type updated successfully')).toBeInTheDocument();
    expect(api.calls(`PATCH ${accountPath}`).map((c) => c.body)).toEqual([{ accountType: 'Bond' }]);
  });

  it('keeps an ISA an ISA and hides its bank picker', async () => {
    setup(makeDetail({ accountType: 'Cash ISA', category: 'isa' }));
    renderApp(paths.account(ACCOUNT_ID));
    const select = await screen.findByRole('combobox', { name: 'Account type' });
    await waitFor(() =>
      expect(screen.getByText('Some account types are restricted due to regulatory requirements')).toBeInTheDocument(),
    );
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Cash ISA']);
    expect(screen.queryByText('Bank', { selector: 'label' })).not.toBeInTheDocument();
  });

  it('shows the bank and its licence for a savings account', async () => {
    setup(makeDetail());
    renderApp(paths.account(ACCOUNT_ID));
    expect(await screen.findByText('Bank', { selector: 'label' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Bank' })).toHaveTextContent('Halifax');
    expect(screen.getByText('Licence: Bank of Scotland plc · FRN 169628')).toBeInTheDocument();
  });

  it('turns the platform setting on and asks for the bank that holds the deposits', async () => {
    const detail = makeDetail();
    const api = setup(detail, stateful(detail));
    const { user } = renderApp(paths.account(ACCOUNT_ID));
    const platform = await screen.findByRole('switch', { name: 'Account is managed on a platform' });
    expect(screen.queryByText('Which bank holds your money?')).not.toBeInTheDocument();
    await user.click(platform);
    expect(await screen.findByText('Platform setting updated')).toBeInTheDocument();
    expect(api.calls(`PATCH ${accountPath}`).map((c) => c.body)).toEqual([{ isPlatformAccount: true }]);
    expect(await screen.findByText('Which bank holds your money?')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Bank that holds the deposits' })).toBeInTheDocument();
  });

  type User = ReturnType<typeof userEvent.setup>;
  const retype = (label: string, text: string) => async (user: User) => {
    const field = await screen.findByRole('textbox', { name: label });
    await user.clear(field);
    await user.type(field, `${text}{Enter}`);
  };
  const pick = (label: string) => async (user: User) => {
    await screen.findByRole('combobox', { name: label });
    await chooseBank(user, label, 'Close Brothers Savings');
  };
  // Each inline save with the spec's texts (001 §8), written out here so a changed text fails.
  const saves = [
    {
      what: 'account name',
      account: {},
      act: retype('Account name', 'Holiday fund'),
      body: { name: 'Holiday fund' },
      success: 'Account name updated successfully',
      failure: 'Failed to update account name',
    },
    {
      what: 'account number',
      account: {},
      act: retype('Account number', '87654321'),
      body: { accountNumber: '87654321' },
      success: 'Account number updated successfully',
      failure: 'Failed to update account number',
    },
    {
      what: 'bank',
      account: {},
      act: pick('Bank'),
      body: { bankId: CLOSE_BROTHERS_ID },
      success: 'Bank updated successfully',
      failure: 'Failed to update bank',
    },
    {
      what: 'platform bank',
      account: { isPlatformAccount: true },
      act: pick('Bank that holds the deposits'),
      body: { platformBankReferenceId: CLOSE_BROTHERS_ID },
      success: 'Platform bank updated',
      failure: 'Failed to update platform bank',
    },
  ];

  it.each(saves)('saves the $what on its own and says "$success"', async ({ account, act, body, success }) => {
    const detail = makeDetail(account);
    const api = setup(detail, { ...stateful(detail), 'GET /api/reference/banks': banksHandler });
    const { user } = renderApp(paths.account(ACCOUNT_ID));
    await act(user);
    expect(await screen.findByText(success)).toBeInTheDocument();
    expect(api.calls(`PATCH ${accountPath}`).map((c) => c.body)).toEqual([body]);
  });

  it.each(saves)('says "$failure" when the $what cannot be saved', async ({ account, act, failure }) => {
    setup(makeDetail(account), {
      [`PATCH ${accountPath}`]: apiError(500, 'INTERNAL', 'Something broke'),
      'GET /api/reference/banks': banksHandler,
    });
    const { user } = renderApp(paths.account(ACCOUNT_ID));
    await act(user);
    expect(await screen.findByText(failure)).toBeInTheDocument();
  });

  it('says the account types could not be loaded in the spec’s words', async () => {
    setup(makeDetail(), {
      'GET /api/account-types': apiError(500, 'INTERNAL', 'Something went wrong. Please try again.'),
    });
    renderApp(paths.account(ACCOUNT_ID));
    expect(
      await screen.findByText('Failed to load account types: Something went wrong. Please try again.'),
    ).toBeInTheDocument();
  });

  it('says when the platform setting could not be saved', async () => {
    setup(makeDetail(), { [`PATCH ${accountPath}`]: apiError(500, 'INTERNAL', 'Something broke') });
    const { user } = renderApp(paths.account(ACCOUNT_ID));
    await user.click(await screen.findByRole('switch', { name: 'Account is managed on a platform' }));
    expect(await screen.findByText('Failed to update platform setting')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Account is managed on a platform' })).not.toBeChecked();
  });
});

describe('the Interest Settings card', () => {
  const card = () => screen.getByRole('region', { name: 'Interest Settings' });

  it('shows the payment day for monthly interest, and the month too for quarterly, with the fallback months', async () => {
    setup(makeDetail());
    const { user } = renderApp(paths.account(ACCOUNT_ID));
    await screen.findByRole('region', { name: 'Interest Settings' });
    const frequency = within(card()).getByRole('combobox', { name: 'Payment frequency' });
    expect(
      within(frequency)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Daily', 'Monthly', 'Quarterly', 'Annually']);
    expect(within(card()).getByRole('combobox', { name: 'Day of month for payment' })).toBeInTheDocument();
    expect(within(card()).queryByRole('combobox', { name: /Payment month/ })).not.toBeInTheDocument();

    await user.selectOptions(frequency, 'Quarterly');
    expect(within(card()).getByRole('combobox', { name: /Payment month/ })).toBeInTheDocument();
    expect(
      within(card()).getByText('Paid in March, June, September and December unless you choose a month.'),
    ).toBeInTheDocument();
    await user.selectOptions(within(card()).getByRole('combobox', { name: /Payment month/ }), 'February');
    expect(within(card()).getByText('Paid in February, May, August and November.')).toBeInTheDocument();

    await user.selectOptions(frequency, 'Daily');
    expect(within(card()).queryByRole('combobox', { name: 'Day of month for payment' })).not.toBeInTheDocument();
    expect(within(card()).queryByRole('combobox', { name: /Payment month/ })).not.toBeInTheDocument();
  });

  it('offers At Maturity for a bond, and then no payment month or day; annual days follow the month', async () => {
    setup(makeDetail({ accountType: 'Bond', category: 'bond' }));
    const { user } = renderApp(paths.account(ACCOUNT_ID));
    await screen.findByRole('region', { name: 'Interest Settings' });
    const frequency = within(card()).getByRole('combobox', { name: 'Payment frequency' });
    expect(
      within(frequency)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('At Maturity');
    await user.selectOptions(frequency, 'At Maturity');
    expect(within(card()).queryByRole('combobox', { name: 'Day of month for payment' })).not.toBeInTheDocument();
    await user.selectOptions(frequency, 'Annually');
    await user.selectOptions(within(card()).getByRole('combobox', { name: /Payment month/ }), 'February');
    // 'Not set' and 28 days.
    expect(
      within(within(card()).getByRole('combobox', { name: 'Day of month for payment' })).getAllByRole('option'),
    ).toHaveLength(29);
  });

  it('offers On Demand for a current account', async () => {
    setup(makeDetail({ accountType: 'Current', category: 'current' }));
    renderApp(paths.account(ACCOUNT_ID));
    await screen.findByRole('region', { name: 'Interest Settings' });
    expect(
      within(within(card()).getByRole('combobox', { name: 'Payment frequency' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('On Demand');
  });

  it('saves the settings together and says so; a negative rate is refused', async () => {
    const detail = makeDetail();
    const api = setup(detail, stateful(detail));
    const { user } = renderApp(paths.account(ACCOUNT_ID));
    await screen.findByRole('region', { name: 'Interest Settings' });
    const rate = within(card()).getByRole('textbox', { name: 'Interest rate (%)' });
    await user.clear(rate);
    await user.type(rate, '-1');
    await user.click(within(card()).getByRole('button', { name: 'Save interest settings' }));
    expect(await within(card()).findByText('Interest rate cannot be negative')).toBeInTheDocument();
    // The account form's rules and messages, before anything is sent.
    for (const [typed, message] of [
      ['150', 'Interest rate must be 100% or less'],
      ['4.355', 'Interest rate can have at most 2 decimal places'],
      ['four', 'Enter the interest rate as a number, like 4.35'],
    ]) {
      await user.clear(rate);
      await user.type(rate, typed!);
      await user.click(within(card()).getByRole('button', { name: 'Save interest settings' }));
      expect(await within(card()).findByText(message!)).toBeInTheDocument();
    }
    expect(api.calls(`PATCH ${accountPath}`)).toHaveLength(0);

    await user.clear(rate);
    await user.type(rate, '4.5');
    await user.selectOptions(within(card()).getByRole('combobox', { name: 'Day of month for payment' }), '15');
    await user.type(within(card()).getByRole('textbox', { name: /Notes/ }), ' Bonus ends in May ');
    await user.click(within(card()).getByRole('button', { name: 'Save interest settings' }));
    expect(await screen.findByText('Interest settings updated successfully')).toBeInTheDocument();
    expect(api.calls(`PATCH ${accountPath}`).map((c) => c.body)).toEqual([
      {
        interestRateBps: 450,
        rateType: 'AER',
        interestFrequency: 'Monthly',
        interestPayoutMethod: 'Add to account',
        interestPaymentMonth: null,
        interestPaymentDay: 15,
        nextRateChange: null,
        terms: 'Bonus ends in May',
      },
    ]);
    // Saved, the box shows the rate as it is read: 4.50, not 4.5.
    expect(rate).toHaveValue('4.50');
  });

  it('says when the settings could not be saved, keeping them', async () => {
    setup(makeDetail(), { [`PATCH ${accountPath}`]: apiError(500, 'INTERNAL', 'Something broke') });
    const { user } = renderApp(paths.account(ACCOUNT_ID));
    await screen.findByRole('region', { name: 'Interest Settings' });
    const rate = within(card()).getByRole('textbox', { name: 'Interest rate (%)' });
    await user.clear(rate);
    await user.type(rate, '5');
    await user.click(within(card()).getByRole('button', { name: 'Save interest settings' }));
    expect(await screen.findByText('Failed to update interest settings')).toBeInTheDocument();
    expect(screen.queryByText('Something broke')).toBeNull();
    expect(rate).toHaveValue('5');
  });

  it('gives the server’s reason with the spec’s failure text when it refuses the settings', async () => {
    setup(makeDetail(), {
      [`PATCH ${accountPath}`]: apiError(
        400,
        'VALIDATION_FAILED',
        'Choose a payment frequency offered for this account type',
      ),
    });
    const { user } = renderApp(paths.account(ACCOUNT_ID));
    await screen.findByRole('region', { name: 'Interest Settings' });
    await user.type(within(card()).getByRole('textbox', { name: /Notes/ }), 'Bonus');
    await user.click(within(card()).getByRole('button', { name: 'Save interest settings' }));
    expect(await screen.findByText('Failed to update interest settings')).toBeInTheDocument();
    expect(await screen.findByText('Choose a payment frequency offered for this account type')).toBeInTheDocument();
  });
});

describe('Update balance on the account page', () => {
  const UPDATE = `POST /api/accounts/${ACCOUNT_ID}/balance-updates`;
  const today = () => {
    const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date()).split('-');
    return { stored: `${y}-${m}-${d}`, shown: `${d}/${m}/${y}` };
  };

  const open = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(await screen.findByRole('button', { name: 'Update balance' }));
    return screen.findByRole('dialog', { name: 'Update balance' });
  };

  it('records what the bank shows today and says the new balance and the adjustment in words', async () => {
    let balance = 25_000_00;
    const api = setup(makeDetail(), {
      [`GET ${accountPath}`]: () => json(200, makeDetail({ balancePence: balance })),
      [UPDATE]: () => {
        balance = 25_120_00;
        return json(201, { balancePence: 25_120_00, adjustmentPence: 120_00, transaction: {} });
      },
    });
    const { user } = renderApp(paths.account(ACCOUNT_ID));
    const dialog = await open(user);
    expect(within(dialog).getByRole('textbox', { name: 'Date' })).toHaveValue(today().shown);
    await user.type(within(dialog).getByRole('textbox', { name: 'Balance your bank shows (£)' }), '25,120{Enter}');
    const notice = await screen.findByText('Balance updated to £25,120.00 — £120.00 more than your entries showed');
    expect(api.calls(UPDATE).map((c) => c.body)).toEqual([{ balancePence: 25_120_00, date: today().stored }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(notice.closest('[role="alert"], [tabindex="-1"]')).toHaveFocus());
    const summary = screen.getByRole('region', { name: 'Account summary' });
    await waitFor(() =>
      expect(within(summary).getByText('Current Balance').nextSibling).toHaveTextContent('£25,120.00'),
    );
  });

  it('says what is wrong before asking, and the server’s reason when it refuses', async () => {
    const api = setup(makeDetail(), {
      [UPDATE]: apiError(400, 'VALIDATION_FAILED', 'The date cannot be after today'),
    });
    const { user } = renderApp(paths.account(ACCOUNT_ID));
    const dialog = await open(user);
    const amount = within(dialog).getByRole('textbox', { name: 'Balance your bank shows (£)' });
    await user.click(within(dialog).getByRole('button', { name: 'Save balance' }));
    expect(amount).toHaveAccessibleDescription(expect.stringContaining('Enter the balance your bank shows'));
    const date = within(dialog).getByRole('textbox', { name: 'Date' });
    await user.clear(date);
    await user.type(date, `01/01/${Number(today().stored.slice(0, 4)) + 1}`);
    await user.type(amount, '-50.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save balance' }));
    expect(within(dialog).getByText('The date cannot be after today')).toBeInTheDocument();
    expect(api.calls(UPDATE)).toHaveLength(0);

    await user.clear(date);
    await user.type(date, today().shown);
    await user.click(within(dialog).getByRole('button', { name: 'Save balance' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The date cannot be after today');
    expect(api.calls(UPDATE).map((c) => c.body)).toEqual([{ balancePence: -50_50, date: today().stored }]);
  });
});

describe('the Protection card', () => {
  const SCOTLAND_ID = '7a2d3b4c-5e6f-4a71-8b8c-0d1e2f3a4b5c';
  const halifax = makeAccount({ name: 'Halifax saver', balancePence: 70_000_00 });
  /** Halifax £70,000 and Bank of Scotland £70,000: one licence, £140,000 against its limit. */
  const shared = makeLicenceGroup(halifax, {
    brands: ['Halifax', 'Bank of Scotland'],
    accounts: [
      {
        id: ACCOUNT_ID,
        name: 'Halifax saver',
        bankName: 'Halifax',
        holders: 1,
        balancePence: 70_000_00,
        sharePence: 70_000_00,
      },
      {
        id: SCOTLAND_ID,
        name: 'Bank of Scotland saver',
        bankName: 'Bank of Scotland',
        holders: 1,
        balancePence: 70_000_00,
        sharePence: 70_000_00,
      },
    ],
    totalPence: 140_000_00,
    coveredPence: 120_000_00,
    atRiskPence: 20_000_00,
    limitUsedPercent: 116.7,
    alertLevel: 'over-limit',
    sharedLimitReason:
      'Halifax and Bank of Scotland are brands of Bank of Scotland plc (FRN 169628): one £120,000 limit covers them together.',
  });
  const card = async () => (await screen.findByRole('heading', { level: 2, name: 'Protection' })).closest('section')!;

  it('names the licence, the other accounts sharing it, the total against its limit, covered and at risk', async () => {
    setup(makeDetail({ name: 'Halifax saver', balancePence: 70_000_00 }, 3, { licence: shared, outside: null }));
    renderApp(paths.account(ACCOUNT_ID));
    const protection = within(await card());
    expect(protection.getByRole('heading', { level: 3, name: 'Bank of Scotland plc' })).toBeInTheDocument();
    expect(
      protection.getByText(
        /^Banking licence: £120,000 per person if the bank fails · FRN.169628 · Halifax, Bank of Scotland$/,
      ),
    ).toBeInTheDocument();
    expect(protection.getByText('£20,000.00 not protected')).toBeInTheDocument();
    // The other accounts under the licence, linked; not this one.
    const others = protection.getByRole('heading', { level: 4, name: 'Your other accounts under this licence' });
    expect(others).toBeInTheDocument();
    expect(protection.getByRole('link', { name: 'Bank of Scotland saver' })).toHaveAttribute(
      'href',
      `/account/${SCOTLAND_ID}`,
    );
    expect(protection.queryByRole('link', { name: 'Halifax saver' })).toBeNull();
    const figure = (label: string) => protection.getByText(label).nextElementSibling?.textContent;
    expect(figure('Total under this licence')).toBe('£140,000.00');
    expect(figure('Covered')).toBe('£120,000.00');
    expect(figure('At risk')).toBe('£20,000.00');
    expect(protection.getByText('116.7% of the £120,000 deposit limit per person.')).toBeInTheDocument();
    expect(protection.getByText(/one £120,000 limit covers them together/)).toBeInTheDocument();
    expect(protection.getByRole('link', { name: /Protection Hub/ })).toHaveAttribute('href', '/protection');
  });

  it('says the joint share in words and a temporary high balance’s window', async () => {
    const joint = makeAccount({ name: 'Joint saver', balancePence: 100_000_00, holders: 2 });
    const licence = makeLicenceGroup(joint, {
      accounts: [
        {
          id: ACCOUNT_ID,
          name: 'Joint saver',
          bankName: 'Halifax',
          holders: 2,
          balancePence: 100_000_00,
          sharePence: 50_000_00,
        },
      ],
      totalPence: 50_000_00,
      coveredPence: 50_000_00,
      atRiskPence: 0,
      limitUsedPercent: 41.7,
      jointShares: [
        'Only your half of Joint saver counts here: £50,000.00 of its £100,000.00. Each of its 2 holders has their own £120,000 limit.',
      ],
      temporaryHighBalance: {
        coveredPence: 0,
        startedOn: '2026-10-01',
        endsOn: '2027-04-01',
        text: 'Cover for the home sale lasts 6 months from when it was credited.',
      },
    });
    setup(makeDetail({ name: 'Joint saver', balancePence: 100_000_00, holders: 2 }, 3, { licence, outside: null }));
    renderApp(paths.account(ACCOUNT_ID));
    const protection = within(await card());
    expect(
      protection.getByText(/^Only your half of Joint saver counts here: £50,000\.00 of its £100,000\.00/),
    ).toBeInTheDocument();
    expect(
      protection.getByText('Total under this licence (your share of joint accounts)').nextElementSibling,
    ).toHaveTextContent('£50,000.00');
    expect(protection.getByText('Temporary high balance: protected until 1 Apr 2027')).toBeInTheDocument();
    expect(protection.getByText('Credited on 1 Oct 2026.')).toBeInTheDocument();
    expect(protection.getByText('None: only this account of yours counts against this limit.')).toBeInTheDocument();
  });

  it('says NS&I money is backed by HM Treasury', async () => {
    setup(
      makeDetail({ name: 'Premium Bonds', bank: 'NS&I', balancePence: 10_000_00 }, 3, {
        licence: null,
        outside: {
          key: 'ns-and-i|name:ns&i',
          kind: 'ns-and-i',
          bucket: 'government-backed',
          basis: 'NS&I: 100% backed by HM Treasury',
          unknownReason: null,
          bankName: 'NS&I',
          legalName: 'National Savings and Investments (NS&I)',
          status: 'Backed by HM Treasury',
          reason: 'NS&I is 100% backed by HM Treasury rather than the FSCS. All of it is safe, with no limit.',
          accounts: [
            {
              id: ACCOUNT_ID,
              name: 'Premium Bonds',
              bankName: 'NS&I',
              holders: 1,
              balancePence: 10_000_00,
              sharePence: 10_000_00,
            },
          ],
          totalPence: 10_000_00,
          jointShares: [],
        },
      }),
    );
    renderApp(paths.account(ACCOUNT_ID));
    const protection = within(await card());
    expect(protection.getByRole('heading', { level: 3, name: 'NS&I' })).toBeInTheDocument();
    expect(protection.getByText('Backed by HM Treasury')).toBeInTheDocument();
    expect(protection.getByText(/100% backed by HM Treasury rather than the FSCS/)).toBeInTheDocument();
    expect(protection.getByRole('link', { name: /Protection Hub/ })).toHaveAttribute('href', '/protection');
  });

  it('says what to do when the bank is not known', async () => {
    setup(
      makeDetail({ name: 'Mystery saver', bank: null, bankId: null, licence: null, balancePence: 5_000_00 }, 3, {
        licence: null,
        outside: {
          key: 'unknown|no-bank',
          kind: 'unknown-bank',
          bucket: 'unknown',
          basis: 'Protection unknown: no bank recorded',
          unknownReason: 'no-bank',
          bankName: null,
          legalName: null,
          status: 'Protection unknown',
          reason:
            "No bank or provider is recorded for this money, so we cannot tell which limit covers it. Choose the bank in the account's Basic Information. Until then it is counted neither as protected nor as not protected.",
          accounts: [
            {
              id: ACCOUNT_ID,
              name: 'Mystery saver',
              bankName: null,
              holders: 1,
              balancePence: 5_000_00,
              sharePence: 5_000_00,
            },
          ],
          totalPence: 5_000_00,
          jointShares: [],
        },
      }),
    );
    renderApp(paths.account(ACCOUNT_ID));
    const protection = within(await card());
    expect(protection.getByRole('heading', { level: 3, name: 'Bank not known' })).toBeInTheDocument();
    expect(protection.getByText('Protection unknown')).toBeInTheDocument();
    expect(protection.getByText(/Choose the bank or provider in Basic Information above/)).toBeInTheDocument();
    expect(protection.getByRole('link', { name: 'Or edit the account' })).toHaveAttribute(
      'href',
      `/account/${ACCOUNT_ID}/edit`,
    );
  });

  it('sends the saver to the ISA Details card when a Cash ISA’s provider is not chosen, as protection unknown', async () => {
    setup(
      makeDetail({ name: 'Cash ISA', bank: null, bankId: null, licence: null, balancePence: 20_000_00 }, 3, {
        licence: null,
        outside: {
          key: 'unknown|isa-provider-missing',
          kind: 'unknown-bank',
          bucket: 'unknown',
          basis: 'Protection unknown: ISA provider not chosen',
          unknownReason: 'isa-provider-missing',
          bankName: null,
          legalName: null,
          status: 'Protection unknown',
          reason:
            "This ISA's provider is not chosen yet, so we cannot tell which limit covers it. Choose the provider in the ISA Details card on the account's page. Until then it is counted neither as protected nor as not protected.",
          accounts: [
            {
              id: ACCOUNT_ID,
              name: 'Cash ISA',
              bankName: null,
              holders: 1,
              balancePence: 20_000_00,
              sharePence: 20_000_00,
            },
          ],
          totalPence: 20_000_00,
          jointShares: [],
        },
      }),
    );
    renderApp(paths.account(ACCOUNT_ID));
    const protection = within(await card());
    expect(protection.getByRole('heading', { level: 3, name: 'ISA provider not chosen' })).toBeInTheDocument();
    expect(protection.getByText('Protection unknown')).toBeInTheDocument();
    expect(protection.getByText(/Choose the provider in the ISA Details card on this page/)).toBeInTheDocument();
    expect(protection.queryByText(/Basic Information/)).toBeNull();
  });
});
