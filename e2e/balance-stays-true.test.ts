// Issue 13 §1, the new saver's scenario: a savings account added with the £25,000 it holds today,
// a standing order that started three months ago (Process Now) and last month's statement imported
// with one line from today. The balance stays £25,000 plus only what is dated today; the history says
// it is already counted; then Update balance records what the bank shows and says the adjustment.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calendarDateInLondon } from '../src/core/dates/calendar-date.ts';
import { formatPence } from '../src/core/money/format.ts';
import { occurrenceDates } from '../src/core/standing-orders/schedule.ts';
import { createAccount, signUpConfirmed } from './account-setup.ts';
import {
  checkAndPicture,
  newPage,
  pictureEverywhere,
  rejectCookies,
  signInToDashboard,
  startServer,
  useServerAndBrowser,
} from './fixtures.ts';
import { ON_PGLITE } from './journey-database.ts';

const env = useServerAndBrowser(() => startServer({}, ON_PGLITE));

/** 'yyyy-MM-dd' `months` before `date`, on the `day`. */
function monthsBefore(date: string, months: number, day: number): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) - months;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
const shown = (date: string) => date.split('-').reverse().join('/');

test('a saver’s stated balance stays true through a past standing order and an imported statement, then is updated', async () => {
  const email = `balance-${Date.now()}@example.com`;
  const password = 'a balance that stays true';
  const cookie = await signUpConfirmed(env.server, { email, password, firstName: 'Jo' });
  // "What it holds today": the starting balance is dated today.
  const accountId = await createAccount(env.server, cookie, {
    name: 'Easy saver',
    bank: 'Halifax',
    startingBalancePence: 25_000_00,
  });

  const today = calendarDateInLondon(new Date());
  const start = monthsBefore(today, 3, 1);
  const payments = occurrenceDates(
    {
      frequency: 'monthly',
      startDate: start,
      endDate: null,
      paymentDay: 1,
      maxPayments: null,
      amountPence: 300_00,
      firstPaymentAmountPence: null,
    },
    { today },
  );
  // Last month's statement, and a transfer in this morning.
  const lastMonth = [monthsBefore(today, 1, 3), monthsBefore(today, 1, 15), monthsBefore(today, 1, 28)];
  const statement = [
    'Date,Description,Paid in,Paid out',
    `${shown(lastMonth[0]!)},TRANSFER IN,500.00,`,
    `${shown(lastMonth[1]!)},TRANSFER OUT,,100.00`,
    `${shown(lastMonth[2]!)},INTEREST PAID GROSS,21.92,`,
    `${shown(today)},TRANSFER IN,120.00,`,
  ].join('\r\n');
  const file = { name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(statement) };
  // Only what is dated today adds to the starting balance: the transfer, and a payment due today.
  const paidToday = payments.filter((d) => d >= today).length;
  const history = payments.length - paidToday + lastMonth.length;
  const balance = 25_000_00 + 120_00 + 300_00 * paidToday;

  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const { page, errors } = await newPage(context);
  await signInToDashboard(page, env.server.base, email, password);
  await rejectCookies(page);
  await page.goto(`${env.server.base}/account/${accountId}`);

  // The standing order, three months back, paid by Process Now.
  const orders = page.getByRole('region', { name: 'Standing Orders' });
  await orders.getByRole('button', { name: 'Add Standing Order' }).click();
  const add = page.getByRole('dialog', { name: 'Add Standing Order' });
  await add.getByLabel('Amount', { exact: true }).fill('300');
  await add.getByLabel('Payment day').selectOption('1');
  await add.getByRole('textbox', { name: 'Start date' }).fill(shown(start));
  await add.getByRole('textbox', { name: 'Start date' }).press('Tab');
  await add.getByRole('button', { name: 'Add Standing Order' }).click();
  await add.waitFor({ state: 'detached' });
  await orders.getByRole('button', { name: 'Process Now' }).click();
  await page.getByText(`Processed ${payments.length} standing order payment(s)`).waitFor();

  // Last month's statement, through the import page: the preview says what is already counted.
  await page.goto(`${env.server.base}/account/${accountId}/import`);
  await page.getByLabel('CSV file from your bank').setInputFiles(file);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Check the transactions' }).click();
  await page.getByRole('heading', { name: 'Check and import' }).waitFor();
  const summary = page.getByRole('region', { name: 'Summary' });
  assert.match((await summary.textContent()) ?? '', /Changes the balance by£120\.00/);
  await summary
    .getByText(`3 rows are dated before your starting balance of ${shown(today)}: already counted in it`, {
      exact: false,
    })
    .waitFor();
  assert.equal(
    await page.getByRole('table').getByText('before your starting balance: already counted').count(),
    lastMonth.length,
  );
  await checkAndPicture(page, 'balance-01-import-preview', { widths: [1280], schemes: ['light'] });
  await page.getByRole('button', { name: 'Import 4 transactions' }).click();
  await page.waitForURL(`**/account/${accountId}#transactions`);

  // £25,000 plus only today's entries; the history says it is already counted.
  const current = page.getByRole('region', { name: 'Account summary' }).getByText('Current Balance').locator('..');
  await current.getByText(formatPence(balance), { exact: true }).waitFor();
  const transactions = page.locator('#transactions');
  await transactions.getByRole('cell', { name: 'TRANSFER OUT' }).waitFor();
  assert.equal(await transactions.getByText('before your starting balance: already counted').count(), history);

  // Update balance: the bank shows £25,200.00 now. The balance ends at exactly that figure (issue 24):
  // today's entries, recorded before it, are in it, and the notice says the real difference.
  await page.getByRole('button', { name: 'Update balance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update balance' });
  assert.equal(await dialog.getByRole('textbox', { name: 'Date' }).inputValue(), shown(today));
  await dialog.getByRole('textbox', { name: 'Balance your bank shows (£)' }).fill('25,200');
  await checkAndPicture(page, 'balance-02-update-dialog', { widths: [375], schemes: ['dark'], of: 'window' });
  await dialog.getByRole('button', { name: 'Save balance' }).click();
  const updated = 25_200_00;
  const difference = updated - balance; // £25,200.00 − £25,120.00 = £80.00 more on any day but the 1st
  const differenceWords = `${formatPence(Math.abs(difference))} ${difference >= 0 ? 'more' : 'less'} than your entries showed`;
  await page.getByText(`Balance updated to ${formatPence(updated)} — ${differenceWords}`).waitFor();
  await current.getByText(formatPence(updated), { exact: true }).waitFor();
  const row = transactions.getByRole('row').filter({ hasText: 'Balance update' });
  await row.getByText(differenceWords).waitFor();
  await row.getByText('£25,200.00').waitFor();
  await transactions.getByText('replaced by your balance update').waitFor();
  // The history, and today's transfer and payments recorded before the update, are in its figure.
  assert.equal(
    await transactions.getByText('before your balance update: already counted').count(),
    history + 1 + paidToday,
  );
  await pictureEverywhere(page, 'balance-03-account-updated');

  assert.deepEqual(errors, []);
  await context.close();
});
