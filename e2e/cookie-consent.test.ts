import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { isCatalogued, isListedStorageKey } from '../src/core/consent/cookie-catalogue.ts';
import { signUpOverHttp } from '../src/server/test/server-process.ts';
import {
  assertAccessible,
  launchBrowser,
  login,
  newPage,
  keepPicture,
  screenshot,
  startServer,
  type E2EServer,
} from './fixtures.ts';

/** A stand-in for a third-party analytics host on this machine: counts the requests it gets. */
type ScriptHost = { url: string; requests: () => number; close: () => Promise<void> };

async function startScriptHost(): Promise<ScriptHost> {
  let requests = 0;
  const server = http.createServer((_req, res) => {
    requests += 1;
    res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
    res.end('window.__analyticsLoaded = (window.__analyticsLoaded || 0) + 1;');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/analytics.js`,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let server: E2EServer;
let browser: Browser;
let scriptHost: ScriptHost;

before(async () => {
  scriptHost = await startScriptHost();
  server = await startServer({ ANALYTICS_SCRIPT_URL: scriptHost.url });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await scriptHost?.close();
});

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies on SavvyPig' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Cookie Preferences' });
const gatedScripts = (page: Page) => page.locator('script[data-consent-category]').count();

async function consentCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === 'cookie-consent');
}

/** Every cookie in the jar is in the catalogue, and every storage key is in its browser-storage list. */
async function assertEverythingStoredIsCatalogued(context: BrowserContext, page: Page) {
  const uncatalogued = (await context.cookies()).map((c) => c.name).filter((name) => !isCatalogued(name));
  assert.deepEqual(uncatalogued, [], 'cookies in the jar that the catalogue does not list');
  const keys = await page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage)]);
  assert.deepEqual(
    keys.filter((key) => !isListedStorageKey(key)),
    [],
    'storage keys the cookie policy does not list',
  );
}

test('a first visit: banner, keyboard, Manage Preferences, a custom save kept across reloads, then scripts only after consent', async () => {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' });
  const { page, errors } = await newPage(context);
  const hostRequestsBefore = scriptHost.requests();

  await page.goto(server.base);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await banner(page).waitFor();
  assert.equal(await gatedScripts(page), 0, 'no consent-gated script before a choice');
  await screenshot(page, 'consent-01-banner-desktop-light');

  // Keyboard: the banner's buttons come first, in order, and Tab moves on past them (no trap).
  const focused = async () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
  const order: string[] = [];
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    order.push(await focused());
  }
  assert.deepEqual(order, ['Read our cookie policy', 'Manage Preferences', 'Reject All', 'Accept All']);
  await page.keyboard.press('Tab');
  assert.equal(await focused(), 'Skip to main content');

  // The footer's links can be scrolled clear of the fixed banner.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const bannerBox = await banner(page).boundingBox();
  const legalBox = await page.getByRole('contentinfo').getByRole('link', { name: 'Legal' }).boundingBox();
  assert.ok(
    bannerBox && legalBox && legalBox.y + legalBox.height <= bannerBox.y,
    'the footer link sits above the banner',
  );

  await banner(page).getByRole('button', { name: 'Manage Preferences' }).click();
  await dialog(page).waitFor();
  const essential = dialog(page).getByRole('switch', { name: 'Essential cookies' });
  assert.equal(await essential.isChecked(), true);
  assert.equal(await essential.isDisabled(), true);
  await dialog(page)
    .getByRole('button', { name: /Show essential cookies/ })
    .click();
  await dialog(page).getByText('better-auth.session_token').waitFor();
  await dialog(page)
    .getByRole('button', { name: /Show analytics cookies/ })
    .click();
  await dialog(page)
    .getByText(/We set none of these today and load no analytics tools/)
    .waitFor();
  await screenshot(page, 'consent-02-dialog-desktop-light');

  assert.equal(await dialog(page).getByRole('button', { name: 'Save Custom Preferences' }).count(), 0);
  await dialog(page).getByRole('switch', { name: 'Functional cookies' }).click();
  await dialog(page).getByRole('button', { name: 'Save Custom Preferences' }).click();
  await page.getByText('Cookie preferences saved successfully').waitFor();
  await dialog(page).waitFor({ state: 'detached' });
  await banner(page).waitFor({ state: 'detached' });

  // The cookie as the browser holds it: 365 days, strict same-site, readable by the page, version 1.0.
  const cookie = await consentCookie(context);
  assert.ok(cookie, 'the consent cookie is in the jar');
  assert.equal(cookie.sameSite, 'Strict');
  assert.equal(cookie.path, '/');
  assert.equal(cookie.httpOnly, false);
  const daysLeft = (cookie.expires - Date.now() / 1000) / 86_400;
  assert.ok(daysLeft > 364.9 && daysLeft <= 365, `expires in 365 days (got ${daysLeft})`);
  const value = JSON.parse(decodeURIComponent(cookie.value)) as Record<string, unknown>;
  assert.deepEqual(Object.keys(value).sort(), [
    'analytics',
    'dnt_respected',
    'essential',
    'functional',
    'marketing',
    'timestamp',
    'version',
  ]);
  assert.deepEqual(
    {
      version: value.version,
      essential: value.essential,
      functional: value.functional,
      analytics: value.analytics,
      marketing: value.marketing,
      dnt: value.dnt_respected,
    },
    { version: '1.0', essential: true, functional: true, analytics: false, marketing: false, dnt: false },
  );

  await page.reload();
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('contentinfo').waitFor();
  assert.equal(await banner(page).count(), 0, 'the choice is kept across a reload');
  assert.equal(await gatedScripts(page), 0);
  assert.equal(scriptHost.requests(), hostRequestsBefore, 'no request to the analytics host without analytics consent');

  // Reopen from the footer; Accept All loads the configured analytics script, and only now.
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie preferences' }).click();
  await dialog(page).getByRole('button', { name: 'Accept All & Save' }).click();
  await page.getByText('All cookies accepted and saved').waitFor();
  await page.waitForFunction(() => (window as unknown as { __analyticsLoaded?: number }).__analyticsLoaded === 1);
  assert.equal(scriptHost.requests(), hostRequestsBefore + 1);
  assert.equal(await page.locator(`script[data-consent-category="analytics"][src="${scriptHost.url}"]`).count(), 1);

  // Withdrawing consent takes the script out.
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie preferences' }).click();
  await dialog(page).getByRole('button', { name: 'Reject All & Save' }).click();
  await page.getByText('All non-essential cookies rejected and saved').waitFor();
  await page.waitForFunction(() => document.querySelectorAll('script[data-consent-category]').length === 0);

  await assertEverythingStoredIsCatalogued(context, page);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Reject All, and Accept All under Do Not Track, load no analytics script and send nothing to its host', async () => {
  const before = scriptHost.requests();

  const rejecting = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' });
  const first = await newPage(rejecting);
  await first.page.goto(server.base);
  await banner(first.page).getByRole('button', { name: 'Reject All' }).click();
  await first.page.getByText('All non-essential cookies rejected and saved').waitFor();
  await first.page.reload();
  await first.page.getByRole('contentinfo').waitFor();
  assert.equal(await gatedScripts(first.page), 0);
  assert.deepEqual(first.errors, []);
  await rejecting.close();

  const tracked = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB', extraHTTPHeaders: { DNT: '1' } });
  await tracked.addInitScript(() => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' }));
  const second = await newPage(tracked);
  await second.page.goto(server.base);
  await banner(second.page)
    .getByText(/Your browser asks not to be tracked/)
    .waitFor();
  await banner(second.page).getByRole('button', { name: 'Accept All' }).click();
  await second.page.getByText('Cookie preferences saved successfully').waitFor();
  const value = JSON.parse(decodeURIComponent((await consentCookie(tracked))!.value)) as Record<string, unknown>;
  assert.deepEqual(
    { analytics: value.analytics, marketing: value.marketing, dnt: value.dnt_respected },
    { analytics: false, marketing: false, dnt: true },
  );
  await second.page.getByRole('contentinfo').getByRole('button', { name: 'Cookie preferences' }).click();
  assert.equal(await dialog(second.page).getByRole('switch', { name: 'Analytics cookies' }).isDisabled(), true);
  await second.page.keyboard.press('Escape');
  assert.equal(await gatedScripts(second.page), 0);
  assert.deepEqual(second.errors, []);
  await tracked.close();

  assert.equal(scriptHost.requests(), before, 'the analytics host was never asked');
});

test('a signed-in user saves offline, sees the notice, and the choice reaches their account when back online and follows them to a new device', async () => {
  const email = `consent-${Date.now()}@example.com`;
  const password = 'a sensible passphrase';
  await signUpOverHttp(server.base, { email, password, firstName: 'Cory' });

  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' });
  const { page, errors } = await newPage(context);
  await login(page, server.base, email, password);
  await page.waitForURL('**/dashboard');
  await banner(page).waitFor();

  const api = async <T>(path: string): Promise<T> => {
    const res = await page.request.get(`${server.base}${path}`);
    assert.equal(res.status(), 200, `${path} answers`);
    return (await res.json()) as T;
  };
  assert.deepEqual(await api('/api/consent'), { preferences: null, dnt: false });

  await context.setOffline(true);
  await banner(page).getByRole('button', { name: 'Manage Preferences' }).click();
  await dialog(page).getByRole('switch', { name: 'Functional cookies' }).click();
  await dialog(page).getByRole('button', { name: 'Save Custom Preferences' }).click();
  await page.getByText('You are offline. Your cookie preferences are saved locally and will sync later.').waitFor();
  await screenshot(page, 'consent-05-offline-notice');
  assert.equal(await banner(page).count(), 0);
  assert.ok(await page.evaluate(() => localStorage.getItem('cookieConsentPendingSync')), 'kept locally for sync');

  await context.setOffline(false);
  await page.getByText('Cookie preferences saved successfully').waitFor();
  await page.waitForFunction(() => localStorage.getItem('cookieConsentPendingSync') === null);

  const stored = await api<{ preferences: Record<string, unknown>; dnt: boolean }>('/api/consent');
  assert.deepEqual(
    { ...stored.preferences, timestamp: undefined },
    { version: '1.0', timestamp: undefined, essential: true, functional: true, analytics: false, marketing: false },
  );
  const { changes } = await api<{
    changes: Array<{ changeSource: string; syncStatus: string; consentData: Record<string, unknown> }>;
  }>('/api/consent/history');
  assert.equal(changes.length, 1, 'one audit row for one change');
  assert.deepEqual(
    { source: changes[0]!.changeSource, sync: changes[0]!.syncStatus, functional: changes[0]!.consentData.functional },
    { source: 'preferences', sync: 'pending', functional: true },
  );
  // A request already on its way when the network went (a refresh after the realtime stream
  // connected, say) fails in the browser with ERR_INTERNET_DISCONNECTED: that is the network,
  // not the app. Background calls made while offline wait for the network (src/web/session/online.ts).
  assert.deepEqual(
    errors.filter((e) => !e.includes('net::ERR_INTERNET_DISCONNECTED')),
    [],
  );
  await context.close();

  // A new device: the stored choice applies on sign-in and the banner does not ask again.
  const other = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' });
  const second = await newPage(other);
  await login(second.page, server.base, email, password);
  await second.page.waitForURL('**/dashboard');
  await second.page.waitForFunction(() => document.cookie.includes('cookie-consent='));
  const applied = JSON.parse(decodeURIComponent((await consentCookie(other))!.value)) as Record<string, unknown>;
  assert.equal(applied.functional, true);
  assert.equal(applied.timestamp, stored.preferences.timestamp);
  assert.equal(await banner(second.page).count(), 0);
  await assertEverythingStoredIsCatalogued(other, second.page);
  assert.deepEqual(second.errors, []);
  await other.close();
});

test('banner and dialog in light and dark, desktop and phone: screenshots and axe', async () => {
  for (const scheme of ['light', 'dark'] as const) {
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const context = await browser.newContext({ viewport, locale: 'en-GB', colorScheme: scheme });
      const { page, errors } = await newPage(context);
      await page.goto(server.base);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await banner(page).waitFor();
      await keepPicture(page, `consent-banner-${size}-${scheme}.png`, { animations: 'disabled' });
      await assertAccessible(page, `the cookie banner (${size}, ${scheme})`, {
        include: '[data-testid="cookie-banner"]',
      });
      await banner(page).getByRole('button', { name: 'Manage Preferences' }).click();
      await dialog(page)
        .getByRole('button', { name: /Show essential cookies/ })
        .click();
      await dialog(page).getByRole('switch', { name: 'Analytics cookies' }).click();
      await dialog(page).getByRole('button', { name: 'Save Custom Preferences' }).waitFor();
      await keepPicture(page, `consent-dialog-${size}-${scheme}.png`, { animations: 'disabled' });
      await assertAccessible(page, `the cookie preferences dialog (${size}, ${scheme})`, {
        include: '[role="dialog"]',
      });
      await page.keyboard.press('Escape');
      await page.goto(`${server.base}/legal?tab=cookies`);
      await page.getByRole('heading', { level: 2, name: 'Cookie policy' }).waitFor();
      await page.locator('#cookies-essential').evaluate((heading) => heading.scrollIntoView());
      await keepPicture(page, `consent-policy-${size}-${scheme}.png`, { animations: 'disabled' });
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});
