import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context.ts';

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated,
 * and any non-API path without a file answered with index.html (history fallback).
 */
export function mountSpa(app: Hono<AppEnv>, distDir: string) {
  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexPath)) return false;
  const indexHtml = fs.readFileSync(indexPath, 'utf8');
  const root = path.relative(process.cwd(), distDir) || '.';
  // serveStatic builds its response before `onFound` runs, so the header goes on afterwards.
  const cacheFiles = (cacheControl: string) =>
    createMiddleware<AppEnv>(async (c, next) => {
      await next();
      if (c.get('servedFile')) c.res.headers.set('Cache-Control', cacheControl);
    });
  const markServed = (_path: string, c: Context<AppEnv>) => c.set('servedFile', true);
  app.use('/assets/*', cacheFiles('public, max-age=31536000, immutable'), serveStatic({ root, onFound: markServed }));
  app.use('*', cacheFiles('public, max-age=0, must-revalidate'), serveStatic({ root, onFound: markServed }));
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/') || c.req.path === '/api') return c.notFound();
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
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
