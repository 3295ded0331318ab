import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { apiError, json, makeMe, meHandler, mockApi, type MockHandler } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import {
  ACCOUNT_TYPES,
  banksHandler,
  chooseBank,
  CLOSE_BROTHERS_ID,
  HALIFAX_ID,
  makeAccount,
  makeList,
  RAISIN_ID,
} from './test-fixtures.ts';
import { makeDetail } from '../account-detail/account-detail-fixtures.ts';

beforeAll(() => Promise.all([import('./account-form-page.tsx'), import('./accounts-page.tsx')]), 60_000);

function api(extra: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/me': meHandler(makeMe()),
    'GET /api/account-types': json(200, { accountTypes: ACCOUNT_TYPES }),
    'GET /api/reference/banks': banksHandler,
    'GET /api/accounts': json(200, makeList([])),
    ...extra,
  });
}

async function openNewForm() {
  const rendered = renderApp('/account/new');
  await screen.findByRole('form', { name: 'New account' });
  return rendered;
}

describe('adding an account', () => {
  it('starts from the spec’s defaults', async () => {
    api();
    await openNewForm();
    expect(screen.getByLabelText('Account type')).toHaveValue('Savings');
    expect(screen.getByLabelText('Payment frequency')).toHaveValue('Monthly');
    expect(screen.getByLabelText('Rate type')).toHaveValue('AER');
    expect(screen.getByLabelText('Interest payout method')).toHaveValue('Add to account');
    expect(screen.getByLabelText('Penalty type')).toHaveValue('percentage');
    expect(screen.getByRole('switch', { name: 'Rate change notifications' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Account is managed on a platform' })).not.toBeChecked();
    expect(screen.getByText('12 months after opening, on the payment day')).toBeInTheDocument();
    expect(screen.getByLabelText('Balance on')).toHaveValue(
      calendarDateInLondon(new Date()).split('-').reverse().join('/'),
    );
    expect(
      within(screen.getByLabelText('Account type'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(ACCOUNT_TYPES.map((t) => t.name));
  });

  it('says what is missing in the spec’s words and sends nothing', async () => {
    const mock = api();
    const { user } = await openNewForm();
    await user.type(screen.getByLabelText('Interest rate'), '-1');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText('Account name is required')).toBeInTheDocument();
    expect(screen.getByText('Bank name is required')).toBeInTheDocument();
    expect(screen.getByText('Account number is required')).toBeInTheDocument();
    expect(screen.getByText('Interest rate cannot be negative')).toBeInTheDocument();
    expect(screen.getByLabelText('Account name')).toHaveFocus();
    expect(mock.calls('POST /api/accounts')).toHaveLength(0);
  });

  it('offers a piglet no ISA or pension type: the server would refuse it', async () => {
    api({ 'GET /api/me': meHandler(makeMe({ tier: 'piglet' })) });
    await openNewForm();
    const options = () =>
      within(screen.getByLabelText('Account type'))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(options()).toContain('Savings');
    expect(options()).not.toContain('Cash ISA');
    expect(options().some((o) => /pension|sipp/i.test(o ?? ''))).toBe(false);
  });

  it('offers ISA types to a piglet granted ISAs, and still no pension', async () => {
    api({ 'GET /api/me': meHandler(makeMe({ tier: 'piglet', features: { isas: true } })) });
    await openNewForm();
    const options = within(screen.getByLabelText('Account type'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toContain('Cash ISA');
    expect(options.some((o) => /pension|sipp/i.test(o ?? ''))).toBe(false);
  });

  it('asks no bank of an ISA or pension account', async () => {
    const mock = api({ 'POST /api/accounts': json(201, { account: makeAccount({ accountType: 'Cash ISA' }) }) });
    const { user } = await openNewForm();
    expect(screen.getByRole('combobox', { name: 'Bank or building society' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Account type'), 'Cash ISA');
    expect(screen.queryByRole('combobox', { name: 'Bank or building society' })).toBeNull();
    await user.type(screen.getByLabelText('Account name'), 'My ISA');
    await user.type(screen.getByLabelText('Account number'), 'ISA1');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(mock.calls('POST /api/accounts')).toHaveLength(1));
    expect(mock.calls('POST /api/accounts')[0]!.body).toMatchObject({ accountType: 'Cash ISA', bankId: null });
    // Left unticked, the starting balance is a stated balance: nothing more is sent.
    expect(mock.calls('POST /api/accounts')[0]!.body).not.toHaveProperty('startingBalancePaidIn');
    expect(screen.queryByText('Bank name is required')).toBeNull();
  });

  it('offers a Cash ISA’s starting balance Paid in this tax year, and sends it so it counts towards the allowance', async () => {
    const mock = api({ 'POST /api/accounts': json(201, { account: makeAccount({ accountType: 'Cash ISA' }) }) });
    const { user } = await openNewForm();
    expect(screen.queryByRole('checkbox', { name: 'Paid in this tax year' })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Account type'), 'Cash ISA');
    await user.type(screen.getByLabelText('Account name'), 'New ISA');
    await user.type(screen.getByLabelText('Account number'), 'ISA1');
    await user.type(screen.getByLabelText('Starting balance (optional)'), '5,000');
    const box = screen.getByRole('checkbox', { name: 'Paid in this tax year' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/recorded as a deposit and counts towards your ISA allowance/);
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(mock.calls('POST /api/accounts')).toHaveLength(1));
    expect(mock.calls('POST /api/accounts')[0]!.body).toMatchObject({
      accountType: 'Cash ISA',
      startingBalancePence: 5_000_00,
      startingBalanceDate: calendarDateInLondon(new Date()),
      startingBalancePaidIn: true,
    });
  });

  it('adds the account with its starting balance and goes to it', async () => {
    const created = makeAccount({ name: 'Rainy day' });
    const mock = api({ 'POST /api/accounts': json(201, { account: created }) });
    const { user, router } = await openNewForm();
    await user.type(screen.getByLabelText('Account name'), '  Rainy day ');
    await chooseBank(user, 'Bank or building society', 'Halifax');
    await user.type(screen.getByLabelText('Account number'), '12345678');
    await user.type(screen.getByLabelText('Interest rate'), '4.35');
    await user.type(screen.getByLabelText('Starting balance (optional)'), '2,500');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(mock.calls('POST /api/accounts')).toHaveLength(1));
    expect(mock.calls('POST /api/accounts')[0]!.body).toMatchObject({
      name: 'Rainy day',
      bankId: HALIFAX_ID,
      accountNumber: '12345678',
      accountType: 'Savings',
      interestRateBps: 435,
      interestFrequency: 'Monthly',
      startingBalancePence: 2_500_00,
      startingBalanceDate: calendarDateInLondon(new Date()),
      interimInterestSchedule: [{ kind: 'offset', offsetValue: 12, offsetUnit: 'months', dayOfMonth: null }],
    });
    expect(await screen.findByText('Account added successfully', {}, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts'));
  });

  it('sends a typed £0 starting balance: a statement that the account held nothing', async () => {
    const mock = api({ 'POST /api/accounts': json(201, { account: makeAccount({ name: 'Empty pot' }) }) });
    const { user } = await openNewForm();
    await user.type(screen.getByLabelText('Account name'), 'Empty pot');
    await chooseBank(user, 'Bank or building society', 'Halifax');
    await user.type(screen.getByLabelText('Account number'), '1234');
    await user.type(screen.getByLabelText('Interest rate'), '4');
    await user.type(screen.getByLabelText('Starting balance (optional)'), '0');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(mock.calls('POST /api/accounts')).toHaveLength(1));
    expect(mock.calls('POST /api/accounts')[0]!.body).toMatchObject({
      startingBalancePence: 0,
      startingBalanceDate: calendarDateInLondon(new Date()),
    });
  });

  it('shows the server’s refusal at the cap, naming how to raise it', async () => {
    const message =
      'You have reached the limit of 3 accounts on the Piglet plan. Upgrade to the Boar plan (up to 10 accounts) or the Big Pig plan (unlimited accounts), or delete an account you no longer need.';
    api({ 'POST /api/accounts': apiError(403, 'ACCOUNT_LIMIT_REACHED', message) });
    const { user } = await openNewForm();
    await user.type(screen.getByLabelText('Account name'), 'Fourth');
    await chooseBank(user, 'Bank or building society', 'Halifax');
    await user.type(screen.getByLabelText('Account number'), '4');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText('Failed to add account', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(within(screen.getByRole('form', { name: 'New account' })).getByText(message)).toBeInTheDocument();
  });

  it('says at the top, before any typing, that the cap is reached and which plan allows more', async () => {
    const three = ['One', 'Two', 'Three'].map((name, i) => makeAccount({ id: `a${i}`, name }));
    api({ 'GET /api/accounts': json(200, makeList(three, { max: 3, tier: 'piglet' })) });
    renderApp('/account/new');
    expect(await screen.findByText('You can’t add another account')).toBeInTheDocument();
    expect(
      screen.getByText(
        'You have reached the limit of 3 accounts on the Piglet plan. Upgrade to the Boar plan (up to 10 accounts) or the Big Pig plan (unlimited accounts), or delete an account you no longer need.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/subscribe?tier=boar');
    expect(screen.queryByRole('form', { name: 'New account' })).toBeNull();
  });

  it('points to us, not a plan, when the cap is one an admin set', async () => {
    const two = ['One', 'Two'].map((name, i) => makeAccount({ id: `a${i}`, name }));
    api({ 'GET /api/accounts': json(200, makeList(two, { max: 2, tier: 'bigpig', source: 'admin' })) });
    renderApp('/account/new');
    expect(
      await screen.findByText(
        'You have reached the limit of 2 accounts set on your SavvyPig account. Contact us to raise it, or delete an account you no longer need.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    expect(screen.queryByRole('link', { name: 'See the plans' })).toBeNull();
  });

  it('asks which bank holds a platform account’s deposits, with the amber alert until one is chosen', async () => {
    const mock = api({ 'POST /api/accounts': json(201, { account: makeAccount() }) });
    const { user } = await openNewForm();
    await user.click(screen.getByRole('switch', { name: 'Account is managed on a platform' }));
    expect(screen.getByText('Select the bank that holds your deposits')).toBeInTheDocument();
    await chooseBank(user, 'Bank that holds the deposits', 'Close Brothers Savings');
    expect(screen.queryByText('Select the bank that holds your deposits')).toBeNull();
    await user.type(screen.getByLabelText('Account name'), 'Raisin 1 year');
    await chooseBank(user, 'Bank or building society', 'Raisin UK');
    await user.type(screen.getByLabelText('Account number'), 'R1');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(mock.calls('POST /api/accounts')).toHaveLength(1));
    expect(mock.calls('POST /api/accounts')[0]!.body).toMatchObject({
      bankId: RAISIN_ID,
      isPlatformAccount: true,
      platformBankReferenceId: CLOSE_BROTHERS_ID,
    });
  });

  it('shows the payment month and day as the frequency needs them (001 §9)', async () => {
    api();
    const { user } = await openNewForm();
    expect(screen.queryByLabelText('Payment month (optional)')).toBeNull();
    expect(screen.getByLabelText('Day of month for payment (optional)')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Payment frequency'), 'Quarterly');
    expect(
      screen.getByText('Without a month, quarterly interest is paid in March, June, September and December.'),
    ).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Payment frequency'), 'Annually');
    await user.selectOptions(screen.getByLabelText('Payment month (optional)'), 'February');
    expect(within(screen.getByLabelText('Day of month for payment (optional)')).getAllByRole('option')).toHaveLength(
      29,
    );
    await user.selectOptions(screen.getByLabelText('Payment frequency'), 'Daily');
    expect(screen.queryByLabelText('Day of month for payment (optional)')).toBeNull();
    expect(
      within(screen.getByLabelText('Payment frequency')).queryByRole('option', { name: 'At Maturity' }),
    ).toBeNull();
    await user.selectOptions(screen.getByLabelText('Account type'), 'Bond');
    expect(
      within(screen.getByLabelText('Payment frequency')).getByRole('option', { name: 'At Maturity' }),
    ).toBeInTheDocument();
  });

  it('edits the interim interest schedule: another kind, its problems, and the default back', async () => {
    api();
    const { user } = await openNewForm();
    // A savings account keeps its schedule under More details.
    await user.click(screen.getByRole('button', { name: 'More details' }));
    await user.click(screen.getByRole('button', { name: 'Add an entry' }));
    const second = screen.getByRole('group', { name: 'Entry 2' });
    await user.selectOptions(within(second).getByLabelText('When it is paid'), 'Repeating');
    await user.clear(within(second).getByLabelText('Every'));
    await user.type(within(second).getByLabelText('Every'), '3');
    await user.type(within(second).getByLabelText('How many times (optional)'), '4');
    expect(within(second).getByText('Every 3 months, on the payment day, 4 times')).toBeInTheDocument();
    await user.clear(within(second).getByLabelText('Every'));
    await user.type(within(second).getByLabelText('Every'), '0');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await within(second).findByText('Enter how often, as a whole number from 1 to 999')).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('group', { name: 'Entry 1' })).getByRole('button', { name: 'Remove entry 1' }),
    );
    await user.click(screen.getByRole('button', { name: 'Remove entry 1' }));
    expect(screen.getByText('No interest is paid besides the usual payments.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use the default schedule' }));
    expect(screen.getByText('12 months after opening, on the payment day')).toBeInTheDocument();
  });

  it('shows an easy-access saver only the fields it uses, with the rest under More details', async () => {
    api();
    const { user } = await openNewForm();
    const more = screen.getByRole('button', { name: 'More details' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    for (const label of ['Overdraft limit (optional)', 'Term length (optional)', 'Early withdrawal penalty (optional)'])
      expect(screen.getByLabelText(label)).not.toBeVisible();
    expect(screen.queryByRole('switch', { name: 'Can be renewed at the end of the term' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add an entry' })).toBeNull();
    // The account number says how much of it is needed, under the field and read out with it.
    expect(screen.getByLabelText('Account number')).toHaveAccessibleDescription(
      'The last 4 digits are enough to tell your accounts apart.',
    );
    // A real button: the keyboard opens and closes it.
    more.focus();
    await user.keyboard('{Enter}');
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Overdraft limit (optional)')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add an entry' })).toBeVisible();
    await user.keyboard(' ');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByLabelText('Overdraft limit (optional)')).not.toBeVisible();
  });

  it('shows a current account its overdraft, and a bond its term, penalty, renewal and interim interest', async () => {
    api();
    const { user } = await openNewForm();
    await user.selectOptions(screen.getByLabelText('Account type'), 'Current');
    expect(screen.getByRole('region', { name: 'Overdraft' })).toBeVisible();
    expect(screen.getByLabelText('Overdraft limit (optional)')).toBeVisible();
    expect(screen.getByLabelText('Overdraft interest rate (optional)')).toBeVisible();
    expect(screen.getByLabelText('Term length (optional)')).not.toBeVisible();

    await user.selectOptions(screen.getByLabelText('Account type'), 'Fixed Term Deposit');
    const term = screen.getByRole('region', { name: 'Term, early withdrawal and maturity' });
    for (const label of ['Date opened (optional)', 'Term length (optional)', 'Early withdrawal penalty (optional)'])
      expect(within(term).getByLabelText(label)).toBeVisible();
    expect(within(term).getByRole('switch', { name: 'Can be renewed at the end of the term' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Interim interest schedule' })).toBeVisible();
    expect(screen.getByLabelText('Overdraft limit (optional)')).not.toBeVisible();

    await user.selectOptions(screen.getByLabelText('Account type'), 'Notice Saver');
    expect(screen.getByRole('region', { name: 'Early withdrawal' })).toBeVisible();
    expect(screen.getByLabelText('Early withdrawal penalty (optional)')).toBeVisible();
    expect(screen.getByLabelText('Term length (optional)')).not.toBeVisible();
  });

  it('keeps what was typed when its field folds away with a change of type, says so, and saves it', async () => {
    const mock = api({ 'POST /api/accounts': json(201, { account: makeAccount() }) });
    const { user } = await openNewForm();
    await user.selectOptions(screen.getByLabelText('Account type'), 'Bond');
    await user.type(screen.getByLabelText('Term length (optional)'), '2');
    await user.selectOptions(screen.getByLabelText('Term unit'), 'Years');
    await user.type(screen.getByLabelText('Early withdrawal penalty (optional)'), '1.5');
    await user.selectOptions(screen.getByLabelText('Account type'), 'Savings');
    expect(screen.getByLabelText('Term length (optional)')).not.toBeVisible();
    expect(screen.getByText('Filled in: Term length and Early withdrawal penalty.')).toBeInTheDocument();
    // Shown again, the figures are still there.
    await user.selectOptions(screen.getByLabelText('Account type'), 'Fixed Term Deposit');
    expect(screen.getByLabelText('Term length (optional)')).toHaveValue('2');
    expect(screen.getByLabelText('Term unit')).toHaveValue('years');
    await user.selectOptions(screen.getByLabelText('Account type'), 'Savings');
    await user.click(screen.getByRole('button', { name: 'More details' }));
    expect(screen.getByLabelText('Early withdrawal penalty (optional)')).toHaveValue('1.5');

    await user.type(screen.getByLabelText('Account name'), 'Rainy day');
    await chooseBank(user, 'Bank or building society', 'Halifax');
    await user.type(screen.getByLabelText('Account number'), '5678');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(mock.calls('POST /api/accounts')).toHaveLength(1));
    expect(mock.calls('POST /api/accounts')[0]!.body).toMatchObject({
      accountType: 'Savings',
      termLengthValue: 2,
      termLengthUnit: 'years',
      earlyWithdrawalPenalty: 150,
    });
  });

  it('opens More details and focuses the field when a problem is folded inside it', async () => {
    const mock = api();
    const { user } = await openNewForm();
    const more = screen.getByRole('button', { name: 'More details' });
    await user.click(more);
    await user.type(screen.getByLabelText('Overdraft limit (optional)'), 'lots');
    await user.click(more);
    await user.type(screen.getByLabelText('Account name'), 'Rainy day');
    await chooseBank(user, 'Bank or building society', 'Halifax');
    await user.type(screen.getByLabelText('Account number'), '5678');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(screen.getByLabelText('Overdraft limit (optional)')).toHaveFocus());
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Overdraft limit (optional)')).toBeVisible();
    expect(screen.getByText('Enter an amount of £0 or more, in pounds and pence')).toBeVisible();
    expect(mock.calls('POST /api/accounts')).toHaveLength(0);
  });

  it('opens More details for a problem folded inside it even when the first problem is above it', async () => {
    api();
    const { user } = await openNewForm();
    await user.selectOptions(screen.getByLabelText('Account type'), 'Bond');
    await user.type(screen.getByLabelText('Term length (optional)'), 'two');
    await user.selectOptions(screen.getByLabelText('Account type'), 'Savings');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(screen.getByLabelText('Account name')).toHaveFocus());
    expect(screen.getByRole('button', { name: 'More details' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Enter the term length as a whole number and choose days, months or years')).toBeVisible();
  });

  it('still adds a Savings account when the account types cannot be loaded', async () => {
    api({ 'GET /api/account-types': apiError(500, 'INTERNAL', 'Something went wrong. Please try again.') });
    await openNewForm();
    expect(screen.getByLabelText('Account type')).toHaveValue('Savings');
    expect(screen.getByText(/Failed to load account types/)).toBeInTheDocument();
  });
});

describe('editing an account', () => {
  it('fills the form from the saved account and saves it whole', async () => {
    const account = makeAccount({ name: 'Old name', interestRateBps: 510, holders: 2, balancePence: 9_900 });
    const mock = api({
      [`GET /api/accounts/${account.id}`]: json(200, makeDetail(account)),
      [`PUT /api/accounts/${account.id}`]: ({ body }) => json(200, { account: { ...account, ...(body as object) } }),
    });
    const { user, router } = renderApp(`/account/${account.id}/edit`);
    await screen.findByRole('form', { name: 'Edit account' });
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Old name' })).toBeInTheDocument();
    expect(screen.getByLabelText('Account name')).toHaveValue('Old name');
    expect(screen.getByLabelText('Interest rate')).toHaveValue('5.1');
    expect(screen.getByLabelText('Who holds it?')).toHaveValue('2');
    expect(screen.getByRole('combobox', { name: 'Bank or building society' })).toHaveTextContent('Halifax');
    expect(screen.queryByLabelText('Starting balance (optional)')).toBeNull();
    await user.clear(screen.getByLabelText('Account name'));
    await user.type(screen.getByLabelText('Account name'), 'New name');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(mock.calls(`PUT /api/accounts/${account.id}`)).toHaveLength(1));
    const body = mock.calls(`PUT /api/accounts/${account.id}`)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'New name', bankId: HALIFAX_ID, interestRateBps: 510, holders: 2 });
    expect(body).not.toHaveProperty('balancePence');
    expect(body).not.toHaveProperty('startingBalancePence');
    expect(await screen.findByText('Account basics updated successfully', {}, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/account/${account.id}`));
  });

  it('shows a saved frequency the account’s type does not offer, asks for another one on save, and clears the problem once one is chosen', async () => {
    const account = makeAccount({ interestFrequency: 'At Maturity' });
    const mock = api({ [`GET /api/accounts/${account.id}`]: json(200, makeDetail(account)) });
    const { user } = renderApp(`/account/${account.id}/edit`);
    await screen.findByRole('form', { name: 'Edit account' });
    expect(screen.getByLabelText('Payment frequency')).toHaveValue('At Maturity');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Choose a payment frequency offered for this account type')).toBeInTheDocument();
    expect(screen.getByLabelText('Payment frequency')).toBeInvalid();
    expect(mock.calls(`PUT /api/accounts/${account.id}`)).toHaveLength(0);
    // After a failed save each change is checked again at once.
    await user.selectOptions(screen.getByLabelText('Payment frequency'), 'Monthly');
    await waitFor(() => expect(screen.getByLabelText('Payment frequency')).toBeValid());
    expect(screen.queryByText('Choose a payment frequency offered for this account type')).toBeNull();
  });

  it('folds the same way: a saved figure the type does not use waits under More details and is saved unchanged', async () => {
    const account = makeAccount({
      accountType: 'Current',
      overdraftLimitPence: 500_00,
      termLengthValue: 1,
      termLengthUnit: 'years',
    });
    const mock = api({
      [`GET /api/accounts/${account.id}`]: json(200, makeDetail(account)),
      [`PUT /api/accounts/${account.id}`]: ({ body }) => json(200, { account: { ...account, ...(body as object) } }),
    });
    const { user } = renderApp(`/account/${account.id}/edit`);
    await screen.findByRole('form', { name: 'Edit account' });
    expect(screen.getByLabelText('Overdraft limit (optional)')).toBeVisible();
    expect(screen.getByLabelText('Overdraft limit (optional)')).toHaveValue('500.00');
    expect(screen.getByRole('button', { name: 'More details' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Filled in: Term length.')).toBeInTheDocument();
    expect(screen.getByLabelText('Account number')).toHaveAccessibleDescription(
      'The last 4 digits are enough to tell your accounts apart.',
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(mock.calls(`PUT /api/accounts/${account.id}`)).toHaveLength(1));
    expect(mock.calls(`PUT /api/accounts/${account.id}`)[0]!.body).toMatchObject({
      overdraftLimitPence: 500_00,
      termLengthValue: 1,
      termLengthUnit: 'years',
    });
  });

  it('offers an ISA only its own type, with the spec’s note', async () => {
    const isa = makeAccount({ name: 'My ISA', accountType: 'Cash ISA', bank: null, bankId: null, licence: null });
    api({ [`GET /api/accounts/${isa.id}`]: json(200, makeDetail(isa)) });
    renderApp(`/account/${isa.id}/edit`);
    await screen.findByRole('form', { name: 'Edit account' });
    expect(
      within(screen.getByLabelText(/Account type/))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Cash ISA']);
    expect(screen.getByText('Some account types are restricted due to regulatory requirements')).toBeInTheDocument();
  });

  it('offers a savings account the savings, current and bond types only', async () => {
    const savings = makeAccount();
    api({ [`GET /api/accounts/${savings.id}`]: json(200, makeDetail(savings)) });
    renderApp(`/account/${savings.id}/edit`);
    await screen.findByRole('form', { name: 'Edit account' });
    expect(
      within(screen.getByLabelText(/Account type/))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Savings', 'Current', 'Bond', 'Fixed Term Deposit', 'Notice Saver', 'Regular Saver']);
  });

  it('toasts the spec’s failure and shows the server’s reason beside the fields', async () => {
    const account = makeAccount();
    api({
      [`GET /api/accounts/${account.id}`]: json(200, makeDetail(account)),
      [`PUT /api/accounts/${account.id}`]: apiError(
        403,
        'FORBIDDEN',
        'An account of type Savings cannot become Cash ISA. Some account types are restricted due to regulatory requirements',
      ),
    });
    const { user } = renderApp(`/account/${account.id}/edit`);
    await screen.findByRole('form', { name: 'Edit account' });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Failed to update account basics', {}, { timeout: 3000 })).toBeInTheDocument();
    // The reason is said once, in the form, not in the toast.
    expect(screen.getAllByText(/cannot become Cash ISA/)).toHaveLength(1);
    expect(
      within(screen.getByRole('form', { name: 'Edit account' })).getByText(/cannot become Cash ISA/),
    ).toBeInTheDocument();
  });

  it('says Account not found for an id that is not one of the user’s', async () => {
    api({ 'GET /api/accounts/bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb': apiError(404, 'NOT_FOUND', 'Account not found') });
    renderApp('/account/bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb/edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account not found' })).toBeInTheDocument();
    expect(screen.getByText("The account you're looking for doesn't exist.")).toBeInTheDocument();
  });
});
