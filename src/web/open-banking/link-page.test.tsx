import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, makeList } from '../accounts/test-fixtures.ts';
import { apiError, json, makeMe, type MockHandler, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import { bankAccount, CONNECTION_ID, connection, status } from './test-fixtures.ts';

beforeAll(() => import('./link-page.tsx'), 60_000);

const LOADED = { timeout: 8_000 };
const LINK_PAGE = `/open-banking/connections/${CONNECTION_ID}/link`;
const saver = makeAccount({ name: 'Halifax saver', accountNumber: '11115678' });
const barclays = makeAccount({ name: 'Barclays bonus', bank: 'Barclays', licence: null, accountNumber: '' });
const NEW_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-999999999999';

const twoAccounts = connection({
  accounts: [
    bankAccount({ providerAccountId: 'a', displayName: 'Everyday Saver', accountNumberMasked: '•••• 5678' }),
    bankAccount({
      providerAccountId: 'b',
      displayName: 'Fixed Saver',
      accountNumberMasked: '•••• 4321',
      type: 'SAVINGS_FIXED',
      balancePence: 5_000_00,
    }),
  ],
});

function signedIn(handlers: Record<string, MockHandler>) {
  return mockApi({
    'GET /api/me': json(200, makeMe()),
    'GET /api/accounts': json(200, makeList([saver, barclays])),
    'GET /api/open-banking/status': json(200, status([twoAccounts])),
    ...handlers,
  });
}

const linkedAs = (links: Record<string, string>) =>
  connection({
    accounts: twoAccounts.accounts.map((a) => ({ ...a, linkedAccountId: links[a.providerAccountId] ?? null })),
  });

describe('the link page after the bank’s consent', () => {
  it('shows each bank account, suggests the matching account, prefills a new one’s name and links both', async () => {
    const api = signedIn({
      [`POST /api/open-banking/connections/${CONNECTION_ID}/links`]: json(200, {
        connection: linkedAs({ a: saver.id, b: NEW_ID }),
        sync: { status: 'queued' },
      }),
    });
    const { user, router } = renderApp(LINK_PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Link your Halifax accounts' }, LOADED)).toBeVisible();
    const everyday = screen.getByRole('region', { name: 'Everyday Saver' });
    expect(within(everyday).getByText('Savings · •••• 5678')).toBeInTheDocument();
    expect(within(everyday).getByText('£12,345.67')).toBeInTheDocument();
    expect(within(everyday).getByRole('radio', { name: /Link to my account/ })).toBeChecked();
    expect(within(everyday).getByRole('combobox', { name: 'Your SavvyPig account' })).toHaveValue(saver.id);
    // The bank's own accounts first.
    expect(within(everyday).getByRole('group', { name: 'At Halifax' })).toHaveTextContent('Halifax saver');

    const fixed = screen.getByRole('region', { name: 'Fixed Saver' });
    expect(within(fixed).getByText('Savings fixed · •••• 4321')).toBeInTheDocument();
    expect(within(fixed).getByRole('radio', { name: /Create a new account/ })).toBeChecked();
    const name = within(fixed).getByRole('textbox', { name: 'Name of the new account' });
    expect(name).toHaveValue('Halifax Fixed Saver');
    expect(within(fixed).getByText('Added at Halifax, so its protection is counted at once.')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Fixed 1 year');

    await user.click(screen.getByRole('button', { name: 'Save and link' }));
    expect(
      await screen.findByText(
        '2 bank accounts are linked. Their balances and transactions are on their way.',
        {},
        LOADED,
      ),
    ).toBeInTheDocument();
    expect(api.calls(`POST /api/open-banking/connections/${CONNECTION_ID}/links`)[0]?.body).toEqual({
      links: [
        { providerAccountId: 'a', accountId: saver.id },
        { providerAccountId: 'b', create: { name: 'Fixed 1 year' } },
      ],
    });
    expect(router.state.location.pathname).toBe('/open-banking');
  });

  it('skips an account, goes to the one linked account’s page, and refuses one account for two', async () => {
    const api = signedIn({
      [`GET /api/accounts/${saver.id}`]: apiError(500, 'INTERNAL', 'Not in this test'),
      [`POST /api/open-banking/connections/${CONNECTION_ID}/links`]: json(200, {
        connection: linkedAs({ a: saver.id }),
        sync: { status: 'queued' },
      }),
    });
    const { user, router } = renderApp(LINK_PAGE);
    const fixed = await screen.findByRole('region', { name: 'Fixed Saver' }, LOADED);
    await user.click(within(fixed).getByRole('radio', { name: /Link to my account/ }));
    await user.selectOptions(within(fixed).getByRole('combobox', { name: 'Your SavvyPig account' }), saver.id);
    await user.click(screen.getByRole('button', { name: 'Save and link' }));
    expect(
      await within(fixed).findByText('That SavvyPig account is already chosen for another bank account'),
    ).toBeInTheDocument();
    expect(api.calls(`POST /api/open-banking/connections/${CONNECTION_ID}/links`)).toHaveLength(0);

    await user.click(within(fixed).getByRole('radio', { name: /Skip/ }));
    await user.click(screen.getByRole('button', { name: 'Save and link' }));
    expect(
      await screen.findByText(
        'Your bank account is linked. Its balance and transactions are on their way.',
        {},
        LOADED,
      ),
    ).toBeInTheDocument();
    expect(api.calls(`POST /api/open-banking/connections/${CONNECTION_ID}/links`)[0]?.body).toEqual({
      links: [{ providerAccountId: 'a', accountId: saver.id }],
    });
    expect(router.state.location.pathname).toBe(`/account/${saver.id}`);
  });

  it('asks for at least one account, and shows the server’s refusal', async () => {
    signedIn({
      [`POST /api/open-banking/connections/${CONNECTION_ID}/links`]: apiError(
        403,
        'FORBIDDEN',
        'You have reached the number of accounts your plan allows',
      ),
    });
    const { user } = renderApp(LINK_PAGE);
    for (const bank of ['Everyday Saver', 'Fixed Saver']) {
      const region = await screen.findByRole('region', { name: bank }, LOADED);
      await user.click(within(region).getByRole('radio', { name: /Skip/ }));
    }
    await user.click(screen.getByRole('button', { name: 'Save and link' }));
    expect(await screen.findByText('Choose at least one account to link')).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('region', { name: 'Fixed Saver' })).getByRole('radio', { name: /Create/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Save and link' }));
    expect(await screen.findByText('You have reached the number of accounts your plan allows')).toBeInTheDocument();
  });

  it('says so when the connection is not the saver’s', async () => {
    signedIn({ 'GET /api/open-banking/status': json(200, status([])) });
    renderApp(LINK_PAGE);
    expect(await screen.findByText('Connection not found', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Open Banking' })).toHaveAttribute('href', '/open-banking');
  });
});
