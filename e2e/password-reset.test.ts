import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signUpOverHttp } from '../src/server/test/server-process.ts';
import { login, newPage, screenshot, waitForEmail, useServerAndBrowser } from './fixtures.ts';

const env = useServerAndBrowser();

test('a user who forgot their password resets it from the e-mailed link and signs in with the new one', async () => {
  const email = `forgetful-${Date.now()}@example.com`;
  await signUpOverHttp(env.server.base, { email, password: 'the old passphrase', firstName: 'Fran' });

  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const { page, errors } = await newPage(context);
  await page.goto(`${env.server.base}/login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL('**/reset-request');
  // The URL changes before the lazily loaded page replaces the login form (which has an email field too).
  await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page
    .getByText('Password reset link sent to your email. Please check your inbox including spam folder.')
    .waitFor();
  await screenshot(page, 'reset-01-requested');

  const mail = await waitForEmail(env.server.dataDir, email);
  const link = mail.match(/https?:\/\/[^\s"<>]+\/api\/auth\/reset-password\/[^\s"<>]+/)?.[0];
  assert.ok(link, 'the reset e-mail carries a link');
  await page.goto(link.replace(/&amp;/g, '&'));
  await page.waitForURL(/\/auth\/reset-password\?token=/);
  await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
  // A common password is refused under the field, and the link still works for a better one.
  await page.getByLabel('New password', { exact: true }).fill('Password123');
  await page.getByLabel('Confirm new password').fill('Password123');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await page.getByText('This password is too common. Choose a less predictable one.').waitFor();
  await screenshot(page, 'reset-02-too-common');
  await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
  await page.getByLabel('Confirm new password').fill('a brand new passphrase');
  await screenshot(page, 'reset-03-new-password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await page.getByText('Password updated successfully').waitFor();
  await page.waitForURL('**/login');

  await login(page, env.server.base, email, 'a brand new passphrase');
  await page.waitForURL('**/dashboard');
  await page.getByText(/Fran/).first().waitFor();
  // Chromium logs the refused common password's 400 answer; nothing else may go wrong.
  assert.deepEqual(
    errors.filter((e) => !/Failed to load resource: the server responded with a status of 400/.test(e)),
    [],
  );
  assert.equal(errors.length, 1);
  await context.close();
});
