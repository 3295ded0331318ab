import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  newPage,
  pictureEverywhere,
  rejectCookies,
  startServer,
  useServerAndBrowser,
  verificationLink,
  waitForEmail,
} from './fixtures.ts';
import { ON_PGLITE } from './journey-database.ts';

// Issue 29: a visitor who picks a plan on /plans, signs up and confirms their address lands in that
// plan's checkout (pendingCheckout, 000 §2); and the installable app: the manifest, the service
// worker, and the landing page offline after a first visit (ADR 0059).
const env = useServerAndBrowser(() => startServer({}, ON_PGLITE), { serviceWorkers: 'allow' });

test('a visitor picks Boar yearly on /plans, signs up, confirms, and lands in the Boar checkout', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const { page, errors } = await newPage(context);
  const email = `get-started-${Date.now()}@example.com`;

  await page.goto(`${env.server.base}/plans`);
  await rejectCookies(page);
  await page.getByRole('group', { name: 'Boar' }).getByRole('button', { name: 'Select Plan' }).click();
  await page.getByRole('tab', { name: /Annual/ }).click();
  await page.getByRole('link', { name: 'Get started with Boar' }).click();
  await page.waitForURL('**/get-started');
  await page.getByText('You chose the Boar plan, billed annually.', { exact: false }).waitFor();
  await pictureEverywhere(page, 'get-started-pending-checkout');

  await page.getByRole('main').getByRole('link', { name: 'Create your account' }).click();
  await page.waitForURL('**/signup');
  await page.getByLabel('First name').fill('Gina');
  await page.getByLabel('Last name').fill('Starter');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a starter’s passphrase');
  await page.getByRole('button', { name: /sign up|create account/i }).click();
  await page.waitForURL('**/auth/confirmation');

  // The choice waits in the browser until the address is confirmed…
  assert.deepEqual(JSON.parse((await page.evaluate(() => localStorage.getItem('pendingCheckout'))) ?? 'null'), {
    tier: 'boar',
    cycle: 'annual',
  });
  const mail = await waitForEmail(env.server.dataDir, email);
  await page.goto(verificationLink(mail));
  // …then the confirmed, signed-in saver is taken to that plan's checkout, and the flag is gone.
  await page.waitForURL('**/subscribe?tier=boar&cycle=annual');
  await page.getByRole('group', { name: 'Boar' }).getByRole('button', { name: 'Selected' }).waitFor();
  assert.equal(await page.getByRole('tab', { name: /Annual/ }).getAttribute('aria-selected'), 'true');
  assert.equal(await page.evaluate(() => localStorage.getItem('pendingCheckout')), null);
  await page.getByRole('button', { name: 'Continue to Checkout' }).click();
  await page.waitForURL('**/subscription/test-checkout/**');
  await page.getByRole('heading', { name: 'Boar plan' }).waitFor();
  await page.getByText('Subscribe, billed annually.').waitFor();

  await context.close();
  assert.deepEqual(errors, []);
});

test('the app installs: its manifest and service worker are served, and the landing page opens offline', async () => {
  const manifest = await fetch(`${env.server.base}/manifest.webmanifest`);
  assert.equal(manifest.status, 200);
  assert.match(manifest.headers.get('content-type') ?? '', /^application\/manifest\+json/);
  const body = (await manifest.json()) as { name: string; theme_color: string; icons: { src: string }[] };
  assert.equal(body.name, 'SavvyPig');
  assert.equal(body.theme_color, '#AA1164');
  for (const icon of body.icons) {
    const png = await fetch(`${env.server.base}${icon.src}`);
    assert.equal(png.status, 200, icon.src);
    assert.equal(png.headers.get('content-type'), 'image/png', icon.src);
  }
  const worker = await fetch(`${env.server.base}/sw.js`);
  assert.equal(worker.status, 200);
  assert.match(worker.headers.get('content-type') ?? '', /javascript/);
  // Revalidated on every update check, so a new build's worker is found at once.
  assert.match(worker.headers.get('cache-control') ?? '', /max-age=0/);
  const workerSource = await worker.text();
  assert.doesNotMatch(workerSource, /"\/?api\//, 'the worker caches nothing under /api');

  const context = await env.browser.newContext({ viewport: { width: 375, height: 800 }, locale: 'en-GB' });
  const { page, errors } = await newPage(context);
  await page.goto(env.server.base);
  await page.getByRole('heading', { level: 1 }).waitFor();
  assert.deepEqual(
    await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="manifest"]')].map((link) => link.getAttribute('href')),
    ),
    ['/manifest.webmanifest'],
  );
  // The worker registers after load and takes the page over once it has precached the shell.
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  assert.equal(scope, `${env.server.base}/`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const heading = await page.getByRole('heading', { level: 1 }).textContent();
  assert.deepEqual(errors, []);

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('heading', { level: 1, name: heading ?? '' }).waitFor();
  const online = await page.evaluate(() =>
    fetch('/api/me').then(
      () => true,
      () => false,
    ),
  );
  assert.equal(online, false, 'the page really is offline: what it shows came from the worker');
  // The checker's form too (its answers need the network: the bank search is an API answer).
  await page.goto(`${env.server.base}/features/fscs-protection-checker`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('main').getByRole('button').first().waitFor();
  // A signed-in page is never served from the worker: offline, the browser cannot open it.
  const dashboard = await page.goto(`${env.server.base}/dashboard`).catch((error: Error) => error);
  assert.ok(dashboard instanceof Error, 'the dashboard is not kept offline');
  await context.close();
});
