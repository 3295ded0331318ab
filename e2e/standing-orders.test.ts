// A saver sets up a standing order that started months ago on an account's page, presses Process
// Now and sees the overdue deposits; the card is checked by axe and pictured in both themes on a
// desktop and a phone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calendarDateInLondon } from '../src/core/dates/calendar-date.ts';
import { occurrenceDates } from '../src/core/standing-orders/schedule.ts';
import { createAccount, signUpConfirmed } from './account-setup.ts';
import {
  checkAndPicture,
  newPage,
  type Scheme,
  rejectCookies,
  signInToDashboard,
  useServerAndBrowser,
  waitForToastToGo,
} from './fixtures.ts';

const env = useServerAndBrowser();

/** A date `months` before `date`, on the 1st: 'yyyy-MM-dd'. */
function firstOfMonthBefore(date: string, months: number): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) - months;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-01`;
}

test('a saver adds a standing order that started months ago, processes it and sees the deposits', async () => {
  const email = `standing-orders-${Date.now()}@example.com`;
  const password = 'standing order passphrase';
  const cookie = await signUpConfirmed(env.server, { email, password, firstName: 'Sam' });
  const accountId = await createAccount(env.server, cookie, { name: 'Holiday saver', bank: 'Halifax' });

  const today = calendarDateInLondon(new Date());
  const start = firstOfMonthBefore(today, 3);
  const expected = occurrenceDates(
    {
      frequency: 'monthly',
      startDate: start,
      endDate: null,
      paymentDay: 1,
      maxPayments: null,
      amountPence: 5_000,
      firstPaymentAmountPence: null,
    },
    { today },
  ).length;

  const context = await env.browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'en-GB',
    colorScheme: 'light',
  });
  const { page, errors } = await newPage(context);
  await signInToDashboard(page, env.server.base, email, password);
  await rejectCookies(page);
  await page.goto(`${env.server.base}/account/${accountId}`);

  const card = page.getByRole('region', { name: 'Standing Orders' });
  // The card alone, or the whole window while a dialog is open.
  const pictureCard = (name: string, schemes?: Scheme[]) => checkAndPicture(page, name, { schemes, of: card });
  const pictureWindow = (name: string, scheme: Scheme) =>
    checkAndPicture(page, name, { schemes: [scheme], of: 'window' });
  await card.getByText('No standing orders set up for this account.').waitFor();
  await card.getByText('Create your first standing order to start managing recurring payments.').waitFor();
  await pictureCard('standing-orders-01-empty-desktop', ['light']);

  // Add: the form's rules first, then a monthly order on the 1st that started three months ago.
  await card.getByRole('button', { name: 'Add Standing Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Standing Order' });
  await dialog.getByRole('button', { name: 'Add Standing Order' }).click();
  await dialog.getByText('Please enter a valid amount').waitFor();
  await dialog.getByLabel('Amount', { exact: true }).fill('50');
  await dialog.getByLabel('Payment day').selectOption('1');
  const [y, m, d] = start.split('-');
  await dialog.getByRole('textbox', { name: 'Start date' }).fill(`${d}/${m}/${y}`);
  await dialog.getByRole('textbox', { name: 'Start date' }).press('Tab');
  await dialog.getByLabel('Notes').fill('Summer holiday pot');
  await pictureWindow('standing-orders-02-add-dialog-desktop', 'dark');
  await dialog.getByRole('button', { name: 'Add Standing Order' }).click();
  await page.getByText('Standing order added successfully').waitFor();
  await dialog.waitFor({ state: 'detached' });

  const row = card.getByRole('row').filter({ hasText: '£50.00' });
  await row.getByText('Monthly on the 1st').waitFor();
  await row.getByText('Never').waitFor();
  // The order's note shows in its row; the first payment, due since the start, is the next one.
  await row.getByText('Summer holiday pot').waitFor();
  await row.getByText(`${d}/${m}/${y}`).waitFor();
  await row.getByText('Overdue').waitFor();
  await row.getByText(`${expected} payments due`).waitFor();
  await pictureCard('standing-orders-03-due-desktop', ['light']);

  // Process Now adds the overdue payments once; a second press finds nothing pending.
  await card.getByRole('button', { name: 'Process Now' }).click();
  await page.getByText(`Processed ${expected} standing order payment(s)`).waitFor();
  // The deposits appear in the account's transactions, the marker hidden from their notes.
  await page
    .getByRole('cell', { name: 'Standing order', exact: true })
    .nth(expected - 1)
    .waitFor();
  assert.equal(await page.getByText(/\[standing-order:/).count(), 0);
  const listed = (await (
    await fetch(`${env.server.base}/api/accounts/${accountId}/transactions`, { headers: { cookie } })
  ).json()) as {
    items: { amountPence: number; type: string; standingOrderId: string | null }[];
  };
  assert.equal(
    listed.items.filter((t) => t.type === 'deposit' && t.standingOrderId !== null && t.amountPence === 5_000).length,
    expected,
  );

  await card.getByRole('button', { name: 'Process Now' }).click();
  await waitForToastToGo(page, 'No pending standing order payments to process');
  assert.equal(await row.getByText('Overdue').count(), 0);

  await pictureCard('standing-orders-04-list-desktop');

  // On a phone: rows become labelled cards; the edit dialog opens with the order's values.
  await page.setViewportSize({ width: 375, height: 800 });
  await pictureCard('standing-orders-05-list-phone');
  await card.getByRole('button', { name: /^Edit standing order of £50.00/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Standing Order' });
  assert.equal(await edit.getByLabel('Amount', { exact: true }).inputValue(), '50.00');
  await pictureWindow('standing-orders-06-edit-phone', 'dark');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  await card.getByRole('button', { name: /^Delete standing order of £50.00/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete standing order' });
  await confirm
    .getByText('Are you sure you want to delete this standing order? This action cannot be undone.')
    .waitFor();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Standing order deleted successfully').waitFor();
  await card.getByText('No standing orders set up for this account.').waitFor();

  assert.deepEqual(errors, []);
  await context.close();
});
