import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSessionToken, sessionOpening } from '../auth/session.ts';
import { rowsOf } from './rls.ts';
import { openDatabase, type Database } from './client.ts';
import { quietLogger, testDatabaseKinds } from '../test/databases.ts';
import { itOnPostgres } from '../test/postgres-only.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { statementsSent } from '../test/statements-sent.ts';
import { sharedTrips } from './shared-trips.ts';

/** A connection that records the batches sent on it; `answer` decides each item's outcome. */
function fakePool(answer: (item: string) => Promise<string> = async (item) => `${item}!`) {
  const batches: string[][] = [];
  const given: Array<{ failedWith: unknown }> = [];
  let lend: () => Promise<void> = async () => undefined;
  const connect = async <T>(work: (connection: number) => Promise<T>): Promise<T> => {
    await lend();
    const loan = { failedWith: undefined as unknown };
    given.push(loan);
    try {
      return await work(given.length);
    } catch (err) {
      loan.failedWith = err;
      throw err;
    }
  };
  const send = (_connection: number, items: readonly string[]) => {
    batches.push([...items]);
    return items.map(answer);
  };
  return { batches, given, connect, send, lendWhen: (gate: () => Promise<void>) => (lend = gate) };
}

describe('shared trips (statements that run alone share a connection and a write)', () => {
  it('sends together what arrives while the connection is awaited, each with its own answer', async () => {
    const pool = fakePool();
    const trip = sharedTrips(pool.connect, pool.send);
    const answers = await Promise.all(['a', 'b', 'c'].map(trip));
    expect(answers).toEqual(['a!', 'b!', 'c!']);
    expect(pool.batches).toEqual([['a', 'b', 'c']]);
  });

  it('asks for the next connection for what arrives after a batch left, and no sooner', async () => {
    const pool = fakePool();
    let open: () => void = () => undefined;
    pool.lendWhen(() => new Promise<void>((resolve) => (open = resolve)));
    const trip = sharedTrips(pool.connect, pool.send);
    const first = trip('a');
    const second = trip('b');
    expect(pool.given).toHaveLength(0);
    open();
    expect(await Promise.all([first, second])).toEqual(['a!', 'b!']);
    const third = trip('c');
    open();
    expect(await third).toBe('c!');
    expect(pool.batches).toEqual([['a', 'b'], ['c']]);
  });

  it('carries at most maxBatch in one trip, and the rest in the next', async () => {
    const pool = fakePool();
    const trip = sharedTrips(pool.connect, pool.send, { maxBatch: 2 });
    expect(await Promise.all(['a', 'b', 'c', 'd', 'e'].map(trip))).toEqual(['a!', 'b!', 'c!', 'd!', 'e!']);
    expect(pool.batches).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('fails only the item that failed; the connection is given back as usual', async () => {
    const refusal = new Error('refused');
    const pool = fakePool(async (item) => {
      if (item === 'bad') throw refusal;
      return `${item}!`;
    });
    const trip = sharedTrips(pool.connect, pool.send);
    const settled = await Promise.allSettled(['a', 'bad', 'c'].map(trip));
    expect(settled).toEqual([
      { status: 'fulfilled', value: 'a!' },
      { status: 'rejected', reason: refusal },
      { status: 'fulfilled', value: 'c!' },
    ]);
    expect(pool.given[0]!.failedWith).toBeUndefined();
    expect(await trip('d')).toBe('d!');
  });

  it('answers each caller when its own statement answers, not when the whole batch has', async () => {
    let finishSlow: (value: string) => void = () => undefined;
    const pool = fakePool((item) =>
      item === 'slow' ? new Promise<string>((resolve) => (finishSlow = resolve)) : Promise.resolve(`${item}!`),
    );
    const trip = sharedTrips(pool.connect, pool.send);
    const slow = trip('slow');
    expect(await trip('fast')).toBe('fast!');
    finishSlow('slow!');
    expect(await slow).toBe('slow!');
    expect(pool.batches).toEqual([['slow', 'fast']]);
  });

  it('fails everyone waiting when no connection comes, and not those of a later trip', async () => {
    const pool = fakePool();
    const down = new Error('pool timeout');
    let fail: (err: Error) => void = () => undefined;
    pool.lendWhen(() => new Promise<void>((_resolve, reject) => (fail = reject)));
    const trip = sharedTrips(pool.connect, pool.send);
    const waiting = [trip('a'), trip('b')].map((p) => p.catch((err: unknown) => err));
    fail(down);
    expect(await Promise.all(waiting)).toEqual([down, down]);
    pool.lendWhen(async () => undefined);
    expect(await trip('c')).toBe('c!');
  });

  it('does not fail a later trip’s items when an earlier batch’s statement failed', async () => {
    const pool = fakePool(async (item) => {
      if (item === 'bad') throw new Error('one statement failed');
      return `${item}!`;
    });
    let open: () => void = () => undefined;
    pool.lendWhen(() => new Promise<void>((resolve) => (open = resolve)));
    const trip = sharedTrips(pool.connect, pool.send, { maxBatch: 1 });
    const bad = trip('bad').catch(() => 'failed');
    const later = trip('later');
    open();
    expect(await bad).toBe('failed');
    open();
    expect(await later).toBe('later!');
  });
});

describe.each(testDatabaseKinds())('session openings sharing a trip on %s', (kind) => {
  let server: TestServer;
  const savers: Array<{ cookie: string; userId: string; email: string }> = [];

  beforeAll(async () => {
    server = await createTestServer(kind);
    for (let i = 0; i < 6; i++) {
      const email = `shared.trip.${i}@example.com`;
      savers.push({ ...(await signUpAndSignIn(server, { email, firstName: `Saver${i}`, verify: false })), email });
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The test's database through a pool of one connection, and which backend that connection is now. */
  const onOneConnection = async () => {
    const oneConnection: Database = await openDatabase({
      databaseUrl: server.databaseUrl!,
      poolMax: 1,
      logger: quietLogger,
    });
    const backend = async () =>
      rowsOf<{ pid: number }>(await oneConnection.db.execute(sql`select pg_backend_pid() as pid`))[0]!.pid;
    return { oneConnection, backend };
  };

  const me = async (cookie: string) => {
    const res = await server.request('/api/me', { cookie });
    return {
      status: res.status,
      body: (await res.json()) as { user?: { id: string; email: string }; profile?: { firstName: string | null } },
    };
  };

  it('answers each of many savers asking at once as themselves', async () => {
    await me(savers[0]!.cookie);
    const answers = await Promise.all(savers.map((s) => me(s.cookie)));
    answers.forEach((answer, i) => {
      expect(answer.status).toBe(200);
      expect(answer.body.user).toEqual(expect.objectContaining({ id: savers[i]!.userId, email: savers[i]!.email }));
      expect(answer.body.profile?.firstName).toBe(`Saver${i}`);
    });
  });

  itOnPostgres(kind)('sends their openings in one socket write, not one each', async () => {
    await me(savers[0]!.cookie);
    let answers: Array<{ status: number }> = [];
    const sent = await statementsSent(async () => {
      answers = await Promise.all(savers.map((s) => me(s.cookie)));
    });
    expect(answers.map((a) => a.status)).toEqual(savers.map(() => 200));
    // One write and one statement when the six reach the queue before the connection comes (as
    // they do today): their openings go as one (db/together.ts); two at most if the first went
    // ahead alone. One each was six of each.
    expect(sent.writes).toBeLessThanOrEqual(2);
    expect(sent.statements).toBeLessThanOrEqual(2);
  });

  itOnPostgres(kind)(
    'runs each opening alone on a shared connection: nothing one sets reaches the next or the connection',
    async () => {
      const { oneConnection, backend } = await onOneConnection();
      try {
        const now = new Date();
        const before = await backend();
        const tokens = savers.map((s) => readSessionToken(s.cookie, server.deps.secret)!);
        const broken = { name: 'shared_trip_broken', query: sql`select 1 / 0 as never` };
        // The user openings among them go as one statement that sets nothing (ADR 0077); the admin
        // openings and the lone profile opening still go each alone, with their settings.
        const settled = await Promise.allSettled([
          ...tokens.map((token) => oneConnection.openingOnly(sessionOpening(token, false, now))),
          oneConnection.openingOnly(sessionOpening('NoSuchToken0123456789', false, now)),
          oneConnection.openingOnly(broken),
          oneConnection.openingOnly(sessionOpening(tokens[0]!, false, now)),
          oneConnection.openingOnly(sessionOpening(tokens[1]!, true, now)),
          oneConnection.openingOnly(sessionOpening(tokens[2]!, false, now, { withProfile: true })),
          oneConnection.openingOnly(sessionOpening(tokens[3]!, true, now)),
        ]);
        // Each opening found its own session: had the role or the user of one reached the next,
        // the next would have been refused the session table or found another user.
        savers.forEach((saver, i) => {
          const result = settled[i]!;
          expect(result.status).toBe('fulfilled');
          expect((result as PromiseFulfilledResult<Array<{ user_id: string }>>).value.map((r) => r.user_id)).toEqual([
            saver.userId,
          ]);
        });
        expect(settled[savers.length]).toEqual({ status: 'fulfilled', value: [] });
        expect(settled[savers.length + 1]!.status).toBe('rejected');
        const userOf = (i: number) =>
          (settled[savers.length + i] as PromiseFulfilledResult<Array<{ user_id: string }>>).value[0]?.user_id;
        expect([2, 3, 4, 5].map(userOf)).toEqual([0, 1, 2, 3].map((i) => savers[i]!.userId));
        // The same connection afterwards (a division by zero does not end it): the login role,
        // no user, no transaction left open.
        const [after] = rowsOf<{ pid: number; role: string; user_id: string; in_transaction: boolean }>(
          await oneConnection.db.execute(
            sql`select pg_backend_pid() as pid, current_setting('role') as role,
                  coalesce(current_setting('app.user_id', true), '') as user_id,
                  now() <> statement_timestamp() as in_transaction`,
          ),
        );
        expect(after).toEqual({ pid: before, role: 'none', user_id: '', in_transaction: false });
      } finally {
        await oneConnection.close();
      }
    },
  );

  itOnPostgres(kind)('fails every caller of a joined statement that fails, and no one beside it', async () => {
    const { oneConnection, backend } = await onOneConnection();
    try {
      const now = new Date();
      const token = readSessionToken(savers[0]!.cookie, server.deps.secret)!;
      await oneConnection.openingOnly(sessionOpening(token, false, now));
      const before = await backend();
      // Two statements that go as one (db/together.ts), whose one statement divides by zero.
      const broken = (part: number) => ({
        name: 'shared_trip_alone',
        query: sql`select 1 as never`,
        together: {
          kind: 'shared_trip_broken',
          part,
          combine: () => ({ name: 'shared_trip_broken_together', query: sql`select 1 / 0 as never` }),
        },
      });
      const settled = await Promise.allSettled([
        oneConnection.openingOnly(broken(1)),
        oneConnection.openingOnly(sessionOpening(token, false, now)),
        oneConnection.openingOnly(broken(2)),
      ]);
      expect(settled.map((s) => s.status)).toEqual(['rejected', 'fulfilled', 'rejected']);
      for (const i of [0, 2]) expect(String((settled[i] as PromiseRejectedResult).reason)).toMatch(/division by zero/);
      expect((settled[1] as PromiseFulfilledResult<Array<{ user_id: string }>>).value[0]?.user_id).toBe(
        savers[0]!.userId,
      );
      // A failed statement does not end the connection.
      expect(await backend()).toBe(before);
    } finally {
      await oneConnection.close();
    }
  });

  itOnPostgres(kind)(
    'ends the shared connection when any one statement’s error says so, not only the first',
    async () => {
      const { oneConnection, backend } = await onOneConnection();
      try {
        // A function of this connection's own that fails as a statement whose plan no longer fits
        // the schema does (0A000): after it the pool must not reuse the connection.
        await oneConnection.db.execute(
          sql.raw(`create function pg_temp.stale_plan() returns int language plpgsql as $$
          begin raise exception 'cached plan must not change result type' using errcode = '0A000'; end $$`),
        );
        const before = await backend();
        const settled = await Promise.allSettled([
          oneConnection.openingOnly({ name: 'shared_trip_benign', query: sql`select 1 / 0 as never` }),
          oneConnection.openingOnly({ name: 'shared_trip_stale', query: sql`select pg_temp.stale_plan() as never` }),
        ]);
        expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
        expect(await backend()).not.toBe(before);
      } finally {
        await oneConnection.close();
      }
    },
  );
});
