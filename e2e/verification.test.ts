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
