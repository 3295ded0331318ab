import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { grantAdminRole, signInWithTwoFactor, signUpConfirmed, useJourneyServerAndBrowser } from './account-setup.ts';
import { checkAndPicture, newPage, pictureEverywhere, rejectCookies, waitForToastToGo } from './fixtures.ts';

const env = useJourneyServerAndBrowser();

const PASSWORD = 'an admin passphrase';

/** What a sender might try through the contact form: each would run script if it became markup. */
const XSS = {
  name: '<img src=x onerror="window.__xss=1;alert(1)">',
  subject: '"><svg onload="window.__xss=2;alert(2)">',
  message: '<script>window.__xss=3;alert(3)</script> <a href="javascript:window.__xss=4;alert(4)">read me</a>',
  company: '<script>window.__xss=5</script><img src=x onerror=alert(5)>',
  phone: 'javascript:alert(6)',
};

/** Fails if any of the corpus became an element, a handler or a link, or ran. */
async function assertInert(page: Page, where: string): Promise<void> {
  const injected = await page.evaluate(() => {
    const found: string[] = [];
    if ((window as { __xss?: unknown }).__xss !== undefined) found.push('a payload ran');
    for (const el of document.querySelectorAll('img[src="x"], svg[onload], [onerror], [onload]'))
      found.push(el.outerHTML.slice(0, 80));
    for (const el of document.querySelectorAll('a[href^="javascript:" i]')) found.push(el.outerHTML.slice(0, 80));
    for (const el of document.querySelectorAll('script'))
      if (el.textContent?.includes('__xss')) found.push(el.outerHTML.slice(0, 80));
    return found;
  });
  assert.deepEqual(injected, [], `injected markup on ${where}`);
}

test('an admin lands on the admin home, follows a tile and comes back, and answers a contact inquiry whose fields carry markup', async () => {
  const email = `home-admin-${Date.now()}@example.com`;
  await signUpConfirmed(env.server, { email, password: PASSWORD, firstName: 'Ada' });
  await grantAdminRole(env.server, email);

  // A visitor's message through the public contact form, every field carrying markup.
  const sent = await fetch(`${env.server.base}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: env.server.base },
    body: JSON.stringify({
      name: XSS.name,
      email: 'visitor@example.com',
      inquiryType: 'technical',
      subject: XSS.subject,
      message: XSS.message,
    }),
  });
  assert.equal(sent.status, 201, await sent.clone().text());
  const contactId = ((await sent.json()) as { id: string }).id;

  const context = await env.browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'en-GB',
    colorScheme: 'light',
  });
  const { page, errors } = await newPage(context);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signInWithTwoFactor(context, env.server, email, PASSWORD);
  // The admin's own fields too (company, phone), as the detail page shows them.
  const patched = await context.request.patch(`${env.server.base}/api/admin/contacts/${contactId}`, {
    headers: { origin: env.server.base },
    data: { company: XSS.company, phone: XSS.phone },
  });
  assert.equal(patched.status(), 200, await patched.text());

  await page.goto(`${env.server.base}/dashboard`);
  await rejectCookies(page);

  // The header's Admin Dashboard link (admins only) leads to the admin home and its tiles.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Dashboard' }).click();
  await page.waitForURL(/\/admin$/);
  await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
  const tiles = page.getByRole('list', { name: 'Admin screens' });
  await tiles.getByRole('link', { name: /^Bank data management/ }).waitFor();
  await checkAndPicture(page, 'admin-home-01-tiles', { schemes: ['light'] });

  // A tile, and Back to Settings from it.
  await tiles.getByRole('link', { name: /^Account types/ }).click();
  await page.waitForURL('**/admin/account-types');
  await page.getByRole('heading', { level: 1, name: 'Account types' }).waitFor();
  await page.getByRole('link', { name: 'Back to Settings' }).click();
  await page.waitForURL('**/admin/settings');
  await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();

  // The contact inquiries: the spec's address for the list, the message's markup shown as text.
  await page
    .getByRole('list', { name: 'Admin screens' })
    .getByRole('link', { name: /^Contact inquiries/ })
    .click();
  await page.waitForURL('**/admin?tab=settings&settings=contact-inquiries');
  const table = page.getByRole('table', { name: 'Contact inquiries' });
  const row = table.locator(`[data-contact-id="${contactId}"]`);
  await row.getByText(XSS.name, { exact: true }).waitFor();
  await row.getByText(XSS.company, { exact: true }).waitFor();
  // Filters and search: nothing matches, then the status and part of the subject find it.
  await page.getByLabel('Search').fill('no such words');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('heading', { name: 'No inquiries match these filters' }).waitFor();
  await page.getByLabel('Status').selectOption('new');
  await page.getByLabel('Priority').selectOption('medium');
  await page.getByLabel('Search').fill('SVG ONLOAD');
  await page.getByRole('button', { name: 'Search' }).click();
  await row.getByText(XSS.name, { exact: true }).waitFor();
  await assertInert(page, 'the contact inquiries list');
  await pictureEverywhere(page, 'admin-home-02-contact-inquiries');

  // The inquiry itself.
  await row.getByRole('link', { name: XSS.subject }).click();
  await page.waitForURL(`**/admin/contacts/${contactId}/edit`);
  await page.getByRole('heading', { level: 1, name: XSS.name }).waitFor();
  assert.equal(await page.getByLabel('Email').inputValue(), 'visitor@example.com');
  assert.equal(await page.getByLabel('Email').getAttribute('readonly'), '');
  assert.equal(await page.getByLabel(/Company/).inputValue(), XSS.company);
  await page.getByRole('tab', { name: 'Inquiry Details' }).click();
  assert.equal(await page.getByLabel('Message').inputValue(), XSS.message);
  await page.getByText(/^Not yet: set the status to Contacted/).waitFor();

  // Marked contacted with a priority: the time it was answered is stamped.
  await page.getByLabel('Status').selectOption('contacted');
  await page.getByLabel('Priority').selectOption('urgent');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await waitForToastToGo(page, 'Contact updated successfully');
  const respondedAt = page.locator('dt', { hasText: 'Responded at' }).locator('xpath=following-sibling::dd[1]');
  await respondedAt.locator('time').waitFor();
  assert.match((await respondedAt.textContent()) ?? '', /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
  await page.getByRole('button', { name: 'Save Changes' }).and(page.locator(':disabled')).waitFor();
  await assertInert(page, 'the contact inquiry page');
  await pictureEverywhere(page, 'admin-home-03-contact-inquiry');

  // Activity: who changed what, newest first, the markup of the earlier change shown as text.
  await page.getByRole('tab', { name: 'Activity' }).click();
  const activity = page.getByRole('list', { name: 'Activity' });
  const entries = activity.getByRole('listitem');
  await entries.nth(1).waitFor();
  // Seen as 'new → contacted', read out as 'was new, now contacted'.
  const newest = (await entries.first().innerText()).replace(/\s+/g, ' ');
  assert.match(newest, /Updated a contact inquiry/);
  assert.match(newest, new RegExp(`By ${email.replace(/[.]/g, '\\.')}`));
  assert.match(newest, /Status was new → , now contacted/);
  assert.match(newest, /Priority was medium → , now urgent/);
  assert.match(newest, /Responded at was \(none\) → , now \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
  assert.ok((await entries.nth(1).innerText()).includes(XSS.company));
  await assertInert(page, 'the Activity tab');

  // Back to the list: the inquiry is Contacted and Urgent now.
  await page.getByRole('link', { name: 'Back to Contact Inquiries' }).click();
  await page.waitForURL('**/admin?tab=settings&settings=contact-inquiries');
  await table.locator(`[data-contact-id="${contactId}"]`).getByText('Contacted').waitFor();
  await table.locator(`[data-contact-id="${contactId}"]`).getByText('Urgent priority').waitFor();
  await assertInert(page, 'the contact inquiries list after the change');

  assert.deepEqual(dialogs, [], 'no dialog opened');
  assert.deepEqual(errors, []);
  await context.close();
});
