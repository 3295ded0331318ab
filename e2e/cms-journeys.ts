/**
 * What the content-page and footer journeys (issue 30) share: an admin signed in with two-factor
 * on a desktop browser, and the XSS corpus run in Chromium — traps for what a payload would do if
 * it ran, every element pointed at and focused, and a count of what the sanitiser must remove.
 */
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { XSS_PAYLOADS } from '../src/server/content/xss-corpus.ts';
import { grantAdminRole, type JourneyServer, signInWithTwoFactor, verifyEmail } from './account-setup.ts';
import { newPage, rejectCookies } from './fixtures.ts';

/** A desktop browser (1280 × 900, en-GB, light, no motion), for an admin or a visitor. */
export const desktopContext = (browser: Browser): Promise<BrowserContext> =>
  browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'en-GB',
    colorScheme: 'light',
    reducedMotion: 'reduce',
  });

/**
 * Signs `email` up, confirms it, makes it an admin (the server restarts on a new port: `base` is
 * the address after) and signs a desktop browser in with two-factor, on the admin home with the
 * cookie banner answered.
 */
export async function signedInAdmin(
  env: { server: JourneyServer; browser: Browser },
  who: { email: string; password: string; firstName: string; lastName: string },
): Promise<{ base: string; context: BrowserContext; page: Page; errors: string[] }> {
  const signUp = await fetch(`${env.server.base}/api/account/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: env.server.base },
    body: JSON.stringify(who),
  });
  assert.equal(signUp.status, 200, await signUp.text());
  await verifyEmail(env.server, who.email);
  await grantAdminRole(env.server, who.email);
  const base = env.server.base;
  const context = await desktopContext(env.browser);
  const { page, errors } = await newPage(context);
  await signInWithTwoFactor(context, env.server, who.email, who.password);
  await page.goto(`${base}/admin`);
  await rejectCookies(page);
  return { base, context, page, errors };
}

/** The XSS corpus as one piece of HTML (a NUL character is refused before any route sees it, so that payload cannot be saved). */
export const XSS_CORPUS_HTML = XSS_PAYLOADS.filter((payload) => !payload.includes('\u0000')).join('\n');

/** What a payload would do if it ran: a dialog, or a mark on the window. */
const XSS_TRAPS = `
  window.__xss = 0;
  for (const name of ['alert', 'confirm', 'prompt', 'print']) {
    window[name] = () => { window.__xss += 1; };
  }
`;

/**
 * Sets the traps in every page `context` loads from now on, and gathers the dialogs `page` opens
 * (each dismissed) into the list returned: a journey expects it to stay empty.
 */
export async function setXssTraps(context: BrowserContext, page: Page): Promise<string[]> {
  const dialogs: string[] = [];
  await context.addInitScript(XSS_TRAPS);
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

/**
 * Points at and focuses every element inside `region` (in case a handler slipped through on an
 * event), gives a handler `settleMs` to run, then fails if a trap went off or the region still
 * holds an element or an address the sanitiser removes.
 */
export async function assertCorpusRanNothing(page: Page, region: Locator, where: string, settleMs: number) {
  await region.evaluate((element) => {
    for (const child of element.querySelectorAll('*')) {
      for (const type of ['mouseover', 'mouseenter'])
        child.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true }));
      child.dispatchEvent(new FocusEvent('focus'));
      child.dispatchEvent(new AnimationEvent('animationstart'));
    }
  });
  await page.waitForTimeout(settleMs);
  assert.equal(await page.evaluate(() => (window as unknown as { __xss: number }).__xss), 0, where);
  assert.equal(
    await region.locator('script, iframe, object, embed, svg, math, form, input, style, base, meta').count(),
    0,
    where,
  );
  assert.equal(
    await region.locator('[href^="javascript:" i], [src^="javascript:" i], [src^="data:" i]').count(),
    0,
    where,
  );
}
