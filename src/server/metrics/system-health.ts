/**
 * The figures the System Health Dashboard and the System status panel show (issue 31, ADR 0065),
 * measured when asked: a database round trip, the job queue's depth (one statement over the
 * `jobs` table, shared by every instance), the CRM sync queue's when it exists, and this
 * instance's request and job windows, and the validation suite's last run (its critical issues
 * raise an alert). The checks and alerts are core's rules over them.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  API_RESPONSE_LIMIT_MS,
  DATABASE_LATENCY_WARN_MS,
  jobQueueStatus,
  latencyStatus,
  syncQueueStatus,
} from '../../core/diagnostics/health.ts';
import {
  type AlertFigures,
  errorRateStatus,
  type HealthBand,
  type HealthCheck,
  type HealthColour,
  healthBand,
  healthColour,
  healthScorePercent,
  isAllClear,
  percentText,
  type SystemAlert,
  systemAlerts,
} from '../../core/system-health/health-rules.ts';
import type { AppDb } from '../db/client.ts';
import { rowsOf } from '../db/rls.ts';
import type { Deps } from '../http/context.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { lastValidationSummary, type ValidationSummary } from '../diagnostics/last-run.ts';
import { crmDisabledMessage } from './crm-status.ts';
import { type Metrics, REQUEST_WINDOW_MS, JOB_WINDOW_MS } from './metrics.ts';

export type QueueDepth = {
  /** Pending jobs whose time has come: the backlog. */
  due: number;
  /** Pending jobs due later (retries waiting out their backoff, future work). */
  scheduled: number;
  running: number;
  /** Jobs that failed for good in the last 24 hours. */
  failedLastDay: number;
  /** Due jobs waiting more than 24 hours. */
  stalePending: number;
  oldestDueSeconds: number | null;
};

export type SyncQueueDepth = {
  pending: number;
  processing: number;
  completed: number;
  failed: number;
  stalePending: number;
  /** Items processed in the last hour, and their mean processing time (the worker measures each). */
  processedLastHour: number;
  meanProcessingMs: number | null;
};

/** One `select 1`, timed; null when the database did not answer. */
export async function measureRoundTrip(db: AppDb): Promise<number | null> {
  const started = performance.now();
  try {
    await db.execute(sql`select 1`);
    return Math.round((performance.now() - started) * 100) / 100;
  } catch {
    return null;
  }
}

export async function readQueueDepth(db: AppDb): Promise<QueueDepth> {
  const [row] = rowsOf<Record<keyof QueueDepth, number | null>>(
    await db.execute(sql`
      select
        count(*) filter (where status = 'pending' and run_at <= now())::int as due,
        count(*) filter (where status = 'pending' and run_at > now())::int as scheduled,
        count(*) filter (where status = 'running')::int as running,
        count(*) filter (where status = 'failed' and run_at > now() - interval '24 hours')::int as "failedLastDay",
        count(*) filter (where status = 'pending' and run_at <= now() - interval '24 hours')::int as "stalePending",
        extract(epoch from now() - min(run_at) filter (where status = 'pending' and run_at <= now()))::float8
          as "oldestDueSeconds"
      from jobs where status <> 'done'`),
  );
  return {
    due: row?.due ?? 0,
    scheduled: row?.scheduled ?? 0,
    running: row?.running ?? 0,
    failedLastDay: row?.failedLastDay ?? 0,
    stalePending: row?.stalePending ?? 0,
    oldestDueSeconds:
      row?.oldestDueSeconds === null || row?.oldestDueSeconds === undefined ? null : Math.round(row.oldestDueSeconds),
  };
}

/**
 * The CRM sync queue's depth by status, or null until the CRM integration's table exists (the
 * dashboard then says "not configured"). Read by name, so this module needs nothing of the CRM's.
 */
export async function readSyncQueueDepth(db: AppDb): Promise<SyncQueueDepth | null> {
  const [exists] = rowsOf<{ table: string | null }>(
    await db.execute(sql`select to_regclass('public.hubspot_sync_queue')::text as "table"`),
  );
  if (!exists?.table) return null;
  const [row] = rowsOf<Record<keyof SyncQueueDepth, number | null>>(
    await db.execute(sql`
      select
        count(*) filter (where status = 'pending')::int as pending,
        count(*) filter (where status = 'processing')::int as processing,
        count(*) filter (where status = 'completed')::int as completed,
        count(*) filter (where status = 'failed')::int as failed,
        count(*) filter (where status = 'pending' and created_at < now() - interval '24 hours')::int as "stalePending",
        count(processing_ms) filter (where processed_at > now() - interval '1 hour')::int as "processedLastHour",
        avg(processing_ms) filter (where processed_at > now() - interval '1 hour')::float8 as "meanProcessingMs"
      from hubspot_sync_queue`),
  );
  return {
    pending: row?.pending ?? 0,
    processing: row?.processing ?? 0,
    completed: row?.completed ?? 0,
    failed: row?.failed ?? 0,
    stalePending: row?.stalePending ?? 0,
    processedLastHour: row?.processedLastHour ?? 0,
    meanProcessingMs: row?.meanProcessingMs ?? null,
  };
}

export type IntegrationStatus = 'healthy' | 'error' | 'disabled' | 'warning';

export type SystemHealth = {
  measuredAt: string;
  healthPercent: number;
  band: HealthBand;
  colour: HealthColour;
  checks: HealthCheck[];
  backlog: { total: number; jobsDue: number; syncPending: number | null };
  errorRate: {
    percent: number;
    failed: number;
    total: number;
    requests: number;
    serverErrors: number;
    jobRuns: number;
    jobFailures: number;
    windowSeconds: number;
  };
  /**
   * Average processing time, measured: the CRM sync items' mean when the sync ran in the last
   * hour, else the mean job run of the last hour on this instance; null when neither ran.
   */
  processing: { meanMs: number | null; source: 'sync-queue' | 'jobs' | null; count: number; windowSeconds: number };
  latency: {
    requests: number;
    meanMs: number | null;
    p50Ms: number | null;
    p90Ms: number | null;
    p95Ms: number | null;
    p99Ms: number | null;
    maxMs: number | null;
    windowSeconds: number;
  };
  database: { kind: 'pglite' | 'postgres'; up: boolean; roundTripMs: number | null };
  jobs: QueueDepth & { runnerOnThisInstance: boolean };
  syncQueue: SyncQueueDepth | null;
  crm: { status: IntegrationStatus; message: string };
  mail: { transport: 'smtp' | 'files'; status: IntegrationStatus; message: string };
  uptimeSeconds: number;
  memory: { rssBytes: number; heapUsedBytes: number; heapTotalBytes: number };
  /** The Integration Validation Suite's last full run (any instance), or null before the first. */
  validation: ValidationSummary | null;
  alerts: SystemAlert[];
  allClear: boolean;
};

const ms = (value: number | null) => (value === null ? 'no figure' : `${Math.round(value)} ms`);

/** Reads the database and job queue figures the checks need; a failure of either reads as "down". */
async function readDatabase(db: AppDb) {
  const roundTripMs = await measureRoundTrip(db);
  if (roundTripMs === null) return { roundTripMs, queue: null, syncQueue: null };
  const [queue, syncQueue] = await Promise.all([
    readQueueDepth(db).catch(() => null),
    readSyncQueueDepth(db).catch(() => null),
  ]);
  return { roundTripMs, queue, syncQueue };
}

export type DatabaseReadingsOf = Awaited<ReturnType<typeof readDatabase>>;
export { readDatabase };

/** Everything the dashboard shows, measured now. */
export async function measureSystemHealth(
  deps: Pick<Deps, 'database' | 'config' | 'metrics' | 'crm'>,
): Promise<SystemHealth> {
  const { metrics, database, config, crm } = deps;
  const started = performance.now();
  const readings = await readDatabase(database.db);
  const dbMs = performance.now() - started;
  const validation = readings.roundTripMs === null ? null : await lastValidationSummary(database.db).catch(() => null);
  const requests = metrics.requestWindow(REQUEST_WINDOW_MS);
  const recentJobs = metrics.jobWindow(REQUEST_WINDOW_MS);
  const hourOfJobs = metrics.jobWindow(JOB_WINDOW_MS);
  const queue = readings.queue ?? {
    due: 0,
    scheduled: 0,
    running: 0,
    failedLastDay: 0,
    stalePending: 0,
    oldestDueSeconds: null,
  };
  const syncQueue = crm.enabled ? readings.syncQueue : null;
  const syncPending = syncQueue?.pending ?? null;
  const backlogTotal = queue.due + (syncPending ?? 0);
  const failed = requests.failed + recentJobs.failed;
  const total = requests.count + recentJobs.count;
  const errorRatePercent = total === 0 ? 0 : (failed / total) * 100;
  const mailTransport: 'smtp' | 'files' = config.SMTP_URL ? 'smtp' : 'files';
  const mail =
    mailTransport === 'smtp'
      ? { transport: mailTransport, status: 'healthy' as const, message: 'Sent by SMTP' }
      : {
          transport: mailTransport,
          status: config.NODE_ENV === 'production' ? ('warning' as const) : ('healthy' as const),
          message:
            config.NODE_ENV === 'production'
              ? 'Written to files, not sent: set SMTP_URL to send e-mail'
              : 'Written to the local mailbox (no SMTP_URL)',
        };
  const crmState = syncQueue
    ? {
        status: syncQueueStatus(syncQueue) === 'passed' ? ('healthy' as const) : ('warning' as const),
        message: `${syncQueue.pending} pending, ${syncQueue.failed} failed in the sync queue`,
      }
    : { status: 'disabled' as const, message: crmDisabledMessage(crm) };
  const processing =
    syncQueue && syncQueue.processedLastHour > 0
      ? { meanMs: syncQueue.meanProcessingMs, source: 'sync-queue' as const, count: syncQueue.processedLastHour }
      : hourOfJobs.count > 0
        ? { meanMs: hourOfJobs.meanMs, source: 'jobs' as const, count: hourOfJobs.count }
        : { meanMs: null, source: null, count: 0 };

  const checks: HealthCheck[] = [
    {
      id: 'database',
      name: 'Database',
      status:
        readings.roundTripMs === null ? 'failed' : latencyStatus(readings.roundTripMs, 1000, DATABASE_LATENCY_WARN_MS),
      message:
        readings.roundTripMs === null
          ? 'The database did not answer'
          : `Reachable, ${readings.roundTripMs.toLocaleString('en-GB')} ms for one round trip`,
      durationMs: Math.round(dbMs),
    },
    {
      id: 'api-response',
      name: 'API response time',
      status: latencyStatus(requests.p95Ms ?? 0, API_RESPONSE_LIMIT_MS),
      message:
        requests.count === 0
          ? 'No requests in the last 5 minutes'
          : `95% of ${requests.count.toLocaleString('en-GB')} requests in the last 5 minutes answered within ${ms(requests.p95Ms)} (limit 1,000 ms)`,
      durationMs: null,
    },
    {
      id: 'error-rate',
      name: 'Error rate',
      status: errorRateStatus(errorRatePercent),
      message: `${percentText(errorRatePercent)}% failed: ${requests.failed} server errors in ${requests.count} requests and ${recentJobs.failed} failed runs in ${recentJobs.count} jobs, last 5 minutes`,
      durationMs: null,
    },
    {
      id: 'job-queue',
      name: 'Job queue',
      status: readings.queue
        ? jobQueueStatus({ pending: queue.due, failed: queue.failedLastDay, stuck: queue.stalePending })
        : 'failed',
      message: readings.queue
        ? `${queue.due} due, ${queue.running} running, ${queue.failedLastDay} failed in 24 hours, ${queue.stalePending} waiting over 24 hours`
        : 'The job queue could not be read',
      durationMs: null,
    },
    ...(syncQueue
      ? [
          {
            id: 'sync-queue',
            name: 'CRM sync queue',
            status: syncQueueStatus(syncQueue),
            message: `${syncQueue.pending} pending, ${syncQueue.failed} failed, ${syncQueue.stalePending} pending over 24 hours`,
            durationMs: null,
          },
        ]
      : []),
    {
      id: 'mail',
      name: 'E-mail',
      status: mail.status === 'healthy' ? ('passed' as const) : ('warning' as const),
      message: mail.message,
      durationMs: null,
    },
  ];
  const healthPercent = healthScorePercent(checks);
  const figures: AlertFigures = {
    healthPercent,
    errorRatePercent,
    backlogItems: backlogTotal,
    criticalValidationIssues: validation?.criticalIssues ?? null,
  };
  const memory = process.memoryUsage();
  return {
    measuredAt: new Date().toISOString(),
    healthPercent,
    band: healthBand(healthPercent),
    colour: healthColour(healthPercent),
    checks,
    backlog: { total: backlogTotal, jobsDue: queue.due, syncPending },
    errorRate: {
      percent: errorRatePercent,
      failed,
      total,
      requests: requests.count,
      serverErrors: requests.failed,
      jobRuns: recentJobs.count,
      jobFailures: recentJobs.failed,
      windowSeconds: REQUEST_WINDOW_MS / 1000,
    },
    processing: { ...processing, windowSeconds: JOB_WINDOW_MS / 1000 },
    latency: {
      requests: requests.count,
      meanMs: requests.meanMs,
      p50Ms: requests.p50Ms,
      p90Ms: requests.p90Ms,
      p95Ms: requests.p95Ms,
      p99Ms: requests.p99Ms,
      maxMs: requests.maxMs,
      windowSeconds: REQUEST_WINDOW_MS / 1000,
    },
    database: { kind: database.kind, up: readings.roundTripMs !== null, roundTripMs: readings.roundTripMs },
    jobs: { ...queue, runnerOnThisInstance: config.JOBS_ENABLED },
    syncQueue,
    crm: crmState,
    mail,
    uptimeSeconds: Math.round((Date.now() - metrics.startedAtMs) / 1000),
    memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed, heapTotalBytes: memory.heapTotal },
    validation,
    alerts: systemAlerts(figures),
    allClear: isAllClear(figures),
  };
}

/** The job Test Sync Queue sends through the queue: it does nothing, so its time is the queue's own. */
export const PROBE_JOB = 'system:probe';

export function registerSystemProbe(jobs: JobRunner): void {
  jobs.register(PROBE_JOB, async () => {});
}

export type ProbeResult = {
  status: 'pass' | 'fail';
  message: string;
  /** From enqueueing to seeing the job done, in milliseconds. */
  totalMs: number;
  /** Enqueued to claimed by a runner, and claimed to done (the database's clock), when it ran. */
  waitMs: number | null;
  runMs: number | null;
};

/** Whether another instance's runner took a job lately (every instance runs an hourly schedule). */
async function otherRunnerSeen(db: AppDb, workerId: string): Promise<boolean> {
  const [row] = rowsOf<{ seen: boolean }>(
    await db.execute(sql`
      select exists (
        select 1 from jobs where locked_at > now() - interval '2 hours' and locked_by is distinct from ${workerId}
      ) as seen`),
  );
  return row?.seen === true;
}

/**
 * Enqueues a no-op job and waits for a runner (any instance) to finish it, timing it end to end.
 * Not picked up within `timeoutMs`: the job is withdrawn and the answer says why.
 */
export async function probeJobQueue(
  deps: Pick<Deps, 'database' | 'jobs'>,
  options: { timeoutMs?: number; pollMs?: number } = {},
): Promise<ProbeResult> {
  const { db } = deps.database;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const pollMs = options.pollMs ?? 50;
  const key = `${PROBE_JOB}:${randomUUID()}`;
  const started = performance.now();
  if (!deps.jobs.isRunning() && !(await otherRunnerSeen(db, deps.jobs.workerId)))
    return {
      status: 'fail',
      message:
        'No job runner is running: this instance runs no jobs and no other has taken one in the last 2 hours (set JOBS_ENABLED on an instance)',
      totalMs: Math.round(performance.now() - started),
      waitMs: null,
      runMs: null,
    };
  await deps.jobs.enqueue({ name: PROBE_JOB, key, maxAttempts: 1 });
  for (;;) {
    const [row] = rowsOf<{ status: string; wait_ms: number | null; run_ms: number | null }>(
      await db.execute(sql`
        select status,
          (extract(epoch from locked_at - created_at) * 1000)::float8 as wait_ms,
          (extract(epoch from finished_at - locked_at) * 1000)::float8 as run_ms
        from jobs where key = ${key}`),
    );
    const totalMs = Math.round(performance.now() - started);
    if (row?.status === 'done' || row?.status === 'failed') {
      const ok = row.status === 'done';
      return {
        status: ok ? 'pass' : 'fail',
        message: ok
          ? `A test job went through the queue in ${totalMs.toLocaleString('en-GB')} ms`
          : 'The test job failed',
        totalMs,
        waitMs: row.wait_ms === null ? null : Math.round(row.wait_ms),
        runMs: row.run_ms === null ? null : Math.round(row.run_ms),
      };
    }
    if (totalMs >= timeoutMs) {
      await db.execute(sql`delete from jobs where key = ${key} and status = 'pending'`);
      return {
        status: 'fail',
        message: `No job runner picked the test job up within ${Math.round(timeoutMs / 1000)} seconds: check that an instance runs jobs (JOBS_ENABLED)`,
        totalMs,
        waitMs: null,
        runMs: null,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

export type { Metrics };
