import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createAccount, signUpConfirmed } from './account-setup.ts';
import { newPage, pictureEverywhere, rejectCookies, signInToDashboard, useServerAndBrowser } from './fixtures.ts';

const env = useServerAndBrowser();

const PASSWORD = 'a sensible passphrase';

// November's statement as a high-street bank exports it: dd/mm/yyyy, separate paid in and paid
// out columns, a running balance (ignored), quoted descriptions with commas. Its first row was
// already imported with October's statement (the two downloads overlap by a day).
const STATEMENT = [
  'Date,Description,Type,Paid in,Paid out,Balance',
  '31/10/2026,"INTEREST PAID GROSS",BGC,4.12,,1504.12',
  '01/11/2026,"SALARY ACME LTD",BGC,"2,500.00",,4004.12',
  '03/11/2026,"TESCO STORES 2041, LONDON",DEB,,12.34,3991.78',
  '05/11/2026,"OCTOPUS ENERGY",DD,,85.00,3906.78',
  '15/11/2026,"TFR TO REGULAR SAVER",TFR,,200.00,3706.78',
  '30/11/2026,"INTEREST PAID GROSS",BGC,5.01,,3711.79',
].join('\r\n');

test('a saver imports a bank statement CSV into an account: columns matched, the overlap found, the rest added', async () => {
  const email = `import-${Date.now()}@example.com`;
  const cookie = await signUpConfirmed(env.server, { email, password: PASSWORD, firstName: 'Priya' });
  const accountId = await createAccount(env.server, cookie, { name: 'Everyday Current', accountType: 'Current' });
  // October's import, which ended with the interest paid on 31 October.
  const october = await fetch(`${env.server.base}/api/accounts/${accountId}/transactions/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: env.server.base, cookie },
    body: JSON.stringify({ rows: [{ date: '2026-10-31', amountPence: 412, notes: 'INTEREST PAID GROSS' }] }),
  });
  assert.equal(october.status, 200);

  const file = { name: 'statement-november-2026.csv', mimeType: 'text/csv', buffer: Buffer.from(STATEMENT) };

  const context = await env.browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'en-GB',
    colorScheme: 'light',
  });
  const { page, errors } = await newPage(context);
  await signInToDashboard(page, env.server.base, email, PASSWORD);
  await rejectCookies(page);

  await page.goto(`${env.server.base}/account/${accountId}/import`);
  await page.getByRole('heading', { level: 1, name: 'Import transactions' }).waitFor();
  await pictureEverywhere(page, 'import-01-choose-file');

  await page.getByLabel('CSV file from your bank').setInputFiles(file);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Match the columns' }).waitFor();
  assert.equal(await page.getByLabel('Date column').inputValue(), '0');
  assert.match((await page.getByLabel('Date format').locator('option:checked').textContent()) ?? '', /^dd\/mm\/yyyy/);
  assert.equal(
    await page.getByRole('radio', { name: /Paid in and paid out columns/ }).getAttribute('aria-checked'),
    'true',
  );
  assert.equal(await page.getByLabel('Paid in column').locator('option:checked').textContent(), 'Paid in');
  assert.equal(await page.getByLabel('Paid out column').locator('option:checked').textContent(), 'Paid out');
  assert.equal(
    await page
      .getByLabel(/Description column/)
      .locator('option:checked')
      .textContent(),
    'Description',
  );
  await pictureEverywhere(page, 'import-02-match-columns');

  await page.getByRole('button', { name: 'Check the transactions' }).click();
  await page.getByRole('heading', { name: 'Check and import' }).waitFor();
  const table = page.getByRole('table');
  const firstRow = table.getByRole('row').nth(1);
  assert.match(
    (await firstRow.textContent()) ?? '',
    /31\/10\/2026.*Interest.*£4\.12.*INTEREST PAID GROSS.*Already on account/,
  );
  assert.match(
    (await table.getByRole('row').nth(3).textContent()) ?? '',
    /03\/11\/2026.*Withdrawal.*-£12\.34.*TESCO STORES 2041, LONDON.*Ready/,
  );
  const summary = page.getByRole('region', { name: 'Summary' });
  assert.match(
    (await summary.textContent()) ?? '',
    /Rows in the file6To import5Duplicates1With problems0Money in£2,505\.01Money out-£297\.34/,
  );
  await pictureEverywhere(page, 'import-03-check');

  await page.getByRole('button', { name: 'Import 5 transactions' }).click();
  await page.getByText('5 transaction(s) added successfully').waitFor();
  await page.waitForURL(`**/account/${accountId}#transactions`);

  // Every row of the file is on the account now, once: checking it again finds only duplicates.
  const again = await page.request.post(`${env.server.base}/api/accounts/${accountId}/transactions/import/preview`, {
    headers: { origin: env.server.base },
    data: {
      rows: [
        { date: '2026-10-31', amountPence: 412, notes: 'INTEREST PAID GROSS' },
        { date: '2026-11-01', amountPence: 250000, notes: 'SALARY ACME LTD' },
        { date: '2026-11-03', amountPence: -1234, notes: 'TESCO STORES 2041, LONDON' },
        { date: '2026-11-05', amountPence: -8500, notes: 'OCTOPUS ENERGY' },
        { date: '2026-11-15', amountPence: -20000, notes: 'TFR TO REGULAR SAVER' },
        { date: '2026-11-30', amountPence: 501, notes: 'INTEREST PAID GROSS' },
      ],
    },
  });
  assert.deepEqual(await again.json(), {
    duplicates: ['existing', 'existing', 'existing', 'existing', 'existing', 'existing'],
    latestStatement: null,
  });

  assert.deepEqual(errors, []);
  await context.close();
});
