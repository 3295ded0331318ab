/**
 * The product screenshots the feature pages show: real screens of a demo saver, made by
 * `node scripts/feature-screenshots.ts` (run it again when a screen changes) into public/features/.
 * Each screen is kept at two sizes (a desktop window and a phone) in each colour scheme, as WebP.
 * The script reads this list for what to make; the pages read it for what to show; a test checks
 * every file is there, at its size, and small.
 */

export const SCREENSHOT_SCHEMES = ['light', 'dark'] as const;
export type ScreenshotScheme = (typeof SCREENSHOT_SCHEMES)[number];

/** The window each picture is taken in (CSS pixels) and its pixel density: the file is width × scale wide. */
export const SCREENSHOT_DEVICES = {
  desktop: { width: 1280, height: 800, scale: 1 },
  phone: { width: 375, height: 720, scale: 2 },
} as const;
export type ScreenshotDevice = keyof typeof SCREENSHOT_DEVICES;

/** Below this window width a page shows the phone picture (Tailwind's `sm`). */
export const PHONE_PICTURE_MAX_WIDTH = 639;

/** A file may not be larger than this: the pages load several. */
export const SCREENSHOT_MAX_BYTES = 120_000;

export const SCREENSHOTS = {
  dashboard:
    'The SavvyPig dashboard: the total saved, how much of it the FSCS protects and how much is at risk, then each banking licence against its limit',
  'balance-line': 'The dashboard’s chart of the total balance over the last 12 months',
  accounts:
    'The accounts list: each account with its bank, balance, interest rate and protection status, grouped by type',
  account: 'An account’s page: its balance and interest at the top, then its details',
  'interest-settings':
    'An account’s interest settings: the rate, how often interest is paid and the date of the next rate change',
  transactions: 'An account’s transactions and its standing order, with the next payment date',
  'account-charts': 'An account’s charts: money in and out each month, and the share of each kind of transaction',
  notifications:
    'The notifications page: a rate change, a fixed term ending, interest due and money over a protection limit',
  'protection-hub': 'The Protection Hub: accounts grouped by banking licence, each against its limit, with alerts',
  'smart-pig':
    'Smart Pig: figures about the savings and suggestions to move money under protection or to a better rate',
} as const satisfies Record<string, string>;
export type ScreenshotName = keyof typeof SCREENSHOTS;

export const SCREENSHOT_NAMES = Object.keys(SCREENSHOTS) as ScreenshotName[];

/** The file's name in public/features/ (and its path on the site after `/features/`). */
export function screenshotFile(name: ScreenshotName, device: ScreenshotDevice, scheme: ScreenshotScheme): string {
  return `${name}-${SCREENSHOT_DEVICES[device].width}-${scheme}.webp`;
}

/** The address the pages load it from. */
export function screenshotUrl(name: ScreenshotName, device: ScreenshotDevice, scheme: ScreenshotScheme): string {
  return `/features/${screenshotFile(name, device, scheme)}`;
}

/** The file's size in pixels. */
export function screenshotPixels(device: ScreenshotDevice): { width: number; height: number } {
  const { width, height, scale } = SCREENSHOT_DEVICES[device];
  return { width: width * scale, height: height * scale };
}
