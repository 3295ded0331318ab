import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { RawTab } from '../src/core/reference-data/import/contract.ts';
import { exportImportTabs } from '../src/core/reference-data/import/export-source.ts';
import { loadReferenceData } from '../src/core/reference-data/reference-data.ts';
import { readReferenceFiles } from '../src/server/reference/files.ts';
import { writeWorkbook } from '../src/server/reference/import/workbook.ts';
import { referenceTableRows } from '../src/server/reference/rows.ts';
import { grantAdminRole, signInWithTwoFactor, signUpConfirmed, useJourneyServerAndBrowser } from './account-setup.ts';
import { newPage, pictureEverywhere, rejectCookies } from './fixtures.ts';

const env = useJourneyServerAndBrowser();
const PASSWORD = 'an admin passphrase';

/** The shipped reference data as the importer's tabs (what scripts/export-reference-workbook.ts writes). */
function shippedTabs(): RawTab[] {
  const loaded = loadReferenceData(readReferenceFiles());
  assert.ok(loaded.ok, 'the shipped reference data loads');
  return exportImportTabs(referenceTableRows(loaded.loaded.data));
}

/** The Banks tab with one brand's FRN mistyped: that row is invalid. */
function withMistypedFrn(tabs: RawTab[]): RawTab[] {
  return tabs.map((tab) => {
    if (tab.tab !== 'Banks') return tab;
    const frn = tab.headers.indexOf('FRN');
    const brand = tab.headers.indexOf('Brand name');
    const rows = tab.rows.map((row) =>
      row[brand] === 'Halifax' ? row.map((cell, i) => (i === frn ? '12a' : cell)) : row,
    );
    return { ...tab, rows };
  });
}

test('without Google credentials the Sheets actions say what to set; an upload with a mistyped FRN lists the error, and the stored row it no longer gives is queued, then rejected with a note', async () => {
  const email = `bank-data-admin-${Date.now()}@example.com`;
  await signUpConfirmed(env.server, { email, password: PASSWORD, firstName: 'Alex' });
  await grantAdminRole(env.server, email);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-data-errors-'));
  const mistyped = path.join(folder, 'reference-data-edited.xlsx');
  fs.writeFileSync(mistyped, await writeWorkbook(withMistypedFrn(shippedTabs())));

  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const { page, errors } = await newPage(context);
  await signInWithTwoFactor(context, env.server, email, PASSWORD);
  await page.goto(`${env.server.base}/admin/bank-data`);
  await rejectCookies(page);
  await page.getByRole('heading', { level: 1, name: 'Banking Data Monitor and Importer v2.0' }).waitFor();

  // This server has no Google credentials: the panel says what to set, and its buttons wait.
  await page.getByText(/Google Sheets is not configured: set /).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Sync (Full)' }).isDisabled(), true);
  await page.getByRole('button', { name: 'Health' }).click();
  await page.getByText(/Health: Not OK\./).waitFor();

  await page.getByLabel('File (XLSX or CSV)').setInputFiles(mistyped);
  await page.getByRole('button', { name: 'Preview upload', exact: true }).click();
  await page.getByRole('heading', { name: 'Preview of reference-data-edited.xlsx' }).waitFor();
  await page
    .getByRole('list', { name: 'Errors' })
    .getByText(/Banks row \d+.*FRN: '12a'/)
    .waitFor({ timeout: 15_000 });
  const totals = page.getByRole('table', { name: 'Results per tab' }).getByRole('row').last();
  // Processed, inserted, updated, unchanged, sent to review, errors, banking groups updated.
  assert.deepEqual((await totals.getByRole('cell').allTextContents()).slice(2), [
    '1,040',
    '0',
    '0',
    '1,039',
    '1',
    '1',
    '0',
  ]);
  await pictureEverywhere(page, 'bank-data-errors-01-preview');

  // A sync writes nothing for Halifax: its stored row, missing from the file, goes to review.
  await page.getByRole('button', { name: 'Sync upload', exact: true }).click();
  const synced = page.getByRole('status').filter({ hasText: 'Sync completed successfully' });
  await synced.waitFor({ timeout: 15_000 });
  assert.match((await synced.textContent()) ?? '', /0 rows written, 1 sent to the review queue\./);
  await page.getByRole('table', { name: 'Recent syncs' }).getByText('reference-data-edited.xlsx').waitFor();

  await page.getByRole('tab', { name: 'Admin Review Queue' }).click();
  const items = page.getByRole('list', { name: 'Review items' });
  const halifax = items.getByRole('listitem').filter({ hasText: 'Halifax' });
  await halifax.waitFor();
  await pictureEverywhere(page, 'bank-data-errors-02-review-queue');
  await halifax.getByLabel('Resolution notes (optional)').fill('Kept: the FRN was mistyped in the file');
  await halifax.getByRole('button', { name: /^Reject/ }).click();
  await page.getByText(/^Rejected “.*Halifax.*”: the data stays as it was$/).waitFor();
  await page.getByText('No review items found.').waitFor();
  assert.deepEqual(errors, []);
  await context.close();
  fs.rmSync(folder, { recursive: true, force: true });
});
