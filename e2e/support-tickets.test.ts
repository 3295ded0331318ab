/**
 * Issue 28's support journey: a saver opens a ticket from the header's Support link (a renamed
 * executable is refused, a PNG taken); an admin with two-factor finds it from /admin/support, adds
 * an internal note and a public reply; the saver sees the reply and not the note, and gets the
 * reply by e-mail. Every field carries an XSS payload, and nothing of it runs in Chromium: no
 * dialog, no flag set, no element injected, on the saver's and the admin's screens alike.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { ATTACHMENT_MESSAGES } from '../src/core/support/attachments.ts';
import { grantAdminRole, signInWithTwoFactor, signUpConfirmed, useJourneyServerAndBrowser } from './account-setup.ts';
import {
  assertAccessible,
  newPage,
  pictureEverywhere,
  rejectCookies,
  screenshot,
  waitForEmail,
  waitForToastToGo,
} from './fixtures.ts';

const env = useJourneyServerAndBrowser();

const PASSWORD = 'a support passphrase';

/** Each payload sets window.__xss and opens a dialog if it ever runs. */
const XSS = {
  img: '<img src=x onerror="window.__xss=1;alert(1)">',
  script: '<script>window.__xss=1;alert(2)</script>',
  link: '[help](javascript:window.__xss=1) javascript:alert(3)',
  svg: '"><svg onload="window.__xss=1;alert(4)">',
};
const SUBJECT = `ISA missing ${XSS.img}${XSS.svg}`;
const BODY = `My cash ISA is not listed.\n${XSS.script}\n${XSS.link}`;
const NOTE = `Internal: the bank sync dropped it ${XSS.svg}`;
const REPLY = `Fixed now, it is back. ${XSS.img} ${XSS.link}`;

/** No payload ran on this page, and none made an element of its own; the words are shown as text. */
async function assertInert(page: Page, dialogs: string[], where: string): Promise<void> {
  assert.deepEqual(dialogs, [], `no dialog opened on ${where}`);
  const found = await page.evaluate(() => ({
    flag: (window as unknown as { __xss?: unknown }).__xss ?? null,
    injected: document.querySelectorAll(
      'main img[src="x"], main svg[onload], main script, main a[href^="javascript:"], main [onerror], main [onload]',
    ).length,
  }));
  assert.deepEqual(found, { flag: null, injected: 0 }, `nothing injected on ${where}`);
}

function recordDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

test('a saver opens a ticket, an admin answers with a note and a reply, the saver sees and is e-mailed only the reply, and no field runs as code', async () => {
  const stamp = Date.now();
  const saverEmail = `support-saver-${stamp}@example.com`;
  const adminEmail = `support-admin-${stamp}@example.com`;
  await signUpConfirmed(env.server, { email: saverEmail, password: PASSWORD, firstName: 'Sam' });
  await signUpConfirmed(env.server, { email: adminEmail, password: PASSWORD, firstName: 'Ada' });
  await grantAdminRole(env.server, adminEmail);

  // The saver opens a ticket from the header.
  const saverContext = await env.browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'en-GB',
    colorScheme: 'light',
  });
  const { page: saver, errors: saverErrors } = await newPage(saverContext);
  const saverDialogs = recordDialogs(saver);
  const signIn = await saverContext.request.post(`${env.server.base}/api/auth/sign-in/email`, {
    headers: { 'content-type': 'application/json', origin: env.server.base },
    data: { email: saverEmail, password: PASSWORD },
  });
  assert.equal(signIn.status(), 200);
  await saver.goto(`${env.server.base}/dashboard`);
  await rejectCookies(saver);
  await saver.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Support' }).click();
  await saver.waitForURL('**/settings/support');
  await saver.getByText('You have no support tickets').waitFor();
  await saver.getByRole('link', { name: 'New ticket' }).click();
  await saver.getByRole('heading', { level: 1, name: 'New support ticket' }).waitFor();

  // Nothing filled in: the form says what is missing.
  await saver.getByRole('button', { name: 'Send ticket' }).click();
  await saver.getByText('Please choose what your question is about').waitFor();
  await saver.getByText('Please enter a subject').waitFor();
  await assertAccessible(saver, 'the new ticket form with its messages');
  await screenshot(saver, 'support-tickets-00-new-ticket-errors');

  await saver.getByLabel('What is it about?').selectOption({ label: 'Bank, rate or protection details' });
  await saver.getByLabel('Subject').fill(SUBJECT);
  await saver.getByLabel('Message').fill(BODY);
  // A program renamed as a picture is refused by what its bytes are.
  const attachment = saver.getByLabel('Attachment');
  await attachment.setInputFiles({
    name: 'holiday.png',
    mimeType: 'image/png',
    buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]),
  });
  await saver.getByRole('button', { name: 'Send ticket' }).click();
  await saver.getByRole('alert').getByText(ATTACHMENT_MESSAGES.notAllowed).waitFor();
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa1164' } })
    .png()
    .toBuffer();
  await attachment.setInputFiles({ name: `screen ${XSS.svg}.png`, mimeType: 'image/png', buffer: png });
  await saver.getByRole('button', { name: 'Send ticket' }).click();
  await saver.waitForURL(/\/settings\/support\/ticket\/[0-9a-f-]{36}$/);
  const ticketUrl = saver.url();
  await saver.getByRole('heading', { level: 1, name: SUBJECT }).waitFor();
  await saver.getByText(XSS.script, { exact: false }).waitFor();
  await waitForToastToGo(saver, 'Ticket sent. We will reply by email and here.');
  await assertInert(saver, saverDialogs, 'the saver’s new ticket');

  // Admins hear of the unassigned ticket.
  await waitForEmail(env.server.dataDir, adminEmail, 10_000, /opened a support ticket/);

  // The admin, with two-factor, finds it from the support overview.
  const adminContext = await env.browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'en-GB',
    colorScheme: 'light',
  });
  const { page: admin, errors: adminErrors } = await newPage(adminContext);
  const adminDialogs = recordDialogs(admin);
  await signInWithTwoFactor(adminContext, env.server, adminEmail, PASSWORD);
  await admin.goto(`${env.server.base}/admin/support`);
  await rejectCookies(admin);
  await admin.getByRole('heading', { level: 1, name: 'Support' }).waitFor();
  await admin.getByRole('link', { name: /^Unassigned\s*1/ }).click();
  await admin.waitForURL(/\/admin\/support\/tickets\?status=open&assignee=unassigned$/);
  await admin.getByRole('link', { name: SUBJECT }).click();
  await admin.getByRole('heading', { level: 1, name: SUBJECT }).waitFor();
  await admin.getByRole('link', { name: /screen _/ }).waitFor();
  await assertInert(admin, adminDialogs, 'the admin’s ticket page');

  // An internal note, then a public reply.
  await admin.getByRole('radio', { name: /Internal note/ }).check();
  await admin.getByRole('textbox', { name: 'Internal note' }).fill(NOTE);
  await admin.getByRole('button', { name: 'Add internal note' }).click();
  // In the thread, not the box it was typed in (which clears once it is sent).
  const thread = admin.getByRole('list', { name: 'Messages' });
  await thread.getByText(NOTE).waitFor();
  await waitForToastToGo(admin, 'Internal note added');
  await admin.getByRole('radio', { name: /Public reply/ }).check();
  await admin.getByRole('textbox', { name: 'Reply to the saver' }).fill(REPLY);
  await admin.getByRole('button', { name: 'Send reply' }).click();
  await thread.getByText(REPLY).waitFor();
  await waitForToastToGo(admin, 'Reply sent');
  await admin.getByText('Awaiting saver').first().waitFor();
  await assertInert(admin, adminDialogs, 'the admin’s ticket page after the note and the reply');
  await pictureEverywhere(admin, 'support-tickets-01-admin-ticket');

  // The saver sees the reply, never the note, and gets the reply by e-mail.
  await saver.goto(ticketUrl);
  await saver.getByText(REPLY).waitFor();
  assert.equal(await saver.getByText('Internal: the bank sync').count(), 0);
  await saver.getByText('Awaiting your reply').waitFor();
  assert.deepEqual(
    await saver.getByTestId('support-message').locator('p.font-medium > span:first-child').allTextContents(),
    ['You', 'SavvyPig Support'],
  );
  await assertInert(saver, saverDialogs, 'the saver’s ticket with the reply');
  await pictureEverywhere(saver, 'support-tickets-02-saver-ticket');
  const mail = await waitForEmail(env.server.dataDir, saverEmail, 10_000, /SavvyPig Support replied/);
  assert.match(mail, /Fixed now, it is back\./);
  assert.doesNotMatch(mail, /Internal: the bank sync/);
  const saverMails = fs
    .readdirSync(path.join(env.server.dataDir, 'mail'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => fs.readFileSync(path.join(env.server.dataDir, 'mail', f), 'utf8'))
    .filter((m) => m.includes(saverEmail));
  assert.ok(
    saverMails.every((m) => !m.includes('Internal: the bank sync')),
    'no e-mail carries the note',
  );

  // The lists show the subject as text too.
  await saver.goto(`${env.server.base}/settings/support`);
  await saver.getByRole('link', { name: /ISA missing/ }).waitFor();
  await assertInert(saver, saverDialogs, 'the saver’s ticket list');
  await admin.goto(`${env.server.base}/admin/support/tickets`);
  await admin.getByRole('link', { name: SUBJECT }).waitFor();
  await assertInert(admin, adminDialogs, 'the admins’ ticket list');
  await assertAccessible(admin, 'the admins’ ticket list');
  await screenshot(admin, 'support-tickets-03-admin-list');

  // The refused upload answered 415, which the browser reports; nothing else went wrong.
  assert.deepEqual(
    saverErrors.filter((e) => !/status of 415/.test(e)),
    [],
  );
  assert.deepEqual(adminErrors, []);
  await saverContext.close();
  await adminContext.close();
});
