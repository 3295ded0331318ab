import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { pgliteWorkerOf } from './pglite.ts';
import { quietLogger } from '../test/databases.ts';

/** PGlite on its own thread (docs/decisions/0049): the server's side behaves as PGlite in-process did. */
describe('PGlite on a worker thread', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://', logger: quietLogger });
    await database.db.execute(sql`create table counter (id int primary key, n int not null)`);
    await database.db.execute(sql`insert into counter values (1, 0)`);
    await database.db.execute(sql`create table note (id serial primary key, body text not null)`);
  });
  afterAll(async () => {
    await database?.close();
  });

  const count = async () =>
    ((await database.db.execute(sql`select n from counter where id = 1`)) as unknown as { rows: Array<{ n: number }> })
      .rows[0]!.n;

  it('rolls a transaction back in the worker when its work throws, and when drizzle is told to', async () => {
    const before = await count();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`update counter set n = n + 100 where id = 1`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`update counter set n = n + 100 where id = 1`);
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(await count()).toBe(before);
    // The connection is usable afterwards, outside and inside a transaction.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update counter set n = n + 1 where id = 1`);
    });
    expect(await count()).toBe(before + 1);
  });

  it('rolls back to a savepoint inside a transaction and keeps the rest', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into note (body) values ('kept')`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`insert into note (body) values ('undone')`);
          throw new Error('inner');
        }),
      ).rejects.toThrow('inner');
    });
    const { rows } = (await database.db.execute(sql`select body from note order by id`)) as unknown as {
      rows: Array<{ body: string }>;
    };
    expect(rows.map((r) => r.body)).toEqual(['kept']);
  });

  it('serialises concurrent transactions: none sees another between its BEGIN and COMMIT', async () => {
    const before = await count();
    const events: string[] = [];
    // Read, wait on the main thread, write: interleaved transactions would lose increments.
    const increment = (name: string) =>
      database.db.transaction(async (tx) => {
        events.push(`${name} begin`);
        const { rows } = (await tx.execute(sql`select n from counter where id = 1`)) as unknown as {
          rows: Array<{ n: number }>;
        };
        await sleep(5);
        await tx.execute(sql`update counter set n = ${rows[0]!.n + 1} where id = 1`);
        events.push(`${name} commit`);
      });
    // A statement outside any transaction, sent meanwhile, waits its turn too.
    const outside = database.db.execute(sql`update counter set n = n + 1 where id = 1`);
    await Promise.all([increment('a'), increment('b'), increment('c'), outside]);
    expect(await count()).toBe(before + 4);
    for (let i = 0; i < events.length; i += 2) {
      expect(events[i]!.split(' ')[0]).toBe(events[i + 1]!.split(' ')[0]);
    }
  });

  it('opens a request transaction with its opening in one turn and hands the rows to the work', async () => {
    const rows = await database.transactionOpenedWith(
      { name: 'counter_read', query: sql`select n, now() as at from counter where id = ${1}` },
      async (tx, opened) => {
        await tx.execute(sql`update counter set n = n where id = 1`);
        return opened;
      },
    );
    expect(rows).toEqual([{ n: await count(), at: expect.any(String) }]);
  });

  it("serves a request's reads after its opening before statements of requests not yet started", async () => {
    await database.db.execute(sql`create table turn_order (id serial primary key, who text not null)`);
    // The role the reads switch to (the migrations make it; this database has none).
    await database.db.execute(sql`create role app_user nologin`);
    let release!: () => void;
    const holding = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await expect.poll(() => release).toBeDefined();
    const newcomers = [1, 2].map(async (n) => {
      await sleep(n * 20);
      return database.db.execute(sql`insert into turn_order (who) values (${`newcomer ${n}`})`);
    });
    await sleep(80);
    // An on-demand frame's reads, the request's second turn.
    const reads = database.readsOpenedWith(
      { name: 'turn_order_reads', query: sql`insert into turn_order (who) values (${'reads'})` },
      () => undefined,
      async () => 'read',
    );
    await sleep(40);
    release();
    await Promise.all([holding, ...newcomers, reads]);
    const { rows } = (await database.db.execute(sql`select who from turn_order order by id`)) as unknown as {
      rows: Array<{ who: string }>;
    };
    expect(rows.map((r) => r.who)).toEqual(['reads', 'newcomer 1', 'newcomer 2']);
  });

  it('fails every request sent with one that cannot reach the thread, and serves the next ones', async () => {
    const client = (
      database.db as unknown as { $client: { query(text: string, params?: unknown[]): Promise<unknown> } }
    ).$client;
    // Made in one stretch, the three go in one message; a function cannot be copied to the thread.
    const sent = [
      client.query('select 1 as n'),
      client.query('select $1::text as n', [() => 'not data']),
      client.query('select 3 as n'),
    ];
    const settled = await Promise.allSettled(sent);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await client.query('select 4 as n')).toMatchObject({ rows: [{ n: 4 }] });
  });

  it('passes SQLSTATE codes and details through to the server', async () => {
    const err = await database.db.execute(sql`insert into counter values (1, 0)`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as { cause?: { code?: string; constraint?: string } }).cause).toMatchObject({
      code: '23505',
      constraint: 'counter_pkey',
    });
  });

  it('delivers NOTIFY from a committed transaction only', async () => {
    const got: string[] = [];
    const stop = await database.listen('probe_channel', (payload) => got.push(payload));
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('probe_channel', 'rolled back')`);
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('probe_channel', 'committed')`);
    });
    await expect.poll(() => got).toEqual(['committed']);
    await stop();
  });

  it('delivers NOTIFY from a kept statement run on its own, once', async () => {
    const got: string[] = [];
    const stop = await database.listen('probe_alone', (payload) => got.push(payload));
    await database.db.execute(sql`select pg_notify('probe_alone', ${'on its own'})`);
    await expect.poll(() => got).toEqual(['on its own']);
    await sleep(50);
    expect(got).toEqual(['on its own']);
    await stop();
  });

  it('reads rows of every common type on the server thread as PGlite reads them', async () => {
    const read = sql`select ${1}::int as n, ${'12345'}::bigint as pence, array[${1}::int, 2] as ints,
      array[${'a'}::text, null] as texts, ${'{"a": [1]}'}::jsonb as facts, ${true}::boolean as yes,
      ${'2026-11-30'}::date as day, ${'1.50'}::numeric as rate, ${null}::text as nothing`;
    const { rows } = (await database.db.execute(read)) as unknown as { rows: Array<Record<string, unknown>> };
    expect(rows).toEqual([
      {
        n: 1,
        pence: 12345,
        ints: [1, 2],
        texts: ['a', null],
        facts: { a: [1] },
        yes: true,
        day: '2026-11-30',
        rate: '1.50',
        nothing: null,
      },
    ]);
  });

  it('takes a copy of the data folder that opens again', async () => {
    const copy = await database.dumpDataDir!();
    const reopened = await openDatabase({ pgliteDir: 'memory://', pgliteLoadDataDir: copy, logger: quietLogger });
    try {
      const { rows } = (await reopened.db.execute(sql`select n from counter where id = 1`)) as unknown as {
        rows: Array<{ n: number }>;
      };
      expect(rows[0]!.n).toBe(await count());
    } finally {
      await reopened.close();
    }
  });
});

/** drizzle wraps a failed statement's error ("Failed query: …") and keeps the worker's as its cause. */
const STOPPED = { cause: { message: expect.stringMatching(/embedded database stopped/) } };

describe('a PGlite data folder on disk, with file sizes kept in the worker', () => {
  it('stays whole through relations growing, shrinking (VACUUM, TRUNCATE) and a reopening', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-pglite-sizes-'));
    const count = async (database: Database, table: string) =>
      (
        (await database.db.execute(
          sql.raw(`select count(*)::int as n, coalesce(sum(v), 0)::int as s from ${table}`),
        )) as unknown as {
          rows: Array<{ n: number; s: number }>;
        }
      ).rows[0];
    try {
      let database = await openDatabase({ pgliteDir: dir, logger: quietLogger });
      await database.db.execute(sql`create table grown (id serial primary key, v int not null, pad text not null)`);
      await database.db.execute(sql`create table emptied (v int not null)`);
      for (let round = 0; round < 4; round++) {
        await database.db.execute(
          sql`insert into grown (v, pad) select g, repeat('x', 200) from generate_series(1, 5000) g`,
        );
        await database.db.execute(sql`insert into emptied select g from generate_series(1, 5000) g`);
        // Deleting the tail and vacuuming truncates the relation's files; TRUNCATE gives new ones.
        await database.db.execute(sql`delete from grown where id > ${(round + 1) * 4000}`);
        await database.db.execute(sql`vacuum grown`);
        await database.db.execute(sql`truncate emptied`);
        await database.db.execute(sql`insert into emptied select g from generate_series(1, 100) g`);
      }
      const before = [await count(database, 'grown'), await count(database, 'emptied')];
      await database.close();
      database = await openDatabase({ pgliteDir: dir, logger: quietLogger });
      try {
        expect([await count(database, 'grown'), await count(database, 'emptied')]).toEqual(before);
        expect(before).toEqual([
          // ids 1–4000, 5001–8000, 10001–12000, 15001–16000 of the 20,000 inserted.
          { n: 10000, s: 15005000 },
          { n: 100, s: 5050 },
        ]);
        // Every page of the table and its index reads back (a wrong size would cut them short).
        await database.db.execute(sql`set enable_seqscan = off`);
        const { rows } = (await database.db.execute(
          sql`select count(*)::int as n from grown where id between 1 and 16000`,
        )) as unknown as { rows: Array<{ n: number }> };
        expect(rows[0]!.n).toBe(10000);
      } finally {
        await database.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the PGlite thread ending', () => {
  it('fails the statement under way and every later one, instead of leaving them waiting', async () => {
    const database = await openDatabase({ pgliteDir: 'memory://', logger: quietLogger });
    const worker = pgliteWorkerOf(database)!;
    const longQuery = database.db.execute(sql`select pg_sleep(5)`);
    await sleep(50);
    await worker.terminate();
    await expect(longQuery).rejects.toMatchObject(STOPPED);
    await expect(database.db.execute(sql`select 1`)).rejects.toMatchObject(STOPPED);
    await expect(database.db.transaction(async () => undefined)).rejects.toThrow(/embedded database stopped/);
    await database.close();
  });

  it('close() ends the thread', async () => {
    const database = await openDatabase({ pgliteDir: 'memory://', logger: quietLogger });
    const worker = pgliteWorkerOf(database)!;
    const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
    await database.db.execute(sql`select 1`);
    await database.close();
    await exited;
    expect(worker.threadId).toBe(-1);
    await expect(database.db.execute(sql`select 1`)).rejects.toMatchObject(STOPPED);
  });
});
