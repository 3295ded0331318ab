import assert from 'node:assert/strict';
import { trialGave } from '../src/core/subscriptions/plans.ts';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import { createAccount, signUpConfirmed, useJourneyServerAndBrowser } from './account-setup.ts';
import {
  login,
  loginWaitingOutTheLimit,
  pageGatheringErrors,
  pictureEverywhere,
  rejectCookies,
  signInToDashboard,
} from './fixtures.ts';

// Subscriptions, part 1 (issue 17): the trial banner, the plan picker, a piglet refused the Hub,
// the trial-ended screen and a promo code that unlocks an extended trial; the visitor's plans page.
const env = useJourneyServerAndBrowser();
const PASSWORD = 'a saver’s passphrase';

test('trial banner, plans, a piglet refused the Hub, and a promo code that brings an ended trial back', async () => {
  const stamp = Date.now();
  const trialing = `trial-${stamp}@example.com`;
  const piglet = `piglet-${stamp}@example.com`;
  const ended = `ended-${stamp}@example.com`;
  const cookies = new Map<string, string>();
  for (const [email, firstName] of [
    [trialing, 'Tara'],
    [piglet, 'Percy'],
    [ended, 'Enid'],
  ] as const)
    cookies.set(email, await signUpConfirmed(env.server, { email, password: PASSWORD, firstName }));

  // What the card provider and time would do: Percy pays for Piglet; Enid's trial ended yesterday.
  await env.server.withDatabaseOffline(async ({ db }) => {
    await db.execute(sql`update subscriptions s set payment_status = 'active', tier = 'piglet', is_active = true,
      trial_expires_at = now() - interval '1 day' from "user" u where u.id = s.user_id and u.email = ${piglet}`);
    await db.execute(sql`update subscriptions s set trial_expires_at = now() - interval '1 day'
      from "user" u where u.id = s.user_id and u.email = ${ended}`);
    await db.execute(
      sql`insert into promo_codes (code, promo_type, duration_days) values ('WELCOME-BACK', 'free_trial', 14)`,
    );
  });

  const errors: string[] = [];
  let context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  let page = await pageGatheringErrors(context, errors);

  // Tara: the trial banner on every page, then the plan picker.
  await signInToDashboard(page, env.server.base, trialing, PASSWORD);
  await rejectCookies(page);
  const banner = page.getByRole('region', { name: 'Big Pig Trial Active' });
  await banner.getByText('7 days remaining of unlimited access').waitFor();
  await pictureEverywhere(page, 'subscription-trial-banner');
  await banner.getByRole('link', { name: 'Choose Plan' }).click();
  await page.waitForURL('**/subscribe');
  await page.getByText('Subscription Information').waitFor();
  const boar = page.getByRole('group', { name: 'Boar' });
  await boar.getByText('£4.99').waitFor();
  await page.getByRole('tab', { name: /Annual/ }).click();
  await boar.getByText('£49.99').waitFor();
  await boar.getByRole('button', { name: 'Select Plan' }).click();
  await boar.getByRole('button', { name: 'Selected' }).waitFor();
  await pictureEverywhere(page, 'subscription-plans');
  // No card provider configured: checkout is test mode's local page (e2e/checkout.test.ts pays).
  await page.getByRole('button', { name: 'Continue to Checkout' }).click();
  await page.waitForURL('**/subscription/test-checkout/**');
  await page.getByText('TEST MODE — no card is charged').waitFor();
  await page.getByTestId('amount-due').getByText('£49.99').waitFor();

  // Tara dismisses the banner for this session.
  await page.getByRole('button', { name: 'Dismiss trial banner' }).click();
  await page.goto(`${env.server.base}/dashboard`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  assert.equal(await page.getByRole('region', { name: 'Big Pig Trial Active' }).count(), 0);
  await context.close();
  context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  page = await pageGatheringErrors(context, errors);

  // Percy, on Piglet, is refused the Protection Hub with the guard's words.
  await signInToDashboard(page, env.server.base, piglet, PASSWORD);
  // The cookie banner would cover his pictures.
  await rejectCookies(page);
  assert.equal(
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Protection' }).count(),
    0,
  );
  // The page's outline under the upgrade banner (002 §4, graceful degradation), and the way to Big Pig.
  await page.goto(`${env.server.base}/protection`);
  const upgrade = page.getByRole('region', { name: 'Protection Hub requires Big Pig tier or higher' });
  await upgrade.waitFor();
  assert.equal(new URL(page.url()).pathname, '/protection');
  await pictureEverywhere(page, 'subscription-upgrade-banner');
  await upgrade.getByRole('link', { name: 'See the Big Pig plan' }).click();
  await page.waitForURL('**/subscribe?tier=bigpig');
  await page.getByRole('group', { name: 'Big Pig' }).getByRole('button', { name: 'Selected' }).waitFor();

  // Percy tracks Piglet's three accounts; the add form then says so at its top, in place of the
  // fields (the form never shows, even while the list is on its way), and which plan allows more.
  for (const name of ['Everyday saver', 'Rainy day pot', 'Holiday fund'])
    await createAccount(env.server, cookies.get(piglet) ?? '', { name });
  // The list, which carries the cap, held back until the account types have come.
  let sendList = () => {};
  const listSent = new Promise<void>((resolve) => {
    sendList = resolve;
  });
  await page.route('**/api/accounts', async (route) => {
    await listSent;
    await route.continue();
  });
  const typesCame = page.waitForResponse('**/api/account-types');
  await page.goto(`${env.server.base}/account/new`);
  await typesCame;
  // Two frames, so the types have been drawn if they were going to be.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  assert.equal(await page.getByRole('form', { name: 'New account' }).count(), 0, 'no form before the cap is known');
  await page.getByRole('status', { name: 'Loading the account form' }).waitFor();
  sendList();
  const atCap = page.locator('[data-slot="alert"]', { hasText: 'You can’t add another account' });
  await atCap
    .getByText(
      'You have reached the limit of 3 accounts on the Piglet plan. Upgrade to the Boar plan (up to 10 accounts) ' +
        'or the Big Pig plan (unlimited accounts), or delete an account you no longer need.',
    )
    .waitFor();
  await page.unroute('**/api/accounts');
  assert.equal(await page.getByRole('form', { name: 'New account' }).count(), 0);
  assert.equal(await page.getByLabel('Account name').count(), 0);
  await pictureEverywhere(page, 'subscription-account-cap');
  await atCap.getByRole('link', { name: 'See the plans' }).click();
  await page.waitForURL('**/subscribe?tier=boar');
  await page.getByRole('group', { name: 'Boar' }).getByRole('button', { name: 'Selected' }).waitFor();
  await context.close();
  context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  page = await pageGatheringErrors(context, errors);

  // Enid: the trial-ended screen replaces the app; a free_trial code unlocks 14 more days.
  await login(page, env.server.base, ended, PASSWORD);
  await page.getByRole('heading', { name: 'Your Trial Has Ended' }).waitFor();
  await rejectCookies(page);
  // What the trial gave, from the list the plan cards and the gates read: nothing that does not exist.
  const gave = page.getByRole('list', { name: 'Your trial gave you' });
  assert.deepEqual(await gave.getByRole('listitem').allInnerTexts(), trialGave());
  assert.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 0);
  await page.getByRole('link', { name: 'Continue with Big Pig Plan' }).waitFor();
  await pictureEverywhere(page, 'subscription-trial-ended');
  await page.getByLabel('Promo code').fill('welcome-back');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByText('Promo code applied').waitFor();
  await page.getByRole('button', { name: 'Unlock Extended Trial' }).click();
  await page
    .getByRole('region', { name: 'Big Pig Trial Active' })
    .getByText('14 days remaining of unlimited access')
    .waitFor();
  assert.equal(await page.getByRole('heading', { name: 'Your Trial Has Ended' }).count(), 0);
  await context.close();
  context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  page = await pageGatheringErrors(context, errors);

  // A visitor: home → plans → sign-up, with the chosen plan kept.
  await page.goto(`${env.server.base}/`);
  await rejectCookies(page);
  await page.getByRole('link', { name: 'See plans and prices' }).first().click();
  await page.waitForURL('**/plans');
  await page.getByRole('group', { name: 'Piglet' }).getByRole('button', { name: 'Select Plan' }).click();
  await pictureEverywhere(page, 'subscription-public-plans');
  await page.getByRole('link', { name: 'Get started with Piglet' }).click();
  await page.waitForURL('**/get-started');
  await page.getByText('You chose the Piglet plan, billed monthly.', { exact: false }).waitFor();
  assert.deepEqual(JSON.parse((await page.evaluate(() => localStorage.getItem('pendingCheckout'))) ?? 'null'), {
    tier: 'piglet',
    cycle: 'monthly',
  });
  await pictureEverywhere(page, 'subscription-get-started');
  await page.getByRole('main').getByRole('link', { name: 'Create your account' }).waitFor();
  // Percy already has an account: he logs in from here and lands on checkout with his choice.
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await page.waitForURL('**/login');
  // Percy is the fifth sign-in from this address within seconds on a fast machine: the limit's
  // 429 is waited out (the pending checkout stays in the browser meanwhile).
  const signedIn = await loginWaitingOutTheLimit(page, env.server.base, piglet, PASSWORD);
  assert.equal(signedIn.status(), 200);
  await page.waitForURL('**/subscribe?tier=piglet&cycle=monthly');
  await page.getByRole('group', { name: 'Piglet' }).getByRole('button', { name: 'Selected' }).waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('pendingCheckout')), null);

  await context.close();
  // Three savers signing in from one address within seconds meet the auth limiter (3 per 10 s),
  // which signInToDashboard waits out: those refusals are expected.
  assert.deepEqual(
    errors.filter((e) => !e.includes('status of 429')),
    [],
  );
});
