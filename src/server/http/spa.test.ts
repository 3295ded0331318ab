import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { boot, type Booted } from '../boot.ts';
import { createTestDatabase, quietLogger } from '../test/databases.ts';
import { createApp } from '../app.ts';

describe('serving the built web app', () => {
  let booted: Booted;
  let drop: () => Promise<void>;
  let app: ReturnType<typeof createApp>;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-dist-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>SavvyPig</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
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
});
