import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { currentStep, decodeBase32, totpAtStep } from '../src/server/test/totp.ts';
import {
  assertAccessible,
  login,
  newPage,
  rejectCookies,
  screenshot,
  startServer,
  useColorScheme,
  useServerAndBrowser,
  verificationLink,
  waitForEmail,
} from './fixtures.ts';
import { ON_PGLITE } from './journey-database.ts';

const env = useServerAndBrowser(() => startServer({}, ON_PGLITE));
const PASSWORD = 'a sensible passphrase';

/** A new browser with a user who signed up, confirmed from the real e-mail, logged in and opened Settings › Security. */
async function newUserInSecuritySettings(prefix: string, firstName: string) {
  const context = await env.browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'en-GB',
    colorScheme: 'light',
  });
  const { page, errors } = await newPage(context);
  const email = `${prefix}-${Date.now()}@example.com`;
  await signUpAndConfirm(page, email, firstName);
  await page.goto(`${env.server.base}/settings?tab=security`);
  await page.getByRole('region', { name: 'Two-factor authentication' }).waitFor();
  // The cookie banner would cover the screens pictured here; choosing once keeps it away.
  await rejectCookies(page);
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  return { context, page, errors, email, section };
}

async function signUpAndConfirm(page: Page, email: string, firstName: string): Promise<void> {
  await page.goto(`${env.server.base}/signup`);
  await page.getByLabel('First name').waitFor();
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Shah');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /sign up|create account/i }).click();
  await page.waitForURL('**/auth/confirmation');
  const mail = await waitForEmail(env.server.dataDir, email);
  // The link confirms the address and signs the new user in (ADR 0013).
  await page.goto(verificationLink(mail));
  await page.waitForURL('**/dashboard');
}

async function signOut(page: Page, firstName: string): Promise<void> {
  await page
    .getByRole('button', { name: new RegExp(`account menu|user menu|${firstName}`, 'i') })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByText('Signed out successfully').waitFor();
}

/**
 * Logs in with the password and waits for the second step. The server allows 3 sign-ins per
 * 10 s from one address, and this file signs in often from one: wait and retry once if limited.
 */
async function loginToChallenge(page: Page, email: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await login(page, env.server.base, email, PASSWORD);
    const outcome = await Promise.race([
      page
        .getByRole('heading', { name: 'Two-factor authentication' })
        .waitFor()
        .then(() => 'challenge' as const),
      page
        .getByText('Too many requests. Please wait before trying again')
        .first()
        .waitFor()
        .then(() => 'limited' as const),
    ]);
    if (outcome === 'challenge') break;
    assert.ok(attempt < 2, 'still rate limited after waiting');
    await page.waitForTimeout(10_000);
  }
  const me = await page.request.get(`${env.server.base}/api/me`);
  assert.equal(me.status(), 401, 'no session exists before the second step');
}

/** Light, dark and phone-width pictures of what the page shows now, after an axe check in both themes. */
async function screenshots(page: Page, name: string): Promise<void> {
  // A scrolled page puts the sticky header over the content in a full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await assertAccessible(page, `${name} (light)`);
  await screenshot(page, `${name}-light`);
  await useColorScheme(page, 'dark');
  await assertAccessible(page, `${name} (dark)`);
  await screenshot(page, `${name}-dark`);
  await useColorScheme(page, 'light');
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize(size);
}

test('a user turns on an authenticator app in settings, then logs in with a code from it', async () => {
  const { context, page, errors, email, section } = await newUserInSecuritySettings('totp', 'Tariq');
  await section.getByText('Off', { exact: true }).waitFor();
  await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await section.getByLabel('Current password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Continue' }).click();
  await section.getByRole('img', { name: 'QR code to add SavvyPig to your authenticator app' }).waitFor();
  const key = (await section.getByTestId('totp-key').textContent())!.replace(/\s/g, '');
  assert.match(key, /^[A-Z2-7]{32,}$/, 'the setup key is base32');
  await screenshots(page, 'two-factor-01-enrol');

  const enrolStep = currentStep();
  await section.getByLabel('Code from your app').fill(totpAtStep(decodeBase32(key), enrolStep));
  await section.getByRole('button', { name: 'Verify and turn on' }).click();
  const codes = section.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
  await codes.first().waitFor();
  assert.equal(await codes.count(), 10);
  assert.match((await codes.first().textContent())!, /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
  await screenshots(page, 'two-factor-02-backup-codes');
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download' }).click();
  assert.equal((await download).suggestedFilename(), 'savvypig-backup-codes.txt');
  await section.getByRole('button', { name: "I've saved my codes" }).click();
  await section.getByText('10 of 10 left. Use one if you lose your phone.').waitFor();
  await screenshots(page, 'two-factor-03-on');

  await signOut(page, 'Tariq');
  await loginToChallenge(page, email);
  await screenshots(page, 'two-factor-04-challenge');
  // The enrolment code was used once already; a replay is refused.
  await page.getByLabel('Authenticator code').fill(totpAtStep(decodeBase32(key), enrolStep));
  await page.getByRole('button', { name: 'Verify and log in' }).click();
  await page
    .getByText('This code has already been used. Wait for the next code in your authenticator app.')
    .first()
    .waitFor();
  // The next code (the server accepts one step ahead) logs in.
  await page
    .getByLabel('Authenticator code')
    .fill(totpAtStep(decodeBase32(key), Math.max(currentStep(), enrolStep + 1)));
  await page.getByRole('button', { name: 'Verify and log in' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByText(/Tariq/).first().waitFor();

  // A login refused by the rate limit (see loginToChallenge) logs its 429; nothing else may fail.
  assert.deepEqual(
    errors.filter((e) => !/status of 429/.test(e)),
    [],
  );
  await context.close();
});

test('a user with e-mailed codes logs in with the code from the real e-mail', async () => {
  const { context, page, errors, email, section } = await newUserInSecuritySettings('otp', 'Erin');
  await section.getByRole('button', { name: 'Use email codes instead' }).click();
  await section.getByLabel('Current password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Turn on email codes' }).click();
  await section.getByText(`At log-in you can ask for a code sent to ${email}.`).waitFor();

  await signOut(page, 'Erin');
  await loginToChallenge(page, email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  const mail = await waitForEmail(env.server.dataDir, email, 10_000, /sign-in code/);
  const code = mail.match(/^Subject: (\d{6}) is your SavvyPig sign-in code/m)?.[1];
  assert.ok(code, 'the e-mail carries a 6-digit code');
  await page.getByLabel('Email code').fill(code);
  await screenshots(page, 'two-factor-05-email-challenge');
  await page.getByRole('button', { name: 'Verify and log in' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByText(/Erin/).first().waitFor();

  // A login refused by the rate limit (see loginToChallenge) logs its 429; nothing else may fail.
  assert.deepEqual(
    errors.filter((e) => !/status of 429/.test(e)),
    [],
  );
  await context.close();
});
