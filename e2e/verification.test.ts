import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import {
  assertAccessible,
  login,
  newPage,
  screenshot,
  useServerAndBrowser,
  verificationLink,
  waitForEmail,
} from './fixtures.ts';

const env = useServerAndBrowser();

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };

async function dismissCookieBanner(page: Page) {
  const reject = page.getByRole('button', { name: 'Reject All' });
  if (await reject.isVisible().catch(() => false)) await reject.click();
}

/** Screenshots at desktop and phone width, light and dark. */
async function screenshots(context: BrowserContext, page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [label, size] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(size);
      await screenshot(page, `${name}-${scheme}-${label}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(DESKTOP);
  void context;
}

test('a new user signs up, signs in unverified, is sent to verify for two-factor set-up, verifies from the e-mail and carries on', async () => {
  const email = `vera-${Date.now()}@example.com`;
  const password = 'a sensible passphrase';
  const context = await env.browser.newContext({ viewport: DESKTOP, locale: 'en-GB' });
  const { page, errors } = await newPage(context);

  // Sign up.
  await page.goto(`${env.server.base}/signup`);
  await dismissCookieBanner(page);
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await page.getByLabel('First name').fill('Vera');
  await page.getByLabel('Last name').fill('Fied');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/auth/confirmation');
  await page.getByText('Registration successful!').waitFor();
  await page.getByText(email).waitFor();
  const pending = JSON.parse((await page.evaluate(() => localStorage.getItem('pendingUserSignup'))) ?? '{}');
  assert.equal(pending.email, email);
  assert.match(pending.userId, /^[A-Za-z0-9]{32}$/);
  assert.equal(typeof pending.timestamp, 'number');
  const signUpMail = await waitForEmail(env.server.dataDir, email);
  assert.match(signUpMail, /Subject: Verify your email for SavvyPig/);

  // Sign in before verifying: allowed, with the banner.
  await login(page, env.server.base, email, password);
  await page.waitForURL('**/dashboard');
  const banner = page.getByRole('region', { name: 'Email not verified' });
  await banner.waitFor();
  await banner.getByText('Please verify your email to access all features.').waitFor();
  await screenshots(context, page, 'verify-01-banner');
  await assertAccessible(page, 'the verification banner', {
    include: 'section[aria-labelledby="verify-banner-title"]',
  });

  // Resend from the banner.
  await banner.getByRole('button', { name: 'Resend verification email' }).click();
  await page.getByText('Verification email sent. Please check your inbox (including spam folder).').waitFor();
  await banner.getByRole('button', { name: 'Email sent' }).waitFor();

  // A feature that needs a verified address: two-factor set-up in settings.
  await page.goto(`${env.server.base}/settings?tab=security`);
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await page.waitForURL(/\/verification-required\?next=%2Fsettings%3Ftab%3Dsecurity$/);
  await page.getByRole('heading', { level: 1, name: 'Verify your email' }).waitFor();
  await page.getByText('Please verify your email to access all features.').waitFor();
  assert.equal(
    await page.getByRole('region', { name: 'Email not verified' }).count(),
    0,
    'no second banner on this page',
  );
  await screenshots(context, page, 'verify-02-verification-required');
  await assertAccessible(page, '/verification-required', { include: 'main' });

  // A second link for the same address within the minute: the spec's wait message.
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await page.getByText('Please wait before requesting another verification email').waitFor();

  // Not verified yet.
  await page.getByRole('button', { name: "I've verified my email" }).click();
  await page.getByText("We haven't seen your confirmation yet.", { exact: false }).waitFor();

  // Open the real link from the e-mail in another tab, as a mail program would.
  const link = verificationLink(await waitForEmail(env.server.dataDir, email));
  const mailTab = await context.newPage();
  await mailTab.goto(link);
  await mailTab.waitForURL('**/dashboard');
  await mailTab.getByRole('heading', { level: 1 }).first().waitFor();
  assert.equal(await mailTab.getByRole('region', { name: 'Email not verified' }).count(), 0);
  await mailTab.close();

  // The first tab hears of it and carries on to where the user was going.
  await page.waitForURL(/\/settings\?tab=security$/);
  await page.getByText('Thanks, your email is verified.').waitFor();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await page.getByLabel('Two-factor authentication').getByLabel('Current password').waitFor();
  assert.equal(await page.getByRole('region', { name: 'Email not verified' }).count(), 0);

  // The browser logs the one 429 this journey asks for (the second link within the minute).
  assert.deepEqual(
    errors.filter((e) => !/status of 429/.test(e)),
    [],
  );
  assert.equal(errors.filter((e) => /status of 429/.test(e)).length, 1);
  await context.close();
});

/** The toast boxes on screen (app/toaster.tsx), each with its own text. */
const toastTexts = (page: Page) => page.locator('[data-toaster] [data-toast]').allInnerTexts();

test("the mailbox's Verify my email signs the user in in the tab itself; a failed sign-in's error does not follow a good one", async () => {
  const email = `mabel-${Date.now()}@example.com`;
  const password = 'a sensible passphrase';
  const token = env.server.output().match(/\/dev\/mailbox\?token=([\w-]+)/)?.[1];
  assert.ok(token, 'the server printed the mailbox link');
  const context = await env.browser.newContext({ viewport: DESKTOP, locale: 'en-GB' });
  const { page, errors } = await newPage(context);
  await page.goto(`${env.server.base}/signup`);
  await page.getByLabel('First name').fill('Mabel');
  await page.getByLabel('Last name').fill('Box');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/auth/confirmation');

  // The preview's button navigates the tab (the app refuses to be framed), and the link signs in.
  await page.goto(`${env.server.base}/dev/mailbox?token=${token}`);
  await page
    .getByRole('list', { name: 'Captured emails' })
    .getByRole('link', { name: new RegExp(`Verify your email.*${email}`) })
    .click();
  const preview = page.frameLocator('iframe[title^="Email:"]');
  const verify = preview.getByRole('link', { name: 'Verify my email' });
  // Click only once the page has settled: a layout shift between Playwright's hit test and its
  // click can land the click beside the link, and then nothing navigates.
  await verify.waitFor();
  await page.waitForLoadState('networkidle');
  await verify.click();
  await page.waitForURL('**/dashboard').catch((error: Error) => {
    throw new Error(`the tab did not reach the dashboard; it is at ${page.url()}: ${error.message}`);
  });
  await page.getByRole('heading', { level: 1, name: /Mabel/ }).waitFor();
  await page.getByRole('region', { name: 'Notifications' }).getByText('Your email address is confirmed.').waitFor();
  assert.equal(await page.getByRole('region', { name: 'Email not verified' }).count(), 0);
  await screenshot(page, 'verify-03-from-the-mailbox');

  // The same link again, in a browser without the session: confirmed, and asked to sign in.
  const other = await env.browser.newContext({ viewport: PHONE, locale: 'en-GB' });
  const { page: phone, errors: phoneErrors } = await newPage(other);
  await phone.goto(verificationLink(await waitForEmail(env.server.dataDir, email)));
  await phone.waitForURL('**/login');
  await phone.getByText('Your email address is confirmed. Sign in to continue.').waitFor();

  // A wrong password: the form's error and one red toast, standing clear of the cookie banner.
  await phone.getByLabel('Email').fill(email);
  await phone.getByLabel('Password', { exact: true }).fill('not the password');
  await phone.getByRole('button', { name: 'Log in' }).click();
  const toast = phone.getByRole('region', { name: 'Notifications' }).getByRole('alert');
  await toast.getByText('Invalid email or password').waitFor();
  const banner = await phone.getByRole('region', { name: 'Cookies on SavvyPig' }).boundingBox();
  const box = await phone.locator('[data-toaster] [data-toast]').boundingBox();
  assert.ok(banner && box && box.y + box.height <= banner.y, 'the toast sits above the cookie banner');
  await screenshot(phone, 'verify-04-failed-sign-in-phone');

  // The right one (Enter: the toast may cover the button at this width): no stale error on the dashboard.
  await phone.getByLabel('Password', { exact: true }).fill(password);
  await phone.getByLabel('Password', { exact: true }).press('Enter');
  await phone.waitForURL('**/dashboard');
  await phone.getByRole('heading', { level: 1, name: /Mabel/ }).waitFor();
  await phone.waitForTimeout(1_000); // past the 800 ms a toast waits
  assert.deepEqual(await toastTexts(phone), []);
  assert.equal(await phone.getByText('Invalid email or password').count(), 0);

  assert.deepEqual([...errors, ...phoneErrors], []);
  await other.close();
  await context.close();
});

test('someone not signed in is not told whether an address has an account, and nothing is sent to an unknown one', async () => {
  const context = await env.browser.newContext({ viewport: DESKTOP, locale: 'en-GB' });
  const { page, errors } = await newPage(context);
  const nobody = `nobody-${Date.now()}@example.com`;
  await page.goto(`${env.server.base}/auth/confirmation`);
  await dismissCookieBanner(page);
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  await page.getByLabel('Email address').fill(nobody);
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await page.getByText('Verification email sent. Please check your inbox (including spam folder).').waitFor();
  assert.equal(await page.getByText('No account found with this email address').count(), 0);
  await assert.rejects(waitForEmail(env.server.dataDir, nobody, 1500), /no e-mail/);
  assert.deepEqual(errors, []);
  await context.close();
});
