import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { RESULTS_DIR, waitForAnimationsToSettle } from './fixtures.ts';

/** Where pictures go: SCREENSHOT_DIR when set (a folder to look through), else test-results/. */
const PICTURES_DIR = process.env.SCREENSHOT_DIR ?? RESULTS_DIR;

export async function assertAccessible(page: Page, what: string): Promise<void> {
  await waitForAnimationsToSettle(page);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    // Toasts fade in (axe would judge them half transparent) and belong to the shared toaster.
    .exclude('[data-sonner-toaster]')
    .analyze();
  assert.deepEqual(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join(', ')}`),
    [],
    `accessibility problems on ${what}`,
  );
}

async function settleTheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  // Two frames, so colour transitions the switch starts are running before they are waited out.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await waitForAnimationsToSettle(page);
}

/**
 * Checks what the page shows now with axe, in light and dark at 1280 and 375 px, and keeps a
 * full-page picture of each (`<name>-<width>-<scheme>.png`).
 */
export async function checkAndPicture(page: Page, name: string): Promise<void> {
  fs.mkdirSync(PICTURES_DIR, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await settleTheme(page, scheme);
      await assertAccessible(page, `${name} at ${width} px (${scheme})`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `${name} at ${width} px scrolls sideways by ${overflow} px`);
      await page.screenshot({ path: path.join(PICTURES_DIR, `${name}-${width}-${scheme}.png`), fullPage: true });
    }
  }
  await settleTheme(page, 'light');
  await page.setViewportSize(size);
}

/** Answers the cookie banner and waits for its toast to come and go, so it is in no picture. */
export async function rejectCookies(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Reject All' }).click();
  const toast = page.getByText('All non-essential cookies rejected and saved');
  await toast.waitFor();
  await toast.waitFor({ state: 'detached', timeout: 10_000 });
}
