import assert from 'node:assert/strict';
import { test } from 'node:test';
import { grantAdminRole, signInWithTwoFactor, signUpConfirmed, useJourneyServerAndBrowser } from './account-setup.ts';
import { newPage, pictureEverywhere, rejectCookies } from './fixtures.ts';

// The Debug Console (issue 31): an admin with two-factor runs the full diagnostics and reads the
// health score, builds a read-only query over an allow-listed table (no SQL typed anywhere), tests
// a registered function, is told when the parameters are not JSON, and runs the TestSprite API's full suite.
const env = useJourneyServerAndBrowser();
const PASSWORD = 'an admin passphrase';

test('an admin runs diagnostics, queries an allow-listed table and tests a function in the debug console', async () => {
  const email = `debug-admin-${Date.now()}@example.com`;
  await signUpConfirmed(env.server, { email, password: PASSWORD, firstName: 'Deb' });
  await grantAdminRole(env.server, email);

  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const { page, errors } = await newPage(context);
  await signInWithTwoFactor(context, env.server, email, PASSWORD);
  await page.goto(`${env.server.base}/admin/debug-console`);
  await rejectCookies(page);
  await page.getByRole('heading', { level: 1, name: 'Debug Console' }).waitFor();

  // System Diagnostics: measured figures; auto-refresh starts off.
  await page.getByRole('region', { name: 'User activity' }).waitFor();
  assert.equal(await page.getByRole('switch', { name: 'Auto-refresh every 30 seconds' }).isChecked(), false);
  assert.match((await page.getByRole('region', { name: 'Performance' }).textContent()) ?? '', /API response[\d.,]+ ms/);

  // Comprehensive System Diagnostics: one button, the health score and the results by category.
  await page.getByRole('button', { name: 'Run Diagnostics' }).click();
  const report = page.getByRole('region', { name: 'Diagnostics results' });
  await report.getByText('Tests passed').waitFor();
  const reportText = (await report.textContent()) ?? '';
  assert.match(reportText, /Health score\d{1,3}%/);
  assert.match(reportText, /Tests passed\d+ of 10/);
  for (const category of ['Database', 'Security', 'Queues', 'Data integrity'])
    await report.getByRole('heading', { name: category, exact: true }).waitFor();
  assert.match(
    (await report.locator('[data-check="row-level-security"]').textContent()) ?? '',
    /Row-level security enforced on all \d+ user tables.*Passed/,
  );
  await pictureEverywhere(page, 'debug-console-diagnostics');

  // Developer Panel: a query over account types, built from choices, at most 100 rows.
  await page.getByRole('tab', { name: 'Developer Panel' }).click();
  const builder = page.getByRole('form', { name: 'Query builder' });
  await builder.getByLabel('Table').selectOption({ label: 'Account types' });
  await builder.getByRole('checkbox', { name: 'created_at' }).uncheck();
  await builder.getByRole('checkbox', { name: 'id' }).uncheck();
  await builder.getByRole('button', { name: 'Add filter' }).click();
  await builder.getByLabel('Filter 1 column').selectOption('is_active');
  await builder.getByLabel('Filter 1 value').fill('true');
  await builder.getByLabel('Order by').selectOption('sort_order');
  await builder.getByLabel('Limit (1 to 100)').fill('5');
  await builder.getByRole('button', { name: 'Run Query' }).click();
  const results = builder.getByRole('table', { name: 'Query results' });
  await results.waitFor();
  assert.deepEqual(await results.getByRole('columnheader').allTextContents(), [
    'name',
    'description',
    'sort_order',
    'is_active',
  ]);
  const rows = await results.getByRole('row').count();
  assert.ok(rows > 1 && rows <= 6, `${rows - 1} rows`);

  // A limit over 100 is refused before anything is sent.
  await builder.getByLabel('Limit (1 to 100)').fill('500');
  await builder.getByRole('button', { name: 'Run Query' }).click();
  await builder.getByRole('alert').getByText('Limit must be between 1 and 100').waitFor();
  await builder.getByLabel('Limit (1 to 100)').fill('5');

  // Function testing: nothing chosen, then the tax year of 5 April 2027, then JSON that is not JSON.
  const tester = page.getByRole('form', { name: 'Function testing' });
  await tester.getByRole('button', { name: 'Test Function' }).click();
  await tester.getByRole('alert').getByText('Please select a function to test').waitFor();
  await tester.getByLabel('Function').selectOption({ label: 'Tax year of a date' });
  await tester.getByLabel('Parameters (JSON)').fill('{ "date": "2027-04-05" }');
  await tester.getByRole('button', { name: 'Test Function' }).click();
  const result = tester.locator('[data-function-result]');
  await result.waitFor();
  assert.match((await result.textContent()) ?? '', /"label": "2026\/27"/);
  await tester.getByLabel('Parameters (JSON)').fill('{ "date": 2027-04-05');
  await tester.getByRole('button', { name: 'Test Function' }).click();
  await tester.getByRole('alert').getByText('Invalid JSON in parameters').waitFor();
  await pictureEverywhere(page, 'debug-console-developer');

  // TestSprite API: the outside debug API is off here (no DEBUG_API_KEY); the admin runs its full suite.
  await page.getByRole('tab', { name: 'TestSprite API' }).click();
  await page.getByText('Outside debug API: off').waitFor();
  await page.getByText('X-Debug-Key').waitFor();
  await page.getByRole('button', { name: 'Run Full Suite' }).click();
  const suite = page.getByRole('region', { name: 'TestSprite API results' });
  await suite.waitFor({ timeout: 30_000 });
  const auth = suite.getByRole('region', { name: 'Auth figures' });
  assert.match((await auth.textContent()) ?? '', /Users[\d,]+/);
  const database = (await suite.getByRole('region', { name: 'Database figures' }).textContent()) ?? '';
  assert.match(database, /Query time[\d.,]+ ms/);
  assert.match(database, /ConnectedYes/);
  assert.match(database, /Row-level security enforcedYes/);
  for (const part of ['Navigation figures', 'System health figures'])
    await suite.getByRole('region', { name: part }).waitFor();
  assert.ok((await suite.getByText('Pass', { exact: true }).count()) >= 3);
  await pictureEverywhere(page, 'debug-console-testsprite');

  assert.deepEqual(errors, []);
  await context.close();
});
