import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { isDatabaseUnavailable } from './connection-errors.ts';
import { createThrowawayPostgres, dropThrowawayPostgres, quietLogger } from '../test/databases.ts';
import { proxyInFrontOf, type startTcpProxy } from '../test/tcp-proxy.ts';

// `db.transaction` (the job runner, better-auth, withActor) when its connection dies: in this
// process, so an 'error' event nobody listens to shows up here as an uncaught exception.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('a pooled drizzle transaction whose connection dies', () => {
  let url: string;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let database: Database;
  const uncaught: unknown[] = [];
  const recordUncaught = (err: unknown) => uncaught.push(err);

  beforeAll(async () => {
    url = await createThrowawayPostgres();
    let urlViaProxy: string;
    ({ proxy, urlViaProxy } = await proxyInFrontOf(url));
    // One connection: a slot the pool lost would show at once, as a wait for a connection.
    database = await openDatabase({ databaseUrl: urlViaProxy, poolMax: 1, logger: quietLogger });
  });

  afterAll(async () => {
    // A client the pool never got back would keep close() waiting for ever: give it a moment only.
    await Promise.race([database?.close(), new Promise((r) => setTimeout(r, 2_000))]);
    await proxy?.stop().catch(() => undefined);
    if (url) await dropThrowawayPostgres(url);
  });

  beforeEach(() => {
    uncaught.length = 0;
    process.on('uncaughtException', recordUncaught);
  });
  afterEach(() => {
    process.off('uncaughtException', recordUncaught);
  });

  const selectOne = () => database.db.execute(sql`select 1`);
  const selectOneInTransaction = () => database.db.transaction((tx) => tx.execute(sql`select 1`));

  it('fails only that transaction, with an error the API answers 503 to, when the connection is cut mid-transaction', async () => {
    const sleeping = database.db.transaction((tx) => tx.execute(sql`select pg_sleep(10)`));
    await expect.poll(() => activeSleeps(), { timeout: 5_000, interval: 20 }).toBe(1);
    await proxy.stop();
    const err = await sleeping.then(
      () => undefined,
      (e: unknown) => e,
    );
    await proxy.start();

    expect(isDatabaseUnavailable(err), String(err)).toBe(true);
    expect(uncaught).toEqual([]);
    await expect(selectOne()).resolves.toBeDefined();
  });

  it('gives the connection back to the pool when BEGIN fails on a connection that died while idle', async () => {
    await selectOne();
    // The cut and the checkout in one tick: the pool hands out its idle connection before the
    // client has read that its socket is gone, so BEGIN is what fails.
    const stopping = proxy.stop();
    const failed = database.db
      .transaction((tx) => tx.execute(sql`select 1`))
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    await stopping;
    expect(isDatabaseUnavailable(await failed), String(await failed)).toBe(true);
    await proxy.start();

    expect(uncaught).toEqual([]);
    // A lost slot would make this wait for a connection until the 5 s connect timeout, and a lost
    // turn at the pool (pool-turns.ts) would make the transaction wait for one as long.
    const started = Date.now();
    await expect(selectOne()).resolves.toBeDefined();
    await expect(selectOneInTransaction()).resolves.toBeDefined();
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('gives its turn at the pool back when no connection could be had, so the next transaction starts at once', async () => {
    await proxy.stop();
    // The idle connection's end is read first, so the pool has none to lend and must open one.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const failed = await selectOneInTransaction().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(failed), String(failed)).toBe(true);
    await proxy.start();

    const started = Date.now();
    await expect(selectOneInTransaction()).resolves.toBeDefined();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(uncaught).toEqual([]);
  });

  async function activeSleeps(): Promise<number> {
    const pg = (await import('pg')).default;
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => undefined);
    await c.connect();
    try {
      const { rows } = await c.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and query like 'select pg_sleep%' and state = 'active'`,
      );
      return rows[0]!.n;
    } finally {
      await c.end();
    }
  }
});
