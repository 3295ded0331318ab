// A saver with £100,000 at Barclays adds a Tesco cash ISA through the account form, chooses its
// provider on its own page and sees its protection follow: the ISA is under Barclays Bank UK
// PLC's licence, so the two share one limit. The ISA's details appear with the spec's defaults,
// and the allowance across all the saver's ISAs this tax year counts its deposit; a maturity date
// ten days away raises the maturity alert. Axe and
// pictures in light and dark at 1280 and 375 px.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calendarDateInLondon } from '../src/core/dates/calendar-date.ts';
import { addDays } from '../src/core/dates/day-count.ts';
import { addTransactions, createAccount, signUpConfirmed } from './account-setup.ts';
import { pictureEverywhere, signedInDesktop, useServerAndBrowser, waitForToastToGo } from './fixtures.ts';

const env = useServerAndBrowser();
const PASSWORD = 'an isa journey passphrase';

test('a saver adds a Cash ISA, chooses its provider on its page and sees its protection and allowance', async () => {
  const email = `isa-${Date.now()}@example.com`;
  const cookie = await signUpConfirmed(env.server, { email, password: PASSWORD, firstName: 'Isla' });
  await createAccount(env.server, cookie, {
    name: 'Barclays saver',
    bank: 'Barclays',
    startingBalancePence: 10_000_000,
  });

  const { context, page, errors } = await signedInDesktop(env, email, PASSWORD);

  // The form asks for no bank for an ISA and says where its provider goes.
  await page.goto(`${env.server.base}/account/new`);
  await page.getByRole('form', { name: 'New account' }).waitFor();
  await page.getByLabel('Account name').fill('Tesco Cash ISA');
  await page.getByLabel('Account type').selectOption('Cash ISA');
  await page.getByText('Once the ISA is saved, choose its provider in the ISA Details card there.').waitFor();
  await page.getByLabel('Account number').fill('4321');
  await page.getByLabel('Starting balance (optional)').fill('25,000');
  await page.getByRole('button', { name: 'Add account' }).click();
  await page.getByText('Account added successfully').waitFor();
  await page.waitForURL(/\/account\/[0-9a-f-]{36}$/);
  const accountId = page.url().split('/').pop()!;
  await page.getByRole('heading', { level: 1, name: 'Tesco Cash ISA' }).waitFor();

  // A deposit this tax year uses allowance (the starting balance does not).
  const today = calendarDateInLondon(new Date());
  await addTransactions(env.server, cookie, accountId, [{ type: 'deposit', amountPence: 500_000, date: today }]);

  // The ISA Details card: the provider first; no details until it is chosen.
  const card = page.getByRole('region', { name: 'ISA Details' });
  const picker = card.getByRole('combobox', { name: 'ISA provider' });
  await picker.waitFor();
  assert.equal((await picker.textContent())?.trim(), 'Select ISA provider...');
  await card.getByText('Protection unknown', { exact: true }).first().waitFor();
  assert.equal(await card.getByLabel('ISA type').count(), 0);

  await picker.click();
  await page.getByRole('combobox', { name: 'Search ISA providers' }).fill('Tesco');
  await page.getByRole('option', { name: /^Tesco Personal Finance plc/ }).click();
  await page.getByText('ISA provider updated successfully').waitFor();
  await waitForToastToGo(page, 'ISA provider updated successfully');

  // Protection follows the provider: £130,000 under one licence (£100,000 + £25,000 + £5,000), £10,000 over the £120,000 limit.
  await card.getByText('£10,000.00 not protected').waitFor();
  await card
    .getByText(
      '£120,000 protection per banking licence: this cash ISA shares one limit with all your other money at Barclays Bank UK PLC.',
    )
    .waitFor();
  await page.getByText('Tesco Personal Finance plc · Cash ISA').waitFor();

  // The details, with the spec's defaults.
  assert.equal(await card.getByLabel('ISA type').inputValue(), 'cash');
  assert.equal(await card.getByLabel('Funding type').inputValue(), 'new_subscription');
  assert.equal(await card.getByLabel('Planned annual contribution').inputValue(), '0.00');
  assert.equal(await card.getByLabel('Beneficial owner').inputValue(), 'you');
  assert.equal(await card.getByRole('switch', { name: 'Flexible ISA' }).getAttribute('aria-checked'), 'false');

  // The allowance across all ISAs this tax year: the £5,000 deposit, explained.
  const allowance = card.getByRole('region', { name: /^ISA allowance \d{4}\/\d{2}$/ });
  await allowance.waitFor();
  await allowance.getByText('£15,000.00 is left to pay in by', { exact: false }).first().waitFor();
  await card.getByRole('switch', { name: 'Flexible ISA' }).click();
  await page.getByText('ISA details updated successfully').waitFor();
  await waitForToastToGo(page, 'ISA details updated successfully');
  await allowance.getByText('How these figures are worked out').click();
  await allowance.getByText('You have used £5,000.00 of your ISA allowance: £5,000.00 into Tesco Cash ISA.').waitFor();

  // A fixed rate ending in ten days: the maturity alert shows on the card.
  const maturity = addDays(today, 10);
  const [year, month, day] = maturity.split('-');
  await card.getByRole('textbox', { name: 'Maturity date' }).fill(`${day}/${month}/${year}`);
  await card.getByRole('textbox', { name: 'Maturity date' }).press('Enter');
  await page.getByText('ISA details updated successfully').waitFor();
  await waitForToastToGo(page, 'ISA details updated successfully');
  await card.getByText('Tesco Cash ISA matures in 10 days').waitFor();

  await card.scrollIntoViewIfNeeded();
  await pictureEverywhere(page, 'isa-01-account-page');

  // The accounts list agrees: both accounts under the shared licence, its £10,000 said once.
  await page.goto(`${env.server.base}/accounts`);
  const table = page.getByRole('table', { name: 'Your accounts, in the order you added them' });
  await table.waitFor();
  assert.equal(await table.getByText('£10,000.00 not protected').count(), 1);
  assert.equal(await table.getByText('Over the shared limit').count(), 2);

  assert.deepEqual(errors, []);
  await context.close();
});
