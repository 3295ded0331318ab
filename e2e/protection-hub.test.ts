import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calendarDateInLondon } from '../src/core/dates/calendar-date.ts';
import { addTransactions, createSharedLicenceSaver, signUpConfirmed } from './account-setup.ts';
import {
  assertAccessible,
  newPage,
  pictureEverywhere,
  rejectCookies,
  screenshot,
  signInToDashboard,
  useServerAndBrowser,
} from './fixtures.ts';

const env = useServerAndBrowser();
const PASSWORD = 'a saver’s passphrase';

test('the Protection Hub shows one licence £20,000 at risk, hides a dismissed alert until a pound more brings it back, and prints the same figures', async () => {
  const email = `hub-${Date.now()}@example.com`;
  const cookie = await signUpConfirmed(env.server, { email, password: PASSWORD, firstName: 'Priya' });
  const halifax = await createSharedLicenceSaver(env.server, cookie);

  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const { page, errors } = await newPage(context);
  await signInToDashboard(page, env.server.base, email, PASSWORD);
  await rejectCookies(page);

  // The header's Protection link (Big Pig, and everyone is on the trial).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Protection' }).click();
  await page.waitForURL('**/protection');
  const summary = page.getByRole('region', { name: 'Summary' });
  await summary.getByText('£20,000.00').waitFor();
  await summary.getByText('£180,000.00').waitFor();
  const bos = page.getByRole('article', { name: 'Bank of Scotland plc' });
  await bos.getByText('£20,000.00 not protected').waitFor();
  await bos.getByText(/Halifax and Bank of Scotland are brands of Bank of Scotland plc/).waitFor();
  await page.getByRole('article', { name: 'Nationwide Building Society' }).getByText('Fully protected').waitFor();
  await page.getByRole('article', { name: 'NS&I' }).getByText('Backed by HM Treasury', { exact: true }).waitFor();
  assert.equal(await page.getByText(/£40,000/).count(), 0, 'the £20,000 over the limit is never counted twice');
  await pictureEverywhere(page, 'protection-hub');

  // The printed summary shows the same figures, black on white in either theme.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ media: 'print', colorScheme });
    const printed = page.locator('[data-print-summary]');
    await printed.getByRole('heading', { name: 'Deposit protection summary' }).waitFor();
    await printed.getByText(/FSCS deposit protection: £120,000 per person per banking licence/).waitFor();
    const row = printed.getByRole('row', { name: /Bank of Scotland plc \(FRN 169628\)/ });
    assert.deepEqual(await row.getByRole('cell').evaluateAll((cells) => cells.slice(1).map((c) => c.textContent)), [
      '£140,000.00',
      '£120,000.00',
      '£20,000.00',
    ]);
    assert.equal(await page.getByRole('heading', { name: 'Protection Hub' }).isVisible(), false);
    assert.equal(await page.getByRole('banner').isVisible(), false, 'no header on paper');
    await assertAccessible(page, `the printed summary (${colorScheme})`);
    await screenshot(page, `protection-hub-print-${colorScheme}`);
  }
  await page.emulateMedia({ media: 'screen', colorScheme: 'light' });

  // Dismissed from the keyboard, the alert goes and focus lands on the alerts heading.
  const title = '£20,000.00 over the limit at Bank of Scotland plc';
  await page.getByRole('button', { name: `Dismiss for 7 days: ${title}` }).focus();
  await page.keyboard.press('Enter');
  await page.getByText(title).waitFor({ state: 'detached' });
  await page.getByText('1 dismissed alert is hidden until').waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Alerts');
  await page.reload();
  await page.getByText('1 dismissed alert is hidden until').waitFor();

  // A pound more at that licence changes its figures: the alert is back (the open page hears of it).
  const today = calendarDateInLondon(new Date());
  await addTransactions(env.server, cookie, halifax, [{ type: 'deposit', amountPence: 1_00, date: today }]);
  await page.getByText('£20,001.00 over the limit at Bank of Scotland plc').waitFor({ timeout: 10_000 });
  await assertAccessible(page, 'the hub with its alert back');
  assert.deepEqual(errors, []);
  await context.close();
});
