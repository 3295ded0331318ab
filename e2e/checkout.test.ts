import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import { signUpConfirmed, useJourneyServerAndBrowser } from './account-setup.ts';
import { login, pageGatheringErrors, pictureEverywhere, rejectCookies, signInToDashboard } from './fixtures.ts';

// Card payments (issue 17 part 2) in test mode, the server having no Stripe keys: checkout opens
// the local TEST MODE page, whose Pay sends Stripe-shaped, signed events through the webhook path.
const env = useJourneyServerAndBrowser();
const PASSWORD = 'a saver’s passphrase';

test('a trial user pays for Big Pig annually and opens the Protection Hub; a trial-ended user pays for Piglet and gets in', async () => {
  const stamp = Date.now();
  const trialing = `pay-bigpig-${stamp}@example.com`;
  const ended = `pay-piglet-${stamp}@example.com`;
  await signUpConfirmed(env.server, { email: trialing, password: PASSWORD, firstName: 'Bea' });
  await signUpConfirmed(env.server, { email: ended, password: PASSWORD, firstName: 'Pip' });
  await env.server.withDatabaseOffline(async ({ db }) => {
    await db.execute(sql`update subscriptions s set trial_expires_at = now() - interval '1 day'
      from "user" u where u.id = s.user_id and u.email = ${ended}`);
  });

  const errors: string[] = [];
  let context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  let page = await pageGatheringErrors(context, errors);

  // Bea, trialing: /subscribe → Big Pig, annual → the test checkout.
  await signInToDashboard(page, env.server.base, trialing, PASSWORD);
  await rejectCookies(page);
  await page.goto(`${env.server.base}/subscribe`);
  const bigPig = page.getByRole('group', { name: 'Big Pig' });
  await bigPig.getByRole('button', { name: 'Selected' }).waitFor();
  await page.getByRole('tab', { name: /Annual/ }).click();
  await bigPig.getByText('£99.99').waitFor();
  await page.getByText('TEST MODE — no card is charged. Checkout opens a local test page instead of Stripe.').waitFor();
  await page.getByText('Secure checkout powered by Stripe').waitFor();
  await page.getByRole('button', { name: 'Continue to Checkout' }).click();
  await page.waitForURL('**/subscription/test-checkout/**');
  await page.getByRole('heading', { name: 'Big Pig plan' }).waitFor();
  await page.getByText('TEST MODE — no card is charged').first().waitFor();
  await page.getByText('Subscribe, billed annually.').waitFor();
  assert.equal(await page.getByTestId('amount-due').textContent(), '£99.99');
  await pictureEverywhere(page, 'checkout-test-mode');

  // The checkout outlives a server restart: its id is signed, nothing is kept in memory.
  const checkoutPath = new URL(page.url()).pathname;
  await page.goto('about:blank'); // nothing polls the server while it is down
  await env.server.withDatabaseOffline(async () => {});
  await page.goto(`${env.server.base}${checkoutPath}`);
  await page.getByRole('button', { name: 'Pay (test)' }).click();
  await page.waitForURL('**/subscription/success');
  await page.getByText('Your Big Pig plan is active, billed annually.').waitFor();
  await pictureEverywhere(page, 'checkout-success');
  // 'Manage Subscription' in test mode: the stand-in for the billing portal, not Settings again.
  await page.goto(`${env.server.base}/settings?tab=subscription`);
  const [manage] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: /Manage Subscription/ }).click(),
  ]);
  await manage.waitForURL('**/subscription/test-manage');
  await manage.getByText('Big Pig, billed annually.').waitFor();
  await manage.getByRole('button', { name: 'Cancel at period end' }).waitFor();
  await pictureEverywhere(manage, 'checkout-test-manage');
  await manage.close();
  await page.goto(`${env.server.base}/protection`);
  await page.getByRole('heading', { name: 'Protection Hub', level: 1 }).waitFor();
  assert.equal(await page.getByRole('region', { name: 'Big Pig Trial Active' }).count(), 0);
  await context.close();

  // Pip's trial has ended: the trial-ended screen → Piglet → test checkout → Pay → in.
  context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  page = await pageGatheringErrors(context, errors);
  await login(page, env.server.base, ended, PASSWORD);
  await page.getByRole('heading', { name: 'Your Trial Has Ended' }).waitFor();
  await rejectCookies(page);
  await page.getByRole('group', { name: 'Piglet' }).getByRole('button', { name: 'Select Plan' }).click();
  await page.getByRole('link', { name: 'Continue with Piglet Plan' }).click();
  await page.waitForURL('**/subscribe?tier=piglet&cycle=monthly');
  await page.getByRole('button', { name: 'Continue to Checkout' }).click();
  await page.waitForURL('**/subscription/test-checkout/**');
  assert.equal(await page.getByTestId('amount-due').textContent(), '£2.99');
  await page.getByRole('button', { name: 'Pay (test)' }).click();
  await page.getByText('Your Piglet plan is active, billed monthly.').waitFor();
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  assert.equal(await page.getByRole('heading', { name: 'Your Trial Has Ended' }).count(), 0);
  await context.close();

  // A sign-in refused by the per-address limiter is waited out by signInToDashboard.
  assert.deepEqual(
    errors.filter((e) => !e.includes('status of 429')),
    [],
  );
});
