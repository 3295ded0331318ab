import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RawTab } from '../src/core/reference-data/import/contract.ts';
import { exportImportTabs } from '../src/core/reference-data/import/export-source.ts';
import { LICENCE_COLUMNS } from '../src/core/reference-data/import/source-format.ts';
import { loadReferenceData } from '../src/core/reference-data/reference-data.ts';
import { readReferenceFiles } from '../src/server/reference/files.ts';
import { writeWorkbook } from '../src/server/reference/import/workbook.ts';
import { referenceTableRows } from '../src/server/reference/rows.ts';
import {
  createAccount,
  grantAdminRole,
  signInWithTwoFactor,
  signUpConfirmed,
  useJourneyServerAndBrowser,
} from './account-setup.ts';
import { newPage, pictureDialogEverywhere, pictureEverywhere, rejectCookies, waitForToastToGo } from './fixtures.ts';

// Issue 27's journey: an admin uploads the shipped banking data as XLSX (all unchanged), then a
// copy in which Halifax sits under Lloyds Bank PLC's licence: the preview flags it, the sync sends
// it to the review queue, and approving it moves a saver's Halifax money to the new licence on
// their dashboard. Then the Danger Zone: Clear All Data leaves the saver's account named Halifax
// and saying its bank is not in our data; a Fresh Sync of the shipped workbook links it again.
const env = useJourneyServerAndBrowser();
const PASSWORD = 'an admin passphrase';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function shippedTabs(): RawTab[] {
  const result = loadReferenceData(readReferenceFiles());
  assert.ok(result.ok, 'the shipped reference data loads');
  return exportImportTabs(referenceTableRows(result.loaded.data));
}

/** The tabs with Halifax's licence columns taken from a row of Lloyds Bank PLC's licence (FRN 119278). */
function halifaxUnderLloyds(tabs: RawTab[]): RawTab[] {
  return tabs.map((tab) => {
    if (tab.tab !== 'Banks') return tab;
    const at = (column: string) => tab.headers.indexOf(column);
    const lloyds = tab.rows.find((row) => row[at('FRN')] === '119278');
    assert.ok(lloyds, 'Lloyds Bank PLC is in the shipped data');
    const licence = new Set<string>(LICENCE_COLUMNS);
    return {
      ...tab,
      rows: tab.rows.map((row) =>
        row[at('Brand name')] === 'Halifax' && row[at('FRN')] === '169628'
          ? row.map((cell, i) => (licence.has(tab.headers[i]!) ? lloyds[i]! : cell))
          : row,
      ),
    };
  });
}

test('an admin moves Halifax to another licence through an XLSX import and the review queue, then clears all data and brings it back with a Fresh Sync', async () => {
  const stamp = Date.now();
  const adminEmail = `bank-data-admin-${stamp}@example.com`;
  const saverEmail = `bank-data-saver-${stamp}@example.com`;
  const saverCookie = await signUpConfirmed(env.server, { email: saverEmail, password: PASSWORD, firstName: 'Sam' });
  await createAccount(env.server, saverCookie, {
    name: 'Halifax saver',
    bank: 'Halifax',
    startingBalancePence: 50_000_00,
  });
  await signUpConfirmed(env.server, { email: adminEmail, password: PASSWORD, firstName: 'Alex' });
  await grantAdminRole(env.server, adminEmail);

  const saverLicences = async () => {
    const res = await fetch(`${env.server.base}/api/dashboard`, { headers: { cookie: saverCookie } });
    assert.equal(res.status, 200);
    const { protection } = (await res.json()) as { protection: { groups: { name: string }[] } };
    return protection.groups.map((g) => g.name);
  };
  assert.deepEqual(await saverLicences(), ['Bank of Scotland plc']);

  const tabs = shippedTabs();
  const shipped = await writeWorkbook(tabs);
  const moved = await writeWorkbook(halifaxUnderLloyds(tabs));

  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const { page, errors } = await newPage(context);
  await signInWithTwoFactor(context, env.server, adminEmail, PASSWORD);
  await page.goto(`${env.server.base}/admin/bank-data`);
  await rejectCookies(page);
  await page.getByRole('tab', { name: 'Google Sheets Sync' }).waitFor();

  const chooseFile = (name: string, buffer: Buffer) =>
    page.getByLabel('File (XLSX or CSV)').setInputFiles({ name, mimeType: XLSX, buffer });
  const upload = async (name: string, buffer: Buffer, action: 'Preview upload' | 'Sync upload') => {
    await chooseFile(name, buffer);
    await page.getByRole('button', { name: action, exact: true }).click();
    await page.locator('#import-result-heading').getByText(name).waitFor();
  };

  // The shipped data: every row as stored.
  await upload('shipped.xlsx', shipped, 'Preview upload');
  await page.getByText('Every row matches the stored data: nothing to change.').waitFor();

  // Halifax under another licence: flagged, a change of cover, for the review queue.
  await upload('halifax-moved.xlsx', moved, 'Preview upload');
  const changes = page.getByRole('table', { name: 'Changes' });
  const halifax = changes.getByRole('row').filter({ hasText: 'Halifax' });
  await halifax.waitFor();
  assert.match((await halifax.textContent()) ?? '', /Banks.*Halifax.*bank references.*Yes/);
  await pictureEverywhere(page, 'bank-data-01-preview-flags-a-move');

  await upload('halifax-moved.xlsx', moved, 'Sync upload');
  assert.deepEqual(await saverLicences(), ['Bank of Scotland plc'], 'nothing moves before an admin approves');

  await page.getByRole('tab', { name: 'Admin Review Queue' }).click();
  const title = "Banking data: new licence or cover for the bank 'Halifax'";
  await page.getByRole('button', { name: `Approve “${title}”` }).click();
  await waitForToastToGo(page, `Approved “${title}”: the banking data and savers’ protection answers now show it`);
  await pictureEverywhere(page, 'bank-data-02-review-queue-approved');

  assert.deepEqual(await saverLicences(), ['Lloyds Bank PLC']);
  // The saver sees it on their dashboard.
  const saverContext = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  await saverContext.addCookies([
    { name: saverCookie.split('=')[0]!, value: saverCookie.split('=').slice(1).join('='), url: env.server.base },
  ]);
  const saverPage = await saverContext.newPage();
  await saverPage.goto(`${env.server.base}/dashboard`);
  await saverPage.getByText('Lloyds Bank PLC').first().waitFor();
  /** The saver's Halifax row on /accounts once it says `protection`. */
  const saverRowSays = async (protection: string) => {
    await saverPage.goto(`${env.server.base}/accounts`);
    const row = saverPage
      .getByRole('table', { name: /^Your accounts/ })
      .getByRole('row')
      .filter({ hasText: 'Halifax' });
    await row.getByText(protection).waitFor();
  };

  // The Danger Zone: nothing goes until the words are typed.
  await page.getByRole('tab', { name: 'Google Sheets Sync' }).click();
  await page.getByRole('button', { name: 'Clear All Data', exact: true }).click();
  const clearDialog = page.getByRole('dialog', { name: 'Clear All Data?' });
  await clearDialog
    .getByText('Are you sure you want to clear ALL bank reference data? This cannot be undone.')
    .waitFor();
  const clearButton = clearDialog.getByRole('button', { name: 'Clear All Data' });
  assert.equal(await clearButton.isDisabled(), true);
  await clearDialog.getByLabel('Type CLEAR ALL DATA to confirm').fill('CLEAR ALL DATA');
  await pictureDialogEverywhere(page, 'bank-data-03-clear-all-confirmation');
  await clearButton.click();
  await page.getByText('All bank reference data cleared').waitFor();
  await page
    .getByText('1 account says “bank not in our data” until its bank is back or its saver chooses it again.')
    .waitFor();
  await saverRowSays('Bank not in our data: choose it again');

  // A Fresh Sync of the shipped workbook: Halifax is back under its own licence, and so is the account.
  await chooseFile('shipped.xlsx', shipped);
  await page.getByRole('button', { name: 'Fresh Sync upload' }).click();
  const freshDialog = page.getByRole('dialog', { name: 'Fresh Sync from this file?' });
  await freshDialog.getByLabel('Type FRESH SYNC to confirm').fill('fresh sync');
  await freshDialog.getByRole('button', { name: 'Fresh Sync' }).click();
  await page.getByText('Sync completed successfully').waitFor();
  await page.getByText('Every saver’s account is still linked to a bank or provider in the data.').waitFor();
  await saverRowSays('Fully protected');
  assert.deepEqual(await saverLicences(), ['Bank of Scotland plc']);
  await saverContext.close();
  assert.deepEqual(errors, []);
  await context.close();
});
