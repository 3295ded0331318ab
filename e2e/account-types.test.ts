import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  createAccount,
  grantAdminRole,
  signInWithTwoFactor,
  signUpConfirmed,
  useJourneyServerAndBrowser,
} from './account-setup.ts';
import { newPage, pictureDialogEverywhere, pictureEverywhere, rejectCookies, waitForToastToGo } from './fixtures.ts';

const env = useJourneyServerAndBrowser();

const PASSWORD = 'an admin passphrase';

const typeNames = (page: Page) =>
  page.getByRole('list', { name: 'Account types in order' }).locator('[data-type-name]').allTextContents();

async function waitForOrder(page: Page, expected: string[]): Promise<void> {
  await page
    .waitForFunction(
      (want) =>
        JSON.stringify([...document.querySelectorAll('[data-type-name]')].map((n) => n.textContent)) ===
        JSON.stringify(want),
      expected,
      { timeout: 10_000 },
    )
    .catch(async (error: unknown) => {
      assert.deepEqual(await typeNames(page), expected);
      throw error;
    });
}

test('an admin with two-factor adds a type, renames one in use after a warning, and reorders with the keyboard', async () => {
  const email = `types-admin-${Date.now()}@example.com`;
  const cookie = await signUpConfirmed(env.server, { email, password: PASSWORD, firstName: 'Alex' });
  // One account of type "Savings", so renaming it warns and carries the account along.
  await createAccount(env.server, cookie, { name: 'Rainy day pot', accountType: 'Savings' });
  await grantAdminRole(env.server, email);

  const context = await env.browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'en-GB',
    colorScheme: 'light',
  });
  const { page, errors } = await newPage(context);
  await signInWithTwoFactor(context, env.server, email, PASSWORD);
  await page.goto(`${env.server.base}/dashboard`);
  await rejectCookies(page);

  // Admins reach the page from the Admin Dashboard (by keyboard: the dashboard's figures arrive
  // after its list, and a pointer aimed before they move it down can land on the next link).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Dashboard' }).click();
  await page
    .getByRole('list', { name: 'Admin screens' })
    .getByRole('link', { name: /^Account types/ })
    .press('Enter');
  await page.waitForURL('**/admin/account-types');
  await page.getByRole('heading', { level: 1, name: 'Account types' }).waitFor();
  // The seeded types, in the order every account-type selector offers them.
  const seeded = (
    (await (await page.request.get(`${env.server.base}/api/account-types`)).json()) as {
      accountTypes: { name: string }[];
    }
  ).accountTypes.map((t) => t.name);
  assert.deepEqual(seeded.slice(0, 3), ['Savings', 'Current', 'Bond']);
  await waitForOrder(page, seeded);
  await page.getByText('Used by 1 account').waitFor();
  await pictureEverywhere(page, 'account-types-01-list');

  // Add a type.
  await page.getByRole('button', { name: 'Add account type' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add account type' });
  await add.getByRole('button', { name: 'Add account type' }).click();
  await add.getByText('Account type name is required').waitFor();
  await pictureDialogEverywhere(page, 'account-types-02-add-error');
  await add.getByLabel('Name').fill('  Loyalty Saver ');
  await add.getByLabel(/Description/).fill('Bonus rate when you make no withdrawals');
  await add.getByRole('button', { name: 'Add account type' }).click();
  // Gone before the next picture, which it would cover.
  await waitForToastToGo(page, 'Account type added successfully');
  await page
    .getByRole('list', { name: 'Account types in order' })
    .getByText('Loyalty Saver', { exact: true })
    .waitFor();

  // Rename a type in use: the dialog warns and names the account count first.
  await page.getByRole('button', { name: 'Edit Savings' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit account type' });
  await edit.getByLabel('Name').fill('Easy Access Savings');
  await edit
    .getByText('1 account uses "Savings". Saving renames the type on that account to "Easy Access Savings".')
    .waitFor();
  await pictureDialogEverywhere(page, 'account-types-03-rename-warning');
  await edit.getByRole('button', { name: 'Rename on 1 account' }).click();
  await waitForToastToGo(page, 'Account type updated successfully');
  await page
    .getByRole('list', { name: 'Account types in order' })
    .getByText('Easy Access Savings', { exact: true })
    .waitFor();

  // A type in use cannot be deleted.
  await page.getByRole('button', { name: 'Delete Easy Access Savings' }).click();
  const refusal = page.getByRole('dialog', { name: 'Delete "Easy Access Savings"?' });
  await refusal.getByText('Cannot delete an account type that is in use').waitFor();
  await pictureDialogEverywhere(page, 'account-types-04-delete-refused');
  await refusal.getByRole('button', { name: 'OK' }).click();

  // Reorder with the keyboard: pick "Loyalty Saver" up by its handle, move it up two places, drop it.
  const names = await typeNames(page);
  assert.equal(names.at(-1), 'Loyalty Saver');
  // dnd-kit measures the list after the pick-up: each key waits for the last one's announcement.
  const said = (text: string) => page.locator('[aria-live]').filter({ hasText: text }).waitFor({ state: 'attached' });
  // Mid-window, so no move reaches the window's edge (where dnd-kit scrolls while it measures).
  const handle = page.getByRole('button', { name: 'Drag to reorder Loyalty Saver' });
  await handle.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await handle.focus();
  await page.keyboard.press('Space');
  // "Picked up Loyalty Saver" is at once followed by where it is over: its own place.
  await said(`Loyalty Saver is over position ${names.length} of ${names.length}.`);
  // dnd-kit measures the places it can move to in an effect after the pick-up: a key before then is lost.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.keyboard.press('ArrowUp');
  await said(`Loyalty Saver is over position ${names.length - 1} of ${names.length}.`);
  await page.keyboard.press('ArrowUp');
  await said(`Loyalty Saver is over position ${names.length - 2} of ${names.length}.`);
  await page.keyboard.press('Space');
  await said(`Loyalty Saver dropped at position ${names.length - 2} of ${names.length}.`);
  const dragged = [...names.slice(0, -3), 'Loyalty Saver', ...names.slice(-3, -1)];
  await waitForOrder(page, dragged);
  await page.getByText('Order saved').waitFor();

  // And with the move buttons, from the keyboard too: "Loyalty Saver" up once more.
  await page.getByRole('button', { name: 'Move Loyalty Saver up' }).focus();
  await page.keyboard.press('Enter');
  const moved = [...dragged.slice(0, -4), 'Loyalty Saver', dragged.at(-4)!, ...dragged.slice(-2)];
  await waitForOrder(page, moved);
  assert.equal(
    await page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
    'Move Loyalty Saver up',
    'focus stays on the moved type',
  );

  // The order is saved: a reload shows it.
  await page.waitForTimeout(500);
  await page.reload();
  await waitForOrder(page, moved);
  await pictureEverywhere(page, 'account-types-05-reordered');

  assert.deepEqual(errors, []);
  await context.close();
});
