import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteEngine } from './pglite-engine.ts';
import { type PreparedRun, preparedStatements } from './pglite-prepared.ts';
import { ARRAY_TYPES_SQL, type ArrayType, parsersLikePglite, type ReadOptions, resultsOf } from './pglite-results.ts';

describe('statements kept prepared on PGlite', () => {
  let db: PGlite;
  let statements: ReturnType<typeof preparedStatements>;
  const notified: string[] = [];
  /** The kept statements, their answers read as the server's thread reads them. */
  const kept = {
    alone: async (run: PreparedRun & ReadOptions) => resultsOf(await statements.alone(run), db.parsers, run),
    inTransaction: async (run: PreparedRun & ReadOptions) =>
      resultsOf(await statements.inTransaction(run), db.parsers, run),
    handles: (sql: string, params?: unknown[]) => statements.handles(sql, params),
    get size() {
      return statements.size;
    },
  };

  beforeAll(async () => {
    const engine = await pgliteEngine();
    db = await PGlite.create({
      pgliteWasmModule: engine?.wasmModule,
      fsBundle: engine ? new Blob([engine.fsBundle]) : undefined,
      parsers: { 20: (v: string) => Number(v) },
    });
    statements = preparedStatements(db, {
      max: 3,
      onNotification: (channel, payload) => notified.push(`${channel}: ${payload}`),
    });
    await db.exec(`
      create table entries (id int primary key, pence bigint not null, on_day date, note text, facts jsonb);
      insert into entries values (1, 12345, '2026-11-29', 'first', '{"a": 1}'), (2, -500, null, null, null);
    `);
  }, 60_000);
  afterAll(() => db.close());

  const select =
    'select id, pence, on_day, note, facts from entries where id = any($1::int[]) and pence > $2 order by id';

  it('answers as PGlite’s own query does, row for row and field for field, run after run', async () => {
    const params = [[1, 2], -1000];
    const expected = await db.query(select, params);
    const first = await kept.alone({ sql: select, params });
    const second = await kept.alone({ sql: select, params });
    expect(first.rows).toEqual(expected.rows);
    expect(first.fields).toEqual(expected.fields);
    expect(second.rows).toEqual(expected.rows);
    expect(first.rows[0]).toMatchObject({ pence: 12345, note: 'first', facts: { a: 1 } });
    expect((first.rows[0] as { on_day: unknown }).on_day).toBeInstanceOf(Date);
    expect(kept.size).toBeGreaterThanOrEqual(1);
  });

  it('gives rows as arrays, keeps the types it is asked to as text, and binds nulls', async () => {
    const result = await kept.alone({
      sql: 'select id, on_day, $1::text as said from entries where id = $2',
      params: [null, 1],
      rowMode: 'array',
      parsers: { 1082: (v: string) => v },
    });
    expect(result.rows).toEqual([[1, '2026-11-29', null]]);
  });

  it('reports a refused write with its SQLSTATE and leaves the connection ready for the next statement', async () => {
    const insert = 'insert into entries (id, pence) values ($1, $2)';
    await expect(kept.alone({ sql: insert, params: [1, 5] })).rejects.toMatchObject({ code: '23505' });
    const done = await kept.alone({ sql: insert, params: [3, 5] });
    expect(done.affectedRows).toBe(1);
    expect((await db.query('select count(*)::int as n from entries')).rows).toEqual([{ n: 3 }]);
  });

  it('works inside a transaction, and a statement first prepared in one rolled back still runs after', async () => {
    const update = 'update entries set note = $1 where id = $2 returning note';
    await db
      .transaction(async () => {
        const inside = await kept.inTransaction({ sql: update, params: ['changed', 2] });
        expect(inside.rows).toEqual([{ note: 'changed' }]);
        throw new Error('roll it back');
      })
      .catch(() => undefined);
    expect((await db.query('select note from entries where id = 2')).rows).toEqual([{ note: null }]);
    expect((await kept.alone({ sql: update, params: ['kept', 2] })).rows).toEqual([{ note: 'kept' }]);
  });

  it('keeps at most its limit of statements, closing the least recently used', async () => {
    for (let n = 0; n < 6; n++) await kept.alone({ sql: `select $1::int + ${n} as n`, params: [1] });
    expect(kept.size).toBe(3);
    const prepared = await db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    expect(prepared.rows[0]!.n).toBe(3);
    expect((await kept.alone({ sql: 'select $1::int + 0 as n', params: [1] })).rows).toEqual([{ n: 1 }]);
  });

  it('prepares a statement again when the table changed under it', async () => {
    const all = 'select * from entries where id = $1';
    expect(Object.keys((await kept.alone({ sql: all, params: [1] })).rows[0] as object)).not.toContain('extra');
    await db.exec('alter table entries add column extra text');
    const after = await kept.alone({ sql: all, params: [1] });
    expect(Object.keys(after.rows[0] as object)).toContain('extra');
  });

  it('inside a transaction, reports the changed table itself and prepares the statement again after', async () => {
    const all = 'select * from entries where id = $1 and pence > $2';
    await kept.alone({ sql: all, params: [1, 0] });
    await db.exec('alter table entries add column later text');
    // The failed run has aborted the transaction: nothing more can run in it, so it says why.
    const inside = db.transaction(() => kept.inTransaction({ sql: all, params: [1, 0] }));
    await expect(inside).rejects.toMatchObject({ code: '0A000' });
    const after = await kept.alone({ sql: all, params: [1, 0] });
    expect(Object.keys(after.rows[0] as object)).toContain('later');
  });

  it('hands a notification its run committed to the listener, as PGlite’s own query would', async () => {
    await db.exec('listen kept_channel');
    await kept.alone({ sql: 'select pg_notify($1, $2)', params: ['kept_channel', 'hello'] });
    await kept.alone({ sql: 'select pg_notify($1, $2)', params: ['unheard_channel', 'nobody listens'] });
    expect(notified).toEqual(['kept_channel: hello']);
  });

  it('reads arrays on the server’s thread as PGlite’s connection reads them', async () => {
    const arrayTypes = (await db.query<ArrayType>(ARRAY_TYPES_SQL)).rows;
    const sql = `select array[1, 2]::int[] as ints, array['a', null]::text[] as texts, array[12345]::bigint[] as pence,
      array['2026-11-30']::date[] as days, $1::jsonb as facts`;
    const params = ['{"n": 1}'];
    const expected = await db.query(sql, params);
    const read = resultsOf(await statements.alone({ sql, params }), parsersLikePglite(arrayTypes));
    expect(read.rows).toEqual(expected.rows);
    expect(read.rows[0]).toMatchObject({ ints: [1, 2], texts: ['a', null], pence: [12345], facts: { n: 1 } });
  });

  it('reads every kind of answer from the bytes exactly as PGlite’s own query reads it', async () => {
    await db.exec(`
      create function noisy(n int) returns int language plpgsql as $$ begin raise notice 'counting %', n; return n; end $$;
      create table wide (id int primary key, label text, at timestamptz, amount numeric, tags text[], facts json);
    `);
    const cases: Array<{ sql: string; params: unknown[]; options?: ReadOptions }> = [
      { sql: 'select id, pence, on_day, note, facts from entries where pence > $1 order by id', params: [-1e9] },
      {
        sql: 'select id, pence from entries where pence > $1 order by id',
        params: [-1e9],
        options: { rowMode: 'array' },
      },
      // Two columns of one name: the later wins, as in PGlite's rows.
      { sql: 'select 1 as same, $1::text as same', params: ['later'] },
      { sql: 'select id from entries where id = $1', params: [-1] },
      { sql: 'select $1::text as said, $2::text as nothing, $3::float8 as half', params: ['é ✓ £', null, 0.5] },
      {
        sql: 'select on_day, $1::timestamptz as at from entries where id = 1',
        params: ['2026-11-30T01:02:03Z'],
        options: { parsers: { 1082: (v: string) => v, 1184: (v: string) => v } },
      },
      {
        sql: 'insert into wide values ($1, $2, $3, $4, $5, $6) returning *',
        params: [1, 'first', '2026-11-30T00:00:00Z', '12.50', ['a', 'b'], '{"x": 1}'],
      },
      { sql: 'insert into wide (id) values ($1)', params: [2] },
      { sql: 'update wide set label = $1 where id > $2', params: ['all', 0] },
      { sql: 'delete from wide where id = $1', params: [2] },
      // A notice in the answer: read the long way, with the same result.
      { sql: 'select noisy($1) as n', params: [7] },
    ];
    for (const { sql, params, options } of cases) {
      // PGlite's own reading first, undone; then the same statement kept, done.
      await db.exec('begin');
      const expected = await db.query(sql, params, options);
      await db.exec('rollback');
      const raw = await statements.alone({ sql, params });
      const read = resultsOf(raw, db.parsers, options);
      expect({ sql, ...read }).toEqual({ sql, ...expected });
    }
  });

  it('leaves what it cannot prepare (SET, BEGIN, DDL) and bulk writes to PGlite’s own query', () => {
    expect(kept.handles('select 1')).toBe(true);
    expect(kept.handles('  WITH x AS (select 1) select * from x')).toBe(true);
    expect(kept.handles('insert into entries values (9, 1)')).toBe(true);
    expect(kept.handles('set local role app_user')).toBe(false);
    expect(kept.handles('begin')).toBe(false);
    expect(kept.handles('create table t (n int)')).toBe(false);
    // A bulk write: its kept parse and plan would take megabytes.
    expect(
      kept.handles(
        'insert into entries values ($1, $2)',
        Array.from({ length: 101 }, () => 1),
      ),
    ).toBe(false);
    expect(kept.handles('insert into entries values ($1, $2)', [1, 2])).toBe(true);
  });
});
