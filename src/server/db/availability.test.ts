import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { boot, type Booted } from '../boot.ts';
import { openDatabase, type Database } from './client.ts';
import { createThrowawayPostgres, dropThrowawayPostgres, quietLogger } from '../test/databases.ts';
import { proxyInFrontOf, type startTcpProxy } from '../test/tcp-proxy.ts';
import { migrate } from './migrate.ts';

// PostgreSQL "restarts" (every connection cut, new ones refused) while the app runs.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('when PostgreSQL goes away and comes back', () => {
  let url: string;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let database: Database;
  let booted: Booted;

  beforeAll(async () => {
    url = await createThrowawayPostgres();
    let urlViaProxy: string;
    ({ proxy, urlViaProxy } = await proxyInFrontOf(url));
    database = await openDatabase({ databaseUrl: urlViaProxy, poolMax: 5, logger: quietLogger });
    await migrate(database);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/savvypig-availability',
      PUBLIC_URL: 'http://localhost:3000',
      BETTER_AUTH_SECRET: 'availability-secret-availability-secret-0123',
      LOG_LEVEL: 'silent',
      JOBS_ENABLED: 'false',
    });
    booted = await boot({ config, logger: quietLogger, database, startJobs: false, serveSpa: false });
  });

  afterAll(async () => {
    await booted?.shutdown();
    await database?.close();
    await proxy?.stop().catch(() => undefined);
    if (url) await dropThrowawayPostgres(url);
  });

  const get = (p: string) => booted.app.request(`http://localhost:3000${p}`);

  it('answers 503 while it is away, keeps serving what needs no database, and recovers', async () => {
    expect((await get('/api/health/db')).status).toBe(200);
    await proxy.stop();

    const away = await get('/api/health/db');
    expect(away.status).toBe(503);
    expect(away.headers.get('retry-after')).toBe('2');
    expect(((await away.json()) as { error: { code: string } }).error.code).toBe('SERVICE_UNAVAILABLE');
    expect((await get('/api/health')).status).toBe(200);

    await proxy.start();
    await expect.poll(async () => (await get('/api/health/db')).status, { timeout: 15_000, interval: 250 }).toBe(200);
  }, 30_000);

  it('tells event-stream clients to resync once the listener is back', async () => {
    const { hub } = booted.deps;
    const events: string[] = [];
    const unsubscribe = hub.subscribe({
      userId: 'nobody',
      isAdmin: false,
      send: (e) => events.push(e),
      close: () => undefined,
    });
    await proxy.stop();
    await new Promise((r) => setTimeout(r, 300));
    await proxy.start();
    await expect.poll(() => events, { timeout: 15_000, interval: 200 }).toContain('resync');
    unsubscribe();
  }, 30_000);
});
