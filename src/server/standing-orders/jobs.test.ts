import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { rowsOf, withActor } from '../db/rls.ts';
import { transactions, user } from '../db/schema/index.ts';
import { createJobRunner, type JobRunner } from '../jobs/runner.ts';
import { createTestDatabase, quietLogger, testDatabaseKinds } from '../test/databases.ts';
import { itOnPostgres } from '../test/postgres-only.ts';
import { createTestAccount } from '../transactions/account-fixture.ts';
import { scheduleStandingOrderProcessing, STANDING_ORDERS_JOB } from './jobs.ts';
import { accountState } from './test-helpers.ts';

// "Today" for every run: 15 June 2026. A monthly order from 10 March owes 10 March, April, May and June.
const TODAY = new Date('2026-06-15T11:00:00Z');
const PAYMENTS_DUE = 4;
const OWNER = 'batchOwner';

describe.each(testDatabaseKinds())('the scheduled standing-order run on %s', (kind) => {
  let test: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Database['db'];
  let jobs: JobRunner;

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    db = test.database.db;
    await db.insert(user).values({ id: OWNER, name: 'Batch Owner', email: 'batch-owner@example.com' });
    jobs = createJobRunner(test.database, quietLogger);
    // One account per batch, so a run of a few accounts is a few batches.
    await scheduleStandingOrderProcessing(jobs, { clock: { now: () => TODAY }, logger: quietLogger, batchSize: 1 });
  }, 60_000);
  afterAll(async () => {
    await test?.drop();
  });

  /** Accounts in the order the run takes them (id order), each with a monthly order owing PAYMENTS_DUE payments. */
  async function accountsWithOrders(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const accountId = await createTestAccount(db, OWNER);
      await db.execute(sql`
        insert into standing_orders (account_id, user_id, amount_pence, frequency, start_date)
        values (${accountId}::uuid, ${OWNER}, 5000, 'monthly', '2026-03-10')`);
      ids.push(accountId);
    }
    return ids.sort();
  }

  const jobRow = async (key: string) =>
    rowsOf<{ status: string; last_error: string | null }>(
      await db.execute(sql`select status, last_error from jobs where key like ${key}`),
    )[0];

  it('commits batch by batch: a failure in a later batch keeps the earlier batches’ payments, and the retry pays the rest once', async () => {
    const [first, failing, last] = (await accountsWithOrders(3)) as [string, string, string];
    // The second batch's insert fails, as a lost connection or a full disk would.
    await db.execute(
      sql.raw(`
      create function fail_one_account() returns trigger language plpgsql as $$
      begin
        if new.account_id = '${failing}'::uuid then raise exception 'disk full'; end if;
        return new;
      end $$`),
    );
    await db.execute(
      sql`create trigger fail_one_account before insert on transactions for each row execute function fail_one_account()`,
    );

    // A new schedule's first slot is due at once.
    expect(await jobs.runDue()).toBe(1);
    expect((await accountState(db, first)).payments).toHaveLength(PAYMENTS_DUE);
    expect((await accountState(db, failing)).payments).toEqual([]);
    expect((await accountState(db, last)).payments).toEqual([]);
    expect(await jobRow(`${STANDING_ORDERS_JOB}@%`)).toEqual({
      status: 'pending',
      last_error: expect.stringContaining('insert into transactions'),
    });

    await db.execute(sql`drop trigger fail_one_account on transactions`);
    await db.execute(sql`update jobs set run_at = now() where status = 'pending'`);
    expect(await jobs.runDue()).toBe(1);
    expect(await jobRow(`${STANDING_ORDERS_JOB}@%`)).toEqual({ status: 'done', last_error: null });
    for (const accountId of [first, failing, last]) {
      const state = await accountState(db, accountId);
      expect(state.payments).toHaveLength(PAYMENTS_DUE);
      expect(state.balancePence).toBe(PAYMENTS_DUE * 5000);
      expect(state.sumPence).toBe(state.balancePence);
    }
  });

  // PGlite runs one transaction at a time, so nothing there can wait on a lock.
  itOnPostgres(kind)(
    'leaves an account free for its owner once its batch has committed, while the run waits further on',
    async () => {
      const [early, late] = (await accountsWithOrders(2)) as [string, string];
      // Someone holds the later account (its owner's own write, say) while the run comes by.
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let holding = () => {};
      const held = new Promise<void>((resolve) => (holding = resolve));
      const holder = db.transaction(async (tx) => {
        await tx.execute(sql`select id from accounts where id = ${late}::uuid for update`);
        holding();
        await released;
      });
      await held;

      await jobs.enqueue({ name: STANDING_ORDERS_JOB, key: 'so-batches-held' });
      const run = jobs.runDue();
      try {
        await expect
          .poll(
            async () =>
              rowsOf<{ n: number }>(
                await db.execute(sql`
          select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`),
              )[0]?.n,
            { timeout: 20_000 },
          )
          .toBe(1);
        // The run is waiting for the later account: the earlier one's payments are already committed…
        expect((await accountState(db, early)).payments).toHaveLength(PAYMENTS_DUE);
        // …and its owner's write to it goes through at once rather than waiting for the whole run.
        await withActor(db, { userId: OWNER }, async (tx) => {
          await tx.execute(sql`set local lock_timeout = '2s'`);
          await tx.insert(transactions).values({
            userId: OWNER,
            accountId: early,
            amountPence: 100,
            date: '2026-06-15',
            type: 'deposit',
            notes: 'Cash',
          });
        });
        expect(await jobRow('so-batches-held')).toMatchObject({ status: 'running' });
      } finally {
        release();
        await holder;
        await run;
      }
      expect(await jobRow('so-batches-held')).toEqual({ status: 'done', last_error: null });
      expect((await accountState(db, late)).payments).toHaveLength(PAYMENTS_DUE);
      expect((await accountState(db, early)).balancePence).toBe(PAYMENTS_DUE * 5000 + 100);
    },
  );
});
