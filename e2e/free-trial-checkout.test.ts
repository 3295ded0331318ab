import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import { signUpConfirmed, useJourneyServerAndBrowser } from './account-setup.ts';
import { checkAndPicture, signedInDesktop } from './fixtures.ts';

// A free-tier promo code's 'Start Free Trial (Payment details required)' (001 §2, ADR 0037): the
// panel says nothing is taken today and when the price is; the checkout shows £0.00 due today and
// the first payment; on a phone the long button wraps rather than pushing the page sideways.
const env = useJourneyServerAndBrowser();
const PASSWORD = 'a saver’s passphrase';

test('a free-tier code: the trial said before the checkout, £0.00 due today, on a desktop and a phone', async () => {
  const email = `free-trial-${Date.now()}@example.com`;
  await signUpConfirmed(env.server, { email, password: PASSWORD, firstName: 'Tess' });
  await env.server.withDatabaseOffline(async ({ db }) => {
    await db.execute(
      sql`insert into promo_codes (code, promo_type, is_free_tier, duration_days) values ('TRY-FORTNIGHT', 'free_trial', true, 14)`,
    );
  });
  const { context, page, errors } = await signedInDesktop(env, email, PASSWORD);
  await page.goto(`${env.server.base}/subscribe?tier=bigpig&cycle=monthly`);
  await page.getByLabel('Promo code').fill('TRY-FORTNIGHT');
  await page.getByRole('button', { name: 'Apply' }).click();
  const start = page.getByRole('button', { name: 'Start Free Trial (Payment details required)' });
  await start.waitFor();
  assert.match(
    (await page.getByTestId('trial-checkout-note').textContent()) ?? '',
    /^Your promo code gives a 14-day free trial of Big Pig\. Nothing is taken today: £9\.99 for Big Pig is taken on \d{1,2} \w+ \d{4}, then every month until you cancel\./,
  );
  await checkAndPicture(page, 'free-trial-subscribe', { widths: [1280, 375] });
  await start.click();
  await page.waitForURL('**/subscription/test-checkout/**');
  await page.getByText('Start a 14-day free trial, then billed monthly.').waitFor();
  assert.equal(await page.getByTestId('amount-due').textContent(), '£0.00');
  assert.equal(await page.getByTestId('first-payment').textContent(), '£9.99');
  await checkAndPicture(page, 'free-trial-checkout', { widths: [1280, 375] });
  await page.getByRole('button', { name: 'Start trial (test)' }).click();
  await page.waitForURL('**/subscription/success**');
  await context.close();
  assert.deepEqual(errors, []);
});
