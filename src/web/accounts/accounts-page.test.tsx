import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { handleRealtimeEvent } from '../app/realtime.ts';
import { apiError, json, makeMe, meHandler, mockApi, type MockHandler } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import { accountNumberText, bankLines, maturityText } from './accounts-page.tsx';
import { CLOSE_BROTHERS_ID, makeAccount, makeList } from './test-fixtures.ts';

beforeAll(() => import('./accounts-page.tsx'), 60_000);

function signedIn(accounts: MockHandler) {
  return mockApi({ 'GET /api/me': meHandler(makeMe()), 'GET /api/accounts': accounts });
}

const halifax = makeAccount({
  name: 'Halifax saver',
  balancePence: 100_000_00,
  interestRateBps: 435,
  protection: { status: 'partly-covered', uncoveredPence: 30_000_00, reason: null },
});
const scotland = makeAccount({
  name: 'BoS bond',
  accountType: 'Bond',
  bank: 'Bank of Scotland',
  licence: { bankName: 'Bank of Scotland', legalName: 'Bank of Scotland plc', frn: '169628' },
  balancePence: 50_000_00,
  interestRateBps: 510,
  rateType: 'Gross',
  protection: { status: 'partly-covered', uncoveredPence: 30_000_00, reason: null },
});
const raisin = makeAccount({
  name: 'Raisin notice',
  bank: 'Raisin UK',
  licence: { bankName: 'Raisin UK', legalName: 'Raisin Platforms Ltd', frn: null },
  isPlatformAccount: true,
  platformBankReferenceId: CLOSE_BROTHERS_ID,
  platformBank: {
    id: CLOSE_BROTHERS_ID,
    bankName: 'Close Brothers Savings',
    legalName: 'Close Brothers Limited',
    frn: '124750',
  },
  balancePence: 1_234_56,
});

/** What GET /api/accounts says of Halifax and Bank of Scotland sharing Bank of Scotland plc's licence. */
const bankOfScotland = {
  key: 'deposit|frn:169628',
  scheme: 'deposit' as const,
  name: 'Bank of Scotland plc',
  frn: '169628',
  brands: ['Halifax', 'Bank of Scotland'],
  totalPence: 150_000_00,
  coveredPence: 120_000_00,
  atRiskPence: 30_000_00,
  limit: { amountPence: 120_000_00, effectiveFrom: '2025-12-01', isOverride: false },
  limitUsedPercent: 125,
  alertLevel: 'over-limit' as const,
  sharedLimitReason:
    'Halifax and Bank of Scotland are brands of Bank of Scotland plc (FRN 169628): one £120,000 limit covers them together.',
  temporaryHighBalance: null,
  accountIds: [halifax.id, scotland.id],
};
const grouped = () =>
  makeList(
    [halifax, raisin, scotland],
    {},
    {
      totals: {
        totalPence: 151_234_56,
        protectedPence: 121_234_56,
        atRiskPence: 30_000_00,
        governmentBackedPence: 0,
        otherSchemePence: 0,
        unknownPence: 0,
      },
      sharedLicences: [bankOfScotland],
    },
  );

describe('the accounts page', () => {
  it('lists the accounts in creation order with bank, licence, type, rate, balance, protection and the total', async () => {
    signedIn(json(200, makeList([halifax, scotland, raisin])));
    renderApp('/accounts');
    const table = await screen.findByRole('table', { name: /^Your accounts, in the order you added them/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('rowheader')[0]?.textContent)).toEqual([
      'Halifax saverAccount ending 5678',
      'BoS bondAccount ending 5678',
      'Raisin noticeAccount ending 5678',
    ]);
    const first = within(rows[0]!);
    expect(first.getByText('Halifax')).toBeInTheDocument();
    expect(first.getByText('Bank of Scotland plc · FRN 169628')).toBeInTheDocument();
    expect(first.getByText('Savings')).toBeInTheDocument();
    expect(first.getByText('4.35% AER')).toBeInTheDocument();
    expect(first.getByText('£100,000.00')).toBeInTheDocument();
    expect(first.getByText('£30,000.00 not protected')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('5.10% Gross')).toBeInTheDocument();
    expect(
      within(rows[2]!).getByText('Deposits held at Close Brothers Savings (Close Brothers Limited · FRN 124750)'),
    ).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Fully protected')).toBeInTheDocument();
    const money = screen.getByRole('region', { name: 'Your money' });
    expect(
      within(money).getByRole('heading', { name: 'Total balance' }).closest('[data-slot="card"]'),
    ).toHaveTextContent('£151,234.56');
    expect(screen.getByRole('link', { name: 'Add account' })).toHaveAttribute('href', '/account/new');
    expect(within(rows[0]!).getByRole('link', { name: 'Edit Halifax saver' })).toHaveAttribute(
      'href',
      `/account/${halifax.id}/edit`,
    );
  });

  it('shows “—” as the rate of a stocks and shares ISA and a pension, which earn no cash interest', async () => {
    const shares = makeAccount({ name: 'Vanguard S&S ISA', accountType: 'Stocks and Shares ISA', interestRateBps: 0 });
    const pension = makeAccount({ name: 'Work pension', accountType: 'Pension', interestRateBps: 0 });
    signedIn(json(200, makeList([halifax, shares, pension])));
    renderApp('/accounts');
    const table = await screen.findByRole('table', { name: /^Your accounts, in the order you added them/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('4.35% AER')).toBeInTheDocument();
    for (const row of rows.slice(1)) {
      expect(within(row).getByText('—')).toBeInTheDocument();
      expect(within(row).queryByText('0.00% AER')).not.toBeInTheDocument();
    }
  });

  it('shows a fixed-term account’s maturity in the table and on the phone card, and none for an easy saver', async () => {
    const bond = makeAccount({ name: 'Two-year bond', accountType: 'Fixed Rate Bond', maturityDate: '2099-04-28' });
    const easy = makeAccount({ name: 'Easy access' });
    signedIn(json(200, makeList([bond, easy])));
    renderApp('/accounts');
    const table = await screen.findByRole('table', { name: /^Your accounts, in the order you added them/ });
    const [bondRow, easyRow] = within(table).getAllByRole('row').slice(1);
    expect(within(bondRow!).getByText('Matures 28/04/2099')).toBeInTheDocument();
    expect(within(easyRow!).queryByText(/^Matur/)).toBeNull();
    const cards = screen.getByRole('list', { name: 'Your accounts' });
    expect(within(cards).getAllByText('Matures 28/04/2099')).toHaveLength(1);
  });

  it('shows the Hub’s totals at the top: total balance, protected and at risk', async () => {
    signedIn(json(200, grouped()));
    renderApp('/accounts');
    const money = await screen.findByRole('region', { name: 'Your money' });
    const card = (title: string) => within(money).getByRole('heading', { name: title }).closest('[data-slot="card"]')!;
    expect(card('Total balance')).toHaveTextContent('£151,234.56');
    expect(card('Total balance')).toHaveTextContent('3 accounts');
    expect(card('Total Protected')).toHaveTextContent('£121,234.56');
    expect(card('Total Protected')).toHaveTextContent('of £151,234.56 in all');
    expect(card('Unprotected Amount')).toHaveTextContent('£30,000.00');
    expect(within(money).getByRole('link', { name: /Protection Hub/ })).toHaveAttribute('href', '/protection');
  });

  it('groups accounts sharing a licence under it and says its at-risk figure once, never on each brand’s row', async () => {
    signedIn(json(200, grouped()));
    renderApp('/accounts');
    const table = await screen.findByRole('table', { name: /grouped by banking licence/ });
    // The licence takes the place of its first account: Halifax, Bank of Scotland beneath it, then Raisin.
    const groups = within(table).getAllByRole('rowgroup').slice(1);
    expect(groups).toHaveLength(2);
    const licence = within(groups[0]!);
    expect(licence.getByRole('rowheader', { name: /^Bank of Scotland plc/ })).toHaveAttribute('scope', 'rowgroup');
    expect(licence.getByText(/^Banking licence · FRN.169628 · Halifax, Bank of Scotland$/)).toBeInTheDocument();
    expect(licence.getByText(/one £120,000 limit covers them together/)).toBeInTheDocument();
    expect(
      licence
        .getAllByRole('rowheader')
        .slice(1)
        .map((cell) => cell.textContent),
    ).toEqual(['Halifax saverAccount ending 5678', 'BoS bondAccount ending 5678']);
    expect(within(groups[1]!).getByRole('link', { name: 'Raisin notice' })).toBeInTheDocument();
    // £30,000 once in the table, on the licence; each brand's row says it is over the shared limit.
    expect(within(table).getAllByText(/£30,000\.00/)).toHaveLength(1);
    expect(licence.getByText('£30,000.00 not protected')).toBeInTheDocument();
    expect(licence.getAllByText('Over the shared limit')).toHaveLength(2);
    expect(licence.getByText('125% of the £120,000 deposit limit per person.')).toBeInTheDocument();

    // Phones: the licence is a labelled section of the list, its accounts a labelled list, £30,000 said once.
    const cards = screen.getByRole('list', { name: 'Your accounts' });
    const section = within(cards).getByRole('region', { name: 'Bank of Scotland plc' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Bank of Scotland plc' })).toBeInTheDocument();
    const under = within(section).getByRole('list', { name: 'Accounts under Bank of Scotland plc' });
    expect(within(under).getAllByRole('listitem')).toHaveLength(2);
    expect(within(cards).getAllByText(/£30,000\.00/)).toHaveLength(1);
  });

  it('says “your share” with the amount on a joint account’s row', async () => {
    const joint = makeAccount({ name: 'Joint Nationwide', balancePence: 100_000_00, holders: 2 });
    signedIn(
      json(
        200,
        makeList([joint, halifax], {}, { jointAccounts: [{ accountId: joint.id, holders: 2, sharePence: 50_000_00 }] }),
      ),
    );
    renderApp('/accounts');
    const table = await screen.findByRole('table');
    const row = within(table)
      .getByRole('rowheader', { name: /Joint Nationwide/ })
      .closest('tr')!;
    expect(within(row).getByText('your share £50,000.00')).toBeInTheDocument();
    expect(within(row).getByText('Account ending 5678 · Joint account, 2 people: your half')).toBeInTheDocument();
    const other = within(table)
      .getByRole('rowheader', { name: /Halifax saver/ })
      .closest('tr')!;
    expect(within(other).queryByText(/your share/)).toBeNull();
  });

  it('offers Add account on an empty list', async () => {
    signedIn(json(200, makeList([])));
    renderApp('/accounts');
    expect(await screen.findByRole('heading', { name: 'No accounts yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add account' })).toHaveAttribute('href', '/account/new');
  });

  it('sends a signed-out visitor to log in with the spec’s message', async () => {
    signedIn(apiError(401, 'UNAUTHENTICATED', 'Authentication required'));
    const { router } = renderApp('/accounts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The toast, on the login page: the accounts page's own alert with the same words goes with it.
    const toasts = await screen.findByRole('region', { name: 'Notifications' });
    expect(
      await within(toasts).findByText('You must be logged in to view accounts', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(window.sessionStorage.getItem('returnToRoute')).toBe('/accounts');
  });

  it('says Failed to load accounts when the list cannot be loaded, and tries again', async () => {
    let calls = 0;
    signedIn(() =>
      ++calls === 1
        ? apiError(500, 'INTERNAL', 'Something went wrong. Please try again.')
        : json(200, makeList([halifax])),
    );
    const { user } = renderApp('/accounts');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load accounts');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('says Error processing account data when the answer is not a list of accounts', async () => {
    signedIn(json(200, { accounts: [{ id: 1 }] }));
    renderApp('/accounts');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error processing account data');
  });

  it('refreshes when the server says the accounts changed', async () => {
    let list = makeList([halifax]);
    signedIn(() => json(200, list));
    const { queryClient } = renderApp('/accounts');
    await screen.findByRole('table');
    list = makeList([halifax, { ...scotland, name: 'Added in another tab' }]);
    act(() =>
      handleRealtimeEvent(
        queryClient,
        'account.changed',
        JSON.stringify({ type: 'account.changed', invalidate: [['me', 'accounts']] }),
      ),
    );
    expect(await screen.findAllByText('Added in another tab')).not.toHaveLength(0);
  });

  it('stops new accounts at the cap and says how to raise it', async () => {
    signedIn(json(200, makeList([halifax, scotland, raisin], { max: 3, tier: 'piglet', source: 'tier' })));
    renderApp('/accounts');
    expect(await screen.findByText(/You have reached the limit of 3 accounts on the Piglet plan/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add account' })).toBeDisabled();
    expect(screen.getByText('3 accounts of 3 on your plan')).toBeInTheDocument();
  });
});

describe('account text', () => {
  it('says when a fixed-term account matures, or matured, in the table’s date format', () => {
    expect(maturityText('2027-04-28', '2026-11-28')).toBe('Matures 28/04/2027');
    expect(maturityText('2026-11-28', '2026-11-28')).toBe('Matures 28/11/2026');
    expect(maturityText('2026-11-27', '2026-11-28')).toBe('Matured 27/11/2026');
    expect(maturityText(null, '2026-11-28')).toBeNull();
  });

  it('shortens account numbers to their last four digits', () => {
    expect(accountNumberText('1234 5678')).toBe('Account ending 5678');
    expect(accountNumberText('ISA1')).toBe('Account ISA1');
    expect(accountNumberText('RSN-1')).toBe('Account RSN-1');
  });

  it('names the licence, the bank holding a platform’s money, or what is missing', () => {
    expect(bankLines(halifax)).toEqual({ bank: 'Halifax', licence: 'Bank of Scotland plc · FRN\u00a0169628' });
    expect(
      bankLines(
        makeAccount({ bank: 'Nationwide', licence: { bankName: 'Nationwide', legalName: 'Nationwide', frn: null } }),
      ),
    ).toEqual({ bank: 'Nationwide', licence: null });
    // A bank under a licence of its own name: the name once, then the FRN.
    expect(
      bankLines(
        makeAccount({
          bank: 'Nationwide Building Society',
          licence: {
            bankName: 'Nationwide Building Society',
            legalName: 'Nationwide Building Society',
            frn: '106078',
          },
        }),
      ),
    ).toEqual({ bank: 'Nationwide Building Society', licence: 'FRN\u00a0106078' });
    expect(bankLines({ ...raisin, platformBank: null })).toEqual({
      bank: 'Raisin UK',
      licence: 'Bank holding the deposits not chosen',
    });
    expect(bankLines(makeAccount({ accountType: 'Cash ISA', bank: null, bankId: null, licence: null }))).toEqual({
      bank: 'Provider not recorded',
      licence: null,
    });
  });
});

describe('the archived accounts section', () => {
  const archived = [
    { id: 'a1', name: 'Old bond', balancePence: 500_00, archivedAt: '2026-11-27T10:00:00.000Z' },
    { id: 'a2', name: 'Spare account', balancePence: 0, archivedAt: '2026-11-27T10:00:00.000Z' },
  ];

  it('is not there when nothing is archived', async () => {
    mockApi({
      'GET /api/me': meHandler(makeMe()),
      'GET /api/accounts': json(200, makeList([halifax])),
      'GET /api/archived-accounts': json(200, { accounts: [] }),
    });
    renderApp('/accounts');
    await screen.findByRole('table');
    expect(screen.queryByText(/Archived accounts/)).not.toBeInTheDocument();
  });

  it('lists archived accounts, collapsed, and restores one (or says why not)', async () => {
    const api = mockApi({
      'GET /api/me': meHandler(makeMe()),
      'GET /api/accounts': json(200, makeList([halifax])),
      'GET /api/archived-accounts': json(200, { accounts: archived }),
      'POST /api/accounts/a1/restore': json(200, { account: archived[0] }),
      'POST /api/accounts/a2/restore': apiError(
        403,
        'ACCOUNT_LIMIT_REACHED',
        'You have reached the limit of 3 accounts on the Piglet plan.',
      ),
    });
    renderApp('/accounts');
    const summary = await screen.findByText('Archived accounts (2)');
    const details = summary.closest('details')!;
    expect(details).not.toHaveAttribute('open');
    expect(within(details).getByText('£500.00 · archived 27/11/2026')).toBeInTheDocument();
    await act(async () => within(details).getByRole('button', { name: 'Restore Old bond' }).click());
    await waitFor(() => expect(api.calls('POST /api/accounts/a1/restore')).toHaveLength(1));
    await act(async () => within(details).getByRole('button', { name: 'Restore Spare account' }).click());
    await waitFor(() => expect(api.calls('POST /api/accounts/a2/restore')).toHaveLength(1));
    expect(await screen.findByText('You have reached the limit of 3 accounts on the Piglet plan.')).toBeInTheDocument();
  });
});
