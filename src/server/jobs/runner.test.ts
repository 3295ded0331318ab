import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client.ts';
import { rowsOf } from '../db/rls.ts';
import { profiles, user } from '../db/schema/index.ts';
import { createTestDatabase, quietLogger, testDatabaseKinds } from '../test/databases.ts';
import { backoffSeconds, createJobRunner, type JobRunner } from './runner.ts';

async function effects(db: Database['db'], name: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from job_effects where name = ${name}`),
  );
  return row?.n ?? 0;
}

/** Lets a due-later job run now (instead of waiting out its backoff). */
async function makeAllDue(db: Database['db']) {
  await db.execute(sql`update jobs set run_at = now() - interval '1 second' where status = 'pending'`);
}

describe('backoffSeconds', () => {
  it('doubles from 2 s and stops at 10 minutes', () => {
    expect([1, 2, 3, 10, 20].map(backoffSeconds)).toEqual([2, 4, 8, 600, 600]);
  });
});

describe.each(testDatabaseKinds())('the job runner on %s', (kind) => {
  let test: Awaited<ReturnType<typeof createTestDatabase>>;
  let runner: JobRunner;
  let db: Database['db'];

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    db = test.database.db;
    await db.execute(sql`create table job_effects (id serial primary key, name text not null, detail text)`);
    await db.execute(sql`grant select, insert on job_effects to app_user`);
    await db.execute(sql`grant usage on sequence job_effects_id_seq to app_user`);
    for (const [id, first] of [
      ['jobUserA', 'Ann'],
      ['jobUserB', 'Bob'],
    ] as const) {
      await db.insert(user).values({ id, name: first, email: `${id}@example.com` });
      await db.insert(profiles).values({ id, firstName: first });
    }
  });
  afterAll(async () => {
    await test?.drop();
  });
  beforeEach(() => {
    runner = createJobRunner(test.database, quietLogger);
    runner.register<{ tag: string }>('record', async ({ tx, payload }) => {
      await tx.execute(sql`insert into job_effects (name, detail) values ('record', ${payload.tag})`);
    });
  });

  it('runs a queued job once and marks it done', async () => {
    await runner.enqueue({ name: 'record', payload: { tag: 'one' } });
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from job_effects where detail = 'one'`),
    );
    expect(row?.n).toBe(1);
  });

  it('settles enqueued() once every enqueue started before it has written its job', async () => {
    for (const tag of ['late-1', 'late-2']) void runner.enqueue({ name: 'record', key: tag, payload: { tag } });
    await runner.enqueued();
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from jobs where key in ('late-1', 'late-2')`),
    );
    expect(row?.n).toBe(2);
    await runner.enqueued(); // none in flight: settles at once
  });

  it('enqueues a keyed job at most once', async () => {
    expect(await runner.enqueue({ name: 'record', key: 'k-1', payload: { tag: 'keyed' } })).toBe(true);
    expect(await runner.enqueue({ name: 'record', key: 'k-1', payload: { tag: 'keyed' } })).toBe(false);
    await runner.runDue();
    await runner.runDue();
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from job_effects where detail = 'keyed'`),
    );
    expect(row?.n).toBe(1);
  });

  it('retries a failing job, rolls back its partial effects, and succeeds later', async () => {
    let calls = 0;
    runner.register('flaky', async ({ tx }) => {
      calls++;
      await tx.execute(sql`insert into job_effects (name) values ('flaky')`);
      if (calls === 1) throw new Error('transient');
    });
    await runner.enqueue({ name: 'flaky', key: 'flaky-1' });
    await runner.runDue();
    expect(await effects(db, 'flaky')).toBe(0);
    const [afterFailure] = rowsOf<{ status: string; attempts: number; last_error: string; later: boolean }>(
      await db.execute(
        sql`select status, attempts, last_error, run_at > now() as later from jobs where key = 'flaky-1'`,
      ),
    );
    expect(afterFailure).toMatchObject({ status: 'pending', attempts: 1, last_error: 'transient', later: true });
    expect(await runner.runDue()).toBe(0); // still backing off
    await makeAllDue(db);
    await runner.runDue();
    expect(await effects(db, 'flaky')).toBe(1);
  });

  it('gives up after the last attempt', async () => {
    runner.register('broken', async () => {
      throw new Error('always');
    });
    await runner.enqueue({ name: 'broken', key: 'broken-1', maxAttempts: 2 });
    await runner.runDue();
    await makeAllDue(db);
    await runner.runDue();
    const [row] = rowsOf<{ status: string; attempts: number }>(
      await db.execute(sql`select status, attempts from jobs where key = 'broken-1'`),
    );
    expect(row).toEqual({ status: 'failed', attempts: 2 });
  });

  it("runs a job for a user under that user's row-level security", async () => {
    const seen: string[][] = [];
    runner.register('peek', async ({ tx }) => {
      seen.push((await tx.select({ id: profiles.id }).from(profiles)).map((r) => r.id));
    });
    await runner.enqueue({ name: 'peek', userId: 'jobUserA' });
    await runner.runDue();
    expect(seen).toEqual([['jobUserA']]);
  });

  it('commits each step of a job registered in steps: a later step failing keeps the earlier ones, and the retry runs them all again', async () => {
    let attempts = 0;
    runner.registerInSteps('stepped', async ({ step }) => {
      attempts++;
      await step((tx) => tx.execute(sql`insert into job_effects (name, detail) values ('stepped', 'first')`));
      await step(async (tx) => {
        await tx.execute(sql`insert into job_effects (name, detail) values ('stepped', 'second')`);
        if (attempts === 1) throw new Error('second step broke');
      });
    });
    await runner.enqueue({ name: 'stepped', key: 'stepped-1' });
    await runner.runDue();
    const count = async (detail: string) =>
      rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from job_effects where name = 'stepped' and detail = ${detail}`),
      )[0]?.n;
    expect(await count('first')).toBe(1);
    expect(await count('second')).toBe(0);
    const [failed] = rowsOf<{ status: string; last_error: string }>(
      await db.execute(sql`select status, last_error from jobs where key = 'stepped-1'`),
    );
    expect(failed).toEqual({ status: 'pending', last_error: 'second step broke' });

    await makeAllDue(db);
    await runner.runDue();
    expect(await count('first')).toBe(2);
    expect(await count('second')).toBe(1);
    const [done] = rowsOf<{ status: string }>(await db.execute(sql`select status from jobs where key = 'stepped-1'`));
    expect(done?.status).toBe('done');
  });

  it("runs each step of a user's job in steps under that user's row-level security", async () => {
    const seen: string[][] = [];
    runner.registerInSteps('stepped-peek', async ({ step }) => {
      for (let i = 0; i < 2; i++)
        seen.push(await step(async (tx) => (await tx.select({ id: profiles.id }).from(profiles)).map((r) => r.id)));
    });
    await runner.enqueue({ name: 'stepped-peek', userId: 'jobUserB' });
    await runner.runDue();
    expect(seen).toEqual([['jobUserB'], ['jobUserB']]);
  });

  it('stops a job in steps at its next step once another worker has taken it over', async () => {
    runner.registerInSteps('taken-over', async ({ step, jobId }) => {
      await step((tx) => tx.execute(sql`insert into job_effects (name, detail) values ('taken-over', 'before')`));
      // What a second instance does to a claim it finds stale.
      await db.execute(sql`update jobs set locked_by = 'another-worker', locked_at = now() where id = ${jobId}`);
      await step((tx) => tx.execute(sql`insert into job_effects (name, detail) values ('taken-over', 'after')`));
    });
    await runner.enqueue({ name: 'taken-over', key: 'taken-over-1' });
    await runner.runDue();
    const details = rowsOf<{ detail: string }>(
      await db.execute(sql`select detail from job_effects where name = 'taken-over'`),
    ).map((r) => r.detail);
    expect(details).toEqual(['before']);
    const [row] = rowsOf<{ status: string; locked_by: string }>(
      await db.execute(sql`select status, locked_by from jobs where key = 'taken-over-1'`),
    );
    expect(row).toEqual({ status: 'running', locked_by: 'another-worker' });
  });

  it('enqueues one job per due slot of a schedule', async () => {
    runner.register('tick', async ({ tx }) => {
      await tx.execute(sql`insert into job_effects (name) values ('tick')`);
    });
    await runner.schedule('tick', 3600);
    await runner.runDue();
    await runner.runDue();
    expect(await effects(db, 'tick')).toBe(1);
    const [row] = rowsOf<{ later: boolean }>(
      await db.execute(
        sql`select next_run_at > now() + interval '59 minutes' as later from job_schedules where name = 'tick'`,
      ),
    );
    expect(row?.later).toBe(true);
  });

  // PGlite serialises everything, so this race can only fail (and so only means something) on PostgreSQL.
  if (kind === 'postgres')
    it('runs each job exactly once across two instances working at once', async () => {
      // A second instance: its own pool on the same database.
      const other = await openDatabase({ databaseUrl: test.url!, poolMax: 10, logger: quietLogger });
      try {
        const runners = [runner, createJobRunner(other, quietLogger)];
        runners[1]!.register<{ tag: string }>('record', async ({ tx, payload }) => {
          await tx.execute(sql`insert into job_effects (name, detail) values ('record', ${payload.tag})`);
        });
        const tags = Array.from({ length: 40 }, (_, i) => `race-${i}`);
        // Both instances enqueue every job (same keys) and both drain the queue concurrently.
        await Promise.all(
          runners.flatMap((r) => tags.map((tag) => r.enqueue({ name: 'record', key: tag, payload: { tag } }))),
        );
        let ran = [0, 0];
        for (let round = 0; round < 10; round++) {
          const counts = await Promise.all(runners.map((r) => r.runDue(5)));
          ran = ran.map((n, i) => n + counts[i]!);
        }
        const rows = rowsOf<{ detail: string; n: number }>(
          await db.execute(sql`
        select detail, count(*)::int as n from job_effects where detail like 'race-%' group by detail`),
        );
        expect(rows).toHaveLength(40);
        expect(rows.every((r) => r.n === 1)).toBe(true);
        expect(ran[0]! + ran[1]!).toBe(40);
        expect(ran[0]).toBeGreaterThan(0);
        expect(ran[1]).toBeGreaterThan(0);
      } finally {
        await other.close();
      }
    });
});
