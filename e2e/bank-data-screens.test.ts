import assert from 'node:assert/strict';
import { test } from 'node:test';
import { grantAdminRole, signInWithTwoFactor, signUpConfirmed, useJourneyServerAndBrowser } from './account-setup.ts';
import { newPage, pictureDialogEverywhere, pictureEverywhere, rejectCookies, waitForToastToGo } from './fixtures.ts';

const env = useJourneyServerAndBrowser();

const PASSWORD = 'an admin passphrase';

test('an admin finds a licence by its brand, expands it, edits a brand by hand, and a saver’s picker shows the edit', async () => {
  const email = `bank-screens-admin-${Date.now()}@example.com`;
  await signUpConfirmed(env.server, { email, password: PASSWORD, firstName: 'Alex' });
  await grantAdminRole(env.server, email);
  const saverCookie = await signUpConfirmed(env.server, {
    email: `bank-screens-saver-${Date.now()}@example.com`,
    password: 'a saver passphrase',
    firstName: 'Sam',
  });

  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const { page, errors } = await newPage(context);
  await signInWithTwoFactor(context, env.server, email, PASSWORD);
  await page.goto(`${env.server.base}/admin/banking-groups`);
  await rejectCookies(page);
  await page.getByRole('heading', { level: 1, name: 'Banking data' }).waitFor();
  await page.getByText(/Last synced/).waitFor();

  // A licence found by one of its brands, expanded to its brands and ISA platforms.
  await page.getByRole('searchbox', { name: 'Search Bank Groups' }).fill('halifax');
  const groups = page.getByRole('list', { name: 'Bank Groups' });
  const bankOfScotland = groups.getByRole('listitem').filter({ hasText: 'Bank of Scotland plc' }).first();
  await bankOfScotland.getByText('Shared').waitFor();
  await bankOfScotland.getByRole('button', { name: /^Show brands and ISA platforms of/ }).click();
  await bankOfScotland.getByRole('region', { name: 'Banks' }).getByText('Halifax', { exact: true }).waitFor();
  await pictureEverywhere(page, 'bank-data-screens-01-groups');

  // A brand edited by hand: the dialog says what saving does.
  await page.getByRole('tab', { name: /^Banks/ }).click();
  await page.getByRole('searchbox', { name: 'Search Banks' }).fill('halifax');
  await page.getByRole('button', { name: 'Edit Halifax', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit bank' });
  await dialog.getByText('A later import will not overwrite this row').waitFor();
  await dialog.getByRole('textbox', { name: /User message/ }).fill('Checked against the register this week');
  await pictureDialogEverywhere(page, 'bank-data-screens-02-edit');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await waitForToastToGo(page, 'Halifax saved');
  await page
    .getByRole('list', { name: 'Banks' })
    .getByRole('listitem')
    .filter({ hasText: 'Halifax' })
    .getByText('Updated')
    .waitFor();
  await pictureEverywhere(page, 'bank-data-screens-03-banks-updated');

  // The saver's bank picker answers with the edit at once.
  const search = await fetch(`${env.server.base}/api/reference/banks?q=halifax`, { headers: { cookie: saverCookie } });
  const { banks } = (await search.json()) as { banks: { bankName: string; userMessage: string | null }[] };
  assert.equal(banks.find((b) => b.bankName === 'Halifax')?.userMessage, 'Checked against the register this week');

  // The Bank Data Management page: the same screen, and the spreadsheet's format.
  await page.goto(`${env.server.base}/admin/bank-data-management`);
  await page.getByRole('heading', { level: 1, name: 'Bank Data Management' }).waitFor();
  await page.getByText('Manage banking groups and bank references with FRN information').waitFor();
  await page.getByRole('list', { name: 'Bank Groups' }).waitFor();
  await pictureEverywhere(page, 'bank-data-screens-04-management');
  await page.getByRole('tab', { name: 'Spreadsheet Entry' }).click();
  await page.getByRole('link', { name: 'Open the importer' }).waitFor();
  await pictureEverywhere(page, 'bank-data-screens-05-spreadsheet');

  assert.deepEqual(errors, []);
});
