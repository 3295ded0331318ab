import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumPath } from '../scripts/ensure-chromium.ts';
import { startServerProcess, type ServerProcess } from '../src/server/test/server-process.ts';

export const RESULTS_DIR = path.resolve('test-results');

export type E2EServer = ServerProcess & { dataDir: string };

/** The production server (`dist-server`, built by `npm run build`) on a fresh data folder. */
export async function startServer(env: Record<string, string> = {}): Promise<E2EServer> {
  if (!fs.existsSync('dist-server/index.js') || !fs.existsSync('dist/index.html')) {
    throw new Error('Run `npm run build` first: the browser tests drive the production build.');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-e2e-'));
  const server = await startServerProcess('dist-server/index.js', { DATA_DIR: dataDir, ...env });
  return {
    ...server,
    dataDir,
    stop: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium not found: run `node scripts/ensure-chromium.ts` or set CHROMIUM_PATH');
  return chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A page that records console errors and uncaught exceptions, so a journey can assert there were none. */
export async function newPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/Failed to load resource: the server responded with a status of 40[14]/.test(msg.text())) {
      errors.push(`console: ${msg.text()}`);
    }
  });
  return { page, errors };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(RESULTS_DIR, `${name}.png`), fullPage: true });
}

/** Decodes a quoted-printable MIME body (what nodemailer writes for long lines). */
export function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest `.eml` the app wrote to DATA_DIR/mail for `to` (and matching `matching`, when given), decoded. */
export async function waitForEmail(dataDir: string, to: string, timeoutMs = 10_000, matching?: RegExp): Promise<string> {
  const dir = path.join(dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().reverse() : [];
    for (const f of files) {
      const raw = decodeQuotedPrintable(fs.readFileSync(path.join(dir, f), 'utf8'));
      if (new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(raw) && (!matching || matching.test(raw))) return raw;
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} in ${dir}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Signs in through the login page. */
export async function login(page: Page, base: string, email: string, password: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
}

/**
 * Starts a production server and Chromium before the file's tests and stops both after;
 * the returned object's fields are set once `before` has run.
 */
export function useServerAndBrowser(): { server: E2EServer; browser: Browser } {
  const env = {} as { server: E2EServer; browser: Browser };
  before(async () => {
    env.server = await startServer();
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

/**
 * Waits until no finite CSS transition or animation is running (infinite ones, like a spinner,
 * are left alone). Run it before axe: a colour half-way through a transition (after a theme
 * switch for screenshots, say) is neither colour, and axe's contrast check would judge it.
 */
export async function waitForAnimationsToSettle(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );
}

/**
 * Fails with every axe finding (WCAG 2.2 A and AA) on the page as it is, once transitions have
 * settled; toasts are left out (they come and go on their own timer).
 */
export async function assertAccessible(page: Page, what: string): Promise<void> {
  await waitForAnimationsToSettle(page);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .exclude('[data-sonner-toaster]')
    .analyze();
  assert.deepEqual(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join(', ')}`),
    [],
    `accessibility problems on ${what}`,
  );
}

/** Signs in through the login page to the dashboard; the auth service allows 3 sign-ins per 10 s per address, so a refusal is waited out. */
export async function signInToDashboard(page: Page, base: string, email: string, password: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await login(page, base, email, password);
    try {
      await page.waitForURL('**/dashboard', { timeout: 8_000 });
      return;
    } catch (error) {
      if (attempt >= 2) throw error;
      await page.waitForTimeout(10_000);
    }
  }
}

/** Checks the page with axe in one colour scheme and takes its picture (`<name>-<scheme>.png`). */
export async function checkAndPicture(page: Page, name: string, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  // Two frames, so colour transitions the switch starts are running before axe waits them out.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await assertAccessible(page, `${name} (${scheme})`);
  await screenshot(page, `${name}-${scheme}`);
}
