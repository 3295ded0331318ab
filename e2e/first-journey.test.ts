import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newPage, screenshot, useServerAndBrowser, verificationLink, waitForEmail } from './fixtures.ts';

const env = useServerAndBrowser();

test('a newcomer signs up, confirms by e-mail (which signs them in), stays signed in, signs out and meets the 404 page', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const { page, errors } = await newPage(context);
  const email = `newcomer-${Date.now()}@example.com`;
  const password = 'a sensible passphrase';

  await page.goto(env.server.base);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await screenshot(page, '01-home');
  await page
    .getByRole('link', { name: /sign up/i })
    .first()
    .click();
  await page.waitForURL('**/signup');
  await page.getByLabel('First name').waitFor();
  await page.getByLabel('First name').fill('Nia');
  await page.getByLabel('Last name').fill('Khan');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await screenshot(page, '02-signup');
  await page.getByRole('button', { name: /sign up|create account/i }).click();

  await page.waitForURL('**/auth/confirmation');
  await page.getByText(email).first().waitFor();
  await screenshot(page, '03-confirmation');

  const mail = await waitForEmail(env.server.dataDir, email);
  await page.goto(verificationLink(mail));
  // The link confirms the address and signs the new user in (ADR 0013).
  await page.waitForURL('**/dashboard');
  await page.getByText('Your email address is confirmed.').waitFor();
  await page.getByText(/Nia/).first().waitFor();
  assert.equal(await page.getByText('Email not verified').count(), 0, 'a verified user sees no verification banner');
  await screenshot(page, '04-dashboard');

  await page.reload();
  await page.waitForURL('**/dashboard');
  await page.getByText(/Nia/).first().waitFor();

  await page
    .getByRole('button', { name: /account menu|user menu|Nia/i })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByText('Signed out successfully').waitFor();
  await page.waitForURL(`${env.server.base}/`);
  await screenshot(page, '05-signed-out');

  const me = await page.request.get(`${env.server.base}/api/me`);
  assert.equal(me.status(), 401, 'the session is gone after signing out');

  await page.goto(`${env.server.base}/no-such-page`);
  await page.getByText('Oops! Page not found').waitFor();
  // A visitor is offered the home page and Log in, not accounts they do not have.
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).waitFor();
  assert.equal(await page.getByRole('link', { name: 'View your accounts' }).count(), 0);
  await screenshot(page, '06-not-found');

  assert.deepEqual(errors, []);
  await context.close();
});

test('a deep link to a protected page remembers where the visitor was going', async () => {
  const context = await env.browser.newContext({ viewport: { width: 375, height: 800 }, locale: 'en-GB' });
  const { page, errors } = await newPage(context);
  await page.goto(`${env.server.base}/dashboard`);
  await page.waitForURL(/\/auth/);
  const saved = await page.evaluate(() => sessionStorage.getItem('returnToRoute'));
  assert.equal(saved, '/dashboard');
  await screenshot(page, '07-auth-mobile');
  assert.deepEqual(errors, []);
  await context.close();
});
