// PostgreSQL going away while transactions are in flight: a real server process (an unhandled
// 'error' event would kill it, and the test would see it die) behind a TCP proxy, 16 writers adding
// transactions over HTTP and 8 readers asking `GET /api/me` (whose openings share connections and
// round trips, ADR 0074), and every connection cut, or every backend terminated, while the
// request transactions are open.
//
// "While in flight" is made certain: the test holds every account's row lock until the pool's
// connections are all queued on it inside their request transactions, then strikes.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrowawayPostgres, dropThrowawayPostgres } from '../test/databases.ts';
import {
  CURRENT_SERVER_ENTRY,
  signUpOverHttp,
  startServerProcess,
  type ServerProcess,
} from '../test/server-process.ts';
import { proxyInFrontOf, type startTcpProxy } from '../test/tcp-proxy.ts';
import {
  ACKNOWLEDGED,
  checkAcknowledgedWrites,
  startWriters,
  UNAVAILABLE,
  type Writers,
} from '../test/transaction-writers.ts';
import { insertPlainAccounts } from '../test/plain-accounts.ts';
import { ANSWERED, type Readers, startReaders } from '../test/session-readers.ts';

const WRITERS = 16;
const READERS = 8;
const ACCOUNTS = 4;
const POOL = 6;
const RECOVERY_MS = 5_000;

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  'PostgreSQL connections lost while transactions are in flight',
  () => {
    let url: string;
    let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
    let server: ServerProcess;
    let client: pg.Client;

    beforeAll(async () => {
      url = await createThrowawayPostgres();
      let urlViaProxy: string;
      ({ proxy, urlViaProxy } = await proxyInFrontOf(url));
      server = await startServerProcess(CURRENT_SERVER_ENTRY, {
        DATABASE_URL: urlViaProxy,
        DB_POOL_MAX: String(POOL),
      });
      client = await connected(url);
    }, 90_000);

    afterAll(async () => {
      await client?.end().catch(() => undefined);
      await server?.stop();
      await proxy?.stop().catch(() => undefined);
      if (url) await dropThrowawayPostgres(url);
    }, 30_000);

    it('keeps the process alive, answers writes 201 and reads 200 or else 503 with Retry-After, recovers within 5 s and keeps every acknowledged write', async () => {
      const cookie = await signUpOverHttp(server.base, {
        email: 'in-flight@example.com',
        password: 'a good in-flight password',
      });
      const me = (await (await fetch(`${server.base}/api/me`, { headers: { cookie } })).json()) as {
        user: { id: string };
      };
      const accountIds = await insertPlainAccounts(client, me.user.id, ACCOUNTS);
      const writers = startWriters(
        Array.from({ length: WRITERS }, (_, i) => ({
          base: server.base,
          cookie,
          accountId: accountIds[i % ACCOUNTS]!,
        })),
      );
      const readers = startReaders(Array.from({ length: READERS }, () => ({ base: server.base, cookie })));
      const alive = () => server.child.exitCode === null && server.child.signalCode === null;

      try {
        await expectRecovery(writers, readers, Date.now());
        const strikes: Array<[string, () => Promise<void>]> = [
          ['cut every connection', cutEveryConnection],
          ['terminate every backend', terminateEveryBackend],
          ['cut every connection', cutEveryConnection],
          ['terminate every backend', terminateEveryBackend],
          ['cut every connection', cutEveryConnection],
        ];
        for (const [what, strike] of strikes) {
          await whileTransactionsWait(accountIds, strike);
          expect(alive(), `${what}: the server exited\n${server.output()}`).toBe(true);
          await expectRecovery(writers, readers, Date.now());
        }
        // Once more at no chosen moment: whatever the requests are doing (opening, committing, answering).
        await cutEveryConnection();
        expect(alive(), `unsynchronised cut: the server exited\n${server.output()}`).toBe(true);
        await expectRecovery(writers, readers, Date.now());
      } finally {
        await Promise.all([writers.stop(), readers.stop()]);
      }

      const { tally } = writers;
      expect(alive(), server.output()).toBe(true);
      expect(tally.failureSamples, `${tally.failures} failed requests\n${server.output()}`).toEqual([]);
      expect([...tally.outcomes.keys()].sort()).toEqual([ACKNOWLEDGED, UNAVAILABLE]);
      const read = readers.tally;
      expect(read.failureSamples, `${read.failures} failed reads\n${server.output()}`).toEqual([]);
      expect([...read.outcomes.keys()].sort()).toEqual([ANSWERED, UNAVAILABLE]);
      const checks = await checkAcknowledgedWrites((text, values) => client.query(text, values), tally);
      for (const check of checks) {
        expect(check.missing, `acknowledged writes missing from account ${check.accountId}`).toEqual([]);
        expect(check.balancePence).toBe(check.sumPence);
      }
    }, 60_000);

    /**
     * Holds every account's row lock until all the pool's connections wait on it inside request
     * transactions (the rest of the writers queue for a connection), strikes, then lets go.
     */
    async function whileTransactionsWait(accountIds: string[], strike: () => Promise<void>) {
      const holder = await connected(url);
      try {
        await holder.query('begin');
        await holder.query('select id from accounts where id = any($1::uuid[]) for update', [accountIds]);
        await expect
          .poll(
            async () => {
              // Not the holder's connection: a transaction sees pg_stat_activity as it was when it first looked.
              const { rows } = await client.query<{ waiting: number }>(
                `select count(*)::int as waiting from pg_stat_activity
             where datname = current_database() and application_name = 'savvypig' and wait_event_type = 'Lock'`,
              );
              return rows[0]!.waiting;
            },
            { timeout: 10_000, interval: 20 },
          )
          .toBe(POOL);
        await strike();
        await holder.query('rollback');
      } finally {
        await holder.end().catch(() => undefined);
      }
    }

    /** Like a server restart seen from the app: every socket closed at once, new ones refused for a moment. */
    async function cutEveryConnection() {
      await proxy.stop();
      await new Promise((r) => setTimeout(r, 300));
      await proxy.start();
    }

    /** What an administrator's pg_terminate_backend (or a fast shutdown) does: FATAL 57P01 on every connection. */
    async function terminateEveryBackend() {
      await client.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name like 'savvypig%'`,
      );
    }

    /** A write acknowledged, a read answered and the database ready again within 5 s of `since`. */
    async function expectRecovery(writers: Writers, readers: Readers, since: number) {
      await expect
        .poll(() => writers.tally.lastAcknowledgedAt > since && readers.tally.lastAnsweredAt > since, {
          timeout: RECOVERY_MS,
          interval: 50,
        })
        .toBe(true);
      expect((await fetch(`${server.base}/api/health/db`)).status).toBe(200);
    }
  },
);

async function connected(url: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url });
  // A terminated or cut test connection must not take the test runner down either.
  c.on('error', () => undefined);
  await c.connect();
  return c;
}
