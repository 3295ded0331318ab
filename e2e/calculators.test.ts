// The public calculators and the tax estimate (issue 29): a visitor works out savings with the
// keyboard and a mistake, reloads and gets the same figures back; compares three accounts at 375 px;
// a saver chooses their tax band and the dashboard estimates this tax year's tax on their interest,
// then starts the savings calculator from their account. Axe clean, light and dark.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { savingsFormFrom, savingsFormFromAccount, readSavingsForm } from '../src/core/calculators/savings-form.ts';
import { savingsGrowth } from '../src/core/calculators/savings-growth.ts';
import { savingsTaxByTaxYear, totalTaxPence } from '../src/core/calculators/savings-tax.ts';
import { estimateSavingsTaxThisYear } from '../src/core/calculators/tax-year-estimate.ts';
import { calendarDateInLondon } from '../src/core/dates/calendar-date.ts';
import { formatPence } from '../src/core/money/format.ts';
import { addTransactions, createAccount, signUpConfirmed } from './account-setup.ts';
import {
  checkAndPicture,
  newPage,
  pictureEverywhere,
  rejectCookies,
  signInToDashboard,
  useServerAndBrowser,
} from './fixtures.ts';

const env = useServerAndBrowser();
const PASSWORD = 'a calculating saver’s passphrase';

/** What the savings calculator should say for the address the page holds now (the rules' own figures). */
function expectedSavings(page: Page) {
  const form = savingsFormFrom(new URL(page.url()).searchParams);
  const read = readSavingsForm(form, calendarDateInLondon(new Date()));
  assert.ok(read.ok, `the address holds a calculation: ${page.url()} ${JSON.stringify(read)}`);
  const growth = savingsGrowth(read.calculation.growth);
  const tax = totalTaxPence(savingsTaxByTaxYear(growth.payments, read.calculation.tax));
  return { final: formatPence(growth.finalPence), tax: formatPence(tax), interest: formatPence(growth.interestPence) };
}

test('a visitor works out their savings and compares accounts, and the address brings both back', async () => {
  const context = await env.browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'en-GB',
    colorScheme: 'light',
    reducedMotion: 'reduce',
  });
  const { page, errors } = await newPage(context);

  await page.goto(`${env.server.base}/features/savings-calculator`);
  await page.getByRole('heading', { level: 1, name: 'Savings calculator' }).waitFor();
  await rejectCookies(page, { byKeyboard: true });

  // By keyboard: the starting sum, then Tab to the deposits' frequency.
  const start = page.getByLabel('Starting sum');
  await start.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('20,000');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'SELECT');
  await page.getByLabel('Each deposit').fill('500');
  await page.getByLabel('Interest rate').fill('5');
  await page.getByLabel('Years').fill('3');
  await page.getByLabel('Your income tax band').selectOption('higher');

  // A mistake is named under its field, and the result waits for it.
  await page.getByLabel('Interest rate').fill('five');
  await page.getByText('Enter the interest rate as a number, like 4.35').waitFor();
  await page.getByText('Check the figures marked in the form to see your result').waitFor();
  await page.getByLabel('Interest rate').fill('5');
  await page.waitForURL(/[?&]rate=5(&|$)/);

  const figures = expectedSavings(page);
  const final = page.getByTestId('savings-final');
  await final.getByText(figures.final).waitFor();
  await page.getByTestId('savings-tax').getByText(figures.tax).waitFor();
  await page.getByTestId('savings-isa').getByText(figures.interest).waitFor();
  await page.getByRole('table', { name: 'Your savings year by year' }).waitFor();
  await pictureEverywhere(page, 'savings-calculator');

  // The address is the calculation: a reload brings every figure back.
  await page.reload();
  await final.getByText(figures.final).waitFor();
  assert.equal(await page.getByLabel('Starting sum').inputValue(), '20,000');
  assert.equal(await page.getByLabel('Your income tax band').inputValue(), 'higher');

  // The interest calculator on a phone: a third account, a target, and the bonus's end.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${env.server.base}/features/interest-calculator`);
  await page.getByRole('heading', { level: 1, name: 'Interest calculator' }).waitFor();
  await page.getByRole('button', { name: 'Add an account' }).click();
  const third = page.getByRole('group', { name: 'Account 3' });
  await third.getByLabel('Name').fill('Top easy access');
  await third.getByLabel('Interest rate (AER)').fill('5');
  await page.getByLabel('Target balance').fill('11000');
  const results = page.getByTestId('interest-result');
  await results.filter({ hasText: 'Top easy access' }).getByText('Most interest').waitFor();
  assert.equal(await results.count(), 3);
  // Account 2's default: 3.75% AER + 1% for 12 months, paid yearly, on £10,000.
  // Year 1 at 4.75%: £475.00; the year after at 3.75% on £10,475: £392.81 (392.8125 → £392.81).
  const bonus = results.filter({ hasText: 'Account 2' });
  await bonus.getByText('£475.00').first().waitFor();
  await bonus.getByText('£392.81').waitFor();
  await bonus.getByText('a year earns £82.19 less').waitFor();
  // 5% paid yearly reaches £11,000 after two years (£10,500.00, then £11,025.00).
  await results.filter({ hasText: 'Top easy access' }).getByText('2 years').waitFor();
  await checkAndPicture(page, 'interest-calculator', { widths: [375, 1280] });

  await page.reload();
  await results.filter({ hasText: 'Top easy access' }).getByText('Most interest').waitFor();
  assert.equal(await page.getByLabel('Target balance').inputValue(), '11000');
  await context.close();
  assert.deepEqual(errors, []);
});

test('a saver chooses their tax band and the dashboard estimates the tax on this year’s interest', async () => {
  const email = `calc-${Date.now()}@example.com`;
  const cookie = await signUpConfirmed(env.server, { email, password: PASSWORD, firstName: 'Tariq' });
  const today = calendarDateInLondon(new Date());
  const saver = await createAccount(env.server, cookie, {
    name: 'Easy saver',
    bank: 'Halifax',
    interestRateBps: 500,
    rateType: 'AER',
    interestFrequency: 'Monthly',
    startingBalancePence: 50_000_00,
  });
  await addTransactions(env.server, cookie, saver, [{ type: 'interest', amountPence: 120_00, date: today }]);
  await createAccount(env.server, cookie, {
    name: 'Cash ISA',
    accountType: 'Cash ISA',
    bank: 'Nationwide Building Society',
    interestRateBps: 450,
    startingBalancePence: 20_000_00,
  });
  const account = {
    accountType: 'Savings',
    balancePence: 50_120_00,
    interestRateBps: 500,
    holders: 1,
    interestThisYearPence: 120_00,
  };
  const estimate = estimateSavingsTaxThisYear([account], 'higher', today);

  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const { page, errors } = await newPage(context);
  await signInToDashboard(page, env.server.base, email, PASSWORD);
  await rejectCookies(page);

  const card = page.getByRole('region', { name: 'Estimated tax on your savings interest this tax year' });
  await card.getByText('Choose your income tax band in Settings to see the tax on this interest.').waitFor();
  await card.getByText('£120.00').waitFor();
  await card.getByText('your ISA is left out', { exact: false }).waitFor();
  await card.getByRole('link', { name: 'Choose your tax band' }).click();
  await page.waitForURL('**/settings');
  await page.getByRole('radio', { name: /^Higher rate/ }).click();
  await page.getByText('Income tax band saved').waitFor();

  await page.goto(`${env.server.base}/dashboard`);
  await card.getByTestId('savings-tax-estimate').getByText(formatPence(estimate.tax!.taxPence)).waitFor();
  await card.getByText(formatPence(estimate.projectedPence)).waitFor();
  await card.getByText('as a higher rate taxpayer', { exact: false }).waitFor();

  // From the account's page, the savings calculator starts with its balance and rate.
  await page.goto(`${env.server.base}/account/${saver}`);
  await page.getByRole('link', { name: 'See how this account grows' }).click();
  await page.getByRole('heading', { level: 1, name: 'Savings calculator' }).waitFor();
  const form = savingsFormFromAccount({
    balancePence: 50_120_00,
    interestRateBps: 500,
    rateType: 'AER',
    interestFrequency: 'Monthly',
  });
  assert.equal(await page.getByLabel('Starting sum').inputValue(), form.start);
  assert.equal(await page.getByLabel('Interest rate').inputValue(), '5');
  await page.getByTestId('savings-final').getByText(expectedSavings(page).final).waitFor();
  await context.close();
  assert.deepEqual(errors, []);
});
