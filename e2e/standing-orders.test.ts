// A saver sets up a standing order that started months ago on an account's page, presses Process
// Now and sees the overdue deposits; the card is checked by axe and pictured in both themes on a
// desktop and a phone.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { calendarDateInLondon } from '../src/core/dates/calendar-date.ts';
import { occurrenceDates } from '../src/core/standing-orders/schedule.ts';
import { signUpOverHttp } from '../src/server/test/server-process.ts';
import { assertAccessible, newPage, signInToDashboard, useServerAndBrowser, waitForEmail } from './fixtures.ts';

const env = useServerAndBrowser();
const PICTURES = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-standing-orders-'));

/** Verifies the address by the e-mailed link (adding an account needs a verified address). */
async function verifyEmail(email: string): Promise<void> {
  const mail = await waitForEmail(env.server.dataDir, email, 10_000, /verify/i);
  const link = /https?:\/\/\S*\/verify-email\S*/.exec(mail)?.[0];
  assert.ok(link, 'a verification link');
  const url = new URL(link);
  await fetch(`${env.server.base}${url.pathname}${url.search}`, { redirect: 'manual' });
}

/** An account through the accounts API (001 contract: POST /api/accounts answers 201 { account }). */
async function createAccount(cookie: string): Promise<string> {
  const base = env.server.base;
  const banks = (await (await fetch(`${base}/api/reference/banks?q=halifax`)).json()) as { banks: { id: string; bankName: string }[] };
  const halifax = banks.banks.find((b) => b.bankName === 'Halifax') ?? banks.banks[0];
  const res = await fetch(`${base}/api/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({ name: 'Holiday saver', accountNumber: '12345678', bankId: halifax?.id ?? null }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  return ((await res.json()) as { account: { id: string } }).account.id;
}

/**
 * The page in one colour scheme, checked by axe, then pictured into a temp folder (named in the
 * log): the card alone, or the whole window while a dialog is open.
 */
async function checkAndPicture(page: Page, name: string, scheme: 'light' | 'dark', what: 'card' | 'window' = 'card'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await assertAccessible(page, `${name} (${scheme})`);
  const file = path.join(PICTURES, `${name}-${scheme}.png`);
  if (what === 'window') {
    await page.screenshot({ path: file });
    return;
  }
  const card = page.getByRole('region', { name: 'Standing Orders' });
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: file });
}

/** Answers the cookie banner and waits for its toast to go, so neither is in a picture. */
async function rejectCookies(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Reject All' }).click();
  await waitForToastToGo(page, 'All non-essential cookies rejected and saved');
}

async function waitForToastToGo(page: Page, text: string): Promise<void> {
  const toast = page.getByText(text);
  await toast.waitFor();
  await toast.waitFor({ state: 'detached', timeout: 15_000 });
}

/** A date `months` before `date`, on the 1st: 'yyyy-MM-dd'. */
function firstOfMonthBefore(date: string, months: number): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) - months;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-01`;
}

test('a saver adds a standing order that started months ago, processes it and sees the deposits', async () => {
  const email = `standing-orders-${Date.now()}@example.com`;
  const password = 'standing order passphrase';
  const cookie = await signUpOverHttp(env.server.base, { email, password, firstName: 'Sam', lastName: 'Saver' });
  await verifyEmail(email);
  const accountId = await createAccount(cookie);

  const today = calendarDateInLondon(new Date());
  const start = firstOfMonthBefore(today, 3);
  const expected = occurrenceDates(
    { frequency: 'monthly', startDate: start, endDate: null, paymentDay: 1, maxPayments: null, amountPence: 5_000, firstPaymentAmountPence: null },
    { today },
  ).length;

  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB', colorScheme: 'light' });
  const { page, errors } = await newPage(context);
  await signInToDashboard(page, env.server.base, email, password);
  await rejectCookies(page);
  await page.goto(`${env.server.base}/account/${accountId}`);

  const card = page.getByRole('region', { name: 'Standing Orders' });
  await card.getByText('No standing orders set up for this account.').waitFor();
  await card.getByText('Create your first standing order to start managing recurring payments.').waitFor();
  await checkAndPicture(page, 'standing-orders-01-empty-desktop', 'light');

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
  await checkAndPicture(page, 'standing-orders-02-add-dialog-desktop', 'dark', 'window');
  await dialog.getByRole('button', { name: 'Add Standing Order' }).click();
  await page.getByText('Standing order added successfully').waitFor();
  await dialog.waitFor({ state: 'detached' });

  const row = card.getByRole('row').filter({ hasText: '£50.00' });
  await row.getByText('Monthly on the 1st').waitFor();
  await row.getByText('Never').waitFor();

  // Process Now adds the overdue payments once; a second press finds nothing pending.
  await card.getByRole('button', { name: 'Process Now' }).click();
  await page.getByText(`Processed ${expected} standing order payment(s)`).waitFor();
  // The deposits appear in the account's transactions, the marker hidden from their notes.
  await page.getByRole('cell', { name: 'Standing order', exact: true }).nth(expected - 1).waitFor();
  assert.equal(await page.getByText(/\[standing-order:/).count(), 0);
  const listed = (await (await fetch(`${env.server.base}/api/accounts/${accountId}/transactions`, { headers: { cookie } })).json()) as {
    items: { amountPence: number; type: string; standingOrderId: string | null }[];
  };
  assert.equal(listed.items.filter((t) => t.type === 'deposit' && t.standingOrderId !== null && t.amountPence === 5_000).length, expected);

  await card.getByRole('button', { name: 'Process Now' }).click();
  await waitForToastToGo(page, 'No pending standing order payments to process');

  await checkAndPicture(page, 'standing-orders-03-list-desktop', 'light');
  await checkAndPicture(page, 'standing-orders-03-list-desktop', 'dark');

  // On a phone: rows become labelled cards; the edit dialog opens with the order's values.
  await page.setViewportSize({ width: 375, height: 800 });
  await checkAndPicture(page, 'standing-orders-04-list-phone', 'light');
  await checkAndPicture(page, 'standing-orders-04-list-phone', 'dark');
  await card.getByRole('button', { name: /^Edit standing order of £50.00/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Standing Order' });
  assert.equal(await edit.getByLabel('Amount', { exact: true }).inputValue(), '50.00');
  await checkAndPicture(page, 'standing-orders-05-edit-phone', 'dark', 'window');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  await card.getByRole('button', { name: /^Delete standing order of £50.00/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete standing order' });
  await confirm.getByText('Are you sure you want to delete this standing order? This action cannot be undone.').waitFor();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Standing order deleted successfully').waitFor();
  await card.getByText('No standing orders set up for this account.').waitFor();

  console.log(`standing orders pictures: ${PICTURES}`);
  assert.deepEqual(errors, []);
  await context.close();
});
