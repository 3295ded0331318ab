import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPEN_BANKING_MESSAGES } from '../../core/open-banking/api-types.ts';
import { makeAccount, makeList } from '../accounts/test-fixtures.ts';
import { payingView } from '../subscriptions/view-test-fixtures.ts';
import { apiError, json, makeMe, type MockHandler, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import { bankConsent } from './api.ts';
import { BANKS, bankAccount, CONNECTION_ID, connection, status } from './test-fixtures.ts';

beforeAll(() => import('./open-banking-page.tsx'), 60_000);
afterEach(() => vi.restoreAllMocks());

const LOADED = { timeout: 8_000 };
const saver = makeAccount({ name: 'Halifax saver', accountNumber: '11115678' });

function signedIn(handlers: Record<string, MockHandler>, me = makeMe()) {
  return mockApi({
    'GET /api/me': json(200, me),
    'GET /api/accounts': json(200, makeList([saver])),
    ...handlers,
  });
}

const regionOf = (bank: string) => screen.findByRole('region', { name: bank }, LOADED);

describe('the Open Banking page', () => {
  it('shows each connection with its status, when it last synced, its accounts and what can be done', async () => {
    signedIn({
      'GET /api/open-banking/status': json(
        200,
        status([
          connection({ accounts: [bankAccount({ linkedAccountId: saver.id })] }),
          connection({
            id: 'cccccccc-cccc-4ccc-8ccc-000000000002',
            bankName: 'Nationwide',
            status: 'expiring',
            reconfirmBy: '2026-12-05T10:00:00.000Z',
          }),
          connection({
            id: 'cccccccc-cccc-4ccc-8ccc-000000000003',
            bankName: 'Barclays',
            status: 'error',
            lastSyncError: 'Barclays did not answer. We will try again soon.',
          }),
          connection({
            id: 'cccccccc-cccc-4ccc-8ccc-000000000004',
            bankName: 'Monzo',
            status: 'revoked',
            accounts: [bankAccount({ linkedAccountId: saver.id })],
          }),
          connection({
            id: 'cccccccc-cccc-4ccc-8ccc-000000000005',
            bankName: 'Santander',
            status: 'expired',
            accounts: [bankAccount({ linkedAccountId: saver.id })],
          }),
        ]),
      ),
    });
    renderApp('/open-banking');
    const halifax = await regionOf('Halifax');
    expect(within(halifax).getByText('Active')).toBeInTheDocument();
    expect(within(halifax).getByText('Last synced 29 Nov 2026 at 09:05')).toBeInTheDocument();
    expect(within(halifax).getByText('Everyday Saver')).toBeInTheDocument();
    expect(within(halifax).getByText('Savings · •••• 5678')).toBeInTheDocument();
    expect(within(halifax).getByText('£12,345.67')).toBeInTheDocument();
    expect(within(halifax).getByRole('link', { name: 'Halifax saver' })).toHaveAttribute(
      'href',
      `/account/${saver.id}`,
    );
    expect(within(halifax).getByRole('listitem')).toHaveTextContent('Keeps Halifax saver up to date');
    expect(within(halifax).getByRole('button', { name: 'Sync now' })).toBeInTheDocument();
    expect(within(halifax).queryByRole('button', { name: 'Reconnect' })).not.toBeInTheDocument();

    const nationwide = await regionOf('Nationwide');
    expect(within(nationwide).getByText('Reconfirm by 5 Dec 2026')).toBeInTheDocument();
    expect(within(nationwide).getByText(/Reconfirm Nationwide by 5 Dec 2026/)).toBeInTheDocument();
    expect(within(nationwide).getByRole('button', { name: 'Reconnect' })).toBeInTheDocument();
    expect(within(nationwide).getByRole('link', { name: 'Link accounts' })).toHaveAttribute(
      'href',
      '/open-banking/connections/cccccccc-cccc-4ccc-8ccc-000000000002/link',
    );

    const barclays = await regionOf('Barclays');
    expect(within(barclays).getByText('Sync failing')).toBeInTheDocument();
    expect(within(barclays).getByText('Barclays did not answer. We will try again soon.')).toBeInTheDocument();

    const monzo = await regionOf('Monzo');
    expect(within(monzo).getByText('Disconnected')).toBeInTheDocument();
    expect(within(monzo).getByText('No longer synced. Your history is kept.')).toBeInTheDocument();
    expect(within(monzo).queryByRole('button')).not.toBeInTheDocument();
    // An ended consent keeps its links but no longer updates them, and does not say it does.
    expect(within(monzo).getByRole('listitem')).toHaveTextContent(/Was linked to Halifax saver£/);
    const santander = await regionOf('Santander');
    expect(within(santander).getByRole('listitem')).toHaveTextContent(/Linked to Halifax saver£/);
    expect(within(santander).getByRole('listitem')).not.toHaveTextContent('up to date');
  });

  it('says Open Banking is not set up, names the settings only to an admin, and offers nothing', async () => {
    const notSetUp = status([], { enabled: false, missingSettings: ['OPEN_BANKING_CLIENT_ID', 'OPEN_BANKING_SECRET'] });
    const api = signedIn({ 'GET /api/open-banking/status': json(200, notSetUp) });
    const first = renderApp('/open-banking');
    expect(await screen.findByText('Open Banking is not set up on this site yet', {}, LOADED)).toBeInTheDocument();
    expect(screen.queryByText('OPEN_BANKING_CLIENT_ID')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Connect/ })).not.toBeInTheDocument();
    expect(api.calls('GET /api/open-banking/banks')).toHaveLength(0);
    first.unmount();

    signedIn({ 'GET /api/open-banking/status': json(200, notSetUp) }, makeMe({ isAdmin: true }));
    renderApp('/open-banking');
    expect(await screen.findByText('OPEN_BANKING_CLIENT_ID', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByText('OPEN_BANKING_SECRET')).toBeInTheDocument();
    expect(screen.getByText('To switch it on, set these settings on the server and restart it:')).toBeInTheDocument();
  });

  it('shows a Piglet the upgrade banner other Big Pig features use, and asks for no connections', async () => {
    const api = mockApi({
      'GET /api/me': json(200, makeMe({ tier: 'piglet' })),
      'GET /api/subscription': json(200, payingView({ tier: 'piglet' })),
    });
    renderApp('/open-banking');
    const banner = await screen.findByRole('region', { name: 'Open Banking requires Big Pig tier or higher' }, LOADED);
    expect(banner).toHaveTextContent('straight from your bank, read-only');
    expect(within(banner).getByRole('link', { name: 'See the Big Pig plan' })).toHaveAttribute(
      'href',
      '/subscribe?tier=bigpig',
    );
    expect(api.calls('GET /api/open-banking/status')).toHaveLength(0);
  });

  it('connects a bank: a searchable list of the banks that can be connected, what is agreed, then the bank', async () => {
    const go = vi.spyOn(bankConsent, 'go').mockImplementation(() => {});
    const api = signedIn({
      'GET /api/open-banking/status': json(200, status([])),
      'GET /api/open-banking/banks': json(200, BANKS),
      'POST /api/open-banking/connections': json(201, { authorisationUrl: 'https://bank.example/consent?x=1' }),
    });
    const { user } = renderApp('/open-banking');
    await user.click(await screen.findByRole('button', { name: 'Connect a bank' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Connect to your bank' });
    expect(within(dialog).getByText(/Nobody can move money or make payments/)).toBeInTheDocument();
    expect(within(dialog).getByText('For 90 days.')).toBeInTheDocument();
    expect(within(dialog).getByText(/Disconnect on the Open Banking page here, or at your bank/)).toBeInTheDocument();
    expect(within(dialog).getByText(/authorised by the FCA/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Continue to your bank' }));
    expect(await within(dialog).findByText('Choose your bank')).toBeInTheDocument();
    expect(api.calls('POST /api/open-banking/connections')).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: 'Your bank' }));
    await user.type(await screen.findByRole('combobox', { name: 'Search banks' }), 'nation');
    await user.click(await screen.findByRole('option', { name: 'Nationwide' }));
    expect(screen.queryByRole('option', { name: 'Halifax' })).not.toBeInTheDocument();
    expect(within(dialog).getByText(/We can see your Nationwide account names/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Nationwide' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://bank.example/consent?x=1'));
    expect(api.calls('POST /api/open-banking/connections')[0]?.body).toEqual({ bankId: BANKS[1]!.bankId });
  });

  it('syncs now and says when the bank has answered', async () => {
    let synced = false;
    const api = signedIn({
      'GET /api/open-banking/status': () =>
        json(200, status([connection(synced ? { lastSyncedAt: '2026-11-29T10:30:00.000Z' } : {})])),
      [`POST /api/open-banking/connections/${CONNECTION_ID}/sync`]: () => {
        synced = true;
        return json(202, { status: 'queued' });
      },
    });
    const { user } = renderApp('/open-banking');
    const halifax = await regionOf('Halifax');
    await user.click(within(halifax).getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('Halifax is up to date', {}, LOADED)).toBeInTheDocument();
    expect(within(halifax).getByText('Last synced 29 Nov 2026 at 10:30')).toBeInTheDocument();
    expect(api.calls(`POST /api/open-banking/connections/${CONNECTION_ID}/sync`)).toHaveLength(1);
  });

  it('says a sync already under way is the one to wait for, then that the bank has answered', async () => {
    let asked = 0;
    signedIn({
      'GET /api/open-banking/status': () =>
        json(200, status([connection(asked > 0 ? { lastSyncedAt: '2026-11-29T10:31:00.000Z' } : {})])),
      [`POST /api/open-banking/connections/${CONNECTION_ID}/sync`]: () => {
        asked++;
        return json(202, { status: 'already_queued' });
      },
    });
    const { user } = renderApp('/open-banking');
    await user.click(within(await regionOf('Halifax')).getByRole('button', { name: 'Sync now' }));
    expect(
      await screen.findByText('Halifax is already updating. Your balances change when it finishes.', {}, LOADED),
    ).toBeInTheDocument();
    expect(await screen.findByText('Halifax is up to date', {}, LOADED)).toBeInTheDocument();
  });

  it('shows the hourly limit’s refusal in words', async () => {
    signedIn({
      'GET /api/open-banking/status': json(200, status([connection()])),
      [`POST /api/open-banking/connections/${CONNECTION_ID}/sync`]: apiError(
        429,
        'RATE_LIMITED',
        OPEN_BANKING_MESSAGES.tooManySyncs,
      ),
    });
    const { user } = renderApp('/open-banking');
    const halifax = await regionOf('Halifax');
    await user.click(within(halifax).getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('Could not sync Halifax', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByText(OPEN_BANKING_MESSAGES.tooManySyncs)).toBeInTheDocument();
    expect(within(halifax).getByRole('button', { name: 'Sync now' })).toBeEnabled();
  });

  it('disconnects after a confirmation that says the tokens go and the history stays', async () => {
    let revoked = false;
    const api = signedIn({
      'GET /api/open-banking/status': () => json(200, status([connection(revoked ? { status: 'revoked' } : {})])),
      [`DELETE /api/open-banking/connections/${CONNECTION_ID}`]: () => {
        revoked = true;
        return json(200, { connection: connection({ status: 'revoked' }) });
      },
    });
    const { user } = renderApp('/open-banking');
    await user.click(within(await regionOf('Halifax')).getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Halifax?' });
    expect(dialog).toHaveTextContent('delete the keys that let us fetch your data');
    expect(dialog).toHaveTextContent('balances and transactions already in SavvyPig are kept');
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(
      await screen.findByText('Disconnected from Halifax. Your history stays in SavvyPig.', {}, LOADED),
    ).toBeInTheDocument();
    expect(await within(await regionOf('Halifax')).findByText('Disconnected')).toBeInTheDocument();
    expect(api.calls(`DELETE /api/open-banking/connections/${CONNECTION_ID}`)).toHaveLength(1);
  });

  it('says why the bank sent the saver back without a connection', async () => {
    signedIn({ 'GET /api/open-banking/status': json(200, status([])) });
    renderApp('/open-banking?error=denied');
    expect(
      await screen.findByText('You did not give access at your bank, so nothing was connected.', {}, LOADED),
    ).toBeInTheDocument();
  });

  it('shows the server’s refusal when the plan lacks the feature after all', async () => {
    signedIn({
      'GET /api/open-banking/status': apiError(403, 'FORBIDDEN', 'Open Banking requires Big Pig tier or higher'),
    });
    renderApp('/open-banking');
    expect(await screen.findByText('Open Banking requires Big Pig tier or higher', {}, LOADED)).toBeInTheDocument();
  });
});
