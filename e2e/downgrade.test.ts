import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addTransactions, createAccount, signUpConfirmed, useJourneyServerAndBrowser } from './account-setup.ts';
import {
  checkAndPicture,
  keepPicture,
  pictureDialogEverywhere,
  pictureEverywhere,
  signedInDesktop,
} from './fixtures.ts';

// The downgrade wizard (issue 17, part 2): a saver paying for Big Pig (test mode's checkout) with
// five accounts moves to Piglet from Settings, keeping three; the other two are archived, and come
// back with everything when they move up to Big Pig again.
const env = useJourneyServerAndBrowser();
const PASSWORD = 'a saver’s passphrase';

const desktop = (page: Parameters<typeof checkAndPicture>[0], name: string) =>
  checkAndPicture(page, name, { widths: [1280], schemes: ['light'] });

test('downgrade to Piglet keeping three accounts, then all five back on an upgrade', async () => {
  const stamp = Date.now();
  const saver = `downgrade-${stamp}@example.com`;
  const cookie = await signUpConfirmed(env.server, { email: saver, password: PASSWORD, firstName: 'Dora' });
  const post = (pathname: string, body?: unknown) =>
    fetch(`${env.server.base}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: env.server.base, cookie },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  // Big Pig, paid monthly through test mode's checkout (the checkout journey clicks through it).
  const checkout = await post('/api/billing/checkout', { tier: 'bigpig', cycle: 'monthly' });
  assert.equal(checkout.status, 200, await checkout.clone().text());
  const { url } = (await checkout.json()) as { url: string };
  const paid = await post(`/api/billing/test-checkout/${url.split('/subscription/test-checkout/')[1]}/pay`);
  assert.equal(paid.status, 200, await paid.text());
  const accounts: Record<string, string> = {};
  for (const [name, pence] of [
    ['Everyday saver', 60_000_00],
    ['Rainy day pot', 45_000_00],
    ['Holiday fund', 12_000_00],
    ['Old bond', 500_00],
    ['Spare account', 0],
  ] as const) {
    accounts[name] = await createAccount(env.server, cookie, { name, startingBalancePence: pence });
  }
  await addTransactions(
    env.server,
    cookie,
    accounts['Old bond']!,
    Array.from({ length: 12 }, (_, i) => ({ type: 'deposit', amountPence: 100, date: '2026-06-01', notes: `#${i}` })),
  );

  // A standing order on the holiday fund: the wizard keeps it whatever its score.
  const order = await post(`/api/accounts/${accounts['Holiday fund']}/standing-orders`, {
    amountPence: 100_00,
    frequency: 'monthly',
    startDate: '2026-03-10',
  });
  assert.equal(order.status, 201, await order.text());

  // Settings → Subscription: Piglet allows three accounts, so choosing it opens the wizard.
  const { context, page, errors } = await signedInDesktop(env, saver, PASSWORD);
  await page.goto(`${env.server.base}/settings?tab=subscription`);
  await page.getByRole('button', { name: 'Switch to Piglet' }).click();
  await page.waitForURL((u) => u.pathname === '/subscription/downgrade' && u.search === '?tier=piglet');
  await page.getByRole('heading', { level: 1, name: 'Change to Piglet' }).waitFor();

  // Analysis: a card per account, highest balance first, with its score, badge and reason.
  const cards = page.getByTestId('analysis-card');
  await cards.nth(4).waitFor();
  assert.deepEqual(
    (await cards.locator('h3').allTextContents()).map((t) => t.trim()),
    ['Everyday saver', 'Rainy day pot', 'Holiday fund', 'Old bond', 'Spare account'],
  );
  await cards.first().getByText('Consider removing').waitFor();
  await cards.nth(2).getByText('Keep', { exact: true }).waitFor();
  await cards.nth(2).getByText('Has standing orders, which stop running while the account is archived').waitFor();
  await cards.nth(4).getByText('Little activity (score 0 of 100): the safest to archive').waitFor();
  await desktop(page, 'downgrade-01-analysis');
  await checkAndPicture(page, 'downgrade-01-analysis', { widths: [375], schemes: ['dark'] });
  await page.getByRole('button', { name: 'Continue' }).click();

  // Selection: the one to keep is ticked; tick two more, then a fourth is refused.
  await page.getByRole('heading', { name: 'Choose the accounts to keep' }).waitFor();
  const box = (name: string) => page.getByRole('checkbox', { name: new RegExp(`^${name}`) });
  assert.equal(await box('Holiday fund').isChecked(), true);
  assert.equal(await box('Everyday saver').isChecked(), false);
  await box('Everyday saver').check();
  await box('Rainy day pot').check();
  await page.getByText('3 of 3 selected. The others will be archived.').waitFor();
  await box('Old bond').click();
  await page.getByText('Too many selected!').waitFor();
  assert.equal(await box('Old bond').isChecked(), false);
  await desktop(page, 'downgrade-02-selection');
  // Back to the analysis and forward again keeps the choice.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('heading', { name: 'How you use your accounts' }).waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  assert.equal(await box('Rainy day pot').isChecked(), true);
  await page.getByRole('button', { name: 'Continue' }).click();

  // Confirmation: the money of the change first, as Settings says it (issue 25). Big Pig monthly
  // (£9.99) was paid moments ago, so nearly all of it comes back, and Piglet (£2.99) is charged for
  // nearly the whole month: the pence depend on the second, the words and the price do not.
  await page.getByRole('heading', { name: 'Confirm your change to Piglet' }).waitFor();
  const money = page.getByRole('region', { name: 'What the change costs, and when it is charged' });
  const downgradeFigures = money.getByTestId('plan-change-figures');
  await downgradeFigures.getByText('Piglet costs £2.99 a month.').waitFor();
  const said = await downgradeFigures.innerText();
  const amount = /£\d+\.\d{2}/.source;
  const day = /\d{1,2} [A-Z][a-z]+ \d{4}/.source;
  assert.match(
    said,
    new RegExp(
      `The change starts now\\. For the rest of this period you are credited (${amount}) for what is left of your current plan and charged (${amount}) for the new plan: (${amount}) comes off your next invoice, on (${day})\\. Nothing is refunded to your card: the credit is used up by your next payments\\.`,
    ),
  );
  assert.match(said, new RegExp(`From ${day} you pay £2\\.99 a month\\.`));
  // The net is the credit less the charge, in whole pence; the credit is at most the £9.99 paid.
  const [, credit, charge, net] = (
    said.match(new RegExp(`credited (${amount}).*charged (${amount}).*: (${amount})`)) ?? []
  ).map((text) => Math.round(Number(text.replace('£', '')) * 100));
  assert.ok(credit !== undefined && charge !== undefined && net !== undefined, said);
  assert.equal(net, credit - charge);
  assert.ok(credit <= 999 && credit > 900 && charge <= 299 && charge > 250, said);
  const confirm = page.getByRole('button', { name: 'Confirm downgrade' });
  assert.equal(await confirm.isDisabled(), true);
  await page.getByRole('checkbox', { name: /the 2 accounts I did not keep/ }).check();
  await page.getByRole('checkbox', { name: /archived, not deleted/ }).check();
  assert.equal(await confirm.isDisabled(), true);
  await page.getByRole('checkbox', { name: 'I want to change to the Piglet plan.' }).check();
  assert.equal(await confirm.isEnabled(), true);
  await pictureEverywhere(page, 'downgrade-03-confirmation');
  await confirm.click();

  // Processing for 3 s after the call, then complete; Finish goes to /.
  await page.getByRole('heading', { name: 'Changing your plan…' }).waitFor();
  await keepPicture(page, 'downgrade-04-processing-1280-light.png', { fullPage: true });
  await page.getByText('Your accounts are ready for Piglet').waitFor({ timeout: 10_000 });
  await desktop(page, 'downgrade-05-complete');
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/dashboard');

  // The accounts list shows the three kept; the two archived wait, collapsed, with Restore.
  await page.goto(`${env.server.base}/accounts`);
  const archived = page.getByTestId('archived-accounts');
  await archived.getByText('Archived accounts (2)').waitFor();
  const table = page.getByRole('table');
  await table.getByText('Everyday saver').waitFor();
  assert.equal(await table.getByText('Old bond').count(), 0);
  assert.equal(await table.getByText('Spare account').count(), 0);
  await archived.getByText('Archived accounts (2)').click();
  await archived.getByRole('button', { name: 'Restore Old bond' }).waitFor();
  await desktop(page, 'downgrade-06-accounts-archived');
  // An archived account's own link says it is archived, not missing, and how to bring it back.
  await page.goto(`${env.server.base}/account/${accounts['Old bond']}`);
  await page.getByRole('heading', { level: 1, name: 'Old bond is archived' }).waitFor();
  await page.getByText('Restore it here or from Archived accounts on your Accounts page').waitFor();
  await page.getByRole('button', { name: 'Restore Old bond' }).waitFor();
  await pictureEverywhere(page, 'downgrade-07-archived-account');
  const listed = await page.request.get(`${env.server.base}/api/accounts`);
  assert.equal(((await listed.json()) as { accounts: unknown[] }).accounts.length, 3);

  const tierNow = async () =>
    ((await (await page.request.get(`${env.server.base}/api/subscription`)).json()) as { tier: string }).tier;
  assert.equal(await tierNow(), 'piglet');

  // Back up to Big Pig from Settings: the paid plan changes, and all five come back, the bond with
  // its transactions.
  await page.goto(`${env.server.base}/settings?tab=subscription`);
  // The change says its price and what it adds to the next invoice before it is made.
  await page.getByRole('button', { name: 'Switch to Big Pig' }).click();
  const confirmChange = page.getByRole('dialog', { name: 'Switch to Big Pig (monthly)?' });
  const figures = confirmChange.getByTestId('plan-change-figures');
  await figures.getByText('Big Pig costs £9.99 a month.').waitFor();
  assert.match(await figures.innerText(), /is added to your next invoice, on \d{1,2} \w+ \d{4}\./);
  await pictureDialogEverywhere(page, 'downgrade-upgrade-confirm');
  await confirmChange.getByRole('button', { name: 'Confirm change' }).click();
  await page.getByText('Your plan is now Big Pig (monthly).').waitFor();
  assert.equal(await tierNow(), 'bigpig');
  await page.goto(`${env.server.base}/accounts`);
  await table.getByText('Old bond').waitFor();
  await table.getByText('Spare account').waitFor();
  assert.equal(await page.getByTestId('archived-accounts').count(), 0);
  const bond = (await (
    await page.request.get(`${env.server.base}/api/transactions?accountId=${accounts['Old bond']}`)
  ).json()) as { total: number };
  assert.equal(bond.total, 13);

  await context.close();
  assert.deepEqual(errors, []);
});
