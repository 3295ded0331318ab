/**
 * Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level 9) beside each text file of
 * the built web app, once at build time, so the server sends compressed static files without
 * compressing them per request (src/server/http/static-files.ts picks the variant the browser
 * accepts). A variant is kept only when it is smaller than the file. Run by `vite build` through
 * the plugin below. docs/decisions/0047-compression-and-first-load.md.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images, fonts (woff2 is compressed already) and archives are not. */
export const PRECOMPRESSED_EXTENSIONS = [
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.xml',
];

export type PrecompressResult = { files: number; bytes: number; brotliBytes: number; gzipBytes: number };

/** Every file under `dir` (dot-folders such as `.vite`, which the server never serves, left out). */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => {
        const full = path.join(dir, entry.name);
        return entry.isDirectory() ? listFiles(full) : Promise.resolve(entry.isFile() ? [full] : []);
      }),
  );
  return nested.flat();
}

async function writeSmaller(file: string, content: Buffer, compressed: Buffer): Promise<number> {
  if (compressed.length >= content.length) return content.length;
  await fs.writeFile(file, compressed);
  return compressed.length;
}

/** Compresses every text file under `dir` (zlib's thread pool runs them side by side). */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const files = (await listFiles(dir)).filter((file) => PRECOMPRESSED_EXTENSIONS.includes(path.extname(file)));
  const sizes = await Promise.all(
    files.map(async (file) => {
      const content = await fs.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      return {
        bytes: content.length,
        brotliBytes: await writeSmaller(`${file}.br`, content, br),
        gzipBytes: await writeSmaller(`${file}.gz`, content, gz),
      };
    }),
  );
  return {
    files: files.length,
    bytes: sizes.reduce((sum, s) => sum + s.bytes, 0),
    brotliBytes: sizes.reduce((sum, s) => sum + s.brotliBytes, 0),
    gzipBytes: sizes.reduce((sum, s) => sum + s.gzipBytes, 0),
  };
}

/** The vite plugin: compresses the output folder once everything (public files too) is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'savvypig:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const started = performance.now();
      const result = await precompressDir(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
      this.info(
        `precompressed ${result.files} files in ${Math.round(performance.now() - started)} ms: ` +
          `${kb(result.bytes)} → brotli ${kb(result.brotliBytes)}, gzip ${kb(result.gzipBytes)}`,
      );
    },
  };
}
