/**
 * Open Banking (issue 32) against the local provider (src/server/open-banking/test/fake-provider.ts,
 * started here; its addresses go to the server in its environment): a Big Pig saver connects
 * Halifax from their Halifax account's page, links one bank account to that account and creates
 * the other; the balances and transactions arrive and the dashboard's protection follows the
 * licence (Halifax and Bank of Scotland share one limit); the bank's balance changes and Sync now
 * shows it; the consent ends and the saver is asked to reconnect; Disconnect ends it and deletes
 * the tokens, keeping the history. Sync now may be asked again as soon as the last one finished.
 * Every screen is checked (axe, no sideways scrolling); with pictures kept (E2E_PICTURES not 0) each
 * is also pictured at 1280 and 390 px, light and dark.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { rowsOf } from '../src/server/db/rls.ts';
import { type FakeProvider, startFakeProvider } from '../src/server/open-banking/test/fake-provider.ts';
import { createAccount, type JourneyServer, signUpConfirmed, startJourneyServer } from './account-setup.ts';
import {
  checkAndPicture,
  KEEP_PICTURES,
  newPage,
  pictureEverywhere,
  rejectCookies,
  signInToDashboard,
  useServerAndBrowser,
} from './fixtures.ts';

/** Pictures for a look at each screen, at a desktop's and a phone's width (only when pictures are kept). */
const lookAt = async (page: Page, name: string, of: 'page' | 'window' = 'page') => {
  if (KEEP_PICTURES) await checkAndPicture(page, `open-banking-look-${name}`, { widths: [1280, 390], of });
};

let provider: FakeProvider;
const env = useServerAndBrowser<JourneyServer>(async () => {
  provider = await startFakeProvider();
  const server = await startJourneyServer({ ...provider.serverEnv(), NODE_ENV: 'development' });
  return {
    ...server,
    get base() {
      return server.base;
    },
    stop: async () => {
      await server.stop();
      await provider.close();
    },
  };
});
const PASSWORD = 'an open banking passphrase';

/** The licence Halifax and Bank of Scotland share, on the dashboard. */
const sharedLicence = (page: Page) =>
  page
    .getByRole('region', { name: 'Where your money is' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Bank of Scotland plc' }) });

const currentBalance = (page: Page) =>
  page
    .getByRole('region', { name: 'Account summary' })
    .getByText('Current Balance')
    .locator('xpath=following-sibling::dd[1]');

test('a Big Pig saver connects two Halifax accounts, syncs, is asked to reconnect, and disconnects', async () => {
  const email = `open-banking-${Date.now()}@example.com`;
  const cookie = await signUpConfirmed(env.server, { email, password: PASSWORD, firstName: 'Obi' });
  // Halifax's easy access account as typed a while ago (£1,000), and £70,000 at Bank of Scotland:
  // one licence, one £120,000 limit.
  const halifax = await createAccount(env.server, cookie, {
    name: 'Halifax easy access',
    bank: 'Halifax',
    accountNumber: '12345678',
    startingBalancePence: 1_000_00,
  });
  await createAccount(env.server, cookie, {
    name: 'Bank of Scotland saver',
    bank: 'Bank of Scotland',
    startingBalancePence: 70_000_00,
  });

  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const { page, errors } = await newPage(context);
  await signInToDashboard(page, env.server.base, email, PASSWORD);
  await rejectCookies(page);
  await sharedLicence(page).getByText('Fully protected').waitFor();
  await page.goto(`${env.server.base}/open-banking`);
  await page.getByText('No banks connected yet').waitFor();
  await lookAt(page, '01-none');

  // Connect from the account's page: Halifax is chosen already; what is agreed is said first.
  await page.goto(`${env.server.base}/account/${halifax}`);
  await page.getByText('Keep this balance up to date').waitFor();
  await page.getByRole('button', { name: 'Connect to your bank' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect to your bank' });
  await dialog.getByText(/Nobody can move money or make payments/).waitFor();
  await dialog.getByText('For 90 days.').waitFor();
  await lookAt(page, '02-connect', 'window');
  await dialog.getByRole('button', { name: 'Continue to Halifax' }).click();

  // The bank's consent (the local provider answers at once) comes back to the link page.
  await page.waitForURL('**/open-banking/connections/*/link');
  await page.getByRole('heading', { level: 1, name: 'Link your Halifax accounts' }).waitFor();
  const easy = page.getByRole('region', { name: 'Easy Access Saver' });
  await easy.getByText('•••• 5678').waitFor();
  assert.equal(await easy.getByRole('combobox', { name: 'Your SavvyPig account' }).inputValue(), halifax);
  const bond = page.getByRole('region', { name: 'Fixed Rate Bond' });
  assert.equal(await bond.getByRole('radio', { name: /Create a new account/ }).getAttribute('aria-checked'), 'true');
  await bond.getByRole('textbox', { name: 'Name of the new account' }).fill('Halifax bond');
  await pictureEverywhere(page, 'open-banking-link');
  await page.getByRole('button', { name: 'Save and link' }).click();
  await page.waitForURL('**/open-banking');
  await page.getByText('2 bank accounts are linked. Their balances and transactions are on their way.').waitFor();

  // The first sync brings the balances: £12,500 and a new £40,000 bond at the same licence.
  const connection = page.getByRole('region', { name: 'Halifax' });
  await connection.getByText('Active').waitFor();
  await connection.getByText(/^Last synced /).waitFor({ timeout: 30_000 });
  await connection.getByRole('link', { name: 'Halifax bond' }).waitFor();
  await pictureEverywhere(page, 'open-banking');
  await lookAt(page, '03-synced');

  await page.goto(`${env.server.base}/account/${halifax}`);
  await page.getByText(/^Updated from Halifax /).waitFor();
  await currentBalance(page).getByText('£12,500.00').waitFor();
  await lookAt(page, '04-account');
  await page
    .getByRole('region', { name: 'Transactions', exact: true })
    .getByRole('row')
    .filter({ hasText: 'Transfer out' })
    .first()
    .waitFor();

  // Protection follows: £70,000 + £12,500 + £40,000 at Bank of Scotland plc is £2,500 over the limit.
  await page.goto(`${env.server.base}/dashboard`);
  await sharedLicence(page).getByText('£2,500.00 not protected').waitFor();

  // The bank's balance falls to £2,500; Sync now shows it, and the licence is within its limit again.
  // Asked again within the minute of the first sync: it has finished, so this one is queued too.
  provider.setBalance('acc-easy-access', 2_500);
  await page.goto(`${env.server.base}/open-banking`);
  await connection.getByRole('button', { name: 'Sync now' }).click();
  await page.getByText('Halifax is up to date').waitFor({ timeout: 30_000 });
  await page.goto(`${env.server.base}/account/${halifax}`);
  await currentBalance(page).getByText('£2,500.00').waitFor();
  await page.goto(`${env.server.base}/dashboard`);
  // £112,500: close to the limit, but all of it protected.
  await sharedLicence(page)
    .getByText(/^Projected breach|^Close to the limit/)
    .waitFor();
  assert.equal(
    await sharedLicence(page)
      .getByText(/not protected/)
      .count(),
    0,
  );

  // The bank ends the consent: the next sync says so, and the account asks for a reconnection.
  provider.expireConsents();
  await page.goto(`${env.server.base}/open-banking`);
  await connection.getByRole('button', { name: 'Sync now' }).click();
  await connection.getByText('Expired').waitFor({ timeout: 30_000 });
  await connection.getByRole('button', { name: 'Reconnect' }).waitFor();
  await lookAt(page, '05-expired');
  assert.equal(await connection.getByRole('button', { name: 'Sync now' }).count(), 0);
  await page.goto(`${env.server.base}/account/${halifax}`);
  await page.getByText('Your Halifax access has ended. Reconnect to start syncing again.').waitFor();
  await page
    .getByTestId('bank-sync-status')
    .getByText(/^Last updated from Halifax /)
    .waitFor();
  await lookAt(page, '06-account-ended');
  // Reconnect: the bank's consent again, back to the links as they were, and the connection runs again.
  await page.getByRole('button', { name: 'Reconnect' }).click();
  await page.waitForURL('**/open-banking/connections/*/link');
  assert.equal(await easy.getByRole('combobox', { name: 'Your SavvyPig account' }).inputValue(), halifax);
  await page.getByRole('link', { name: 'Not now' }).click();
  await page.waitForURL('**/open-banking');
  await connection.getByText('Active').waitFor();

  // Disconnect: tokens deleted, history kept.
  await page.goto(`${env.server.base}/open-banking`);
  await connection.getByRole('button', { name: 'Disconnect' }).click();
  const confirm = page.getByRole('dialog', { name: 'Disconnect Halifax?' });
  await confirm.getByText(/delete the keys that let us fetch your data/).waitFor();
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByText('Disconnected from Halifax. Your history stays in SavvyPig.').waitFor();
  await connection.getByText('Disconnected', { exact: true }).waitFor();
  await lookAt(page, '07-disconnected');
  await page.goto(`${env.server.base}/account/${halifax}`);
  await currentBalance(page).getByText('£2,500.00').waitFor();
  assert.equal(await page.getByTestId('bank-sync-status').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();

  await env.server.withDatabaseOffline(async ({ db }) => {
    const rows = rowsOf<{ status: string; access: string | null; refresh: string | null }>(
      await db.execute(
        sql`select status, access_token_enc as access, refresh_token_enc as refresh from open_banking_connections`,
      ),
    );
    assert.deepEqual(
      rows.map((r) => [r.status, r.access, r.refresh]),
      [['revoked', null, null]],
    );
  });
});
