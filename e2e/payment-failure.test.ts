import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import { signUpConfirmed, useJourneyServerAndBrowser } from './account-setup.ts';
import { checkAndPicture, newPage, pictureEverywhere, rejectCookies, signInToDashboard } from './fixtures.ts';

// Payment failure (issue 17 part 2): a saver whose payment failed two days ago sees the 'Payment
// Issue Detected' banner with 5 days of grace left, a Big Pig page dimmed and out of keyboard
// reach, Payment Failed in the bell with no dismiss button, and their plan in Settings.
const env = useJourneyServerAndBrowser();
const PASSWORD = 'a saver’s passphrase';

test('a failed payment shows the banner, dims a Big Pig page, and stays in the bell', async () => {
  const email = `past-due-${Date.now()}@example.com`;
  await signUpConfirmed(env.server, { email, password: PASSWORD, firstName: 'Pip' });

  // What the card provider's webhooks would have written: Big Pig, monthly, the payment two days overdue.
  await env.server.withDatabaseOffline(async ({ db }) => {
    await db.execute(sql`update subscriptions s set payment_status = 'past_due', tier = 'bigpig',
      trial_tier = null, trial_expires_at = null, billing_cycle = 'monthly',
      current_period_end = now() + interval '28 days', last_payment_failure_at = now() - interval '2 days',
      payment_failure_count = 1
      from "user" u where u.id = s.user_id and u.email = ${email}`);
  });

  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const { page, errors } = await newPage(context);
  await signInToDashboard(page, env.server.base, email, PASSWORD);
  await rejectCookies(page);

  const banner = page.getByRole('region', { name: 'Payment Issue Detected' });
  await banner.getByText('Your payment failed. You have 5 days left in your grace period.').waitFor();
  await banner.getByRole('button', { name: /Update Payment Method/ }).waitFor();
  await banner.getByRole('button', { name: /Retry Payment/ }).waitFor();
  await pictureEverywhere(page, 'payment-failure-banner');

  // Smart Pig, a Big Pig page: dimmed, inert, with the prompt above it.
  await page.goto(`${env.server.base}/smart-pig`);
  const prompt = page.getByRole('region', { name: 'Update your payment method to use this page' });
  await prompt.getByText('You have 5 days left in your grace period.').waitFor();
  const dimmed = page.getByTestId('grace-dimmed');
  await dimmed.waitFor();
  assert.equal(await dimmed.evaluate((el) => el.hasAttribute('inert')), true);
  // Tabbing through the whole page never lands inside the dimmed content.
  await page.locator('body').focus();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const inside = await page.evaluate(() => document.activeElement?.closest('[inert]') !== null);
    assert.equal(inside, false, `Tab ${i + 1} reached the dimmed page`);
  }
  await pictureEverywhere(page, 'payment-failure-dimmed');

  // The bell: Payment Failed, with its action and no dismiss button.
  await page.getByRole('button', { name: /^Notifications, \d+ new$/ }).click();
  const dropdown = page.getByRole('dialog', { name: 'Notifications' });
  await dropdown.getByText('Your payment failed. You have 5 days left in your grace period.').waitFor();
  await dropdown.getByRole('link', { name: 'Update Payment Method: Payment Failed' }).waitFor();
  assert.equal(await dropdown.getByRole('button', { name: 'Dismiss: Payment Failed' }).count(), 0);
  await checkAndPicture(page, 'payment-failure-bell', { of: 'window' });

  // Its action leads to Settings → Subscription, which shows the plan.
  await dropdown.getByRole('link', { name: 'Update Payment Method: Payment Failed' }).click();
  await page.waitForURL((url) => url.pathname === '/settings' && url.searchParams.get('tab') === 'subscription');
  await page.getByRole('tab', { name: 'Subscription', selected: true }).waitFor();
  const plan = page.getByRole('region', { name: 'Your plan' });
  await plan.getByText('Big Pig', { exact: true }).waitFor();
  await plan.getByText('Past due').waitFor();
  await plan.getByText('Monthly').waitFor();
  await pictureEverywhere(page, 'payment-failure-settings');

  assert.deepEqual(errors, []);
  await context.close();
});
