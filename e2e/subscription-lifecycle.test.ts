import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { createAccount, signUpConfirmed } from './account-setup.ts';
import { GUARD_MESSAGES } from '../src/core/subscriptions/features.ts';
import {
  checkAndPicture,
  type E2EServer,
  signInToDashboard,
  signedInDesktop,
  startServer,
  useServerAndBrowser,
  waitForToastToGo,
} from './fixtures.ts';

// Issue 25's "done means": a saver subscribes to Big Pig in test mode during the trial and is told
// what paying does to the trial; moves down to Boar and back up to Big Pig, seeing each change's
// price, credit and charge first; gets an e-mail for each; cancels; and, once the server's clock
// passes the period's end, has lost Big Pig while their accounts stay readable and exportable.
// The server's clock moves through a file (TEST_CLOCK_OFFSET_FILE), refused in production: this
// journey runs the production build in development mode.
const offsetFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-clock-')), 'offset-ms');
fs.writeFileSync(offsetFile, '0');
const env = useServerAndBrowser(() => startServer({ NODE_ENV: 'development', TEST_CLOCK_OFFSET_FILE: offsetFile }));
after(() => fs.rmSync(path.dirname(offsetFile), { recursive: true, force: true }));

const PASSWORD = 'a saver’s passphrase';
const DAY_MS = 86_400_000;
const desktop = (page: Parameters<typeof checkAndPicture>[0], name: string, of?: 'page' | 'window') =>
  checkAndPicture(page, name, { widths: [1280], ...(of ? { of } : {}) });

/** The subjects of the mails to `email` in the local mailbox, as its API lists them. */
async function subjectsTo(server: E2EServer, email: string): Promise<string[]> {
  const token = server.output().match(/\/dev\/mailbox\?token=([\w-]+)/)?.[1];
  assert.ok(token, 'the server printed the mailbox link');
  const res = await fetch(`${server.base}/api/dev/mail`, { headers: { 'X-Mailbox-Token': token } });
  const { messages } = (await res.json()) as { messages: { to: string; subject: string }[] };
  return messages.filter((m) => m.to === email).map((m) => m.subject);
}

async function waitForSubject(server: E2EServer, email: string, subject: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await subjectsTo(server, email)).includes(subject)) {
    if (Date.now() > deadline) throw new Error(`no "${subject}" to ${email}: ${await subjectsTo(server, email)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('subscribe during the trial, down to Boar and up again with the figures shown, cancel, and lose Big Pig at the period’s end', async () => {
  const email = `lifecycle-${Date.now()}@example.com`;
  const cookie = await signUpConfirmed(env.server, { email, password: PASSWORD, firstName: 'Lena' });
  await createAccount(env.server, cookie, { name: 'Rainy day saver', startingBalancePence: 42_000_00 });
  await createAccount(env.server, cookie, { name: 'House deposit', startingBalancePence: 18_500_00 });
  const { context, page, errors } = await signedInDesktop(env, email, PASSWORD);

  // During the trial the checkout says, before the card provider, that paying ends the trial today.
  await page.goto(`${env.server.base}/subscribe?tier=bigpig&cycle=monthly`);
  const note = page.getByTestId('trial-checkout-note');
  await note.waitFor();
  assert.match(
    (await note.textContent()) ?? '',
    /^Your free trial runs until \d{1,2} \w+ \d{4}\. Paying now ends it today: £9\.99 is taken today for Big Pig \(monthly\), and the plan’s first period starts today\./,
  );
  await desktop(page, 'lifecycle-checkout-during-trial');
  await page.getByRole('button', { name: 'Continue to Checkout' }).click();
  await page.waitForURL('**/subscription/test-checkout/**');
  assert.equal(await page.getByTestId('amount-due').textContent(), '£9.99');
  await page.getByRole('button', { name: 'Pay (test)' }).click();
  await page.getByText('Your Big Pig plan is active, billed monthly.').waitFor();
  await waitForSubject(env.server, email, 'Payment received: £9.99');

  // Down to Boar: the dialog prices the change before it is made. A few seconds into a month at
  // £9.99, all of it comes back; Boar's £4.99 for the same month is charged; £5.00 off the next invoice.
  await page.goto(`${env.server.base}/settings?tab=subscription`);
  await page.getByRole('button', { name: 'Switch to Boar' }).click();
  let dialog = page.getByRole('dialog', { name: 'Switch to Boar (monthly)?' });
  let figures = dialog.getByTestId('plan-change-figures');
  await figures.waitFor();
  assert.match(
    (await figures.textContent()) ?? '',
    /^Boar costs £4\.99 a month\.The change starts now\. For the rest of this period you are credited £9\.99 for what is left of your current plan and charged £4\.99 for the new plan: £5\.00 comes off your next invoice, on \d{1,2} \w+ \d{4}\. Nothing is refunded to your card: the credit is used up by your next payments\.From \d{1,2} \w+ \d{4} you pay £4\.99 a month\.$/,
  );
  await desktop(page, 'lifecycle-downgrade-dialog', 'window');
  await dialog.getByRole('button', { name: 'Confirm change' }).click();
  await waitForToastToGo(page, 'Your plan is now Boar (monthly).');
  await waitForSubject(env.server, email, 'Your SavvyPig plan is now Boar (monthly)');

  // Back up to Big Pig: £9.99 charged for the rest of the month, £4.99 credited; £5.00 on the next invoice.
  await page.getByRole('button', { name: 'Switch to Big Pig' }).click();
  dialog = page.getByRole('dialog', { name: 'Switch to Big Pig (monthly)?' });
  figures = dialog.getByTestId('plan-change-figures');
  await figures.waitFor();
  assert.match(
    (await figures.textContent()) ?? '',
    /^Big Pig costs £9\.99 a month\.The change starts now\. For the rest of this period you are credited £4\.99 for what is left of your current plan and charged £9\.99 for the new plan: £5\.00 is added to your next invoice, on \d{1,2} \w+ \d{4}\./,
  );
  await dialog.getByRole('button', { name: 'Confirm change' }).click();
  await waitForToastToGo(page, 'Your plan is now Big Pig (monthly).');
  await waitForSubject(env.server, email, 'Your SavvyPig plan is now Big Pig (monthly)');

  // Cancel: the plan stays until the period's end, said before and after.
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const cancelDialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  const stays = (await cancelDialog.getByText(/^Your Big Pig plan stays until/).textContent()) ?? '';
  const endsOn = stays.match(/stays until (\d{1,2} \w+ \d{4}), then ends/)?.[1];
  assert.ok(endsOn, stays);
  await cancelDialog.getByRole('button', { name: 'Cancel at period end' }).click();
  await page.getByRole('heading', { name: 'Subscription ending' }).waitFor();
  await page.getByText(`Your subscription ends on ${endsOn}.`).waitFor();
  await waitForSubject(env.server, email, 'Your SavvyPig subscription is cancelled');
  // Each money e-mail once, newest first (the mailbox also holds sign-up's and sign-in's).
  assert.deepEqual(
    (await subjectsTo(env.server, email)).filter((s) => /^(Payment|Your SavvyPig (plan|subscription))/.test(s)),
    [
      'Your SavvyPig subscription is cancelled',
      'Your SavvyPig plan is now Big Pig (monthly)',
      'Your SavvyPig plan is now Boar (monthly)',
      'Payment received: £9.99',
    ],
  );
  await page.goto(`${env.server.base}/protection`);
  await page.getByRole('heading', { name: 'Protection Hub', level: 1 }).waitFor();
  await context.close();

  // 32 days on (the test clock), the period is over: Big Pig is gone, the data is still there.
  fs.writeFileSync(offsetFile, String(32 * DAY_MS));
  const later = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  // The browser's clock moves on too (it words Settings' 'Ended on'), and runs from there.
  await later.clock.install({ time: Date.now() + 32 * DAY_MS });
  const laterPage = await later.newPage();
  laterPage.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  await signInToDashboard(laterPage, env.server.base, email, PASSWORD);
  const hub = await laterPage.request.get(`${env.server.base}/api/protection`);
  assert.equal(hub.status(), 403, 'the server refuses the Protection Hub once Big Pig has ended');
  // The guard sends a saver without a live plan from the Hub to choose one, and says why.
  await laterPage.goto(`${env.server.base}/protection`);
  await laterPage.waitForURL('**/subscribe');
  await laterPage.getByText(GUARD_MESSAGES.choosePlan).first().waitFor();
  await laterPage.goto(`${env.server.base}/accounts`);
  await laterPage.getByText('Rainy day saver').first().waitFor();
  await laterPage.getByText('House deposit').first().waitFor();
  const exported = await laterPage.request.get(`${env.server.base}/api/account/export`);
  assert.equal(exported.status(), 200);
  const data = (await exported.json()) as { accounts: { name: string }[] };
  assert.deepEqual(data.accounts.map((a) => a.name).sort(), ['House deposit', 'Rainy day saver']);
  // Settings says the plan ended, and when.
  await laterPage.goto(`${env.server.base}/settings?tab=subscription`);
  await laterPage.getByText('Ended on').waitFor();
  const planSection = laterPage.getByRole('region', { name: 'Your plan' });
  assert.equal(await planSection.getByText('Cancelled', { exact: true }).count(), 1);
  assert.equal(await planSection.getByText('Active', { exact: true }).count(), 0);
  await desktop(laterPage, 'lifecycle-after-period-end');
  await later.close();
  assert.deepEqual(errors, []);
});
