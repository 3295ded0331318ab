// Big Pig's calculators (issue 29): a Big Pig saver opens the maturity calculator from a bond's
// page with the bond's terms, changes a rate, and the address brings it all back after a reload;
// opens the pension calculator from a pension's page; a Piglet saver is offered the upgrade instead.
// At 375 px, by keyboard, and axe clean.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import { createAccount, signUpConfirmed, useJourneyServerAndBrowser } from './account-setup.ts';
import { newPage, pictureEverywhere, rejectCookies, signInToDashboard } from './fixtures.ts';

const env = useJourneyServerAndBrowser();
const PASSWORD = 'a calculating passphrase';

const bondFields = {
  name: 'Two-year bond',
  bank: 'Bank of Scotland',
  accountType: 'Bond',
  accountNumber: '33334444',
  interestRateBps: 450,
  rateType: 'AER',
  interestFrequency: 'At Maturity',
  hasRenewalOption: true,
  renewalRateBps: 350,
  dateOpened: '2026-06-01',
  termLengthValue: 12,
  termLengthUnit: 'months',
  startingBalancePence: 20_000_00,
  startingBalanceDate: '2026-06-01',
};

test('a Big Pig saver works out a bond and a pension from their pages; a Piglet is offered the upgrade', async () => {
  const stamp = Date.now();
  const bella = `bella-${stamp}@example.com`;
  const percy = `percy-${stamp}@example.com`;
  const bellaCookie = await signUpConfirmed(env.server, { email: bella, password: PASSWORD, firstName: 'Bella' });
  const percyCookie = await signUpConfirmed(env.server, { email: percy, password: PASSWORD, firstName: 'Percy' });
  const bond = await createAccount(env.server, bellaCookie, bondFields);
  const pension = await createAccount(env.server, bellaCookie, {
    name: 'Bella pension',
    accountType: 'Personal Pension',
    bankId: null,
    startingBalancePence: 40_000_00,
  });
  const percyBond = await createAccount(env.server, percyCookie, bondFields);
  // Percy pays for Piglet (what the card provider would do).
  await env.server.withDatabaseOffline(async ({ db }) => {
    await db.execute(sql`update subscriptions s set payment_status = 'active', tier = 'piglet', is_active = true,
      trial_expires_at = now() - interval '1 day' from "user" u where u.id = s.user_id and u.email = ${percy}`);
  });

  const context = await env.browser.newContext({ viewport: { width: 375, height: 800 }, locale: 'en-GB' });
  const { page, errors } = await newPage(context);
  await signInToDashboard(page, env.server.base, bella, PASSWORD);
  await rejectCookies(page);

  // The bond's page: its maturity note opens the calculator with its terms, by keyboard.
  await page.goto(`${env.server.base}/account/${bond}`);
  const open = page.getByRole('link', { name: 'What it pays at maturity' });
  await open.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/calculators\/maturity\?/);
  // £20,000 at 4.50% AER, interest at maturity, 1 Jun 2026 to 1 Jun 2027 (365 days): £900.00.
  await page.getByRole('heading', { level: 1, name: 'Maturity calculator' }).waitFor();
  assert.equal(await page.getByTestId('maturity-value').textContent(), '£20,900.00');
  assert.equal(await page.getByTestId('maturity-interest').textContent(), '£900.00');

  // The best rate elsewhere: 20,900 × 4.6% = £961.40 against renewing at 3.5%, £731.50.
  const elsewhere = page.getByRole('textbox', { name: 'Rate elsewhere (optional)' });
  await elsewhere.fill('4.6');
  await page.getByTestId('on-the-day').getByText('Moving earns £229.90 more in a year.').waitFor();
  // A wrong rate is said in words, at its field.
  const rate = page.getByRole('textbox', { name: 'Interest rate', exact: true });
  await rate.fill('4.555');
  await page.getByText('Enter the interest rate with at most 2 decimal places').waitFor();
  await rate.fill('4.5');
  await page.getByTestId('maturity-value').getByText('£20,900.00').waitFor();

  // The address holds it all: a reload brings the same calculation back.
  await page.reload();
  await page.getByTestId('on-the-day').getByText('Moving earns £229.90 more in a year.').waitFor();
  assert.equal(await elsewhere.inputValue(), '4.6');
  await pictureEverywhere(page, 'calculators-maturity');

  // The pension's page opens the pension calculator with its pot; the age is asked for.
  await page.goto(`${env.server.base}/account/${pension}`);
  await page.getByRole('link', { name: 'Pension calculator' }).click();
  await page.waitForURL(/\/calculators\/pension\?/);
  await page.getByText('Enter your age to see how your pension could grow.').waitFor();
  assert.equal(await page.getByText('Enter your age as a whole number from 16 to 99').count(), 0);
  assert.equal(await page.getByRole('textbox', { name: 'Pension today' }).inputValue(), '40000.00');
  await page.getByRole('textbox', { name: 'Your age' }).fill('45');
  await page.getByTestId('pension-pot').waitFor();
  await page
    .getByTestId('allowance')
    .getByText(/Your pension annual allowance for/)
    .waitFor();
  await pictureEverywhere(page, 'calculators-pension');
  await context.close();

  // Percy, on Piglet, follows his bond's link and is offered Big Pig instead.
  const piglet = await env.browser.newContext({ viewport: { width: 375, height: 800 }, locale: 'en-GB' });
  const percyPage = await newPage(piglet);
  await signInToDashboard(percyPage.page, env.server.base, percy, PASSWORD);
  await rejectCookies(percyPage.page);
  await percyPage.page.goto(`${env.server.base}/account/${percyBond}`);
  await percyPage.page.getByRole('link', { name: 'What it pays at maturity' }).click();
  const banner = percyPage.page.getByRole('region', {
    name: 'The maturity calculator requires Big Pig tier or higher',
  });
  await banner.getByRole('link', { name: 'See the Big Pig plan' }).waitFor();
  await piglet.close();
  assert.deepEqual([...errors, ...percyPage.errors], []);
});
