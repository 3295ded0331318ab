import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calendarDateInLondon } from '../src/core/dates/calendar-date.ts';
import { addTransactions, createAccount, signUpConfirmed } from './account-setup.ts';
import { newPage, pictureEverywhere, rejectCookies, signInToDashboard, useServerAndBrowser } from './fixtures.ts';

const env = useServerAndBrowser();
const PASSWORD = 'a saver’s passphrase';

test('the dashboard answers first: one licence £20,000 at risk, Nationwide covered, NS&I government backed; a new user is led to add an account', async () => {
  const email = `dash-${Date.now()}@example.com`;
  const cookie = await signUpConfirmed(env.server, { email, password: PASSWORD, firstName: 'Priya' });
  const today = calendarDateInLondon(new Date());
  const halifax = await createAccount(env.server, cookie, {
    name: 'Halifax saver',
    bank: 'Halifax',
    startingBalancePence: 70_000_00,
  });
  for (const [name, bank, pence] of [
    ['Bank of Scotland saver', 'Bank of Scotland', 70_000_00],
    ['Nationwide saver', 'Nationwide Building Society', 50_000_00],
    ['Premium Bonds', 'NS&I', 10_000_00],
  ] as const)
    await createAccount(env.server, cookie, { name, bank, startingBalancePence: pence });
  await addTransactions(env.server, cookie, halifax, [
    { type: 'deposit', amountPence: 25_00, date: today, notes: 'Birthday money' },
    { type: 'withdrawal', amountPence: 25_00, date: today, notes: 'Cash' },
  ]);

  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const { page, errors } = await newPage(context);
  await signInToDashboard(page, env.server.base, email, PASSWORD);
  await rejectCookies(page);

  const answer = page.getByRole('region', { name: 'Your savings', exact: true });
  await answer.getByText('£200,000.00').waitFor();
  await answer.getByText('Mostly protected').waitFor();
  const risk = page.getByRole('region', { name: 'Where your money is' });
  const bos = risk.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Bank of Scotland plc' }) });
  await bos.getByText('£20,000.00 not protected').waitFor();
  await bos.getByText('Halifax and Bank of Scotland share one limit').waitFor();
  const nationwide = risk
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Nationwide Building Society' }) });
  await nationwide.getByText('Fully protected').waitFor();
  await risk.getByText('Backed by HM Treasury', { exact: true }).waitFor();
  assert.equal(await page.getByText(/£40,000/).count(), 0, 'the £20,000 over the limit is never counted twice');
  await page.getByRole('region', { name: 'Recent transactions' }).getByText('Birthday money').waitFor();
  await page
    .getByRole('region', { name: 'Total balance over the last 12 months' })
    .getByRole('table')
    .waitFor({ state: 'attached' });
  await pictureEverywhere(page, 'dashboard');

  // From the keyboard, the licences lead to the Protection Hub.
  const hub = risk.getByRole('link', { name: 'Protection Hub' });
  await hub.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL('**/protection');
  await context.close();

  // A new user: the empty state, which leads to adding a first account.
  const newEmail = `dash-new-${Date.now()}@example.com`;
  await signUpConfirmed(env.server, { email: newEmail, password: PASSWORD, firstName: 'Sam' });
  const fresh = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const second = await newPage(fresh);
  await signInToDashboard(second.page, env.server.base, newEmail, PASSWORD);
  await rejectCookies(second.page);
  const empty = second.page.getByRole('region', { name: 'Add your first account' });
  await empty.waitFor();
  await pictureEverywhere(second.page, 'dashboard-empty');
  await empty.getByRole('link', { name: 'Add an account' }).click();
  await second.page.waitForURL('**/account/new');
  await fresh.close();
  assert.deepEqual([...errors, ...second.errors], []);
});
