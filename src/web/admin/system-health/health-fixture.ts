import type { SystemHealth } from './api.ts';

/** A calm system's health answer, for web tests of the pages that show it. */
export function healthFixture(overrides: Partial<SystemHealth> = {}): SystemHealth {
  return {
    measuredAt: '2026-11-29T09:30:00.000Z',
    healthPercent: 100,
    band: 'excellent',
    colour: 'green',
    checks: [
      {
        id: 'database',
        name: 'Database',
        status: 'passed',
        message: 'Reachable, 1.2 ms for one round trip',
        durationMs: 2,
      },
      { id: 'job-queue', name: 'Job queue', status: 'passed', message: '0 due, 0 running', durationMs: null },
    ],
    backlog: { total: 0, jobsDue: 0, syncPending: null },
    errorRate: {
      percent: 0,
      failed: 0,
      total: 12,
      requests: 12,
      serverErrors: 0,
      jobRuns: 0,
      jobFailures: 0,
      windowSeconds: 300,
    },
    processing: { meanMs: 12, source: 'jobs', count: 3, windowSeconds: 3600 },
    latency: {
      requests: 12,
      meanMs: 4,
      p50Ms: 3,
      p90Ms: 6,
      p95Ms: 8,
      p99Ms: 9,
      maxMs: 9,
      windowSeconds: 300,
    },
    database: { kind: 'pglite', up: true, roundTripMs: 1.2 },
    jobs: {
      due: 0,
      scheduled: 2,
      running: 0,
      failedLastDay: 0,
      stalePending: 0,
      oldestDueSeconds: null,
      runnerOnThisInstance: true,
    },
    syncQueue: null,
    crm: {
      status: 'disabled',
      message: 'HubSpot is not configured. Set HUBSPOT_ACCESS_TOKEN on the server, then restart it.',
    },
    mail: { transport: 'files', status: 'healthy', message: 'Written to the local mailbox (no SMTP_URL)' },
    uptimeSeconds: 120,
    memory: { rssBytes: 200 * 1024 * 1024, heapUsedBytes: 60 * 1024 * 1024, heapTotalBytes: 90 * 1024 * 1024 },
    validation: null,
    alerts: [],
    allClear: true,
    ...overrides,
  };
}
