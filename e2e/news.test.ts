/**
 * The news and the house ads (issue 29, ADR 0058): an admin adds feeds from a local feed server
 * (the journey's server allows private feed addresses) and a house ad; a Boar saver reads the
 * stories newest first beside the Sponsored slot; a Big Pig saver reads them with no ad; a Piglet
 * saver is offered the upgrade on /news.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { calendarDateInLondon } from '../src/core/dates/calendar-date.ts';
import { type FakeFeedServer, startFakeFeedServer } from '../src/server/test/fake-feed-server.ts';
import type { Browser } from 'playwright-core';
import { grantAdminRole, signInWithTwoFactor, useJourneyServerAndBrowser, verifyEmail } from './account-setup.ts';
import { newPage, pictureEverywhere, rejectCookies, signInToDashboard, waitForToastToGo } from './fixtures.ts';

// TRUST_PROXY: each person comes from an address of their own, so four sign-ins in a few seconds
// stay within the per-address limit (3 in 10 s).
const env = useJourneyServerAndBrowser({ NEWS_FEEDS_ALLOW_PRIVATE: 'true', TRUST_PROXY: 'true' });
const PASSWORD = 'a news reading passphrase';
const stamp = Date.now();
const email = (who: string) => `news-${who}-${stamp}@example.com`;
const AD_TITLE = 'Is your money protected?';

const addressOf = (who: string) => `10.29.0.${['admin', 'boar', 'bigpig', 'piglet'].indexOf(who) + 1}`;

/** Signs up over HTTP from the person's own address and follows the e-mailed link. */
async function signUp(who: string): Promise<void> {
  const res = await fetch(`${env.server.base}/api/account/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: env.server.base, 'x-forwarded-for': addressOf(who) },
    body: JSON.stringify({ email: email(who), password: PASSWORD, firstName: who, lastName: 'Saver' }),
  });
  assert.equal(res.status, 200, await res.text());
  await verifyEmail(env.server, email(who));
}

/** A desktop browser for one person, from their own address. */
async function browserOf(browser: Browser, who: string) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'en-GB',
    colorScheme: 'light',
    reducedMotion: 'reduce',
    extraHTTPHeaders: { 'x-forwarded-for': addressOf(who) },
  });
  const { page, errors } = await newPage(context);
  return { context, page, errors };
}

/** A saver signed in on their dashboard, cookies rejected. */
async function saverOn(who: string) {
  const saver = await browserOf(env.browser, who);
  await signInToDashboard(saver.page, env.server.base, email(who), PASSWORD);
  await rejectCookies(saver.page);
  return saver;
}

let feeds: FakeFeedServer;
before(async () => {
  feeds = await startFakeFeedServer();
});
after(async () => {
  await feeds?.close();
});

test('an admin chooses the feeds and a house ad; Boar reads the news with the ad, Big Pig without, Piglet is offered the upgrade', async () => {
  for (const who of ['admin', 'boar', 'bigpig', 'piglet']) await signUp(who);
  await grantAdminRole(env.server, email('admin'));
  // Each saver on a paid plan (the trial left behind), written while the server is stopped.
  await env.server.withDatabaseOffline(async ({ db }) => {
    for (const tier of ['piglet', 'boar', 'bigpig'])
      await db.execute(sql`
        update subscriptions set payment_status = 'active', tier = ${tier}, trial_tier = null,
          trial_expires_at = now() - interval '1 day', billing_cycle = 'monthly',
          current_period_end = now() + interval '20 days'
        where user_id = (select id from "user" where email = ${email(tier)})`);
  });

  // The admin: the home's tile, a good feed and a broken one, each tested, and a house ad.
  const { context: adminContext, page: admin, errors: adminErrors } = await browserOf(env.browser, 'admin');
  await signInWithTwoFactor(adminContext, env.server, email('admin'), PASSWORD);
  await admin.goto(`${env.server.base}/admin`);
  await rejectCookies(admin);
  await admin.getByRole('link', { name: /News and ads/ }).click();
  await admin.getByRole('heading', { level: 1, name: 'News and ads' }).waitFor();

  const feedForm = admin.getByRole('form', { name: 'Add a feed' });
  const addFeed = async (path: string, title: string) => {
    await feedForm.getByLabel('Feed address').fill(feeds.url(path));
    await feedForm.getByLabel('Source name').fill(title);
    await feedForm.getByRole('button', { name: 'Add feed' }).click();
    await waitForToastToGo(admin, `Feed ${title} added`);
  };
  await addFeed('/good.xml', 'Local Savings News');
  await admin.getByRole('button', { name: 'Test Local Savings News', exact: true }).click();
  await waitForToastToGo(admin, 'Local Savings News fetched: 3 stories');
  await addFeed('/malformed.xml', 'Broken News');
  await admin.getByRole('button', { name: 'Test Broken News', exact: true }).click();
  await waitForToastToGo(admin, 'Broken News: The feed is not valid RSS or Atom');
  const table = admin.getByRole('table', { name: 'News feeds' });
  const brokenRow = table.getByRole('row').filter({ hasText: 'Broken News' });
  await brokenRow.getByText('The feed is not valid RSS or Atom').waitFor();
  assert.equal(
    (await table.getByRole('row').filter({ hasText: 'Local Savings News' }).textContent())?.includes('None'),
    true,
  );

  const today = calendarDateInLondon(new Date());
  const adForm = admin.getByRole('form', { name: 'Add a house ad' });
  await adForm.getByLabel('Title', { exact: true }).fill(AD_TITLE);
  await adForm.getByLabel('Link', { exact: true }).fill(`${env.server.base}/features/fscs-protection-checker`);
  await adForm
    .getByLabel('Text', { exact: true })
    .fill('Check how much of your savings the FSCS covers, bank by bank.');
  const typed = (date: string) => date.split('-').reverse().join('/');
  await adForm.getByLabel('Start date', { exact: true }).fill(typed(today));
  await adForm.getByLabel('End date', { exact: true }).fill(typed(`${Number(today.slice(0, 4)) + 1}${today.slice(4)}`));
  await adForm.getByRole('button', { name: 'Add house ad' }).click();
  await waitForToastToGo(admin, `House ad ${AD_TITLE} added`);
  await admin.getByRole('table', { name: 'House ads' }).getByText(AD_TITLE).waitFor();
  await pictureEverywhere(admin, 'news-admin');
  assert.deepEqual(adminErrors, []);
  await adminContext.close();

  // Boar: the Sponsored slot on the dashboard, then News from the header, newest first.
  const boar = await saverOn('boar');
  await boar.page.getByRole('complementary', { name: 'Sponsored' }).getByText(AD_TITLE).waitFor();
  await boar.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News', exact: true }).click();
  await boar.page.waitForURL('**/news');
  const stories = boar.page.getByRole('list', { name: 'News stories' }).getByRole('heading', { level: 2 });
  await stories.first().waitFor();
  assert.deepEqual(await stories.allTextContents(), [
    'ISA season starts early(opens in a new tab)',
    'Fixed bonds: what a 1-year term pays(opens in a new tab)',
    'Savings rates edge down(opens in a new tab)',
  ]);
  await boar.page.getByText('Providers launch new ISAs & bonuses £50.').waitFor();
  await boar.page.getByText('Local Savings News · 27 Nov 2026, 07:30').waitFor();
  await boar.page.getByRole('complementary', { name: 'Sponsored' }).getByText(AD_TITLE).waitFor();
  // The feed's markup stayed text: nothing of it became an element.
  assert.equal(await boar.page.locator('main script, main img, main a[href^="javascript:"]').count(), 0);
  await pictureEverywhere(boar.page, 'news-boar');
  assert.deepEqual(boar.errors, []);
  await boar.context.close();

  // Big Pig: the same stories, and no ad anywhere.
  const bigPig = await saverOn('bigpig');
  await bigPig.page.getByRole('heading', { level: 2, name: 'Add your first account' }).waitFor();
  assert.equal(await bigPig.page.getByRole('complementary', { name: 'Sponsored' }).count(), 0);
  await bigPig.page.goto(`${env.server.base}/news`);
  await bigPig.page.getByRole('list', { name: 'News stories' }).getByText('ISA season starts early').waitFor();
  assert.equal(await bigPig.page.getByRole('complementary', { name: 'Sponsored' }).count(), 0);
  assert.equal(await bigPig.page.getByText('Sponsored', { exact: true }).count(), 0);
  assert.deepEqual(bigPig.errors, []);
  await bigPig.context.close();

  // Piglet: no News in the header, and /news offers the Boar plan.
  const piglet = await saverOn('piglet');
  await piglet.page.getByRole('complementary', { name: 'Sponsored' }).getByText(AD_TITLE).waitFor();
  assert.equal(
    await piglet.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'News', exact: true })
      .count(),
    0,
  );
  await piglet.page.goto(`${env.server.base}/news`);
  await piglet.page
    .getByRole('heading', { level: 1, name: 'The RSS news feed requires Boar tier or higher' })
    .waitFor();
  await piglet.page.getByRole('link', { name: 'See the Boar plan' }).waitFor();
  assert.equal(await piglet.page.getByText('ISA season starts early').count(), 0);
  assert.deepEqual(piglet.errors, []);
  await piglet.context.close();
});
