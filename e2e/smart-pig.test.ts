import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createAccount, signUpConfirmed } from './account-setup.ts';
import {
  assertAccessible,
  checkAndPicture,
  newPage,
  pictureDialogEverywhere,
  pictureEverywhere,
  rejectCookies,
  signInToDashboard,
  useServerAndBrowser,
} from './fixtures.ts';

const env = useServerAndBrowser();
const PASSWORD = 'a saver’s passphrase';

test('Smart Pig moves what is over the limit at Halifax and Bank of Scotland to a licence with room, shows the steps, and the simulator shows the alert clear', async () => {
  const email = `smart-pig-${Date.now()}@example.com`;
  const cookie = await signUpConfirmed(env.server, { email, password: PASSWORD, firstName: 'Priya' });
  for (const [name, bank, pence, rate] of [
    ['Halifax saver', 'Halifax', 70_000_00, 300],
    ['Bank of Scotland saver', 'Bank of Scotland', 70_000_00, 250],
    ['Nationwide saver', 'Nationwide Building Society', 50_000_00, 400],
  ] as const)
    await createAccount(env.server, cookie, { name, bank, startingBalancePence: pence, interestRateBps: rate });

  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const { page, errors } = await newPage(context);
  await signInToDashboard(page, env.server.base, email, PASSWORD);
  await rejectCookies(page);

  // The header's Smart Pig link (Big Pig, and everyone is on the trial).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Smart Pig' }).click();
  await page.waitForURL('**/smart-pig');
  const metrics = page.getByRole('region', { name: 'Your figures' });
  await metrics.getByText('£20,000.00').waitFor();
  await metrics.getByText('£190,000.00').waitFor();

  // £20,000 over the £120,000 limit leaves Bank of Scotland plc for Nationwide (£70,000 of room),
  // and, as Nationwide pays more, Bank of Scotland's other £50,000 on the same card: one card per move.
  const move = page.getByRole('article', { name: 'Move £70,000.00 to Nationwide saver' });
  await move.getByText('High priority').waitFor();
  await move.getByText('Protection', { exact: true }).waitFor();
  await move.getByText('External transfer').waitFor();
  await move.getByText(/Room at Nationwide Building Society before this move: £70,000.00/).waitFor();
  await move.getByText(/within its £120,000 limit/).waitFor();
  await pictureEverywhere(page, 'smart-pig');

  // See Steps, from the keyboard.
  await move.getByRole('button', { name: 'See Steps' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Move £70,000.00 to Nationwide saver' });
  await dialog.getByText('SavvyPig never moves money: you make this transfer yourself, with your bank.').waitFor();
  await pictureDialogEverywhere(page, 'smart-pig-steps');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  // The simulator: nothing happens for £0; the recommendation's move clears the alert.
  const amount = page.getByRole('textbox', { name: 'If I add' });
  await amount.fill('0');
  await page.getByRole('button', { name: 'Show what would happen' }).click();
  await page.getByText('Enter an amount of more than £0').waitFor();
  await move.getByRole('button', { name: 'Try it in the simulator' }).click();
  const result = page.getByRole('region', { name: /If you move £70,000.00 from .* to Nationwide saver/ });
  await result.getByText('Alert clears: £20,000.00 over the limit at Bank of Scotland plc').waitFor();
  await result.getByText('Fully protected').waitFor();
  assert.equal(await page.getByText('Enter an amount of more than £0').count(), 0);
  await pictureEverywhere(page, 'smart-pig-what-if');

  // Nothing was saved: the recommendation is still there after a reload.
  await page.reload();
  await move.waitFor();

  // A preference saved on the server: without full FSCS cover, no protection move. The same
  // £70,000 is still worth moving for Nationwide's better rate: one card, now a Better rate one.
  await page.getByRole('switch', { name: 'Keep full FSCS cover' }).click();
  await move.getByText('Better rate', { exact: true }).waitFor();
  assert.equal(await move.getByText('Protection', { exact: true }).count(), 0);
  await page.reload();
  assert.equal(await page.getByRole('switch', { name: 'Keep full FSCS cover' }).getAttribute('aria-checked'), 'false');
  await page.getByRole('switch', { name: 'Keep full FSCS cover' }).click();
  await move.getByText('Protection', { exact: true }).waitFor();

  // The printed checklist.
  await page.emulateMedia({ media: 'print' });
  const printed = page.locator('[data-print-summary]');
  await printed.getByRole('heading', { name: 'Smart Pig checklist' }).waitFor();
  await printed.getByText('Move £70,000.00 to Nationwide saver').waitFor();
  assert.equal(await page.getByRole('banner').isVisible(), false, 'no header on paper');
  await assertAccessible(page, 'the printed checklist');
  await checkAndPicture(page, 'smart-pig-print', { schemes: ['light'] });
  await page.emulateMedia({ media: 'screen' });

  assert.deepEqual(errors, []);
  await context.close();
});
