// A saver adds a personal pension through the account form, adds its details on its own page
// (the dialog first refuses an empty form with the spec's messages), sees the provider's
// information, its protection as an insured pension (never uncovered deposit money), records
// this tax year's contributions and sees the annual allowance left. Axe and pictures in light
// and dark at 1280 and 375 px.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signUpConfirmed } from './account-setup.ts';
import {
  pictureDialogEverywhere,
  pictureEverywhere,
  signedInDesktop,
  useServerAndBrowser,
  waitForToastToGo,
} from './fixtures.ts';

const env = useServerAndBrowser();
const PASSWORD = 'a pension journey passphrase';

test('a saver adds a pension, its provider and scheme, a contribution, and sees the allowance left', async () => {
  const email = `pension-${Date.now()}@example.com`;
  await signUpConfirmed(env.server, { email, password: PASSWORD, firstName: 'Penny' });

  const { context, page, errors } = await signedInDesktop(env, email, PASSWORD);

  await page.goto(`${env.server.base}/account/new`);
  await page.getByRole('form', { name: 'New account' }).waitFor();
  await page.getByLabel('Account name').fill('Aviva pension');
  await page.getByLabel('Account type').selectOption('Personal Pension');
  await page.getByText('Once the pension is saved, choose its provider in the Pension Details card there.').waitFor();
  await page.getByLabel('Account number').fill('P-1234');
  await page.getByLabel('Starting balance (optional)').fill('40,000');
  await page.getByRole('button', { name: 'Add account' }).click();
  await page.getByText('Account added successfully').waitFor();
  await page.waitForURL(/\/account\/[0-9a-f-]{36}$/);
  await page.getByRole('heading', { level: 1, name: 'Aviva pension' }).waitFor();

  const card = page.getByRole('region', { name: 'Pension Details' });
  await card.getByText('Protection unknown', { exact: true }).first().waitFor();

  // The dialog refuses an empty form with the spec's messages.
  await card.getByRole('button', { name: 'Add Pension Details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Pension Details' });
  await dialog.waitFor();
  for (const section of ['Basic Pension Details', 'Employer Connection', 'Protection Information', 'Advanced Settings'])
    await dialog.getByRole('heading', { name: section }).waitFor();
  await dialog.getByRole('button', { name: 'Save Pension Details' }).click();
  await dialog.getByText('Please select a provider').waitFor();
  await dialog.getByText('Please select a pension type').waitFor();

  await dialog.getByRole('combobox', { name: 'Provider' }).click();
  await page.getByRole('combobox', { name: 'Search pension providers' }).fill('Aviva');
  await page.getByRole('option', { name: /^Aviva(?! Master)/ }).click();
  // A defined benefit scheme sets 65, then a personal pension the minimum pension age, explained.
  await dialog.getByLabel('Pension type').selectOption('workplace_db');
  assert.equal(await dialog.getByLabel('Access age').inputValue(), '65');
  await dialog.getByLabel('Pension type').selectOption('personal_pension');
  assert.equal(await dialog.getByLabel('Access age').inputValue(), '55');
  await dialog.getByText('It rises to 57 on 06/04/2028', { exact: false }).waitFor();
  await dialog.getByText('Insurance: 100% of a claim').waitFor();
  await dialog.getByRole('switch', { name: 'Linked to an employer' }).click();
  await dialog.getByLabel('Employer name').fill('Acme Ltd');
  await pictureDialogEverywhere(page, 'pension-01-dialog');
  await dialog.getByRole('button', { name: 'Save Pension Details' }).click();
  await page.getByText('Pension details saved successfully').waitFor();
  await waitForToastToGo(page, 'Pension details saved successfully');

  // The provider's information and the pension's own scheme.
  await card.getByTestId('pension-provider-panel').getByText('185896').waitFor();
  await card.getByTestId('pension-protection-category').getByText('Insurance: 100% of a claim').waitFor();
  await card.getByText('Acme Ltd').waitFor();
  await card.getByRole('button', { name: 'Edit Pension Details' }).waitFor();

  // This tax year's contributions leave £60,000 − £8,000 − £2,000.
  await card.getByLabel('Your contributions (gross)').fill('8,000');
  await card.getByLabel('Employer contributions').fill('2,000');
  await card.getByRole('button', { name: 'Save contributions' }).click();
  await page.getByText('Contribution record saved').waitFor();
  await waitForToastToGo(page, 'Contribution record saved');
  assert.equal(await card.getByTestId('pension-allowance-left').textContent(), '£50,000');

  await card.scrollIntoViewIfNeeded();
  await pictureEverywhere(page, 'pension-02-account-page');

  // The accounts list names the provider as the bank and never counts the pension as uncovered deposit money.
  await page.goto(`${env.server.base}/accounts`);
  const table = page.getByRole('table', { name: 'Your accounts, in the order you added them' });
  await table.waitFor();
  await table.getByText('Aviva', { exact: true }).first().waitFor();
  assert.equal(await table.getByText('not protected').count(), 0);

  assert.deepEqual(errors, []);
  await context.close();
});
