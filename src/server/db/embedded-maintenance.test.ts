// The embedded engine's autovacuum (embedded-maintenance.ts): tables past autovacuum's thresholds
// are vacuumed and analysed, tables that are not are left alone, and the job exists only where
// there is no autovacuum (PGlite), run by the job queue like any other.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../jobs/runner.ts';
import { rowsOf } from './rls.ts';
import {
  EMBEDDED_MAINTENANCE_JOB,
  maintainEmbeddedDatabase,
  scheduleEmbeddedMaintenance,
  tablesDueForMaintenance,
} from './embedded-maintenance.ts';
import { createTestDatabase, quietLogger, testDatabaseKinds } from '../test/databases.ts';
import type { Database } from './client.ts';

type TableStats = { n_dead_tup: number; n_mod_since_analyze: number; vacuumed: boolean; analysed: boolean };

/** The table's counters as the engine's statistics hold them, flushed first (they lag by up to a second). */
async function statsOf(database: Database, table: string): Promise<TableStats> {
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  await database.db.execute(sql`select 1`);
  const [row] = rowsOf<TableStats>(
    await database.db.execute(sql`
      select n_dead_tup::int, n_mod_since_analyze::int, last_vacuum is not null as vacuumed, last_analyze is not null as analysed
      from pg_stat_user_tables where relname = ${table}`),
  );
  return row!;
}

let churns = 0;

/** Inserts rows into `throttles`, then deletes some of them: dead rows and changes for the counters. */
async function churnThrottles(database: Database, inserted: number, deleted: number) {
  const prefix = `maintenance-test-${++churns}:`;
  await database.db.execute(sql`
    insert into throttles (key, window_start, count)
    select ${prefix} || g, now(), 1 from generate_series(1, ${inserted}) g`);
  await database.db.execute(sql`
    delete from throttles where key in (select ${prefix} || g from generate_series(1, ${deleted}) g)`);
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
}

describe('the embedded engine’s autovacuum on PGlite', () => {
  let test: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    test = await createTestDatabase('pglite');
    // Whatever the migrations left due is done first, so each test starts from nothing due.
    await statsOf(test.database, 'throttles');
    await maintainEmbeddedDatabase(test.database);
  });
  afterAll(() => test.drop());

  it('vacuums and analyses a table whose dead rows pass autovacuum’s threshold, and leaves nothing due', async () => {
    await churnThrottles(test.database, 400, 300);
    const before = await statsOf(test.database, 'throttles');
    expect(before.n_dead_tup).toBe(300);
    expect(await tablesDueForMaintenance(test.database)).toContainEqual({
      table: 'throttles',
      vacuum: true,
      analyze: true,
    });

    const { done } = await maintainEmbeddedDatabase(test.database);

    expect(done).toContainEqual({ table: 'throttles', vacuum: true, analyze: true });
    const after = await statsOf(test.database, 'throttles');
    expect(after).toMatchObject({ n_dead_tup: 0, n_mod_since_analyze: 0, vacuumed: true, analysed: true });
    expect((await tablesDueForMaintenance(test.database)).map((t) => t.table)).not.toContain('throttles');
  });

  it('leaves a table alone while its changes stay under the threshold', async () => {
    // 50 + 20% of the rows dead for a vacuum, 50 + 10% changed for an analysis (PostgreSQL's defaults).
    await churnThrottles(test.database, 20, 20);
    expect(await statsOf(test.database, 'throttles')).toMatchObject({ n_dead_tup: 20, n_mod_since_analyze: 40 });
    expect((await tablesDueForMaintenance(test.database)).map((t) => t.table)).not.toContain('throttles');
    const { done } = await maintainEmbeddedDatabase(test.database);
    expect(done.map((t) => t.table)).not.toContain('throttles');
    expect((await statsOf(test.database, 'throttles')).n_dead_tup).toBe(20);
  });

  it('vacuums while transactions are open beside it: each waits its turn, and every write lands', async () => {
    await churnThrottles(test.database, 400, 300);
    const writer = (key: string) =>
      test.database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into throttles (key, window_start, count) values (${key}, now(), 1)`);
        await tx.execute(sql`select pg_sleep(0.005)`);
        await tx.execute(sql`update throttles set count = 2 where key = ${key}`);
      });
    // Sixteen transactions begin just before each VACUUM is sent, so it finds them open.
    const writers: Promise<void>[] = [];
    const { done } = await maintainEmbeddedDatabase(test.database, async () => {
      for (let i = 0; i < 16; i++) writers.push(writer(`beside-${writers.length}`));
    });
    await Promise.all(writers);
    expect(done.map((t) => t.table)).toContain('throttles');
    const [landed] = rowsOf<{ n: number }>(
      await test.database.db.execute(
        sql`select count(*)::int as n from throttles where key like 'beside-%' and count = 2`,
      ),
    );
    expect(landed?.n).toBe(writers.length);
  });

  it('runs as an hourly job on the queue, and the job ends done', async () => {
    await churnThrottles(test.database, 400, 300);
    const jobs = createJobRunner(test.database, quietLogger);
    await scheduleEmbeddedMaintenance(jobs, test.database, quietLogger);
    const [schedule] = rowsOf<{ every_seconds: number }>(
      await test.database.db.execute(
        sql`select every_seconds from job_schedules where name = ${EMBEDDED_MAINTENANCE_JOB}`,
      ),
    );
    expect(schedule?.every_seconds).toBe(3600);

    expect(await jobs.runDue()).toBeGreaterThanOrEqual(1);

    const [job] = rowsOf<{ status: string }>(
      await test.database.db.execute(sql`select status from jobs where name = ${EMBEDDED_MAINTENANCE_JOB}`),
    );
    expect(job?.status).toBe('done');
    expect(await statsOf(test.database, 'throttles')).toMatchObject({ n_dead_tup: 0, n_mod_since_analyze: 0 });
  });
});

describe.each(testDatabaseKinds().filter((kind) => kind === 'postgres'))(
  'on %s, which has its own autovacuum',
  (kind) => {
    let test: Awaited<ReturnType<typeof createTestDatabase>>;
    beforeAll(async () => {
      test = await createTestDatabase(kind);
    });
    afterAll(() => test.drop());

    it('registers no maintenance job', async () => {
      const jobs = createJobRunner(test.database, quietLogger);
      await scheduleEmbeddedMaintenance(jobs, test.database, quietLogger);
      const schedules = rowsOf(
        await test.database.db.execute(sql`select 1 from job_schedules where name = ${EMBEDDED_MAINTENANCE_JOB}`),
      );
      expect(schedules).toHaveLength(0);
    });
  },
);
