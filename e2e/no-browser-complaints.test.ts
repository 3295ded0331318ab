// Nothing the browser complains about (issue 24): a visitor's pages and a signed-in saver's pages,
// on the production build under its real content security policy, log no console error or
// warning, report no policy violation (an `eval` included: zod compiled validators with
// `new Function`), and make no request that fails (a visitor asked `/api/me` and got 401, the
// sign-up confirmation page asked the local mailbox and got 404). ADR 0043.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { signUpConfirmed } from './account-setup.ts';
import { rejectCookies, signInToDashboard, useServerAndBrowser } from './fixtures.ts';

const env = useServerAndBrowser(undefined, { serviceWorkers: 'allow' });
const PASSWORD = 'a quiet browser passphrase';

declare global {
  interface Window {
    __violations?: string[];
  }
}

/** Everything a page of `context` complains about: console errors and warnings, policy violations, failed requests. */
async function complaintsOf(context: BrowserContext) {
  const complaints: string[] = [];
  // Before any of the page's own scripts: a violation during the first module's import counts too.
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__violations!.push(
        `${event.effectiveDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      complaints.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => complaints.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    // A request the page itself ended on leaving (the realtime stream, say) did not fail.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED')
      complaints.push(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400)
      complaints.push(`${response.status()} for ${response.request().method()} ${response.url()}`);
  });
  return { page, complaints };
}

/** Opens `path`, waits for its first heading and for its requests to be answered, and gathers its violations. */
async function visit(page: Page, path: string, complaints: string[]) {
  await page.goto(`${env.server.base}${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // Not 'networkidle': a signed-in page keeps its realtime stream open. Time for its queries instead.
  await page.waitForLoadState('load');
  await page.waitForTimeout(1_500);
  const violations = await page.evaluate(() => window.__violations ?? []);
  complaints.push(...violations.map((v) => `policy violation on ${path}: ${v}`));
}

test('a visitor’s pages: no console error, no policy violation, no failed request', async () => {
  const context = await env.browser.newContext({ locale: 'en-GB' });
  const { page, complaints } = await complaintsOf(context);
  for (const path of [
    '/',
    '/login',
    '/signup',
    '/auth/confirmation',
    '/legal',
    '/contact',
    '/plans',
    '/get-started',
    '/features/fscs-protection-checker',
    '/features/account-management',
    '/features/rate-monitoring',
    '/features/portfolio-analytics',
  ])
    await visit(page, path, complaints);
  assert.deepEqual(complaints, []);
  assert.equal(
    (await context.cookies()).some((c) => c.name.endsWith('savvypig.signed_in')),
    false,
    'a visitor has no signed-in hint',
  );
  await context.close();
});

test('a signed-in saver’s pages: no console error, no policy violation, no failed request', async () => {
  const email = `quiet-${Date.now()}@example.com`;
  await signUpConfirmed(env.server, { email, password: PASSWORD, firstName: 'Quinn' });
  const context = await env.browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  const { page, complaints } = await complaintsOf(context);
  await signInToDashboard(page, env.server.base, email, PASSWORD);
  await rejectCookies(page);
  assert.equal(
    (await context.cookies()).find((c) => c.name === 'savvypig.signed_in')?.value,
    '1',
    'signing in set the hint',
  );
  for (const path of ['/dashboard', '/accounts', '/account/new', '/transactions', '/protection', '/settings', '/'])
    await visit(page, path, complaints);
  assert.deepEqual(complaints, []);

  // Signed out, the pages are a visitor's again, and ask nothing bound to fail.
  await page.goto(`${env.server.base}/dashboard`);
  await page
    .getByRole('button', { name: /account menu/i })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByText('Signed out successfully').waitFor();
  await page.waitForURL(`${env.server.base}/`);
  // Cleared, or '0' (no): a request the page sent just before signing out (a poll, say) can come
  // back 401 after it and turn the hint to '0', which the page reads as signed out (ADR 0043).
  assert.equal(
    (await context.cookies()).some((c) => c.name === 'savvypig.signed_in' && c.value !== '0'),
    false,
    'signing out left no hint that says signed in',
  );
  const signedOut: string[] = [];
  page.removeAllListeners('response');
  page.on('response', (response) => {
    if (response.status() >= 400) signedOut.push(`${response.status()} for ${response.url()}`);
  });
  await visit(page, '/', signedOut);
  assert.deepEqual(signedOut, []);
  await context.close();
});
