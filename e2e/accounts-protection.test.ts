/**
 * Issue 14 on /accounts and the account page: Halifax £70,000 + Bank of Scotland £70,000 +
 * Nationwide £50,000 + NS&I £10,000 shows one licence £20,000 at risk, said once (never £40,000),
 * Nationwide fully protected and NS&I backed by HM Treasury; the Halifax page's Protection card
 * names Bank of Scotland as sharing the licence, £140,000 against its limit. Axe clean, no
 * sideways scrolling, pictured at 375 and 1280 px in both themes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createSharedLicenceSaver, signUpConfirmed } from './account-setup.ts';
import {
  checkAndPicture,
  newPage,
  pictureEverywhere,
  rejectCookies,
  signInToDashboard,
  useServerAndBrowser,
} from './fixtures.ts';

const env = useServerAndBrowser();
const PASSWORD = 'a saver’s passphrase';

test('/accounts and the Halifax account page say one licence £20,000 at risk, once', async () => {
  const email = `accounts-protection-${Date.now()}@example.com`;
  const cookie = await signUpConfirmed(env.server, { email, password: PASSWORD, firstName: 'Priya' });
  const halifax = await createSharedLicenceSaver(env.server, cookie);

  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const { page, errors } = await newPage(context);
  await signInToDashboard(page, env.server.base, email, PASSWORD);
  await rejectCookies(page);

  await page.goto(`${env.server.base}/accounts`);
  const money = page.getByRole('region', { name: 'Your money' });
  await money.getByText('£200,000.00', { exact: true }).waitFor();
  await money.getByText('£180,000.00', { exact: true }).waitFor();
  await money.getByText('£20,000.00', { exact: true }).waitFor();
  const table = page.getByRole('table');
  const licence = table.getByRole('rowgroup').filter({ hasText: 'Bank of Scotland plc' });
  await licence.getByText('£20,000.00 not protected').waitFor();
  assert.equal(await table.getByText(/£20,000\.00/).count(), 1, 'the licence’s £20,000 is said once in the table');
  assert.equal(await licence.getByText('Over the shared limit').count(), 2);
  await table
    .getByRole('row', { name: /Nationwide saver/ })
    .getByText('Fully protected')
    .waitFor();
  await table
    .getByRole('row', { name: /Premium Bonds/ })
    .getByText('Government backed')
    .waitFor();
  assert.equal(await page.getByText(/£40,000/).count(), 0, 'the £20,000 over the limit is never counted twice');
  await pictureEverywhere(page, 'accounts-protection');
  // On a phone the licence is a section of the list, and still says £20,000 once.
  await page.setViewportSize({ width: 375, height: 800 });
  const cards = page.getByRole('list', { name: 'Your accounts' });
  await cards.getByRole('region', { name: 'Bank of Scotland plc' }).waitFor();
  assert.equal(await cards.getByText(/£20,000\.00/).count(), 1);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The Halifax account page's Protection card.
  await table.getByRole('link', { name: 'Halifax saver', exact: true }).click();
  await page.waitForURL(`**/account/${halifax}`);
  const card = page.getByRole('region', { name: 'Protection' });
  await card.getByRole('heading', { name: 'Bank of Scotland plc' }).waitFor();
  await card.getByRole('link', { name: 'Bank of Scotland saver' }).waitFor();
  await card.getByText('116.7% of the £120,000 deposit limit per person.').waitFor();
  await card.getByText('£140,000.00').waitFor();
  await card.getByText('£20,000.00 not protected').waitFor();
  assert.equal(await card.getByRole('link', { name: /Protection Hub/ }).getAttribute('href'), '/protection');
  await pictureEverywhere(page, 'account-page-protection');
  await checkAndPicture(page, 'account-page-protection-card', { widths: [1280, 375], of: card });
  assert.deepEqual(errors, []);
  await context.close();
});
