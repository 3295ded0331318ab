// A saver with a Halifax account holding ten months of history opens its page: the summary cards
// add it up as the spec says, the charts draw it (the balance line ending on the balance, here and
// on the dashboard; bars or lines, a brush, the type pie) with tables for screen readers, the name
// is saved inline and a second tab follows, the type selector keeps to the allowed changes,
// #transactions scrolls, an unknown id goes back to the list, and the Danger Zone deletes the
// account. Axe and pictures in light and dark at 1280 and 375 px.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { calendarDateInLondon } from '../src/core/dates/calendar-date.ts';
import { addTransactions, createAccount, type NewTransaction, signUpConfirmed } from './account-setup.ts';
import {
  newPage,
  pictureDialogEverywhere,
  pictureEverywhere,
  signedInDesktop,
  useServerAndBrowser,
  waitForToastToGo,
} from './fixtures.ts';

const env = useServerAndBrowser();
const PASSWORD = 'an account page passphrase';

/** The 1st of the month `monthsAgo` months before today's month (London), 'yyyy-MM-dd'. */
function firstOfMonth(today: string, monthsAgo: number): string {
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 - monthsAgo;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Nov 26' for '2026-11-01', as the chart's axis names a month. */
const shortMonthName = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(2, 4)}`;

/** 'November 2026' for '2026-11-01'. */
const monthName = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * Fourteen months of a saver's history. Figures by the spec's rules (001 §9):
 * - balance: the sum of every amount, withdrawals and fees negative:
 *   £1,000 + £2.00 + 10 × £100 + (£3.12 + £2.98 + £3.05 + £2.87 + £4.01) − £50 − £5 = £1,963.03;
 * - average monthly interest: the last year's interest (£16.03) over the 5 months that had any: £3.206 → £3.21;
 * - lifetime interest: all of it, the £2.00 of thirteen months ago too: £18.03.
 */
function history(today: string): NewTransaction[] {
  const on = (monthsAgo: number) => firstOfMonth(today, monthsAgo);
  const interest: Record<number, number> = { 1: 312, 2: 298, 3: 305, 5: 287, 8: 401 };
  return [
    { type: 'opening_balance', amountPence: 100_000, date: on(14), notes: 'Moved from the old account' },
    { type: 'interest', amountPence: 200, date: on(13) },
    ...Array.from({ length: 10 }, (_, monthsAgo) => ({
      type: 'deposit',
      amountPence: 10_000,
      date: on(monthsAgo),
      notes: 'Monthly saving',
    })),
    ...Object.entries(interest).map(([monthsAgo, pence]) => ({
      type: 'interest',
      amountPence: pence,
      date: on(Number(monthsAgo)),
      notes: 'Interest',
    })),
    { type: 'withdrawal', amountPence: 5_000, date: on(4), notes: 'Car repair' },
    { type: 'fee', amountPence: 500, date: on(6), notes: 'Replacement card' },
  ];
}

/** A summary card's figure: the `dd` right after its `dt`. */
const figure = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Account summary' })
    .locator('dt', { hasText: label })
    .locator('xpath=following-sibling::dd[1]');

/** The cells of a screen-reader table's row, by its row header. */
async function rowCells(page: Page, table: string, rowHeader: string): Promise<string[]> {
  const row = page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: rowHeader, exact: true }) });
  return row.getByRole('cell').allTextContents();
}

test('a saver opens a Halifax account with ten months of history: figures, charts, inline rename, type choices, #transactions, not found and delete', async () => {
  const email = `account-page-${Date.now()}@example.com`;
  const cookie = await signUpConfirmed(env.server, { email, password: PASSWORD, firstName: 'Hannah' });
  const accountId = await createAccount(env.server, cookie, {
    name: 'Halifax Everyday Saver',
    bank: 'Halifax',
    accountType: 'Savings',
    interestRateBps: 250,
  });
  const today = calendarDateInLondon(new Date());
  await addTransactions(env.server, cookie, accountId, history(today));

  const { context, page, errors } = await signedInDesktop(env, email, PASSWORD);

  // The dashboard's total balance over its 12 months ends on today's balance (month-end points).
  const todayShown = `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;
  const latestOnLine = async (title: string) => {
    const table = `${title}. The balance at the end of each month, and on the last day shown.`;
    await page.getByRole('table', { name: table }).waitFor({ state: 'attached' });
    return rowCells(page, table, todayShown);
  };
  assert.deepEqual(await latestOnLine('Total balance over the last 12 months'), ['£1,963.03']);

  // A second tab on the accounts list, to see the rename arrive without a reload (a window of its
  // own with the same session: in one window, the tab behind gets no animation frames).
  const otherWindow = await env.browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'en-GB',
    storageState: await context.storageState(),
  });
  const second = await newPage(otherWindow);
  await second.page.goto(`${env.server.base}/accounts`);
  await second.page.getByRole('table').getByText('Halifax Everyday Saver').waitFor();
  await second.page.evaluate(() => Object.assign(window, { notReloaded: true }));

  await page.goto(`${env.server.base}/account/${accountId}`);
  await page.getByRole('heading', { level: 1, name: 'Halifax Everyday Saver' }).waitFor();
  assert.equal(await page.getByRole('link', { name: 'Back to Accounts' }).getAttribute('href'), '/accounts');

  // The three summary cards.
  assert.equal(await figure(page, 'Current Balance').textContent(), '£1,963.03');
  assert.equal(await figure(page, 'Avg Monthly Interest').textContent(), '£3.21');
  assert.equal(await figure(page, 'Lifetime Interest').textContent(), '£18.03');

  // The balance over time: the same balance on the line's last point, today.
  assert.deepEqual(await latestOnLine('Balance over time'), ['£1,963.03']);

  // Monthly trends: bars first, a brush (ten months have transactions), lines on request.
  const trends = page.getByRole('region', { name: 'Monthly trends' });
  await trends.locator('.recharts-bar-rectangle').first().waitFor();
  await trends.locator('.recharts-brush').waitFor();
  // The brush starts on the last six months: those are the months the axis names.
  const monthTicks = trends.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value');
  await monthTicks.last().waitFor();
  assert.deepEqual(
    await monthTicks.allTextContents(),
    [5, 4, 3, 2, 1, 0].map((monthsAgo) => shortMonthName(firstOfMonth(today, monthsAgo))),
  );
  const barButton = trends.getByRole('button', { name: 'Bar' });
  const lineButton = trends.getByRole('button', { name: 'Line' });
  assert.equal(await barButton.getAttribute('aria-pressed'), 'true');
  assert.equal(await trends.locator('.recharts-line').count(), 0);
  await lineButton.click();
  assert.equal(await lineButton.getAttribute('aria-pressed'), 'true');
  assert.equal(await barButton.getAttribute('aria-pressed'), 'false');
  // A line's box can be flat (ten months of the same deposit), so its presence is what counts.
  await trends.locator('.recharts-line').first().waitFor({ state: 'attached' });
  assert.equal(await trends.locator('.recharts-line').count(), 4, 'deposits, withdrawals, interest and fees');
  assert.equal(await trends.locator('.recharts-bar-rectangle').count(), 0, 'no bars once lines are chosen');
  await trends.locator('.recharts-brush').waitFor();
  await barButton.click();
  await trends.locator('.recharts-bar-rectangle').first().waitFor();

  // Its table for screen readers: twelve months, withdrawals as amounts paid out.
  const monthlyTable = 'Monthly trends for the last 12 months';
  assert.equal(await page.getByRole('table', { name: monthlyTable }).locator('tbody tr').count(), 12);
  assert.deepEqual(await rowCells(page, monthlyTable, monthName(firstOfMonth(today, 4))), [
    '£100.00',
    '£50.00',
    '£0.00',
    '£0.00',
    '£50.00',
  ]);
  assert.deepEqual(await rowCells(page, monthlyTable, monthName(firstOfMonth(today, 8))), [
    '£100.00',
    '£0.00',
    '£4.01',
    '£0.00',
    '£104.01',
  ]);
  assert.deepEqual(await rowCells(page, monthlyTable, monthName(firstOfMonth(today, 11))), [
    '£0.00',
    '£0.00',
    '£0.00',
    '£0.00',
    '£0.00',
  ]);

  // The type pie, with each large slice's share beside it, and its table.
  const pie = page.getByRole('region', { name: 'Transactions by type' });
  // The opening balance moved no money: no slice of its own.
  assert.equal(await pie.locator('.recharts-pie-sector').count(), 4);
  assert.equal(await pie.locator('svg').getByText('93.2%', { exact: true }).count(), 1, 'deposits, 93.2%');
  const typeTable = 'Transactions by type';
  assert.deepEqual(await rowCells(page, typeTable, 'Deposits'), ['£1,000.00', '93.2%', '10']);
  assert.deepEqual(await rowCells(page, typeTable, 'Withdrawals'), ['£50.00', '4.6%', '1']);
  assert.deepEqual(await rowCells(page, typeTable, 'Interest'), ['£18.03', '1.7%', '6']);
  assert.deepEqual(await rowCells(page, typeTable, 'Fees'), ['£5.00', '0.5%', '1']);
  const shares = await page
    .getByRole('table', { name: typeTable })
    .locator('tbody tr td:nth-of-type(2)')
    .allTextContents();
  assert.equal(
    shares.reduce((sum, share) => sum + Number(share.replace('%', '')) * 10, 0),
    1000,
    `the shares add up to 100%: ${shares.join(', ')}`,
  );

  await pictureEverywhere(page, 'account-page-01-bars');

  // The account type offers only what a savings account may become (001 §4), with the note.
  const basic = page.getByRole('region', { name: 'Basic Information' });
  const typeSelect = basic.getByLabel('Account type');
  await basic.getByText('Some account types are restricted due to regulatory requirements').waitFor();
  assert.deepEqual(await typeSelect.locator('option').allTextContents(), [
    'Savings',
    'Current',
    'Bond',
    'Fixed Term Deposit',
    'Notice Saver',
    'Regular Saver',
  ]);
  assert.equal(await typeSelect.inputValue(), 'Savings');

  // The name, saved on its own; the list in the other tab follows.
  const name = basic.getByLabel('Account name');
  await name.fill('Rainy Day Pot');
  await basic.getByRole('button', { name: 'Save account name' }).click();
  await page.getByText('Account name updated successfully').waitFor();
  await page.getByRole('heading', { level: 1, name: 'Rainy Day Pot' }).waitFor();
  assert.equal(await name.inputValue(), 'Rainy Day Pot');
  await second.page.getByRole('table').getByText('Rainy Day Pot').waitFor({ timeout: 10_000 });
  assert.equal(await second.page.getByRole('table').getByText('Halifax Everyday Saver').count(), 0);
  assert.equal(
    await second.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    true,
    'the second tab was never reloaded',
  );
  await waitForToastToGo(page, 'Account name updated successfully');

  // #transactions opens the page at the transactions section (arriving from another page).
  await page.goto(`${env.server.base}/accounts`);
  await page.getByRole('table').getByText('Rainy Day Pot').waitFor();
  await page.goto(`${env.server.base}/account/${accountId}#transactions`);
  const section = page.getByRole('region', { name: 'Transactions', exact: true });
  await section.getByRole('cell', { name: 'Car repair', exact: true }).first().waitFor();
  await page.waitForFunction(() => {
    const top = document.getElementById('transactions')?.getBoundingClientRect().top;
    return window.scrollY > 0 && top !== undefined && top >= 0 && top < 200;
  });
  await page.getByRole('region', { name: 'Monthly trends' }).getByRole('button', { name: 'Line' }).click();
  await pictureEverywhere(page, 'account-page-02-lines');

  // An id that is not there: back to the list, saying so.
  await page.goto(`${env.server.base}/account/00000000-0000-4000-8000-000000000000`);
  await page.waitForURL('**/accounts');
  await page.getByText('Account not found', { exact: true }).waitFor();
  await waitForToastToGo(page, 'Account not found');

  // No id at all: the same, with 'Account ID is missing'.
  await page.goto(`${env.server.base}/account`);
  await page.waitForURL('**/accounts');
  await page.getByText('Account ID is missing', { exact: true }).waitFor();
  await waitForToastToGo(page, 'Account ID is missing');

  // The Danger Zone, after the spec's confirmation.
  await page.goto(`${env.server.base}/account/${accountId}`);
  const danger = page.getByRole('region', { name: 'Danger Zone' });
  await danger.getByRole('button', { name: 'Delete Account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you absolutely sure?' });
  await confirm
    .getByText(
      'This action cannot be undone. This will permanently delete your account and remove all associated data.',
    )
    .waitFor();
  await pictureDialogEverywhere(page, 'account-page-03-delete-confirm');
  await confirm.getByRole('button', { name: 'Delete Account' }).click();
  await page.getByText('Account deleted successfully!').waitFor();
  await page.waitForURL('**/accounts');
  await page.getByRole('heading', { name: 'No accounts yet' }).waitFor();
  await second.page.getByRole('heading', { name: 'No accounts yet' }).waitFor({ timeout: 10_000 });
  const gone = await fetch(`${env.server.base}/api/accounts/${accountId}`, { headers: { cookie } });
  assert.equal(gone.status, 404);
  const transactions = await fetch(`${env.server.base}/api/transactions`, { headers: { cookie } });
  assert.equal(((await transactions.json()) as { total: number }).total, 0, 'its transactions went with it');

  assert.deepEqual([...errors, ...second.errors], []);
  await otherWindow.close();
  await context.close();
});
