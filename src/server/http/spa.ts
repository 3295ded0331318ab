import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Context, Hono } from 'hono';
import { type ContentCoding, negotiateEncoding } from './accept-encoding.ts';
import type { AppEnv } from './context.ts';
import { filePathOf, type Representation, sendFile, sendRepresentation } from './static-files.ts';

const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
const FILE_CACHE = 'public, max-age=0, must-revalidate';

/** index.html and its Brotli and gzip codings, kept in memory for the history fallback. */
function loadIndexPage(distDir: string): Record<ContentCoding | 'identity', Representation> {
  const indexPath = path.join(distDir, 'index.html');
  const html = fs.readFileSync(indexPath);
  const tag = createHash('sha256').update(html).digest('base64url').slice(0, 16);
  // The build writes the twins (scripts/precompress.ts); a hand-made dist (tests) gets them here.
  const twin = (suffix: string, compress: (b: Buffer) => Buffer) =>
    (fs.existsSync(indexPath + suffix) ? fs.readFileSync(indexPath + suffix) : compress(html)) as Buffer<ArrayBuffer>;
  return {
    identity: { body: html, coding: null, etag: `"${tag}"` },
    br: { body: twin('.br', (b) => zlib.brotliCompressSync(b)), coding: 'br', etag: `"${tag}-br"` },
    gzip: { body: twin('.gz', (b) => zlib.gzipSync(b, { level: 9 })), coding: 'gzip', etag: `"${tag}-gzip"` },
  };
}

/**
 * What a history-fallback path is, when a hook knows (content pages, ADR 0061): a 404 for a place
 * with no page (the app shows its 404 page with that status), or a page whose <head> the server
 * fills in for sharing.
 */
export type SpaPage = {
  status: 200 | 404;
  head?: { title: string; description: string; ogTitle: string; url: string };
};

export type SpaOptions = {
  pageFor?: (path: string) => Promise<SpaPage | null>;
  withHead?: (html: string, head: NonNullable<SpaPage['head']>) => string;
};

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, text
 * files in the Brotli or gzip coding the browser accepts (precompressed at build time), and any
 * other path without a file (not under /api or /assets) answered with index.html (history fallback).
 */
export function mountSpa(app: Hono<AppEnv>, distDir: string, options: SpaOptions = {}) {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) return false;
  const indexPage = loadIndexPage(distDir);
  const indexHtml = new TextDecoder().decode(indexPage.identity.body);
  const files = (cacheControl: string) => async (c: Context<AppEnv>, next: () => Promise<void>) => {
    const file = filePathOf(distDir, c.req.path);
    const res = file ? await sendFile(c, file, cacheControl) : null;
    if (res) return res;
    await next();
  };
  app.get('/assets/*', files(HASHED_ASSET_CACHE));
  app.get('*', files(FILE_CACHE));
  app.get('*', async (c) => {
    // An API path is never the app, nor is a missing built file: a script from an older build
    // (a tab open across a release) gets a plain 404 rather than an HTML page read as JavaScript.
    if (c.req.path.startsWith('/api/') || c.req.path === '/api' || c.req.path.startsWith('/assets/'))
      return c.notFound();
    const coding = negotiateEncoding(c.req.header('accept-encoding'));
    const page = options.pageFor ? await options.pageFor(c.req.path) : null;
    if (page?.head && options.withHead) {
      const html = options.withHead(indexHtml, page.head);
      c.header('Cache-Control', 'no-cache');
      return c.html(html, 200);
    }
    if (page?.status === 404) {
      const representation = indexPage[coding ?? 'identity'];
      const headers = new Headers({ 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': 'no-cache' });
      if (representation.coding) headers.set('Content-Encoding', representation.coding);
      headers.set('Vary', 'Accept-Encoding');
      return new Response(representation.body, { status: 404, headers });
    }
    return sendRepresentation(c, indexPage[coding ?? 'identity'], {
      contentType: 'text/html; charset=UTF-8',
      cacheControl: 'no-cache',
      varies: true,
    });
  });
  return true;
}

/** Finds `dist/` whether we run from source or from the server bundle. */
export function findDistDir(): string {
  let dir = import.meta.dirname;
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'dist');
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
    dir = path.dirname(dir);
  }
  return path.resolve('dist');
}
