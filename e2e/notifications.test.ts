import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createAccount, createSharedLicenceSaver, signUpConfirmed } from './account-setup.ts';
import {
  assertAccessible,
  checkAndPicture,
  newPage,
  pictureEverywhere,
  rejectCookies,
  signInToDashboard,
  useServerAndBrowser,
  waitForEmail,
  waitForToastToGo,
} from './fixtures.ts';

const env = useServerAndBrowser();
const PASSWORD = 'a saver’s passphrase';
const OVER = '£20,000.00 over the limit at Bank of Scotland plc';

test('a saver over the limit is told, gets it in the daily digest, unsubscribes signed out, and a dismissal holds in a second browser', async () => {
  const email = `bell-${Date.now()}@example.com`;
  const cookie = await signUpConfirmed(env.server, { email, password: PASSWORD, firstName: 'Priya' });
  await createSharedLicenceSaver(env.server, cookie);

  const laptop = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const { page, errors } = await newPage(laptop);
  await signInToDashboard(page, env.server.base, email, PASSWORD);
  await rejectCookies(page);

  // The header's bell says how many, and its dropdown lists the notification with its link.
  const bell = page.getByRole('button', { name: 'Notifications, 1 new' });
  await bell.click();
  const dropdown = page.getByRole('dialog', { name: 'Notifications' });
  await dropdown.getByText(OVER).waitFor();
  await dropdown.getByRole('link', { name: `Open the Protection Hub: ${OVER}` }).waitFor();
  await checkAndPicture(page, 'notifications-dropdown', { of: 'window' });
  await page.keyboard.press('Escape');
  await dropdown.waitFor({ state: 'detached' });

  await page.goto(`${env.server.base}/notifications`);
  await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
  await page.getByText(OVER).waitFor();
  await pictureEverywhere(page, 'notifications-page');

  // Opting into the digest sends today's at once: it arrives in the local mailbox.
  await page.goto(`${env.server.base}/settings?tab=notifications`);
  await page.getByRole('switch', { name: 'Deposit protection' }).click();
  await waitForToastToGo(page, 'Deposit protection added to your daily digest');
  const mail = await waitForEmail(env.server.dataDir, email, 20_000, /Subject: Your SavvyPig digest/);
  assert.match(mail, /over the limit at Bank of Scotland plc/);
  const unsubscribe = mail.match(/https?:\/\/[^\s"<>]+\/notifications\/unsubscribe\?token=[\w.-]+/)?.[0];
  assert.ok(unsubscribe, 'the digest carries an unsubscribe link');

  // The link works in a browser that is not signed in, and says what it turned off.
  const phone = await env.browser.newContext({ viewport: { width: 375, height: 800 }, locale: 'en-GB' });
  const second = await newPage(phone);
  await second.page.goto(unsubscribe.replace(/^https?:\/\/[^/]+/, env.server.base));
  await rejectCookies(second.page);
  await second.page
    .getByText('The daily email digest is off. You will no longer get emails about: Deposit protection.', {
      exact: false,
    })
    .waitFor();
  await assertAccessible(second.page, 'the unsubscribe page');
  await page.reload();
  assert.equal(await page.getByRole('switch', { name: 'Deposit protection' }).getAttribute('aria-checked'), 'false');

  // Dismissed from the keyboard in the bell's dropdown: gone, and focus is on the dropdown's heading.
  await page.getByRole('button', { name: 'Notifications, 1 new' }).click();
  await page.getByRole('button', { name: `Dismiss: ${OVER}` }).focus();
  await page.keyboard.press('Enter');
  await dropdown.getByText("You're all caught up: nothing needs your attention.").waitFor();
  await page.waitForFunction(() => document.activeElement?.textContent === 'Notifications', undefined, {
    timeout: 5_000,
  });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

  // The second browser, signed in, does not show it: the dismissal is kept on the server.
  await signInToDashboard(second.page, env.server.base, email, PASSWORD);
  await second.page.goto(`${env.server.base}/notifications`);
  await second.page.getByText("You're all caught up: nothing needs your attention.").waitFor();
  assert.equal(await second.page.getByText(OVER).count(), 0);
  await pictureEverywhere(second.page, 'notifications-empty');

  assert.deepEqual(errors, []);
  assert.deepEqual(second.errors, []);
  await laptop.close();
  await phone.close();
});

test('a pension drawn on flexibly is in the bell with a link to its page, and its kind can go in the digest', async () => {
  const email = `pension-bell-${Date.now()}@example.com`;
  const cookie = await signUpConfirmed(env.server, { email, password: PASSWORD, firstName: 'Pat' });
  const pension = await createAccount(env.server, cookie, {
    name: 'Pat pension',
    accountType: 'Personal Pension',
    bankId: null,
    startingBalancePence: 40_000_00,
  });
  const drawn = await fetch(`${env.server.base}/api/accounts/${pension}/pension/drawdowns`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: env.server.base, cookie },
    body: JSON.stringify({
      eventDate: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10),
      eventType: 'income',
      amountPence: 1_000_00,
    }),
  });
  assert.equal(drawn.status, 200, await drawn.text());

  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const { page, errors } = await newPage(context);
  await signInToDashboard(page, env.server.base, email, PASSWORD);
  await rejectCookies(page);
  const MPAA = 'MPAA triggered - Future contributions limited to £10,000 per year';
  await page.getByRole('button', { name: 'Notifications, 1 new' }).click();
  const dropdown = page.getByRole('dialog', { name: 'Notifications' });
  await dropdown.getByText(MPAA).waitFor();
  await checkAndPicture(page, 'notifications-pension', { of: 'window' });
  await dropdown.getByRole('link', { name: `View Pat pension: ${MPAA}` }).click();
  await page.waitForURL(`${env.server.base}/account/${pension}`);
  await page.getByRole('heading', { level: 1, name: 'Pat pension' }).waitFor();

  await page.goto(`${env.server.base}/settings?tab=notifications`);
  await page.getByRole('switch', { name: 'Pension contributions and transfers' }).click();
  await waitForToastToGo(page, 'Pension contributions and transfers added to your daily digest');
  const mail = await waitForEmail(env.server.dataDir, email, 20_000, /Subject: Your SavvyPig digest/);
  assert.match(mail, /MPAA triggered/);

  assert.deepEqual(errors, []);
  await context.close();
});
