/**
 * `node scripts/make-icons.ts`: the installable app's PNG icons (public/icons/), drawn from the
 * logo public/favicon.svg with sharp. Re-run it when the logo changes and commit the PNGs; the web
 * app manifest (vite.config.ts) and index.html name them. See docs/decisions/0059-service-worker-and-landing-split.md.
 *
 * - `icon-192.png`, `icon-512.png`: the pig on a transparent background ("any" purpose).
 * - `maskable-512.png`: the pig inside the maskable safe zone (the middle 80%) on a white square,
 *   so a launcher's circle or squircle mask never cuts it.
 * - `apple-touch-icon.png` (180 px): iOS fills transparency with black, so white behind the pig.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const logo = fs.readFileSync(path.join(root, 'public', 'favicon.svg'));
const outDir = path.join(root, 'public', 'icons');
const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };
const CLEAR = { r: 0, g: 0, b: 0, alpha: 0 };

type Icon = { file: string; size: number; logoShare: number; background: typeof WHITE };

const ICONS: Icon[] = [
  { file: 'icon-192.png', size: 192, logoShare: 1, background: CLEAR },
  { file: 'icon-512.png', size: 512, logoShare: 1, background: CLEAR },
  { file: 'maskable-512.png', size: 512, logoShare: 0.7, background: WHITE },
  { file: 'apple-touch-icon.png', size: 180, logoShare: 0.8, background: WHITE },
];

async function makeIcon({ file, size, logoShare, background }: Icon): Promise<void> {
  const inner = Math.round(size * logoShare);
  // The SVG is vector: render it at the size wanted rather than scaling a small bitmap.
  const pig = await sharp(logo, { density: Math.ceil((72 * inner) / 32) })
    .resize(inner, inner, { fit: 'contain', background: CLEAR })
    .png()
    .toBuffer();
  const offset = Math.floor((size - inner) / 2);
  await sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: pig, left: offset, top: offset }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(outDir, file));
  console.log(`public/icons/${file} ${size}×${size}`);
}

fs.mkdirSync(outDir, { recursive: true });
for (const icon of ICONS) await makeIcon(icon);
