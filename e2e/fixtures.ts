import fs from 'node:fs';
import path from 'node:path';
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Response } from 'playwright-core';
import { chromiumPath } from '../scripts/ensure-chromium.ts';
import { axeViolations } from './axe.ts';
import { startServerProcess, type ServerProcess } from '../src/server/test/server-process.ts';
import { type EngineChoice, freshJourneyDatabase, type JourneyEngine } from './journey-database.ts';
import { DUPLICATE_WINDOW_MS } from '../src/web/app/notify.ts';

export const RESULTS_DIR = path.resolve('test-results');

/** Where pictures go: SCREENSHOT_DIR when set (a folder to look through), else test-results/. */
export const PICTURES_DIR = process.env.SCREENSHOT_DIR ? path.resolve(process.env.SCREENSHOT_DIR) : RESULTS_DIR;

/**
 * Whether pictures are kept: always, unless E2E_PICTURES=0 (CI sets it: a clean clone's pictures
 * are thrown away unseen, and a full-page picture at four sizes costs more than the checks beside
 * it). The checks made where a picture is taken (axe, sideways scrolling) run either way.
 */
export const KEEP_PICTURES = process.env.E2E_PICTURES !== '0';

/** Takes `page`'s picture (or `of`'s, an element) into `file` under PICTURES_DIR, when pictures are kept. */
export async function keepPicture(
  page: Page,
  file: string,
  { fullPage = false, of, animations }: { fullPage?: boolean; of?: Locator; animations?: 'disabled' } = {},
): Promise<void> {
  if (!KEEP_PICTURES) return;
  const where = path.join(PICTURES_DIR, file);
  fs.mkdirSync(path.dirname(where), { recursive: true });
  if (of) {
    await of.scrollIntoViewIfNeeded();
    await of.screenshot({ path: where, animations });
  } else {
    await page.screenshot({ path: where, fullPage, animations });
  }
}

export type E2EServer = ServerProcess & { dataDir: string; engine: JourneyEngine };

/**
 * The production server (`dist-server`, built by `npm run build`) on a fresh database: PostgreSQL
 * when the run has TEST_DATABASE_URL, else (or when `choice` asks) PGlite (journey-database.ts).
 */
export async function startServer(env: Record<string, string> = {}, choice: EngineChoice = {}): Promise<E2EServer> {
  if (!fs.existsSync('dist-server/index.js') || !fs.existsSync('dist/index.html')) {
    throw new Error('Run `npm run build` first: the browser tests drive the production build.');
  }
  const database = await freshJourneyDatabase(choice);
  let server: ServerProcess;
  try {
    server = await startServerProcess('dist-server/index.js', { ...database.env, ...env });
  } catch (err) {
    await database.dispose();
    throw err;
  }
  return {
    ...server,
    dataDir: database.dataDir,
    engine: database.engine,
    stop: async () => {
      await server.stop();
      await database.dispose();
    },
  };
}

export type BrowserOptions = {
  /**
   * Whether pages may register the service worker. Blocked unless a journey allows it: the worker
   * answers only offline navigations to public pages (ADR 0059), yet a fresh context that lets it
   * install fetches the whole precache (about 130 files) in the background, and the journeys make
   * some 85 contexts. The journeys about the worker and the app's console (get-started,
   * no-browser-complaints) allow it.
   */
  serviceWorkers?: 'allow' | 'block';
};

/**
 * Headless Chromium for the journeys. Every context asks for reduced motion unless it says
 * otherwise: the app then ends its animations at once (src/web/index.css), so a page at rest
 * draws no frames. Skeleton pulses and spinners left running kept Chromium's compositor busy:
 * two journeys' GPU process spent 22.5 s of CPU with motion, 6.6 s without (docs/testing.md).
 */
export async function launchBrowser({ serviceWorkers = 'block' }: BrowserOptions = {}): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath)
    throw new Error('Chromium not found: run `node scripts/ensure-chromium.ts` or set CHROMIUM_PATH');
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // Every context (and the one `browser.newPage` makes) gets the choice unless it says otherwise.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ serviceWorkers, reducedMotion: 'reduce', ...options });
  const newPage = browser.newPage.bind(browser);
  browser.newPage = (options = {}) => newPage({ serviceWorkers, reducedMotion: 'reduce', ...options });
  return browser;
}

/** A page that records console errors and uncaught exceptions, so a journey can assert there were none. */
export async function newPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (
      msg.type() === 'error' &&
      !/Failed to load resource: the server responded with a status of 40[14]/.test(msg.text())
    ) {
      errors.push(`console: ${msg.text()}${msg.location().url ? ` (${msg.location().url})` : ''}`);
    }
  });
  return { page, errors };
}

/** A page in `context` whose errors join `errors` when it closes (one saver's pages, gathered). */
export async function pageGatheringErrors(context: BrowserContext, errors: string[]): Promise<Page> {
  const made = await newPage(context);
  made.page.on('close', () => errors.push(...made.errors));
  return made.page;
}

/** A full-page picture, `<name>.png` in PICTURES_DIR. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await keepPicture(page, `${name}.png`, { fullPage: true });
}

/** Decodes a quoted-printable MIME body (what nodemailer writes for long lines). */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest `.eml` the app wrote to DATA_DIR/mail for `to` (and matching `matching`, when given), decoded. */
export async function waitForEmail(
  dataDir: string,
  to: string,
  timeoutMs = 10_000,
  matching?: RegExp,
): Promise<string> {
  const dir = path.join(dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .reverse()
      : [];
    for (const f of files) {
      const raw = decodeQuotedPrintable(fs.readFileSync(path.join(dir, f), 'utf8'));
      if (
        new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(raw) &&
        (!matching || matching.test(raw))
      )
        return raw;
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} in ${dir}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The address-confirmation link of a sign-up e-mail. */
export function verificationLink(mail: string): string {
  const link = mail.match(/https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?[^\s"<>]+/)?.[0];
  assert.ok(link, 'the confirmation e-mail carries a verification link');
  return link.replace(/&amp;/g, '&');
}

/** Signs in through the login page. */
export async function login(page: Page, base: string, email: string, password: string): Promise<void> {
  await fillLogin(page, base, email, password);
  await pressLogIn(page);
}

async function fillLogin(page: Page, base: string, email: string, password: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

const pressLogIn = (page: Page) => page.getByRole('button', { name: /^(log in|sign in)$/i }).click();

/**
 * Starts a production server (the plain one unless `start` says otherwise) and Chromium before the
 * file's tests and stops both after; the returned object's fields are set once `before` has run.
 */
export function useServerAndBrowser(
  start?: undefined,
  browserOptions?: BrowserOptions,
): { server: E2EServer; browser: Browser };
export function useServerAndBrowser<S extends { stop: () => Promise<void> }>(
  start: () => Promise<S>,
  browserOptions?: BrowserOptions,
): { server: S; browser: Browser };
export function useServerAndBrowser(
  start: (() => Promise<{ stop: () => Promise<void> }>) | undefined = startServer,
  browserOptions: BrowserOptions = {},
) {
  const env = {} as { server: { stop: () => Promise<void> }; browser: Browser };
  before(async () => {
    env.server = await start();
    env.browser = await launchBrowser(browserOptions);
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

/**
 * Brings every finite CSS transition or animation to its end state (infinite ones, like a spinner,
 * are left alone), as Playwright's screenshots do with `animations: 'disabled'`, until none is left
 * running. Run it before axe: a colour half-way through a transition (after a theme switch for
 * screenshots, say) is neither colour, and axe's contrast check would judge it. Finishing them,
 * rather than waiting for them, holds on a loaded machine, where a page's frames come late.
 */
export async function waitForAnimationsToSettle(page: Page): Promise<void> {
  const running = await page.evaluate(async () => {
    const finite = () =>
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
    for (let round = 0; round < 20; round++) {
      const left = finite();
      if (left.length === 0) return [];
      for (const animation of left) animation.finish();
      // What a finished transition sets off (a class on transitionend, say) starts in the next task.
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return finite().map((a) => {
      const target = (a.effect as KeyframeEffect | null)?.target;
      const name =
        a instanceof CSSTransition
          ? `transition of ${a.transitionProperty}`
          : a instanceof CSSAnimation
            ? `animation ${a.animationName}`
            : 'animation';
      return `${name} on ${target?.tagName ?? '?'}.${target?.getAttribute('class')?.slice(0, 80) ?? ''}`;
    });
  });
  // Say which animations would not end, and on what.
  assert.deepEqual(running, [], 'animations still running after finishing them twenty times');
}

/** The axe rules whose verdict a colour scheme can change: every other rule judges markup and layout. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Fails with every axe finding (WCAG 2.2 A and AA) on the page as it is (or on the part `include`
 * selects), once transitions have settled; `coloursOnly` runs just the rules a colour scheme can
 * change, for a page already checked whole in another scheme. Toasts are left out: they fade in
 * (axe would judge them half transparent) and belong to the shared toaster.
 */
export async function assertAccessible(
  page: Page,
  what: string,
  { include, coloursOnly = false }: { include?: string; coloursOnly?: boolean } = {},
): Promise<void> {
  await waitForAnimationsToSettle(page);
  const violations = await axeViolations(page, {
    ...(coloursOnly ? { rules: COLOUR_RULES } : { tags: WCAG_AA_TAGS }),
    include,
    exclude: ['[data-toaster]'],
  });
  assert.deepEqual(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target} (${n.failureSummary})`).join(', ')}`),
    [],
    `accessibility problems on ${what}`,
  );
}

/**
 * Signs in through the login page to the dashboard, and fails with the sign-in's own answer if it is
 * not 200. The auth service allows 3 sign-ins per 10 s per address: set-up sign-ins come from the
 * saver's own address (`signUpOverHttp`), so the browser's are its own.
 */
/**
 * Fills in /login and presses Log in, and returns the sign-in's own answer, however slow the
 * machine (trying again after a fixed wait would sign in twice). A journey that signs several
 * savers in from one address meets better-auth's sign-in limit (3 in 10 s) on a fast machine: a
 * 429 is pressed again once its Retry-After has passed, as a saver would.
 */
export async function loginWaitingOutTheLimit(
  page: Page,
  base: string,
  email: string,
  password: string,
): Promise<Response> {
  await fillLogin(page, base, email, password);
  for (let attempt = 1; ; attempt++) {
    const answered = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/auth/sign-in/email',
      { timeout: 60_000 },
    );
    await pressLogIn(page);
    const response = await answered;
    if (response.status() !== 429 || attempt === 3) return response;
    const seconds = Number(response.headers()['retry-after']);
    await page.waitForTimeout((Number.isFinite(seconds) && seconds > 0 ? seconds : 10) * 1_000 + 250);
  }
}

export async function signInToDashboard(page: Page, base: string, email: string, password: string): Promise<void> {
  const response = await loginWaitingOutTheLimit(page, base, email, password);
  assert.equal(response.status(), 200, `sign-in answered ${response.status()}: ${await response.text()}`);
  await page.waitForURL('**/dashboard', { timeout: 60_000 });
}

/**
 * A signed-in saver on the dashboard in a desktop browser (1280 × 900, en-GB, light, cookies
 * rejected), without animations so every picture shows charts complete. Close the context after.
 */
export async function signedInDesktop(
  env: { server: Pick<E2EServer, 'base'>; browser: Browser },
  email: string,
  password: string,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await env.browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'en-GB',
    colorScheme: 'light',
    reducedMotion: 'reduce',
  });
  const { page, errors } = await newPage(context);
  await signInToDashboard(page, env.server.base, email, password);
  await rejectCookies(page);
  return { context, page, errors };
}

/** Waits for a toast to show, then closes it and waits for it to go, so it is in no picture and covers nothing. */
export async function waitForToastToGo(page: Page, text: string): Promise<void> {
  const toast = page.getByText(text);
  await toast.waitFor();
  const seenAt = Date.now();
  // Read, then closed with its own Dismiss button rather than waited out (4 s each, ~100 of them
  // across the journeys: minutes of the suite). Pressed from script, so neither the pointer nor
  // focus moves (the toaster moves focus only when it was inside the toasts).
  await toast.evaluate((el) =>
    el
      .closest<HTMLElement>('[data-toast-id]')
      ?.querySelector<HTMLButtonElement>('button[aria-label="Dismiss notification"]')
      ?.click(),
  );
  await toast.waitFor({ state: 'detached', timeout: 15_000 });
  // The notifier drops the same message raised again within DUPLICATE_WINDOW_MS of the first (it
  // shows SHOW_DELAY_MS after being raised): wait that window out, so the journey's next identical
  // toast (a second save) is shown rather than dropped.
  const left = DUPLICATE_WINDOW_MS + 100 - (Date.now() - seenAt);
  if (left > 0) await page.waitForTimeout(left);
}

/** Answers the cookie banner with Reject All (clicked, or from the keyboard) and waits for its toast to come and go. */
export async function rejectCookies(page: Page, { byKeyboard = false } = {}): Promise<void> {
  const reject = page.getByRole('button', { name: 'Reject All' });
  if (byKeyboard) {
    await reject.focus();
    await page.keyboard.press('Enter');
  } else {
    await reject.click();
  }
  await waitForToastToGo(page, 'All non-essential cookies rejected and saved');
}

/** Fails naming every element that reaches past the right edge of the window (outside any box that clips or scrolls it). */
export async function assertNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const wide = await page.evaluate(() => {
    const edge = document.documentElement.clientWidth + 0.5;
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      return false;
    };
    const past = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > edge && el.getBoundingClientRect().width > 0 && !clipped(el))
      .map(
        (el) =>
          `${el.tagName}.${el.getAttribute('class')?.slice(0, 60)} ${Math.round(el.getBoundingClientRect().right)}`,
      );
    const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    return overflow > 0 ? [`the page scrolls sideways by ${overflow} px`, ...past] : past;
  });
  assert.deepEqual(wide, [], `no sideways scrolling: ${where}`);
}

export type Scheme = 'light' | 'dark';

/**
 * In the page: whether it shows the scheme (`dark` or not). A page that follows the system's
 * scheme shows it once the app has set the `dark` class to match; one with a saved choice shows
 * its choice whatever the system's is. `mediaToo`: and the emulated system scheme is that one.
 */
function showsScheme({ key, dark, mediaToo }: { key: string; dark: boolean; mediaToo: boolean }): boolean {
  const chosen = localStorage.getItem(key);
  const follows = chosen !== 'light' && chosen !== 'dark';
  if (mediaToo && matchMedia('(prefers-color-scheme: dark)').matches !== dark) return false;
  return !follows || document.documentElement.classList.contains('dark') === dark;
}

/**
 * Switches the colour scheme, waits until a page that follows the system's scheme has taken it
 * (the app sets the `dark` class when the media query's change event reaches React), and then
 * until the colour transitions the switch starts are over (none in a context that asks for
 * reduced motion, as every journey's does: src/web/index.css turns them off). Frames alone are not
 * enough: a context with Playwright's clock runs requestAnimationFrame on timers, ahead of the
 * rendering step that reports the media query's change.
 */
export async function useColorScheme(page: Page, scheme: Scheme): Promise<void> {
  // The key src/web/app/theme.tsx and public/theme-init.js keep the saver's chosen theme under.
  const wanted = { key: 'ui-theme', dark: scheme === 'dark' };
  // Already in that scheme: nothing to switch or wait out. A switch costs a full restyle and
  // frames, half a second a call on a loaded machine, and checkAndPicture asks for each scheme
  // at each width.
  if (await page.evaluate(showsScheme, { ...wanted, mediaToo: true })) return;
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(showsScheme, { ...wanted, mediaToo: false });
  // Bring the whole page's style and layout up to date now (reading a size does), so whatever the
  // switch starts (colour transitions without reduced motion, animations) exists before it is
  // finished. Waiting two frames did the same, at a quarter of a second a switch on a loaded machine.
  await page.evaluate(() => document.body.offsetWidth);
  await waitForAnimationsToSettle(page);
}

export type PictureOptions = {
  /** The colour schemes, in this order (light then dark unless said). */
  schemes?: readonly Scheme[];
  /**
   * Widths to check at, each first checked for sideways scrolling (1280 px windows are 900 px
   * high, narrower ones 800); pictures are then `<name>-<width>-<scheme>.png`. Without it: the
   * window as it is, and `<name>-<scheme>.png`.
   */
  widths?: readonly number[];
  /** What the picture holds: the whole page from its top (default), the window as it is (a dialog), or one element. */
  of?: 'page' | 'window' | Locator;
};

/**
 * Checks what the page shows now with axe in each colour scheme (and width: every rule in the first
 * scheme, the colour rules in the others), and keeps a picture
 * of each in PICTURES_DIR; the window's size comes back and the scheme returns to light after.
 */
export async function checkAndPicture(
  page: Page,
  name: string,
  { schemes = ['light', 'dark'], widths, of = 'page' }: PictureOptions = {},
): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const [widthIndex, width] of (widths ?? [size.width]).entries()) {
    if (widths) {
      await page.setViewportSize({ width, height: width >= 1024 ? 900 : 800 });
      // What sizes itself with a ResizeObserver (charts) follows a frame or two later.
      await page
        .waitForFunction(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
          undefined,
          { timeout: 2_000 },
        )
        .catch(() => {});
      await assertNoSidewaysScroll(page, `${name} at ${width} px`);
    }
    // Every other width takes the schemes the other way round, so the page stays in the scheme it
    // is in from one width to the next instead of switching back (and the last switch back to
    // light is often not needed).
    const inOrder = widthIndex % 2 === 0 ? schemes : [...schemes].reverse();
    // A whole page is checked and pictured from its top: scrolled, the sticky header lies over
    // whatever the last step scrolled to, and axe's target-size rule then finds that content's
    // links "partially obscured" (which of them depends on where the page happened to stop).
    if (of === 'page') await page.evaluate(() => window.scrollTo(0, 0));
    for (const [index, scheme] of inOrder.entries()) {
      await useColorScheme(page, scheme);
      // The first scheme gets every rule; the markup is the same in the next, only its colours change.
      await assertAccessible(page, `${name} at ${width} px (${scheme})`, { coloursOnly: index > 0 });
      const file = `${widths ? `${name}-${width}` : name}-${scheme}.png`;
      if (of === 'window') {
        await keepPicture(page, file);
      } else if (of === 'page') {
        await keepPicture(page, file, { fullPage: true });
      } else {
        await keepPicture(page, file, { of });
      }
    }
  }
  if (widths) await page.setViewportSize(size);
  await useColorScheme(page, 'light');
}

/** Light and dark on a desktop (1280 px) and a phone (375 px), each checked by axe and for sideways scrolling, and pictured. */
export const pictureEverywhere = (page: Page, name: string): Promise<void> =>
  checkAndPicture(page, name, { widths: [1280, 375] });

/** An open dialog the same way, pictured as the window shows it (a full-page picture would leave the page below the window undimmed). */
export const pictureDialogEverywhere = (page: Page, name: string): Promise<void> =>
  checkAndPicture(page, name, { widths: [1280, 375], of: 'window' });
