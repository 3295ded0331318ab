import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, login, newPage, screenshot, startServer, type E2EServer } from './fixtures.ts';

const INACTIVITY_TOAST = 'You have been logged out due to inactivity';
const PASSWORD = 'a quiet afternoon';

// The server's clock is shifted through a file (TEST_CLOCK_OFFSET_FILE), which the server
// refuses in production: this journey runs the production build in development mode.
const offsetFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-clock-')), 'offset-ms');
const shiftServerClock = (ms: number) => fs.writeFileSync(offsetFile, String(ms));

let server: E2EServer;
let browser: Browser;
before(async () => {
  shiftServerClock(0);
  // Each journey comes from its own address (X-Forwarded-For, trusted here), so better-auth's
  // 3 sign-ins per 10 s per address do not spill from one journey into the next.
  server = await startServer({ NODE_ENV: 'development', TEST_CLOCK_OFFSET_FILE: offsetFile, TRUST_PROXY: 'true' });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(path.dirname(offsetFile), { recursive: true, force: true });
});

let addresses = 0;
/** A browser context from an address of its own, and an account signed up from it. */
async function newVisitor(email: string, firstName: string, options: Parameters<Browser['newContext']>[0] = {}) {
  const ip = `203.0.113.${++addresses}`;
  const res = await fetch(`${server.base}/api/account/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.base, 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password: PASSWORD, firstName, lastName: 'Tester' }),
  });
  assert.equal(res.status, 200);
  return browser.newContext({ locale: 'en-GB', ...options, extraHTTPHeaders: { 'X-Forwarded-For': ip } });
}

/** Signs in through the login page and waits for the dashboard and its first activity report. */
async function signedInPage(page: Page, email: string) {
  const firstReport = page.waitForResponse((r) => r.url().endsWith('/api/session/activity'));
  await login(page, server.base, email, PASSWORD);
  await page.waitForURL('**/dashboard').catch(async (err: unknown) => {
    await screenshot(page, 'inactivity-debug');
    throw err;
  });
  await page.getByRole('heading', { level: 1 }).waitFor();
  assert.equal((await firstReport).status(), 200);
}

test('a quiet tab is signed out after 10 minutes, says why for 5 seconds and shows the login page', async () => {
  const email = `quiet-${Date.now()}@example.com`;
  const context = await newVisitor(email, 'Quinn', { viewport: { width: 1280, height: 800 } });
  await context.clock.install();
  const { page, errors } = await newPage(context);
  await signedInPage(page, email);

  // Nine quiet minutes: still signed in.
  await page.clock.fastForward('09:00');
  await page.waitForTimeout(300);
  assert.equal(await page.getByText(INACTIVITY_TOAST).count(), 0);
  assert.match(page.url(), /\/dashboard$/);

  // A mouse movement at 9 minutes moves the deadline to 19.
  await page.mouse.move(400, 300);
  await page.mouse.move(420, 320);
  await page.clock.fastForward('09:30');
  await page.waitForTimeout(300);
  assert.equal(await page.getByText(INACTIVITY_TOAST).count(), 0);

  await page.clock.fastForward('01:00');
  const toast = page.getByText(INACTIVITY_TOAST);
  await toast.waitFor();
  await page.waitForURL('**/auth');
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  await page.waitForTimeout(600); // the toast's entrance animation
  await screenshot(page, 'inactivity-01-signed-out-toast');

  // The toast stays 5 seconds (the browser's fake clock runs with real time after a jump).
  await page.waitForTimeout(2_900);
  assert.equal(await toast.count(), 1, 'still showing after 3.5 s');
  await toast.waitFor({ state: 'detached', timeout: 5_000 });

  // Signed out for real: the session is gone on the server too.
  const session = await page.request.get(`${server.base}/api/auth/get-session`);
  assert.equal(await session.text(), 'null');
  assert.equal((await page.request.get(`${server.base}/api/me`)).status(), 401);
  assert.deepEqual(errors, []);
  await context.close();
});

test('activity in one tab keeps the other tabs signed in; when all are quiet, all are signed out', async () => {
  const email = `two-tabs-${Date.now()}@example.com`;
  const context = await newVisitor(email, 'Tabitha', { viewport: { width: 375, height: 740 }, colorScheme: 'dark' });
  await context.clock.install();
  const { page: first, errors } = await newPage(context);
  await signedInPage(first, email);
  const second = await context.newPage();
  await second.goto(`${server.base}/dashboard`);
  await second.getByRole('heading', { level: 1 }).waitFor();

  await context.clock.fastForward('06:00');
  await second.bringToFront();
  await second.mouse.move(100, 200);
  await second.mouse.move(120, 260);
  await context.clock.fastForward('06:00'); // 12 minutes since the first tab saw anything
  await first.waitForTimeout(300);
  assert.equal(await first.getByText(INACTIVITY_TOAST).count(), 0, 'the first tab is still signed in');
  assert.match(first.url(), /\/dashboard$/);

  await context.clock.fastForward('04:30'); // 10.5 minutes since the last activity anywhere
  await first.getByText(INACTIVITY_TOAST).waitFor();
  await second.getByText(INACTIVITY_TOAST).waitFor();
  await first.waitForURL('**/auth');
  await second.waitForURL('**/auth');
  await first.bringToFront();
  await first.getByRole('heading', { name: 'Welcome back' }).waitFor();
  await first.waitForTimeout(600);
  await screenshot(first, 'inactivity-02-signed-out-toast-phone-dark');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the server refuses a session left idle for 10 minutes, even with no tab open to sign it out', async () => {
  const email = `closed-tab-${Date.now()}@example.com`;
  const context = await newVisitor(email, 'Cleo', { viewport: { width: 1280, height: 800 } });
  const { page, errors } = await newPage(context);
  await signedInPage(page, email);
  await page.close(); // the tab is closed; the cookie stays in the browser

  shiftServerClock(9 * 60_000);
  const stillThere = await context.newPage();
  assert.equal((await stillThere.request.get(`${server.base}/api/me`)).status(), 200, 'nine minutes: still signed in');
  await stillThere.close();

  shiftServerClock(10 * 60_000 + 5_000); // reading /api/me is not user activity
  try {
    const reopened = await context.newPage();
    assert.equal((await reopened.request.get(`${server.base}/api/me`)).status(), 401);
    assert.equal(await (await reopened.request.get(`${server.base}/api/auth/get-session`)).text(), 'null');
    await reopened.goto(`${server.base}/dashboard`);
    await reopened.waitForURL('**/auth');
    await reopened.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await screenshot(reopened, 'inactivity-03-idle-session-refused');
  } finally {
    shiftServerClock(0);
  }
  assert.deepEqual(errors, []);
  await context.close();
});
