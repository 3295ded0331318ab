import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { handleRealtimeEvent } from '../app/realtime.ts';
import { apiError, json, makeMe, meHandler, mockApi, type MockHandler } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import { accountNumberText, bankLines } from './accounts-page.tsx';
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

describe('the accounts page', () => {
  it('lists the accounts in creation order with bank, licence, type, rate, balance, protection and the total', async () => {
    signedIn(json(200, makeList([halifax, scotland, raisin])));
    renderApp('/accounts');
    const table = await screen.findByRole('table', { name: 'Your accounts, in the order you added them' });
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
    expect(screen.getByText('£151,234.56')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add account' })).toHaveAttribute('href', '/account/new');
    expect(within(rows[0]!).getByRole('link', { name: 'Edit Halifax saver' })).toHaveAttribute(
      'href',
      `/account/${halifax.id}/edit`,
    );
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
    expect(
      await screen.findByText('You must be logged in to view accounts', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
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
