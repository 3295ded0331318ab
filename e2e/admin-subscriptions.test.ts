import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import { signInWithTwoFactor, signUpConfirmed, useJourneyServerAndBrowser, verifyEmail } from './account-setup.ts';
import { newPage, pictureDialogEverywhere, pictureEverywhere, rejectCookies, waitForToastToGo } from './fixtures.ts';

// Admin subscription screens (issue 17): promo codes created, listed and withdrawn; each user's
// subscription state, the plan they have now and why, and the Big Pig override.
const env = useJourneyServerAndBrowser();
const PASSWORD = 'an admin passphrase';

test('an admin creates and withdraws a promo code, and overrides a saver to Big Pig', async () => {
  const stamp = Date.now();
  const adminEmail = `subs-admin-${stamp}@example.com`;
  const saverEmail = `subs-saver-${stamp}@example.com`;
  const endedEmail = `subs-ended-${stamp}@example.com`;
  await signUpConfirmed(env.server, { email: adminEmail, password: PASSWORD, firstName: 'Alex' });
  await signUpConfirmed(env.server, { email: saverEmail, password: PASSWORD, firstName: 'Sam' });
  // Enid is signed up and confirmed but never signed in: the auth service allows three sign-ins
  // per 10 s from one address, and the two sign-ups and Alex's below take them.
  const enid = await fetch(`${env.server.base}/api/account/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: env.server.base },
    body: JSON.stringify({ email: endedEmail, password: PASSWORD, firstName: 'Enid', lastName: 'Saver' }),
  });
  assert.equal(enid.status, 200);
  await verifyEmail(env.server, endedEmail);
  // Alex becomes an admin; Enid's trial ended yesterday with no plan bought (one restart for both).
  await env.server.withDatabaseOffline(async ({ db }) => {
    await db.execute(
      sql`insert into user_roles (user_id, role) select id, 'admin' from "user" where email = ${adminEmail}`,
    );
    await db.execute(sql`update subscriptions s set trial_expires_at = now() - interval '1 day'
      from "user" u where u.id = s.user_id and u.email = ${endedEmail}`);
  });

  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const { page, errors } = await newPage(context);
  await signInWithTwoFactor(context, env.server, adminEmail, PASSWORD);
  await page.goto(`${env.server.base}/dashboard`);
  await rejectCookies(page);

  // Promo codes, from the Admin Dashboard.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Dashboard' }).click();
  await page
    .getByRole('list', { name: 'Admin screens' })
    .getByRole('link', { name: /^Promo codes/ })
    .click();
  await page.waitForURL('**/admin/promo-codes');
  await page.getByRole('heading', { level: 2, name: 'No promo codes yet' }).waitFor();
  await page.getByRole('button', { name: 'Create promo code' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create promo code' });
  await dialog.getByLabel('Code', { exact: true }).fill('spring sale');
  await dialog.getByRole('button', { name: 'Create promo code' }).click();
  await dialog.getByText('Use letters, digits, - and _ only').waitFor();
  await dialog.getByText('Give the code a duration in days or months').waitFor();
  await pictureDialogEverywhere(page, 'admin-promo-codes-01-form-errors');
  await dialog.getByLabel('Code', { exact: true }).fill('spring-sale');
  await dialog.getByLabel('Duration in days').fill('14');
  await dialog.getByLabel(/One-time use/).check();
  await dialog.getByRole('button', { name: 'Create promo code' }).click();
  await waitForToastToGo(page, 'Promo code SPRING-SALE created');
  // The same name again: the server's refusal on the field.
  await page.getByRole('button', { name: 'Create promo code' }).first().click();
  await dialog.getByLabel('Code', { exact: true }).fill('Spring-Sale');
  await dialog.getByLabel('Kind of code').selectOption('discount');
  await dialog.getByLabel('Discount (%)').fill('20');
  await dialog.getByRole('button', { name: 'Create promo code' }).click();
  await dialog.getByText('A promo code with this name already exists').waitFor();
  await dialog.getByLabel('Code', { exact: true }).fill('TWENTY-OFF');
  await dialog.getByRole('button', { name: 'Create promo code' }).click();
  await waitForToastToGo(page, 'Promo code TWENTY-OFF created');
  const codes = page.getByRole('table', { name: 'Promo codes' });
  const spring = codes.getByRole('row').filter({ hasText: 'SPRING-SALE' });
  assert.match((await spring.textContent()) ?? '', /Free trial.*Big Pig trial for 14 days.*Yes.*Never.*0.*Active/);
  await pictureEverywhere(page, 'admin-promo-codes-02-list');
  await spring.getByRole('button', { name: 'Withdraw SPRING-SALE' }).click();
  await waitForToastToGo(page, 'Promo code SPRING-SALE withdrawn');
  await spring.getByText('Withdrawn').waitFor();

  // Users: the saver's trial, the admin's role, the ended trial, then the override on.
  await page.getByRole('link', { name: 'Back to Settings' }).click();
  await page
    .getByRole('list', { name: 'Admin screens' })
    .getByRole('link', { name: /^Users/ })
    .click();
  await page.waitForURL('**/admin/users');
  await page.getByLabel('Search users by name or email').fill(`subs-saver-${stamp}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByText(`1 user matching “subs-saver-${stamp}”`).waitFor();
  const users = page.getByRole('table', { name: 'Users' });
  const row = users.getByRole('row').filter({ hasText: saverEmail });
  assert.match((await row.textContent()) ?? '', /Sam .*Big Pig trial.*Trial/);
  // The plan each user has now, with the reason for it beneath.
  const planNow = async (email: string) =>
    (await users.getByRole('row').filter({ hasText: email }).locator('[data-label="Plan now"]').innerText()).split(
      '\n',
    );
  assert.deepEqual(await planNow(saverEmail), ['Big Pig trial', 'trial']);
  await page.getByLabel('Search users by name or email').fill('');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByText(/^\d+ users$/).waitFor();
  assert.deepEqual(await planNow(adminEmail), ['Big Pig', 'admin']);
  assert.deepEqual(await planNow(endedEmail), ['Piglet', 'trial ended, no plan']);
  assert.match(
    await users.getByRole('row').filter({ hasText: endedEmail }).locator('[data-label="Trial ends"]').innerText(),
    /^\d\d\/\d\d\/\d{4} \(ended\)$/,
  );
  // The override is on the user's page, under Subscription.
  await page.getByLabel('Search users by name or email').fill(saverEmail);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByText(`1 user matching “${saverEmail}”`).waitFor();
  await row.getByRole('link', { name: `Edit ${saverEmail}` }).click();
  await page.getByRole('tab', { name: 'Subscription' }).click();
  await page.getByRole('checkbox', { name: 'Tier override: Big Pig' }).check();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await waitForToastToGo(page, 'User updated successfully');
  await page.getByRole('link', { name: 'Back to Users' }).click();
  await page.getByLabel('Search users by name or email').fill(saverEmail);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByText(`1 user matching “${saverEmail}”`).waitFor();
  await row.getByText('admin override', { exact: true }).waitFor();
  assert.deepEqual(await planNow(saverEmail), ['Big Pig', 'admin override']);
  await pictureEverywhere(page, 'admin-users');

  // What the saver now sees, from the server.
  const saver = await env.browser.newContext();
  const signIn = await saver.request.post(`${env.server.base}/api/auth/sign-in/email`, {
    headers: { origin: env.server.base },
    data: { email: saverEmail, password: PASSWORD },
  });
  assert.equal(signIn.status(), 200);
  const view = (await (await saver.request.get(`${env.server.base}/api/subscription`)).json()) as {
    tier: string;
    hasAdminOverride: boolean;
  };
  assert.deepEqual(
    { tier: view.tier, hasAdminOverride: view.hasAdminOverride },
    { tier: 'bigpig', hasAdminOverride: true },
  );
  await saver.close();

  await context.close();
  // The taken name was refused with 409 on purpose.
  assert.deepEqual(
    errors.filter((e) => !e.includes('status of 409')),
    [],
  );
});
