import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppDb, Database } from '../db/client.ts';
import { actAs, rowsOf, withActor, type Tx } from '../db/rls.ts';
import type { Logger } from '../logger.ts';
import { errorFields } from '../logger.ts';
import type { Metrics } from '../metrics/metrics.ts';

export type JobContext<P> = {
  payload: P;
  /** For a job that acts for a user: a transaction already running under that user's row-level security. */
  tx: Tx;
  userId: string | null;
  jobId: number;
  attempt: number;
};

export type JobHandler<P = Record<string, unknown>> = (ctx: JobContext<P>) => Promise<void>;

export type SteppedJobContext<P> = Omit<JobContext<P>, 'tx'> & {
  /**
   * Runs `work` in a transaction of its own, committed when it returns: under the job's user's
   * row-level security when it has one, as a whole job's transaction is. Throws, committing
   * nothing, when this worker no longer holds the job (another took it over after a stale lock).
   */
  step: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
};

export type SteppedJobHandler<P = Record<string, unknown>> = (ctx: SteppedJobContext<P>) => Promise<void>;

export type EnqueueInput = {
  name: string;
  payload?: Record<string, unknown>;
  /** Jobs with the same key run at most once, however many instances enqueue them. */
  key?: string;
  userId?: string;
  runAt?: Date;
  maxAttempts?: number;
};

export interface JobRunner {
  readonly workerId: string;
  register<P>(name: string, handler: JobHandler<P>): void;
  /**
   * A job that commits its work in steps (one transaction each) rather than in the job's one
   * transaction, so a long run neither holds its locks to the end nor loses finished steps to a
   * later failure. A failure re-runs the whole job, so every step must be safe to repeat. The job
   * is marked done once the handler returns.
   */
  registerInSteps<P>(name: string, handler: SteppedJobHandler<P>): void;
  /** Enqueues a job (inside the caller's transaction when one is given); false if its key already exists. */
  enqueue(input: EnqueueInput, db?: AppDb | Tx): Promise<boolean>;
  /**
   * Settles once every enqueue started so far has: a route that enqueues without awaiting (after
   * its answer) has then written its job, for a test that compares the database before and after.
   */
  enqueued(): Promise<void>;
  /** A recurring job: every `everySeconds`, one job per due slot across all instances. */
  schedule(name: string, everySeconds: number, payload?: Record<string, unknown>): Promise<void>;
  /** Runs one round: enqueue due schedules, claim and run due jobs. Returns how many jobs ran. */
  runDue(limit?: number): Promise<number>;
  start(pollMs?: number): void;
  stop(): Promise<void>;
  /** Whether this instance's loop is running (started and not stopped). */
  isRunning(): boolean;
}

type JobRow = {
  id: number;
  name: string;
  payload: Record<string, unknown>;
  user_id: string | null;
  attempts: number;
  max_attempts: number;
};

/** Retry delay after the n-th failed attempt: 2 s, 4 s, 8 s … capped at 10 minutes. */
export function backoffSeconds(attempt: number): number {
  return Math.min(2 ** attempt, 600);
}

const STALE_LOCK = sql`interval '5 minutes'`;

/**
 * A job queue on PostgreSQL (and PGlite) with `FOR UPDATE SKIP LOCKED`. A job's effects and
 * its completion commit in one transaction, so a crash re-runs it and a success is final; a job
 * registered in steps commits each step, then its completion (docs/decisions/0019).
 */
export function createJobRunner(
  database: Database,
  logger: Logger,
  options: { metrics?: Pick<Metrics, 'recordJob'> } = {},
): JobRunner {
  /** Enqueues not yet answered (`enqueued`). */
  const inFlight = new Set<Promise<boolean>>();
  const { db } = database;
  const workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const handlers = new Map<string, { handler: JobHandler<never> | SteppedJobHandler<never>; inSteps: boolean }>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  let started = false;

  async function enqueueDueSchedules(): Promise<void> {
    await db.transaction(async (tx) => {
      const due = rowsOf<{
        name: string;
        every_seconds: number;
        next_run_at: string;
        payload: Record<string, unknown>;
      }>(
        await tx.execute(sql`
          select name, every_seconds, next_run_at::text as next_run_at, payload from job_schedules
          where next_run_at <= now() for update skip locked`),
      );
      for (const s of due) {
        await tx.execute(sql`
          insert into jobs (name, key, payload) values (${s.name}, ${`${s.name}@${s.next_run_at}`}, ${JSON.stringify(s.payload)}::jsonb)
          on conflict (key) do nothing`);
        await tx.execute(sql`
          update job_schedules
          set next_run_at = next_run_at + make_interval(secs => every_seconds *
            greatest(1, ceil(extract(epoch from (now() - next_run_at)) / every_seconds)))
          where name = ${s.name}`);
      }
    });
  }

  async function claim(limit: number): Promise<JobRow[]> {
    const names = [...handlers.keys()];
    if (names.length === 0) return [];
    return rowsOf<JobRow>(
      await db.execute(sql`
        update jobs set status = 'running', locked_by = ${workerId}, locked_at = now(), attempts = attempts + 1
        where id in (
          select id from jobs
          where name in (${sql.join(
            names.map((n) => sql`${n}`),
            sql`, `,
          )})
            and ((status = 'pending' and run_at <= now()) or (status = 'running' and locked_at < now() - ${STALE_LOCK}))
          order by run_at, id limit ${limit}
          for update skip locked)
        returning id, name, payload, user_id, attempts, max_attempts`),
    );
  }

  /** Marks the job done if this worker still holds it; false when another took it over after a stale lock. */
  async function markDone(target: AppDb | Tx, job: JobRow): Promise<boolean> {
    const marked = rowsOf(
      await target.execute(sql`
      update jobs set status = 'done', finished_at = now(), last_error = null
      where id = ${job.id} and locked_by = ${workerId} and status = 'running' returning id`),
    );
    return marked.length > 0;
  }

  function runInOneTransaction(job: JobRow, handler: JobHandler<Record<string, unknown>>): Promise<void> {
    return db.transaction(async (tx) => {
      if (!(await markDone(tx, job))) return;
      if (job.user_id) await actAs(tx, { userId: job.user_id });
      await handler({ payload: job.payload, tx, userId: job.user_id, jobId: job.id, attempt: job.attempts });
    });
  }

  async function runInSteps(job: JobRow, handler: SteppedJobHandler<Record<string, unknown>>): Promise<void> {
    const step = <T>(work: (tx: Tx) => Promise<T>) =>
      db.transaction(async (tx) => {
        // Each step renews the claim, so a long run is not taken for a crashed one.
        const held = rowsOf(
          await tx.execute(sql`
          update jobs set locked_at = now() where id = ${job.id} and locked_by = ${workerId} and status = 'running' returning id`),
        );
        if (held.length === 0) throw new Error('The job was taken over by another worker');
        if (job.user_id) await actAs(tx, { userId: job.user_id });
        return work(tx);
      });
    await handler({ payload: job.payload, step, userId: job.user_id, jobId: job.id, attempt: job.attempts });
    await markDone(db, job);
  }

  async function run(job: JobRow): Promise<void> {
    const registered = handlers.get(job.name);
    if (!registered) return;
    const started = performance.now();
    try {
      if (registered.inSteps) await runInSteps(job, registered.handler as SteppedJobHandler<Record<string, unknown>>);
      else await runInOneTransaction(job, registered.handler as JobHandler<Record<string, unknown>>);
      options.metrics?.recordJob(job.name, performance.now() - started, true);
    } catch (err) {
      options.metrics?.recordJob(job.name, performance.now() - started, false);
      const final = job.attempts >= job.max_attempts;
      logger.warn('job failed', { job: job.name, jobId: job.id, attempt: job.attempts, final, ...errorFields(err) });
      await db.execute(sql`
        update jobs set status = ${final ? 'failed' : 'pending'}, locked_by = null, locked_at = null,
          run_at = now() + make_interval(secs => ${backoffSeconds(job.attempts)}),
          last_error = ${err instanceof Error ? err.message : String(err)}
        where id = ${job.id} and locked_by = ${workerId}`);
    }
  }

  async function runDue(limit = 20): Promise<number> {
    await enqueueDueSchedules();
    const claimed = await claim(limit);
    for (const job of claimed) await run(job);
    return claimed.length;
  }

  const loop = (pollMs: number) => {
    if (stopped) return;
    running = runDue()
      .catch((err) => logger.warn('job runner round failed', errorFields(err)))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(() => loop(pollMs), pollMs);
      });
  };

  return {
    workerId,
    register(name, handler) {
      handlers.set(name, { handler: handler as JobHandler<never>, inSteps: false });
    },
    registerInSteps(name, handler) {
      handlers.set(name, { handler: handler as SteppedJobHandler<never>, inSteps: true });
    },
    enqueue(input, target = db) {
      const insert = (async () => {
        const inserted = rowsOf(
          await target.execute(sql`
          insert into jobs (name, key, payload, user_id, run_at, max_attempts)
          values (${input.name}, ${input.key ?? null}, ${JSON.stringify(input.payload ?? {})}::jsonb, ${input.userId ?? null},
            ${(input.runAt ?? new Date()).toISOString()}::timestamptz, ${input.maxAttempts ?? 5})
          on conflict (key) do nothing returning id`),
        );
        return inserted.length > 0;
      })();
      inFlight.add(insert);
      void insert.then(
        () => inFlight.delete(insert),
        () => inFlight.delete(insert),
      );
      return insert;
    },
    async enqueued() {
      await Promise.allSettled([...inFlight]);
    },
    async schedule(name, everySeconds, payload = {}) {
      await db.execute(sql`
        insert into job_schedules (name, every_seconds, next_run_at, payload)
        values (${name}, ${everySeconds}, now(), ${JSON.stringify(payload)}::jsonb)
        on conflict (name) do update set every_seconds = excluded.every_seconds, payload = excluded.payload`);
    },
    runDue,
    start(pollMs = 1_000) {
      stopped = false;
      started = true;
      loop(pollMs);
    },
    isRunning: () => started && !stopped,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export { withActor };
