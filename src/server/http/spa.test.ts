import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../scripts/precompress.ts';
import { loadConfig } from '../config.ts';
import { boot, type Booted } from '../boot.ts';
import { createTestDatabase, quietLogger } from '../test/databases.ts';
import { createApp } from '../app.ts';

/** A script big enough to be worth compressing, as a built chunk is. */
const APP_JS = Array.from({ length: 300 }, (_, i) => `export const value${i} = () => 'chunk ${i}';`).join('\n');
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe('serving the built web app', () => {
  let booted: Booted;
  let drop: () => Promise<void>;
  let app: ReturnType<typeof createApp>;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-dist-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>SavvyPig</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets', 'app-def456.js'), APP_JS);
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
    // What `npm run build` does after vite writes dist/ (scripts/precompress.ts).
    await precompressDir(dist);
    const test = await createTestDatabase('pglite');
    drop = test.drop;
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dist,
      BETTER_AUTH_SECRET: 'spa-secret-spa-secret-spa-secret-0123456789',
      LOG_LEVEL: 'silent',
      JOBS_ENABLED: 'false',
    });
    booted = await boot({ config, logger: quietLogger, database: test.database, startJobs: false, serveSpa: false });
    app = createApp(booted.deps, { databaseVersion: 'test', distDir: dist });
  });
  afterAll(async () => {
    await booted?.shutdown();
    await drop?.();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('caches hashed assets for a year', async () => {
    const res = await app.request('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers a deep link with index.html, revalidated every time', async () => {
    const res = await app.request('/account/123/edit');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('serves other files with revalidation, and never answers an API path with the app', async () => {
    expect((await app.request('/favicon.svg')).headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const api = await app.request('/api/unknown');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('answers a missing built file 404, not the app (a script from an older build)', async () => {
    const res = await app.request('/assets/index-0ld0ld.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type') ?? '').not.toContain('text/html');
  });

  it('sends a hashed script precompressed in the coding the browser takes, cached for a year, varying on it', async () => {
    const br = await app.request('/assets/app-def456.js', { headers: BROWSER });
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-length')).toBe(String(brBytes.length));
    expect(brBytes.length).toBeLessThan(APP_JS.length / 4);
    expect(zlib.brotliDecompressSync(brBytes).toString('utf8')).toBe(APP_JS);

    const gzip = await app.request('/assets/app-def456.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString('utf8')).toBe(APP_JS);
  });

  it('sends the script as it is to a client that takes no coding, still varying on Accept-Encoding', async () => {
    const res = await app.request('/assets/app-def456.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(APP_JS)));
    expect(await res.text()).toBe(APP_JS);
  });

  it('answers a revalidation of the coding it holds with 304, and a different coding with its own tag', async () => {
    const first = await app.request('/assets/app-def456.js', { headers: BROWSER });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+-br"$/);
    const again = await app.request('/assets/app-def456.js', { headers: { ...BROWSER, 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const identity = await app.request('/assets/app-def456.js', { headers: { 'if-none-match': etag } });
    expect(identity.status).toBe(200);
    expect(identity.headers.get('etag')).not.toBe(etag);
  });

  it('sends index.html compressed for a deep link, and never the build manifest', async () => {
    const res = await app.request('/accounts', { headers: BROWSER });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(zlib.brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString('utf8')).toContain(
      '<div id="root">',
    );
    const manifest = await app.request('/.vite/manifest.json');
    expect(await manifest.text()).toContain('<div id="root">');
    // A twin is never sent as a file of its own: under /assets it is missing, so 404.
    const twin = await app.request('/assets/app-def456.js.br');
    expect(twin.status).toBe(404);
    expect(twin.headers.get('content-encoding')).toBeNull();
  });
});
