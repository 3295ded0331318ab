import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { signUpOverHttp } from '../src/server/test/server-process.ts';
import {
  assertAccessible,
  newPage,
  rejectCookies,
  screenshot,
  signInToDashboard,
  useServerAndBrowser,
  waitForEmail,
  waitForToastToGo,
} from './fixtures.ts';

const env = useServerAndBrowser();

async function openTab(page: Page, base: string, tab: string, heading: string) {
  await page.goto(`${base}/settings?tab=${tab}`);
  await page.getByRole('tab', { name: heading, selected: true }).waitFor();
}

test('a user edits their profile, adds a photo, changes preferences, password and sessions, downloads their data and deletes the account', async () => {
  const email = `settings-${Date.now()}@example.com`;
  const password = 'first settings passphrase';
  // Signing up over HTTP leaves a session open elsewhere ("another device").
  const otherDevice = await signUpOverHttp(env.server.base, { email, password, firstName: 'Sam', lastName: 'Saver' });

  const context = await env.browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'en-GB',
    acceptDownloads: true,
  });
  const { page, errors } = await newPage(context);
  await signInToDashboard(page, env.server.base, email, password);

  // /profile opens the profile tab.
  await page.goto(`${env.server.base}/profile`);
  await page.waitForURL('**/settings?tab=profile');
  await page.getByRole('tab', { name: 'Profile', selected: true }).waitFor();
  await page.getByLabel('Mobile number (optional)').fill('+44 7700 900123');
  await page.getByLabel('Company name (optional)').fill('Saver & Co');
  await page.getByLabel('Postcode (optional)').fill('sw1a1aa');

  // The date of birth from the calendar: year and month from the lists, then the day.
  await page.getByRole('button', { name: 'Choose date of birth from a calendar' }).click();
  const calendar = page.getByRole('dialog', { name: 'Choose date of birth' });
  await calendar.getByRole('combobox', { name: /year/i }).selectOption('1980');
  await calendar.getByRole('combobox', { name: /month/i }).selectOption('6');
  await screenshot(page, 'settings-01-date-picker');
  await calendar.getByRole('button', { name: /14 July 1980/ }).click();
  assert.equal(await page.getByLabel('Date of birth (optional)').inputValue(), '14/07/1980');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Profile updated successfully').waitFor();

  await page.reload();
  await page.getByRole('form', { name: 'Profile details' }).waitFor();
  assert.equal(await page.getByLabel('Date of birth (optional)').inputValue(), '14/07/1980');
  assert.equal(await page.getByLabel('Mobile number (optional)').inputValue(), '07700 900123');
  assert.equal(await page.getByLabel('Postcode (optional)').inputValue(), 'SW1A 1AA');

  // A photo, shown in the header menu.
  const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 170, g: 17, b: 100 } } })
    .png()
    .toBuffer();
  await page.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
  await page.getByText('Profile photo updated').waitFor();
  const headerPhoto = page
    .getByRole('banner')
    .getByRole('button', { name: /Account menu for Sam Saver/ })
    .locator('img');
  await headerPhoto.waitFor();
  assert.match((await headerPhoto.getAttribute('src')) ?? '', /^\/api\/avatars\/[^/]+\/\d+\.webp$/);
  assert.ok(
    await headerPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 512),
    'the photo loads',
  );
  await screenshot(page, 'settings-02-profile-with-photo');

  // Notifications: sign-in alerts off, and it stays off.
  await openTab(page, env.server.base, 'notifications', 'Notifications');
  await page.getByRole('switch', { name: 'Sign-in alerts' }).click();
  await page.getByText('Sign-in alerts turned off').waitFor();
  await page.reload();
  await page.getByRole('switch', { name: 'Sign-in alerts', checked: false }).waitFor();

  // Security: the sessions, then sign out the other device.
  await openTab(page, env.server.base, 'security', 'Security');
  const sessions = page.getByRole('list', { name: 'Signed-in sessions' });
  await sessions.getByText('This device').waitFor();
  assert.equal(await sessions.getByRole('listitem').count(), 2);
  await screenshot(page, 'settings-03-sessions');
  await page.getByRole('button', { name: 'Sign out of all other devices' }).click();
  await page.getByText('Signed out of 1 other device').waitFor();
  const otherMe = await fetch(`${env.server.base}/api/me`, { headers: { cookie: otherDevice } });
  assert.equal(otherMe.status, 401, 'the other device is signed out');

  // Password change; this device stays signed in.
  const newPassword = 'second settings passphrase';
  await page.getByLabel('Current password').fill(password);
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Update password' }).click();
  await page.getByText('Password updated successfully').waitFor();
  await page.reload();
  await page.getByRole('tab', { name: 'Security', selected: true }).waitFor();

  // Download my data.
  await openTab(page, env.server.base, 'general', 'General');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  assert.match(download.suggestedFilename(), /^savvypig-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as Record<
    string,
    { [key: string]: unknown }
  >;
  assert.equal(exported.account?.email, email);
  assert.equal(exported.profile?.companyName, 'Saver & Co');
  assert.equal(exported.profile?.dateOfBirth, '1980-07-14');
  assert.equal(exported.settings?.loginNotificationsEnabled, false);
  assert.ok(!JSON.stringify(exported).includes('$argon2'), 'no password hash in the export');
  // The download's toast pauses while the pointer is over it, and would cover the dialog's button.
  await page.mouse.move(0, 0);
  await waitForToastToGo(page, 'Your data has been downloaded');

  // Delete the account.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel(/Your password/).fill(newPassword);
  await screenshot(page, 'settings-04-delete-dialog');
  await dialog.getByRole('button', { name: 'Delete my account permanently' }).click();
  await page.getByText('Your account has been deleted').waitFor();
  await page.waitForURL(`${env.server.base}/`);
  await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
  // The confirmation is sent in the background: wait until it is the newest e-mail to the address.
  let goodbye = '';
  for (let tries = 0; tries < 50 && !/Subject: Your SavvyPig account has been deleted/.test(goodbye); tries++) {
    goodbye = await waitForEmail(env.server.dataDir, email);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.match(goodbye, /Subject: Your SavvyPig account has been deleted/);
  const signIn = await fetch(`${env.server.base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: env.server.base },
    body: JSON.stringify({ email, password: newPassword }),
  });
  assert.equal(signIn.status, 401, 'the deleted account cannot sign in');

  assert.deepEqual(errors, []);
  await context.close();
});

test('every settings tab looks finished in light and dark, on a desktop and a phone, with no serious accessibility problems', async () => {
  const email = `looks-${Date.now()}@example.com`;
  const password = 'settings looks passphrase';
  // Signing up again answers the same (no account enumeration), so a rate-limited sign-in can be retried.
  for (let attempt = 0; ; attempt++) {
    try {
      await signUpOverHttp(env.server.base, { email, password, firstName: 'Lou', lastName: 'Looks' });
      break;
    } catch (error) {
      if (attempt >= 3 || !/429/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10_000));
    }
  }
  const layouts = [
    { name: 'desktop', viewport: { width: 1280, height: 900 } },
    { name: 'phone', viewport: { width: 375, height: 812 } },
  ];
  // One sign-in (the auth service allows 3 per 10 s per address), shared by every context.
  const first = await env.browser.newContext({ viewport: layouts[0]!.viewport, locale: 'en-GB' });
  const { page: loginPage } = await newPage(first);
  await signInToDashboard(loginPage, env.server.base, email, password);
  // Answer the cookie banner once, so it does not cover the screens being photographed.
  await rejectCookies(loginPage);
  const storageState = await first.storageState();
  await first.close();

  for (const scheme of ['light', 'dark'] as const) {
    for (const layout of layouts) {
      const context = await env.browser.newContext({
        viewport: layout.viewport,
        colorScheme: scheme,
        locale: 'en-GB',
        storageState,
      });
      const { page, errors } = await newPage(context);
      for (const [tab, label] of [
        ['general', 'General'],
        ['profile', 'Profile'],
        ['notifications', 'Notifications'],
        ['security', 'Security'],
      ] as const) {
        await openTab(page, env.server.base, tab, label);
        await page.locator('[role="tabpanel"] h2').first().waitFor();
        await page.waitForFunction(() => document.querySelectorAll('[data-slot="skeleton"]').length === 0);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        assert.ok(overflow <= 0, `no sideways scrolling on ${tab} (${layout.name})`);
        await screenshot(page, `settings-tab-${tab}-${scheme}-${layout.name}`);
        if (layout.name === 'desktop') await assertAccessible(page, `${tab} (${scheme})`);
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});
