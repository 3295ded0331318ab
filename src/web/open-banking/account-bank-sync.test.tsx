import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/providers.tsx';
import { HALIFAX_ID } from '../accounts/test-fixtures.ts';
import { json, makeMe, type MockHandler, mockApi } from '../test/api-mock.ts';
import { createTestQueryClient } from '../test/render-app.tsx';
import { AccountBankSync } from './account-bank-sync.tsx';
import { bankConsent } from './api.ts';
import { BANKS, bankAccount, CONNECTION_ID, connection, status } from './test-fixtures.ts';

afterEach(() => vi.restoreAllMocks());

const ACCOUNT = { id: 'aaaaaaaa-aaaa-4aaa-8aaa-000000000042', bankId: HALIFAX_ID };
const linked = (overrides: Parameters<typeof connection>[0] = {}) =>
  connection({ accounts: [bankAccount({ linkedAccountId: ACCOUNT.id })], ...overrides });

function show(handlers: Record<string, MockHandler>, me = makeMe(), account = ACCOUNT) {
  const api = mockApi({ 'GET /api/me': json(200, me), 'GET /api/open-banking/banks': json(200, BANKS), ...handlers });
  render(
    <Providers queryClient={createTestQueryClient()}>
      <MemoryRouter>
        <AccountBankSync account={account} />
      </MemoryRouter>
    </Providers>,
  );
  return { api, user: userEvent.setup() };
}

describe('Open Banking on an account’s page', () => {
  it('says the balance came from the bank, and when', async () => {
    show({ 'GET /api/open-banking/status': json(200, status([linked()])) });
    expect(await screen.findByText('Updated from Halifax 29 Nov 2026 at 09:05')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage connection' })).toHaveAttribute('href', '/open-banking');
  });

  it('says the last sync failed and when it last worked', async () => {
    show({
      'GET /api/open-banking/status': json(
        200,
        status([linked({ status: 'error', lastSyncError: 'Halifax did not answer.' })]),
      ),
    });
    expect(
      await screen.findByText('Last sync failed: Halifax did not answer. Last worked 29 Nov 2026 at 09:05'),
    ).toBeInTheDocument();
  });

  it('shows the reconfirmation ahead of time, and Reconnect goes to the bank', async () => {
    const go = vi.spyOn(bankConsent, 'go').mockImplementation(() => {});
    const { api, user } = show({
      'GET /api/open-banking/status': json(
        200,
        status([linked({ status: 'expiring', reconfirmBy: '2026-12-05T10:00:00.000Z' })]),
      ),
      [`POST /api/open-banking/connections/${CONNECTION_ID}/reconnect`]: json(200, {
        authorisationUrl: 'https://bank.example/again',
      }),
    });
    const notice = (await screen.findByText(/Reconfirm Halifax by 5 Dec 2026/)).closest('[data-slot=alert]');
    await user.click(within(notice as HTMLElement).getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://bank.example/again'));
    expect(api.calls(`POST /api/open-banking/connections/${CONNECTION_ID}/reconnect`)).toHaveLength(1);
  });

  it('offers to keep the balance up to date at a bank that can be connected, starting from this account', async () => {
    const go = vi.spyOn(bankConsent, 'go').mockImplementation(() => {});
    const { api, user } = show({
      'GET /api/open-banking/status': json(200, status([])),
      'POST /api/open-banking/connections': json(201, { authorisationUrl: 'https://bank.example/consent' }),
    });
    expect(await screen.findByText('Keep this balance up to date')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect to your bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect to your bank' });
    expect(within(dialog).getByRole('combobox', { name: 'Your bank' })).toHaveTextContent('Halifax');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Halifax' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://bank.example/consent'));
    expect(api.calls('POST /api/open-banking/connections')[0]?.body).toEqual({
      bankId: HALIFAX_ID,
      accountId: ACCOUNT.id,
    });
  });

  it('offers nothing at a bank that cannot be connected, when the site has it switched off, or on a plan without it', async () => {
    const first = show({ 'GET /api/open-banking/status': json(200, status([])) }, makeMe(), {
      ...ACCOUNT,
      bankId: '99999999-9999-4999-8999-999999999999',
    });
    await waitFor(() => expect(first.api.calls('GET /api/open-banking/banks')).toHaveLength(1));
    expect(screen.queryByText('Keep this balance up to date')).not.toBeInTheDocument();

    const off = show({ 'GET /api/open-banking/status': json(200, status([], { enabled: false })) });
    await waitFor(() => expect(off.api.calls('GET /api/open-banking/status')).toHaveLength(1));
    expect(screen.queryByText('Keep this balance up to date')).not.toBeInTheDocument();
    expect(off.api.calls('GET /api/open-banking/banks')).toHaveLength(0);

    const piglet = show({}, makeMe({ tier: 'piglet' }));
    await waitFor(() => expect(piglet.api.calls('GET /api/me')).toHaveLength(1));
    expect(piglet.api.calls('GET /api/open-banking/status')).toHaveLength(0);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
