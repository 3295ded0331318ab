/**
 * Makes the feature pages' screenshots (src/web/features/screenshots.ts) from the product itself:
 * starts the production build on a fresh data folder with its clock pinned to noon on
 * 28 November 2026, signs up a demo saver through the API (five accounts, a year of transactions,
 * a standing order, terms), opens each screen in Chromium at 1280 px and at 375 px, light and dark,
 * and writes WebP files to public/features/. Run it again whenever one of those screens changes:
 *
 *   npm run build && node scripts/feature-screenshots.ts
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { addTransactions, createAccount, type NewTransaction, signUpConfirmed } from '../e2e/account-setup.ts';
import {
  launchBrowser,
  rejectCookies,
  signInToDashboard,
  startServer,
  useColorScheme as switchColorScheme,
  waitForAnimationsToSettle,
} from '../e2e/fixtures.ts';
import {
  SCREENSHOT_DEVICES,
  SCREENSHOT_MAX_BYTES,
  SCREENSHOT_NAMES,
  SCREENSHOT_SCHEMES,
  type ScreenshotDevice,
  type ScreenshotName,
  screenshotFile,
} from '../src/web/features/screenshots.ts';

const OUT_DIR = path.resolve('public/features');
/** Noon on Saturday 28 November 2026 in London: every date on the screens is fixed. */
const NOW = new Date('2026-11-28T12:00:00Z');
const EMAIL = 'alex.saver@example.com';
const PASSWORD = 'a demo saver for the pictures';

type Server = Awaited<ReturnType<typeof startServer>>;

async function send(server: Server, cookie: string, method: string, url: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', origin: server.base, cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** The 1st (or `day`) of each month from `from` (YYYY-MM) for `count` months. */
function monthly(from: string, count: number, day: number, entry: Omit<NewTransaction, 'date'>): NewTransaction[] {
  const [year, month] = from.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const m = month - 1 + i;
    const date = `${year + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    return { ...entry, date };
  });
}

/** The demo saver: returns the id of the account the account pictures show. */
async function setUpSaver(server: Server, cookie: string): Promise<string> {
  const halifax = await createAccount(server, cookie, {
    name: 'Halifax Everyday Saver',
    bank: 'Halifax',
    accountNumber: '11112222',
    interestRateBps: 310,
    interestFrequency: 'Monthly',
    interestPaymentDay: 1,
    nextRateChange: '2026-12-05',
    rateChangeNotifications: true,
    startingBalancePence: 55_000_00,
    startingBalanceDate: '2025-12-01',
  });
  await addTransactions(server, cookie, halifax, [
    ...monthly('2026-01', 11, 1, { type: 'interest', amountPence: 148_27, notes: 'Interest' }),
    { type: 'withdrawal', amountPence: 2_000_00, date: '2026-06-14', notes: 'Holiday' },
    { type: 'deposit', amountPence: 1_200_00, date: '2026-09-22', notes: 'Birthday money' },
  ]);
  await send(server, cookie, 'POST', `/api/accounts/${halifax}/standing-orders`, {
    amountPence: 500_00,
    frequency: 'monthly',
    startDate: '2025-12-05',
    paymentDay: 5,
    notes: 'From my current account',
  });
  await send(server, cookie, 'POST', `/api/accounts/${halifax}/standing-orders/process`);
  await send(server, cookie, 'POST', `/api/accounts/${halifax}/terms`, {
    termType: 'intro_rate',
    inputs: { startDate: '2025-12-05', endDate: '2026-12-05', bonusRateBps: 310, reversionRateBps: 150 },
  });

  await createAccount(server, cookie, {
    name: 'Bank of Scotland Fixed Rate Bond',
    bank: 'Bank of Scotland',
    accountType: 'Bond',
    accountNumber: '33334444',
    interestRateBps: 435,
    interestFrequency: 'At Maturity',
    dateOpened: '2025-12-10',
    termLengthValue: 12,
    termLengthUnit: 'months',
    startingBalancePence: 68_000_00,
    startingBalanceDate: '2025-12-10',
  });

  const notice = await createAccount(server, cookie, {
    name: 'Nationwide Notice Saver',
    bank: 'Nationwide Building Society',
    accountType: 'Notice Saver',
    accountNumber: '55556666',
    interestRateBps: 390,
    interestFrequency: 'Monthly',
    interestPaymentDay: 28,
    startingBalancePence: 30_000_00,
    startingBalanceDate: '2025-12-01',
  });
  await addTransactions(
    server,
    cookie,
    notice,
    monthly('2025-12', 11, 28, { type: 'interest', amountPence: 96_12, notes: 'Interest' }),
  );
  await send(server, cookie, 'POST', `/api/accounts/${notice}/terms`, {
    termType: 'notice_period',
    inputs: { noticeDays: 95 },
  });

  const isa = await createAccount(server, cookie, {
    name: 'Coventry Cash ISA',
    accountType: 'Cash ISA',
    bankId: null,
    accountNumber: '40011234',
    interestRateBps: 410,
    startingBalancePence: 12_000_00,
    startingBalanceDate: '2026-04-06',
  });
  await addTransactions(
    server,
    cookie,
    isa,
    monthly('2026-05', 7, 10, { type: 'deposit', amountPence: 500_00, notes: 'Monthly saving' }),
  );
  const { providers } = (await send(server, cookie, 'GET', '/api/reference/isa-providers?q=Coventry')) as {
    providers: { id: string; platformName?: string }[];
  };
  const coventry = providers.find((p) => p.platformName === 'Coventry Building Society');
  assert.ok(coventry, 'Coventry Building Society is an ISA provider in the reference data');
  await send(server, cookie, 'PUT', `/api/accounts/${isa}/isa/provider`, { providerId: coventry.id });

  await createAccount(server, cookie, {
    name: 'Premium Bonds',
    bank: 'NS&I',
    accountNumber: '77778888',
    startingBalancePence: 10_000_00,
    startingBalanceDate: '2025-12-01',
  });
  return halifax;
}

type Shot = {
  /** The page, with `{account}` for the demo account's id. */
  url: string;
  /** What shows once the screen is ready. */
  ready: (page: Page) => Locator;
  /** What to scroll to the top of the window (below the header); the page's top when absent. */
  scrollTo?: (page: Page) => Locator;
};

const heading = (name: string, level?: number) => (page: Page) =>
  page.getByRole('heading', { name, exact: true, level });

const SHOTS: Record<ScreenshotName, Shot> = {
  dashboard: { url: '/dashboard', ready: (page) => page.getByRole('region', { name: 'Where your money is' }) },
  'balance-line': {
    url: '/dashboard',
    ready: (page) => page.locator('.recharts-surface'),
    scrollTo: heading('Total balance over the last 12 months'),
  },
  accounts: {
    url: '/accounts',
    ready: (page) => page.getByText('Halifax Everyday Saver'),
    // A phone shows the totals first: the accounts are the picture.
    scrollTo: (page) => page.getByRole('heading', { name: 'Accounts', level: 1 }),
  },
  account: { url: '/account/{account}', ready: heading('Interest Settings') },
  'interest-settings': {
    url: '/account/{account}',
    ready: heading('Interest Settings'),
    scrollTo: heading('Interest Settings'),
  },
  transactions: {
    url: '/account/{account}',
    ready: heading('Standing Orders'),
    scrollTo: (page) => page.locator('#transactions'),
  },
  'account-charts': {
    url: '/account/{account}',
    ready: (page) => page.locator('.recharts-surface'),
    scrollTo: heading('Charts'),
  },
  notifications: { url: '/notifications', ready: (page) => page.getByText(/rate changes/) },
  'protection-hub': { url: '/protection', ready: heading('Bank of Scotland plc') },
  'smart-pig': { url: '/smart-pig', ready: (page) => page.getByRole('article') },
};

async function picture(page: Page, name: ScreenshotName, device: ScreenshotDevice, accountId: string) {
  const shot = SHOTS[name];
  await page.goto(`${env.server!.base}${shot.url.replace('{account}', accountId)}`);
  // The first one shown: a phone hides the desktop table, and the other way round.
  await shot.ready(page).filter({ visible: true }).first().waitFor({ timeout: 20_000 });
  for (const scheme of SCREENSHOT_SCHEMES) {
    await switchColorScheme(page, scheme);
    const target = shot.scrollTo?.(page).filter({ visible: true }).first();
    if (target) {
      await target.waitFor();
      // Below the sticky header, with a little room above.
      await target.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80));
    } else {
      await page.evaluate(() => window.scrollTo(0, 0));
    }
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await waitForAnimationsToSettle(page);
    const png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
    const file = path.join(OUT_DIR, screenshotFile(name, device, scheme));
    const webp = await sharp(png)
      .webp({ quality: device === 'phone' ? 60 : 70, effort: 6 })
      .toBuffer();
    fs.writeFileSync(file, webp);
    const note = webp.byteLength > SCREENSHOT_MAX_BYTES ? `  OVER ${SCREENSHOT_MAX_BYTES} bytes` : '';
    console.log(`${path.relative(process.cwd(), file)}  ${(webp.byteLength / 1000).toFixed(1)} kB${note}`);
  }
  await switchColorScheme(page, 'light');
}

const env: { server?: Server; browser?: Browser } = {};

async function main() {
  if (!fs.existsSync('dist-server/index.js'))
    throw new Error('Run `npm run build` first: the pictures are of the production build.');
  const clockDir = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-pictures-clock-'));
  const offsetFile = path.join(clockDir, 'offset-ms');
  fs.writeFileSync(offsetFile, String(NOW.getTime() - Date.now()));
  try {
    env.server = await startServer({ NODE_ENV: 'development', TEST_CLOCK_OFFSET_FILE: offsetFile });
    env.browser = await launchBrowser();
    const cookie = await signUpConfirmed(env.server, { email: EMAIL, password: PASSWORD, firstName: 'Alex' });
    const accountId = await setUpSaver(env.server, cookie);
    fs.mkdirSync(OUT_DIR, { recursive: true });

    let signedIn: BrowserContext | undefined;
    for (const device of Object.keys(SCREENSHOT_DEVICES) as ScreenshotDevice[]) {
      const { width, height, scale } = SCREENSHOT_DEVICES[device];
      const context = await env.browser.newContext({
        viewport: { width, height },
        deviceScaleFactor: scale,
        isMobile: device === 'phone',
        hasTouch: device === 'phone',
        locale: 'en-GB',
        timezoneId: 'Europe/London',
        colorScheme: 'light',
        reducedMotion: 'reduce',
        // The second window starts with the first one's session and cookie choices.
        storageState: signedIn ? await signedIn.storageState() : undefined,
      });
      await context.clock.install({ time: NOW });
      // The trial banner is the same on every screen: dismissed, as a saver does once a session.
      await context.addInitScript(() => sessionStorage.setItem('trialBannerDismissed', 'true'));
      const page = await context.newPage();
      if (!signedIn) {
        await signInToDashboard(page, env.server.base, EMAIL, PASSWORD);
        await rejectCookies(page);
        signedIn = context;
      }
      for (const name of SCREENSHOT_NAMES) await picture(page, name, device, accountId);
      if (context !== signedIn) await context.close();
    }
    await signedIn?.close();
  } finally {
    await env.browser?.close();
    await env.server?.stop();
    fs.rmSync(clockDir, { recursive: true, force: true });
  }
}

await main();
