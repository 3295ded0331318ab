/**
 * The System Health Dashboard's API (002 §2, issue 31, ADR 0065), admins only: health, alerts,
 * the performance history, Test Sync Queue and Test HubSpot. Every figure is measured when asked.
 * The routes read server tables (`jobs`), which the request role may not, so they take the
 * session check alone ('opening-only') and read with the server's own connection.
 */
import type { SystemAlert } from '../../core/system-health/health-rules.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import type { PerformanceSample } from './metrics.ts';
import { measureSystemHealth, type ProbeResult, probeJobQueue, type SystemHealth } from './system-health.ts';
import { testCrmConnection, type CrmTestResult } from './crm-status.ts';

export type { CrmTestResult, PerformanceSample, ProbeResult, SystemAlert, SystemHealth };

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const nullableMs = z.number().nullable();
const status = z.enum(['healthy', 'error', 'disabled', 'warning']);
const AlertSchema = z.object({
  id: z.enum(['low-health', 'high-error-rate', 'large-backlog', 'critical-validation-issues']),
  level: z.enum(['critical', 'error', 'warning']),
  message: z.string(),
});
const CheckSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['passed', 'warning', 'failed']),
  message: z.string(),
  durationMs: nullableMs,
});
const QueueSchema = z.object({
  due: z.number(),
  scheduled: z.number(),
  running: z.number(),
  failedLastDay: z.number(),
  stalePending: z.number(),
  oldestDueSeconds: nullableMs,
});
const SyncQueueSchema = z.object({
  pending: z.number(),
  processing: z.number(),
  completed: z.number(),
  failed: z.number(),
  stalePending: z.number(),
  processedLastHour: z.number(),
  meanProcessingMs: nullableMs,
});

const SystemHealthSchema = z
  .object({
    measuredAt: z.string(),
    healthPercent: z.number(),
    band: z.enum(['excellent', 'good', 'warning', 'critical']),
    colour: z.enum(['green', 'yellow', 'red']),
    checks: z.array(CheckSchema),
    backlog: z.object({ total: z.number(), jobsDue: z.number(), syncPending: z.number().nullable() }),
    errorRate: z.object({
      percent: z.number(),
      failed: z.number(),
      total: z.number(),
      requests: z.number(),
      serverErrors: z.number(),
      jobRuns: z.number(),
      jobFailures: z.number(),
      windowSeconds: z.number(),
    }),
    processing: z.object({
      meanMs: nullableMs,
      source: z.enum(['sync-queue', 'jobs']).nullable(),
      count: z.number(),
      windowSeconds: z.number(),
    }),
    latency: z.object({
      requests: z.number(),
      meanMs: nullableMs,
      p50Ms: nullableMs,
      p90Ms: nullableMs,
      p95Ms: nullableMs,
      p99Ms: nullableMs,
      maxMs: nullableMs,
      windowSeconds: z.number(),
    }),
    database: z.object({ kind: z.enum(['pglite', 'postgres']), up: z.boolean(), roundTripMs: nullableMs }),
    jobs: QueueSchema.extend({ runnerOnThisInstance: z.boolean() }),
    syncQueue: SyncQueueSchema.nullable(),
    crm: z.object({ status, message: z.string() }),
    mail: z.object({ transport: z.enum(['smtp', 'files']), status, message: z.string() }),
    uptimeSeconds: z.number(),
    memory: z.object({ rssBytes: z.number(), heapUsedBytes: z.number(), heapTotalBytes: z.number() }),
    validation: z
      .object({ ranAt: z.string(), healthScore: z.number(), criticalIssues: z.number() })
      .nullable()
      .describe("The Integration Validation Suite's last full run (any instance); null before the first"),
    alerts: z.array(AlertSchema),
    allClear: z.boolean(),
  })
  .openapi('SystemHealth');

const SampleSchema = z.object({
  at: z.string(),
  requests: z.number(),
  serverErrors: z.number(),
  errorRatePercent: z.number(),
  p50Ms: nullableMs,
  p95Ms: nullableMs,
  p99Ms: nullableMs,
  jobsRun: z.number(),
  jobsFailed: z.number(),
  meanJobMs: nullableMs,
  heapUsedBytes: z.number(),
  rssBytes: z.number(),
});

const ProbeSchema = z
  .object({
    status: z.enum(['pass', 'fail']),
    message: z.string(),
    totalMs: z.number(),
    waitMs: nullableMs,
    runMs: nullableMs,
  })
  .openapi('SyncQueueProbe');

const CrmTestSchema = z.object({ status, message: z.string(), responseMs: nullableMs }).openapi('CrmConnectionTest');

const BASE = '/api/admin/system';

export function systemRoutes(deps: Deps) {
  const app = createRouter();

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      frame: 'opening-only',
      method: 'get',
      path: `${BASE}/health`,
      summary: 'System health: score, checks, backlog, error rate, processing time, latency, database, memory, alerts',
      responses: { 200: json(SystemHealthSchema, 'Measured now') },
    }),
    async (c) => c.json(await measureSystemHealth(deps), 200),
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      frame: 'opening-only',
      method: 'get',
      path: `${BASE}/alerts`,
      summary: 'The alerts the measured figures raise (002 §9 thresholds, §8 texts)',
      responses: {
        200: json(
          z.object({
            alerts: z.array(AlertSchema),
            allClear: z.boolean(),
            measuredAt: z.string(),
            figures: z.object({ healthPercent: z.number(), errorRatePercent: z.number(), backlogItems: z.number() }),
          }),
          'The alerts, most severe first',
        ),
      },
    }),
    async (c) => {
      const health = await measureSystemHealth(deps);
      return c.json(
        {
          alerts: health.alerts,
          allClear: health.allClear,
          measuredAt: health.measuredAt,
          figures: {
            healthPercent: health.healthPercent,
            errorRatePercent: health.errorRate.percent,
            backlogItems: health.backlog.total,
          },
        },
        200,
      );
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      frame: 'opening-only',
      method: 'get',
      path: `${BASE}/performance`,
      summary: "This instance's performance history (one sample per interval) and its latency now",
      responses: {
        200: json(
          z.object({
            sampleEverySeconds: z.number(),
            samples: z.array(SampleSchema),
            current: SampleSchema,
          }),
          'Oldest sample first',
        ),
      },
    }),
    (c) => {
      const recent = deps.metrics.requestWindow();
      const jobs = deps.metrics.jobWindow();
      const memory = process.memoryUsage();
      return c.json(
        {
          sampleEverySeconds: deps.config.METRICS_SAMPLE_SECONDS,
          samples: deps.metrics.history(),
          current: {
            at: new Date().toISOString(),
            requests: recent.count,
            serverErrors: recent.failed,
            errorRatePercent: recent.count === 0 ? 0 : (recent.failed / recent.count) * 100,
            p50Ms: recent.p50Ms,
            p95Ms: recent.p95Ms,
            p99Ms: recent.p99Ms,
            jobsRun: jobs.count,
            jobsFailed: jobs.failed,
            meanJobMs: jobs.meanMs,
            heapUsedBytes: memory.heapUsed,
            rssBytes: memory.rss,
          },
        },
        200,
      );
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      frame: 'opening-only',
      method: 'post',
      path: `${BASE}/test-sync-queue`,
      summary: 'Test Sync Queue: sends a job that does nothing through the queue and times it end to end',
      responses: { 200: json(ProbeSchema, 'The job ran, or why it did not') },
    }),
    async (c) => c.json(await probeJobQueue(deps), 200),
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      frame: 'opening-only',
      method: 'post',
      path: `${BASE}/test-hubspot`,
      summary: "Test HubSpot: the CRM integration's own connection test, or 'disabled' when it is not configured",
      responses: { 200: json(CrmTestSchema, 'The outcome') },
    }),
    async (c) => c.json(await testCrmConnection(deps), 200),
  );

  return app;
}
