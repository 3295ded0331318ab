import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CONSENT_VERSION } from '../src/core/consent/consent.ts';
import { type FakeHubSpot, startFakeHubSpot } from '../src/server/crm/test/fake-hubspot.ts';
import {
  grantAdminRole,
  type JourneyServer,
  signInWithTwoFactor,
  signUpConfirmed,
  startJourneyServer,
} from './account-setup.ts';
import { newPage, pictureEverywhere, rejectCookies, useServerAndBrowser, waitForToastToGo } from './fixtures.ts';

// The CRM screens (issue 31) against a server that talks to a local stand-in for HubSpot: a saver
// changes their cookie choices, the admin sees the change waiting in the Consent and Sync Monitor,
// sends the queue with Process Sync Queue and sees it synced; then tests the connection on the CRM
// integration dashboard. The server's worker is off (JOBS_ENABLED=false), so nothing is sent until
// the admin asks.

type CrmWorld = { server: JourneyServer; hubspot: FakeHubSpot; stop: () => Promise<void> };

const env = useServerAndBrowser(async (): Promise<CrmWorld> => {
  const hubspot = await startFakeHubSpot();
  try {
    const server = await startJourneyServer({
      HUBSPOT_ACCESS_TOKEN: 'pat-na1-journey-token',
      HUBSPOT_BASE_URL: hubspot.url,
      JOBS_ENABLED: 'false',
    });
    return {
      server,
      hubspot,
      stop: async () => {
        await server.stop();
        await hubspot.stop();
      },
    };
  } catch (err) {
    await hubspot.stop();
    throw err;
  }
});

const PASSWORD = 'an admin passphrase';

test('an admin sees a saver’s consent change waiting, processes the queue and sees it synced, then tests the connection', async () => {
  const { server } = env.server;
  const stamp = Date.now();
  const adminEmail = `crm-admin-${stamp}@example.com`;
  const saverEmail = `crm-saver-${stamp}@example.com`;
  await signUpConfirmed(server, { email: adminEmail, password: PASSWORD, firstName: 'Alex' });
  const saverCookie = await signUpConfirmed(server, { email: saverEmail, password: PASSWORD, firstName: 'Sam' });
  await grantAdminRole(server, adminEmail);

  // The saver turns analytics on: one consent row, and one item in the queue for HubSpot.
  const changed = await fetch(`${server.base}/api/consent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.base, cookie: saverCookie },
    body: JSON.stringify({
      consent: {
        essential: true,
        functional: true,
        analytics: true,
        marketing: false,
        version: CONSENT_VERSION,
        timestamp: new Date().toISOString(),
      },
      dnt: false,
    }),
  });
  assert.ok(changed.ok, `consent change: ${changed.status} ${await changed.text()}`);

  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const { page, errors } = await newPage(context);
  await signInWithTwoFactor(context, server, adminEmail, PASSWORD);
  await page.goto(`${server.base}/admin/consent-sync-monitor`);
  await rejectCookies(page);
  // The admin's own choice queued an item too (answered before the toast): read the counts after it,
  // or the page may have counted before it landed, and processing then finds one more.
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Consent and Sync Monitor' }).waitFor();

  // Waiting: the saver's change in the consent log and in the queue, and counted as pending.
  const consentLog = page.getByRole('table', { name: 'Consent audit log' });
  const saverConsent = consentLog.getByRole('row').filter({ hasText: saverEmail });
  await saverConsent.first().waitFor();
  assert.match((await saverConsent.first().textContent()) ?? '', /Analytics on.*Marketing off.*Pending/);
  const counts = page.getByRole('list', { name: 'Sync queue counts' });
  const pending = Number(
    ((await counts.getByRole('listitem').filter({ hasText: 'Pending Syncs' }).textContent()) ?? '').replace(/\D/g, ''),
  );
  assert.ok(pending >= 1, `pending syncs: ${pending}`);

  await page.getByRole('tab', { name: 'Sync Queue' }).click();
  const saverItem = page
    .getByRole('table', { name: 'Sync queue' })
    .getByRole('row')
    .filter({ hasText: saverEmail })
    .filter({ hasText: 'Consent update' });
  await saverItem.waitFor();
  assert.match((await saverItem.textContent()) ?? '', /Pending/);

  // Process Sync Queue sends every due item; nothing fails against the stand-in.
  await page.getByRole('button', { name: 'Process Sync Queue' }).click();
  const done = page.getByText(/^Sync processing completed: \d+ processed, 0 failed$/);
  await done.waitFor();
  assert.match((await done.textContent()) ?? '', new RegExp(`${pending} processed`));
  await saverItem.getByText('Completed').waitFor();
  await page.getByRole('tab', { name: 'Consent Audit Log' }).click();
  await saverConsent.first().getByText('Synced').waitFor();
  // HubSpot has the saver once, with their choice.
  const { hubspot } = env.server;
  assert.equal(hubspot.contactByEmail(saverEmail)?.properties.savvypig_consent_analytics, 'true');
  assert.equal(hubspot.createdCount(saverEmail), 1);
  await counts.getByRole('listitem').filter({ hasText: 'Pending Syncs' }).getByText('0', { exact: true }).waitFor();
  await waitForToastToGo(page, (await done.textContent()) ?? '');
  await pictureEverywhere(page, 'crm-monitor');

  // The dashboard: measured figures, and a connection test that reaches the stand-in.
  await page.getByRole('link', { name: 'CRM integration', exact: true }).first().click();
  await page.getByRole('heading', { level: 1, name: 'CRM integration' }).waitFor();
  const cards = page.getByRole('list', { name: 'Integration status' });
  await cards.getByText('Enabled and healthy').waitFor();
  assert.doesNotMatch((await cards.textContent()) ?? '', /Not measured yet|Never/);
  await page.getByRole('button', { name: 'Test connection' }).click();
  const results = page.getByRole('region', { name: 'Test connection results' });
  await results.waitFor();
  assert.match((await results.textContent()) ?? '', /1 of 1 passed.*HubSpot connection: Passed\./);
  await pictureEverywhere(page, 'crm-integration');

  assert.deepEqual(errors, []);
  await context.close();
});
