// A saver with a Cash ISA adds three kinds of term on its page — a withdrawal limit, a minimum
// deposit (then 'Mark deposited') and the ISA allowance — sees each one's status worked out from
// the account's transactions, and deletes one after the spec's confirmation. The card and the
// dialog are checked by axe and pictured in both themes on a desktop and a phone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calendarDateInLondon } from '../src/core/dates/calendar-date.ts';
import { addTransactions, createAccount, signUpConfirmed } from './account-setup.ts';
import {
  checkAndPicture,
  newPage,
  rejectCookies,
  signInToDashboard,
  useServerAndBrowser,
  waitForToastToGo,
} from './fixtures.ts';

const env = useServerAndBrowser();

test('a saver adds a withdrawal limit, a minimum deposit and the ISA allowance, sees their statuses and deletes one', async () => {
  const email = `terms-${Date.now()}@example.com`;
  const password = 'terms and conditions passphrase';
  const cookie = await signUpConfirmed(env.server, { email, password, firstName: 'Tess' });
  const accountId = await createAccount(env.server, cookie, {
    name: 'Rainy day ISA',
    accountType: 'Cash ISA',
    bankId: null,
  });
  const today = calendarDateInLondon(new Date());
  // Two withdrawals this calendar year, and £17,000 paid in this tax year (85% of £20,000).
  await addTransactions(env.server, cookie, accountId, [
    { type: 'deposit', amountPence: 1_700_000, date: today },
    { type: 'withdrawal', amountPence: 10_000, date: today },
    { type: 'withdrawal', amountPence: 5_000, date: today },
  ]);

  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const { page, errors } = await newPage(context);
  await signInToDashboard(page, env.server.base, email, password);
  await rejectCookies(page);
  await page.goto(`${env.server.base}/account/${accountId}`);

  // The smart-alerts banner offers 'Add T&Cs', which takes the saver to the card.
  await page.getByRole('button', { name: 'Add T&Cs' }).click();
  const card = page.getByRole('region', { name: 'Terms and Conditions' });
  await card.getByText('No terms added for this account.').waitFor();

  const dialog = page.getByRole('dialog');
  const addTerm = async (type: string, fill: () => Promise<void>, label: string) => {
    await card.getByRole('button', { name: 'Add Term' }).click();
    await dialog.getByRole('combobox', { name: /Term type/ }).selectOption(type);
    await fill();
    await dialog.getByRole('button', { name: 'Add Term' }).click();
    await page.getByText(`${label} has been added to your account.`).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
  };

  // 1. A withdrawal limit: 3 a calendar year, 2 made, so one is left: a warning.
  await card.getByRole('button', { name: 'Add Term' }).click();
  await dialog.getByRole('button', { name: 'Add Term' }).click();
  await dialog.getByText('Choose a term type').waitFor();
  await dialog.getByRole('combobox', { name: /Term type/ }).selectOption('withdrawal_limit');
  await dialog.getByRole('textbox', { name: /Withdrawals allowed/ }).fill('3');
  await dialog.getByRole('combobox', { name: /Period/ }).selectOption('calendar_year');
  await dialog.getByRole('textbox', { name: /Penalty/ }).fill("90 days' interest");
  await checkAndPicture(page, 'terms-01-add-dialog-1280', { of: 'window' });
  await dialog.getByRole('button', { name: 'Add Term' }).click();
  await page.getByText('Withdrawal limit has been added to your account.').first().waitFor();
  const withdrawals = card.getByRole('article', { name: 'Withdrawal limit' });
  await withdrawals.getByText('Warning', { exact: true }).waitFor();
  await withdrawals.getByText('1 withdrawal left this calendar year').waitFor();

  // 2. A minimum deposit of £100 a month, nothing logged yet: a warning, until 'Mark deposited'.
  await addTerm(
    'minimum_deposit',
    async () => {
      await dialog.getByRole('textbox', { name: 'Label (optional)' }).fill('Monthly top-up');
      await dialog.getByRole('textbox', { name: /Minimum deposit/ }).fill('100');
      await dialog.getByRole('combobox', { name: /How often/ }).selectOption('monthly');
    },
    'Monthly top-up',
  );
  const topUp = card.getByRole('article', { name: 'Monthly top-up' });
  // The £17,000 deposit this month already covers it: on track.
  await topUp.getByText('On track', { exact: true }).waitFor();
  await topUp.getByRole('button', { name: 'Mark deposited' }).click();
  await topUp.getByText(/Monthly deposit logged/).waitFor();

  // 3. The ISA allowance: £17,000 of £20,000 paid in this tax year is past 80%: a warning.
  await addTerm(
    'annual_allowance',
    async () => assert.equal(await dialog.getByRole('textbox', { name: /Allowance/ }).inputValue(), '20000.00'),
    'Annual ISA allowance',
  );
  const allowance = card.getByRole('article', { name: 'Annual ISA allowance' });
  await allowance.getByText('Warning', { exact: true }).waitFor();
  await allowance.getByText('£17,000.00 of £20,000.00 used (85%)').waitFor();

  // The banner has gone: the account has its terms.
  assert.equal(await page.getByRole('button', { name: 'Add T&Cs' }).count(), 0);
  // The toasts wait while the pointer rests on them: move it away, then let them go.
  await page.mouse.move(0, 0);
  await waitForToastToGo(page, 'Annual ISA allowance has been added to your account.');
  await checkAndPicture(page, 'terms-02-card-1280', { of: card });

  // On a phone (the page loaded afresh at 375 px): the card, nothing wider than the screen, and the edit dialog.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await allowance.getByText('Warning', { exact: true }).waitFor();
  const wide = await card.evaluate((element) =>
    [element, ...element.querySelectorAll('*')]
      .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .map((e) => `${e.tagName}.${e.className}`.slice(0, 80)),
  );
  assert.deepEqual(wide, [], 'nothing in the card is wider than a phone');
  await checkAndPicture(page, 'terms-03-card-375', { of: card });
  await topUp.getByRole('button', { name: 'Edit Monthly top-up' }).click();
  await page.getByRole('dialog', { name: 'Edit Term' }).waitFor();
  await checkAndPicture(page, 'terms-04-edit-dialog-375', { of: 'window' });
  await page.getByRole('dialog', { name: 'Edit Term' }).getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize({ width: 1280, height: 900 });

  // Delete the withdrawal limit after the spec's confirmation.
  await withdrawals.getByRole('button', { name: 'Delete Withdrawal limit' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm
    .getByText(
      'Are you sure you want to delete "Withdrawal limit"? This action cannot be undone and will remove all tracking data for this term.',
    )
    .waitFor();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('The term has been removed from your account.').first().waitFor();
  await withdrawals.waitFor({ state: 'detached' });
  assert.equal(await card.getByRole('article').count(), 2);

  assert.deepEqual(errors, []);
  await context.close();
});
