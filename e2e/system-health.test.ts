import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import { DATABASE_LATENCY_WARN_MS, latencyStatus } from '../src/core/diagnostics/health.ts';
import { signInWithTwoFactor, signUpConfirmed, useJourneyServerAndBrowser } from './account-setup.ts';
import { newPage, pictureEverywhere, rejectCookies } from './fixtures.ts';

// The System Health Dashboard (issue 31): an admin opens it from the admin home's System status
// panel and sees figures the server measured from the requests just made, sends a test job
// through the queue, turns auto-refresh on (it refreshes 30 s later, on the page's clock) and
// reads, under a count on its tab, the large backlog alert that 51 jobs nobody runs raise. A sample every second fills the
// performance history while the journey runs.
const env = useJourneyServerAndBrowser({ METRICS_SAMPLE_SECONDS: '1' });
const PASSWORD = 'an admin passphrase';

test('an admin reads measured health figures, tests the sync queue, turns auto-refresh on and sees the backlog alert', async () => {
  const email = `health-admin-${Date.now()}@example.com`;
  await signUpConfirmed(env.server, { email, password: PASSWORD, firstName: 'Hal' });
  // An admin, and 51 due jobs of a name no runner handles: a backlog above §9's 50.
  await env.server.withDatabaseOffline(async ({ db }) => {
    await db.execute(
      sql`insert into user_roles (user_id, role) select id, 'admin' from "user" where email = ${email} on conflict do nothing`,
    );
    await db.execute(sql`
      insert into jobs (name, key, run_at) select 'journey:nobody-runs-this', 'journey-backlog-' || g, now()
      from generate_series(1, 51) g`);
  });
  // Requests the dashboard will have measured.
  for (let i = 0; i < 25; i += 1) assert.equal((await fetch(`${env.server.base}/api/health`)).status, 200);

  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const { page, errors } = await newPage(context);
  await signInWithTwoFactor(context, env.server, email, PASSWORD);
  await page.goto(`${env.server.base}/admin`);
  await rejectCookies(page);

  // The admin home's System status panel: database, jobs, CRM (disabled: no HubSpot token), e-mail.
  const status = page.getByRole('list', { name: 'System status' });
  await status.getByText(/round trip/).waitFor();
  assert.match((await status.textContent()) ?? '', /CRM.*Disabled.*HubSpot is not configured/);
  await status.getByRole('link', { name: /^Health/ }).click();
  await page.waitForURL('**/admin/system-health');
  await page.getByRole('heading', { level: 1, name: 'System health' }).waitFor();

  // Measured figures: the health score with its band, the backlog of 51 due jobs, the error rate.
  const figures = page.getByRole('region', { name: 'Figures' });
  await figures.getByText('Queue backlog').waitFor();
  const figuresText = (await figures.textContent()) ?? '';
  assert.match(figuresText, /System health\s*\w+\s*\d{1,3}%/);
  assert.match(figuresText, /Queue backlog51/);
  assert.match(figuresText, /51 jobs due; CRM sync queue not configured/);
  assert.match(figuresText, /Error rate0%/);

  // Validation Tests: each check with its outcome; the job queue is over §9's 50 waiting.
  const checks = page.getByRole('table', { name: 'Validation tests' });
  // The database's band follows the round trip the server measured (a loaded machine can pass 100 ms).
  const databaseRow = (await checks.getByRole('row').filter({ hasText: 'Database' }).textContent()) ?? '';
  const roundTripMs = Number(/Reachable, ([\d.,]+) ms for one round trip/.exec(databaseRow)?.[1]?.replaceAll(',', ''));
  assert.ok(Number.isFinite(roundTripMs), databaseRow);
  const band = latencyStatus(roundTripMs, 1000, DATABASE_LATENCY_WARN_MS);
  assert.match(databaseRow, band === 'passed' ? /DatabasePassed/ : /DatabaseWarning/);
  assert.match((await checks.getByRole('row').filter({ hasText: 'Job queue' }).textContent()) ?? '', /Warning.*51 due/);

  // Run Full Validation: the Integration Validation Suite's checks by category, with the score, kept as the last run.
  await page.getByRole('button', { name: 'Run Full Validation' }).click();
  const validation = page.getByRole('region', { name: 'Validation results' });
  await validation.getByText('Tests passed').waitFor({ timeout: 30_000 });
  const validationText = (await validation.textContent()) ?? '';
  assert.match(validationText, /Health score\d{1,3}%/);
  assert.match(validationText, /Tests passed\d+ of 10/);
  for (const category of ['Database', 'Security', 'Queues', 'Data integrity'])
    await validation.getByRole('heading', { name: category, exact: true }).waitFor();
  await page.getByText(/Last run \d{1,2} \w{3} \d{4}, \d{2}:\d{2}\./).waitFor();
  await pictureEverywhere(page, 'system-health-00-validation');

  // Test Sync Queue: a job through the queue, timed end to end by the server.
  await page.getByRole('button', { name: 'Test Sync Queue' }).click();
  const result = page.getByRole('status', { name: 'Test Sync Queue result' });
  await result.getByText(/^A test job went through the queue in [\d,]+ ms$/).waitFor({ timeout: 20_000 });

  // Performance Metrics: the requests above, in the percentiles and the sampled history.
  await page.getByRole('tab', { name: 'Performance Metrics' }).click();
  const performance = page.getByRole('tabpanel', { name: 'Performance Metrics' });
  const measured = await performance.getByText(/Request times on this instance over the last 5 minutes/).textContent();
  assert.ok(Number((measured ?? '').match(/\(([\d,]+) requests\)/)?.[1]?.replace(/,/g, '')) >= 25, measured ?? '');
  await performance.getByRole('table', { name: 'Performance samples, newest first' }).waitFor();
  await pictureEverywhere(page, 'system-health-01-performance');

  // Auto-refresh: off at start; on, the figures are measured again 30 s later (on the page's clock,
  // installed now, so the interval the switch starts is one the journey moves).
  await page.clock.install();
  const toggle = page.getByRole('switch', { name: 'Auto-refresh every 30 seconds' });
  assert.equal(await toggle.getAttribute('aria-checked'), 'false');
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-checked'), 'true');
  await page.getByText('On', { exact: true }).waitFor();
  const refetched = page.waitForRequest((r) => r.url().endsWith('/api/admin/system/health'));
  await page.clock.runFor(31_000);
  await refetched;
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-checked'), 'false');

  // System Alerts: §8's backlog text, counted on the tab.
  await page.getByRole('tab', { name: /^System Alerts \(\d\)$/ }).click();
  const alerts = page.getByRole('list', { name: 'Alerts' });
  await alerts.getByText('Large sync queue backlog detected (51 items). Consider processing manually.').waitFor();
  assert.match((await alerts.textContent()) ?? '', /Warning/);
  await pictureEverywhere(page, 'system-health-02-alerts');

  await context.close();
  assert.deepEqual(errors, []);
});
