import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  checkAndPicture,
  newPage,
  pictureEverywhere,
  screenshot,
  startServer,
  useServerAndBrowser,
  verificationLink,
  waitForEmail,
} from './fixtures.ts';
import { ON_PGLITE } from './journey-database.ts';

const env = useServerAndBrowser(() => startServer({}, ON_PGLITE));

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

/** Scrolls `page` to its end, so every lazy picture is asked for, and returns the ones that did not load. */
async function picturesNotLoaded(page: Page): Promise<string[]> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  });
  await page.waitForFunction(() =>
    [...document.querySelectorAll('main img')].every((img) => (img as HTMLImageElement).complete),
  );
  const missing = await page.evaluate(() =>
    [...document.querySelectorAll('main img')]
      .filter((img) => (img as HTMLImageElement).naturalWidth === 0)
      .map((img) => (img as HTMLImageElement).currentSrc || (img as HTMLImageElement).src),
  );
  await page.evaluate(() => window.scrollTo(0, 0));
  return missing;
}

test('a visitor finds the feature pages from the header and the footer: real screenshots that load, sign-up and the plans', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const { page, errors } = await newPage(context);
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });

  await page.goto(env.server.base);
  await page.getByRole('heading', { level: 1 }).waitFor();
  const header = page.getByRole('banner');
  const features = header.getByRole('button', { name: 'Features', exact: true });
  await features.click();
  assert.equal(await features.getAttribute('aria-expanded'), 'true');
  await checkAndPicture(page, 'features-menu', { widths: [1280], of: 'window' });
  await header.getByRole('link', { name: 'Account management', exact: true }).click();
  await page.waitForURL('**/features/account-management');
  await page.getByRole('heading', { level: 1, name: 'Every savings account in one place' }).waitFor();
  assert.equal(await features.getAttribute('aria-expanded'), 'false', 'following a link closes the list');
  assert.equal(await header.getByRole('link', { name: 'Contact', exact: true }).getAttribute('href'), '/contact');
  assert.deepEqual(await picturesNotLoaded(page), []);
  const main = page.getByRole('main');
  assert.equal(
    await main.getByRole('link', { name: 'Start your 7-day free trial' }).first().getAttribute('href'),
    '/signup',
  );
  assert.equal(await main.getByRole('link', { name: 'See plans and prices' }).first().getAttribute('href'), '/plans');
  await pictureEverywhere(page, 'feature-account-management');

  // From the keyboard: the Features button opens with Enter, Tab walks its links, Escape closes it.
  await features.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.closest('ul') !== null), true);
  await page.keyboard.press('Escape');
  assert.equal(await features.getAttribute('aria-expanded'), 'false');
  assert.equal(await features.evaluate((button) => button === document.activeElement), true);

  // The footer's link, then the dark screenshots in the dark scheme.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Rate monitoring', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Know before your rate changes' }).waitFor();
  await page.emulateMedia({ colorScheme: 'dark' });
  assert.deepEqual(await picturesNotLoaded(page), []);
  assert.match(
    await page
      .getByRole('main')
      .getByRole('img')
      .first()
      .evaluate((img) => (img as HTMLImageElement).currentSrc),
    /-1280-dark\.webp$/,
  );
  await page.emulateMedia({ colorScheme: 'light' });

  // A phone: the side menu lists them, and the pages show the phone's screenshots.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Portfolio analytics', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'See all your savings at a glance' }).waitFor();
  assert.deepEqual(await picturesNotLoaded(page), []);
  assert.match(
    await page
      .getByRole('main')
      .getByRole('img')
      .first()
      .evaluate((img) => (img as HTMLImageElement).currentSrc),
    /-375-light\.webp$/,
  );
  await pictureEverywhere(page, 'feature-portfolio-analytics');

  // The checker explains itself below the check, with the product's own answer.
  await page.goto(`${env.server.base}/features/fscs-protection-checker`);
  await page.getByRole('region', { name: 'The same answer for your real accounts' }).waitFor();
  assert.deepEqual(await picturesNotLoaded(page), []);

  assert.deepEqual(failed, []);
  assert.deepEqual(errors, []);
  await context.close();
});
