import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  SCREENSHOT_DEVICES,
  SCREENSHOT_MAX_BYTES,
  SCREENSHOT_NAMES,
  SCREENSHOT_SCHEMES,
  type ScreenshotDevice,
  screenshotFile,
  screenshotPixels,
} from '../src/web/features/screenshots.ts';

const DIR = path.resolve('public/features');
const DEVICES = Object.keys(SCREENSHOT_DEVICES) as ScreenshotDevice[];

describe('the feature pages’ screenshots (made by scripts/feature-screenshots.ts)', () => {
  it('are all there, as WebP at their size, each small enough to load several on a page', async () => {
    const problems: string[] = [];
    for (const name of SCREENSHOT_NAMES)
      for (const device of DEVICES)
        for (const scheme of SCREENSHOT_SCHEMES) {
          const file = path.join(DIR, screenshotFile(name, device, scheme));
          if (!fs.existsSync(file)) {
            problems.push(`${file} is missing`);
            continue;
          }
          const { format, width, height, size } = await sharp(file).metadata();
          const bytes = fs.statSync(file).size;
          const want = screenshotPixels(device);
          if (format !== 'webp') problems.push(`${file} is ${format}`);
          if (width !== want.width || height !== want.height) problems.push(`${file} is ${width}×${height}`);
          if (bytes > SCREENSHOT_MAX_BYTES) problems.push(`${file} is ${bytes} bytes (${size})`);
        }
    expect(problems).toEqual([]);
  });

  it('has no file left over from a screen that is no longer shown', () => {
    const expected = new Set(
      SCREENSHOT_NAMES.flatMap((name) =>
        DEVICES.flatMap((device) => SCREENSHOT_SCHEMES.map((scheme) => screenshotFile(name, device, scheme))),
      ),
    );
    expect(fs.readdirSync(DIR).filter((file) => !expected.has(file))).toEqual([]);
  });
});
