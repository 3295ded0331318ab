/**
 * The CRM (HubSpot) admin API, for the Consent and Sync Monitor, the Sync Debugger, the Sync Users
 * panel, the CRM integration dashboard and the system health screens (002 §2, §7; ADR 0063).
 * Every route is `access: 'admin'` (an admin with two-factor on). Figures are measured, never fixed.
 * Every action that changes something (process, clear, retry, Sync Users) writes one admin audit
 * log entry naming the acting admin: in the request's transaction, or after sending for process.
 *
 *   GET    /api/admin/crm/status                → CrmStatus: { enabled, whatToSet (null when enabled), baseUrl,
 *                                                  rateLimit {limit, windowMs}, maxRetries,
 *                                                  queue {pending, processing, completed, failed}, total,
 *                                                  completionRate (% or null), errorRate (% or null),
 *                                                  oldestPendingAt, oldestPendingAgeSeconds, stalePending,
 *                                                  averageProcessingMs (measured claim → result), averageLatencyMs
 *                                                  (queued → completed), lastSyncAt, healthy (002 §9),
 *                                                  users {total, synced} }
 *   GET    /api/admin/crm/consent-log?limit=100 → { entries: ConsentLogEntry[] } newest first (limit 1–100)
 *   GET    /api/admin/crm/queue?limit=100       → { items: SyncQueueItem[] } newest first with payload (limit 1–100)
 *   POST   /api/admin/crm/queue/process  {}     → { processed, failed, errors[], success, message }
 *                                                  message: 'Sync processing completed: {n} processed, {m} failed'
 *   DELETE /api/admin/crm/queue?scope=all|finished → { deleted, message: 'Sync queue cleared' }
 *                                                  all (default): every item not being sent now; finished: completed + failed
 *   POST   /api/admin/crm/queue/retry-failed {} → { retried }
 *   POST   /api/admin/crm/tests {test}          → TestSuiteResult { summary {passed, totalTests, missingProperties?},
 *                                                  tests [{test, passed, message, timing}], timestamp, duration, success }
 *                                                  test: full | hubspot | sync-queue | hubspot-connection | custom-properties
 *   POST   /api/admin/crm/e2e-test {}           → TestSuiteResult + summary {successful_steps, total_steps}
 *                                                  (a test contact queued, sent, read, updated, erased)
 *   POST   /api/admin/crm/setup-properties {}   → { created[], groupsCreated[], existing[], errors[] }
 *   GET    /api/admin/crm/sync-users            → { run: SyncUsersRun | null } (the latest run)
 *   POST   /api/admin/crm/sync-users {forceUpdate} → 202 { run: SyncUsersRun } | 409 'A user sync is already running'
 *          SyncUsersRun: { id, status running|completed|failed, forceUpdate, page, pageSize (20), total, processed,
 *                          counts {created, exists, updated, error, skipped}, results (first 100:
 *                          {email, status, hubspotId, error, reason}), hasMore, error, startedAt, finishedAt }
 *
 * With the CRM off (no HUBSPOT_ACCESS_TOKEN), status answers enabled: false and whatToSet; the reads
 * still answer; process, e2e-test, setup-properties and sync-users answer 409 with whatToSet as the message.
 */
import { sql } from 'drizzle-orm';
import { actingAdmin, recordAdminAction } from '../admin/audit-log.ts';
import { AppError } from '../errors.ts';
import { sessionOf, txOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { asLoginRole } from '../db/login-role.ts';
import { rowsOf } from '../db/rls.ts';
import { runE2eTest } from './e2e.ts';
import { clearQueue, listConsentLog, listQueueItems, processQueueNow, queueStats, retryFailed } from './queue.ts';
import { setupProperties } from './setup.ts';
import { CRM_TESTS, integrationStatus, runCrmTests } from './status.ts';
import { latestSyncUsersRun, startSyncUsers } from './sync-users.ts';

export const CRM_MESSAGES = {
  cleared: 'Sync queue cleared',
  processed: (n: number, m: number) => `Sync processing completed: ${n} processed, ${m} failed`,
  limit: 'limit must be a whole number from 1 to 100',
  scope: 'scope must be all or finished',
  test: `test must be one of ${CRM_TESTS.join(', ')}`,
} as const;

const LIST_MAX = 100;

const QueueName = z.enum(['pending', 'processing', 'completed', 'failed']);
const StatusSchema = z
  .object({
    enabled: z.boolean(),
    whatToSet: z.string().nullable(),
    baseUrl: z.string(),
    rateLimit: z.object({ limit: z.number(), windowMs: z.number() }),
    maxRetries: z.number(),
    queue: z.record(QueueName, z.number()),
    total: z.number(),
    completionRate: z.number().nullable(),
    errorRate: z.number().nullable(),
    oldestPendingAt: z.string().nullable(),
    oldestPendingAgeSeconds: z.number().nullable(),
    stalePending: z.number(),
    averageProcessingMs: z.number().nullable(),
    averageLatencyMs: z.number().nullable(),
    lastSyncAt: z.string().nullable(),
    healthy: z.boolean(),
    users: z.object({ total: z.number(), synced: z.number() }),
  })
  .openapi('CrmStatus');

const ConsentLogEntrySchema = z
  .object({
    id: z.number(),
    userId: z.string(),
    userEmail: z.string().nullable(),
    consentData: z.object({
      essential: z.boolean(),
      analytics: z.boolean(),
      functional: z.boolean(),
      marketing: z.boolean(),
    }),
    changeSource: z.string(),
    hubspotContactId: z.string().nullable(),
    syncStatus: z.enum(['pending', 'completed', 'failed']),
    queued: z.boolean().openapi({
      description: 'Whether a sync item was ever queued for it (none while the CRM was off when it was recorded)',
    }),
    createdAt: z.string(),
    syncedAt: z.string().nullable(),
    errorDetails: z.string().nullable(),
  })
  .openapi('CrmConsentLogEntry');

const QueueItemSchema = z
  .object({
    id: z.number(),
    userId: z.string().nullable(),
    userEmail: z.string().nullable(),
    syncType: z.string(),
    status: QueueName,
    payload: z.unknown(),
    retryCount: z.number(),
    maxRetries: z.number(),
    scheduledAt: z.string(),
    createdAt: z.string(),
    processedAt: z.string().nullable(),
    processingMs: z.number().nullable(),
    errorDetails: z.string().nullable(),
    hubspotContactId: z.string().nullable(),
  })
  .openapi('CrmSyncQueueItem');

const ProcessSchema = z
  .object({
    processed: z.number(),
    failed: z.number(),
    errors: z.array(z.string()),
    success: z.boolean(),
    message: z.string(),
  })
  .openapi('CrmProcessResult');

const TestSuiteSchema = z
  .object({
    summary: z.object({
      passed: z.number(),
      totalTests: z.number(),
      missingProperties: z.array(z.string()).optional(),
      successful_steps: z.number().optional(),
      total_steps: z.number().optional(),
    }),
    tests: z.array(z.object({ test: z.string(), passed: z.boolean(), message: z.string(), timing: z.number() })),
    timestamp: z.string(),
    duration: z.number(),
    success: z.boolean(),
  })
  .openapi('CrmTestSuiteResult');

const SetupSchema = z
  .object({
    created: z.array(z.string()),
    groupsCreated: z.array(z.string()),
    existing: z.array(z.string()),
    errors: z.array(z.string()),
  })
  .openapi('CrmSetupResult');

const SyncRunSchema = z
  .object({
    id: z.string(),
    status: z.enum(['running', 'completed', 'failed']),
    forceUpdate: z.boolean(),
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
    processed: z.number(),
    counts: z.object({
      created: z.number(),
      exists: z.number(),
      updated: z.number(),
      error: z.number(),
      skipped: z.number(),
    }),
    results: z.array(
      z.object({
        email: z.string(),
        status: z.enum(['created', 'exists', 'updated', 'error', 'skipped']),
        hubspotId: z.string().nullable(),
        error: z.string().nullable(),
        reason: z.string().nullable(),
      }),
    ),
    hasMore: z.boolean(),
    error: z.string().nullable(),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .openapi('CrmSyncUsersRun');

const LimitQuery = z.object({
  limit: z
    .string(CRM_MESSAGES.limit)
    .regex(/^(100|[1-9]\d?)$/, CRM_MESSAGES.limit)
    .optional(),
});

const emptyBody = { body: { content: { 'application/json': { schema: z.strictObject({}) } }, required: false } };
const ok = <T extends z.ZodType>(description: string, schema: T) => ({
  200: { description, content: { 'application/json': { schema } } },
});
const UNAVAILABLE = { 409: { description: 'The CRM is not configured (the message says what to set)' } };

export function crmAdminRoutes(deps: Deps) {
  const app = createRouter();
  const crm = deps.crm;
  const requireEnabled = () => {
    if (!crm.enabled) throw new AppError('CONFLICT', crm.whatToSet ?? 'The CRM is not configured');
  };

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: '/api/admin/crm/status',
      summary: "The CRM integration's state and the sync queue's measured figures",
      responses: ok('The status', StatusSchema),
    }),
    async (c) => {
      const tx = txOf(c);
      const stats = await queueStats(tx);
      const [users] = rowsOf<{ total: number; synced: number }>(
        await tx.execute(sql`
          select count(*)::int as total, count(hubspot_contact_id)::int as synced from profiles`),
      );
      return c.json({ ...integrationStatus(crm), ...stats, users: users ?? { total: 0, synced: 0 } }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: '/api/admin/crm/consent-log',
      summary: 'The consent audit log with each sync status, newest first (at most 100)',
      request: { query: LimitQuery },
      responses: ok('The entries', z.object({ entries: z.array(ConsentLogEntrySchema) })),
    }),
    async (c) => {
      const limit = Number(c.req.valid('query').limit ?? LIST_MAX);
      // The e-mail is in the auth table "user", which only the login role reads.
      const entries = await asLoginRole(txOf(c), (t) => listConsentLog(t, limit));
      return c.json({ entries }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: '/api/admin/crm/queue',
      summary: 'The latest sync queue items with their payloads, newest first (at most 100)',
      request: { query: LimitQuery },
      responses: ok('The items', z.object({ items: z.array(QueueItemSchema) })),
    }),
    async (c) => {
      const limit = Number(c.req.valid('query').limit ?? LIST_MAX);
      return c.json({ items: await listQueueItems(txOf(c), limit) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'post',
      path: '/api/admin/crm/queue/process',
      // Talks to HubSpot for up to 25 s: no transaction is held open meanwhile.
      frame: 'opening-only',
      summary: 'Process Sync Queue: send every due item now (hubspot-sync-processor)',
      request: emptyBody,
      responses: { ...ok('What was sent', ProcessSchema), ...UNAVAILABLE },
    }),
    async (c) => {
      requireEnabled();
      const result = await processQueueNow(crm);
      await deps.database.db.transaction((tx) =>
        recordAdminAction(tx, actingAdmin(c), {
          action: 'crm.queue.process',
          subjectType: 'hubspot_sync_queue',
          subjectId: 'due',
          after: { processed: result.processed, failed: result.failed },
        }),
      );
      return c.json({ ...result, message: CRM_MESSAGES.processed(result.processed, result.failed) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'delete',
      path: '/api/admin/crm/queue',
      summary: 'Clear Queue: every item not being sent now (scope=all), or only the finished ones (scope=finished)',
      request: {
        query: z.object({ scope: z.enum(['all', 'finished'], CRM_MESSAGES.scope).optional() }),
      },
      responses: ok('Cleared', z.object({ deleted: z.number(), message: z.string() })),
    }),
    async (c) => {
      const scope = c.req.valid('query').scope ?? 'all';
      const deleted = await clearQueue(txOf(c), scope);
      await recordAdminAction(txOf(c), actingAdmin(c), {
        action: 'crm.queue.clear',
        subjectType: 'hubspot_sync_queue',
        subjectId: scope,
        after: { deleted },
      });
      deps.logger.info('crm queue cleared', { by: sessionOf(c).userId, deleted });
      return c.json({ deleted, message: CRM_MESSAGES.cleared }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'post',
      path: '/api/admin/crm/queue/retry-failed',
      summary: 'Put every failed item back in the queue, due now, with a fresh count of attempts',
      request: emptyBody,
      responses: ok('Retried', z.object({ retried: z.number() })),
    }),
    async (c) => {
      const retried = await retryFailed(txOf(c));
      await recordAdminAction(txOf(c), actingAdmin(c), {
        action: 'crm.queue.retry-failed',
        subjectType: 'hubspot_sync_queue',
        subjectId: 'failed',
        after: { retried },
      });
      return c.json({ retried }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'post',
      path: '/api/admin/crm/tests',
      frame: 'opening-only',
      summary:
        'Run the integration checks: the connection, the custom properties, the queue health (integration-test-suite)',
      request: {
        body: {
          content: { 'application/json': { schema: z.strictObject({ test: z.enum(CRM_TESTS, CRM_MESSAGES.test) }) } },
          required: true,
        },
      },
      responses: ok('The results', TestSuiteSchema),
    }),
    async (c) => c.json(await runCrmTests(crm, c.req.valid('json').test), 200),
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'post',
      path: '/api/admin/crm/e2e-test',
      frame: 'opening-only',
      summary: 'Full E2E Test: a test contact queued, sent, read back, updated and erased',
      request: emptyBody,
      responses: { ...ok('Each step', TestSuiteSchema), ...UNAVAILABLE },
    }),
    async (c) => {
      requireEnabled();
      return c.json(await runE2eTest(crm), 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'post',
      path: '/api/admin/crm/setup-properties',
      frame: 'opening-only',
      summary: 'Create the property group and custom properties the sync writes (existing ones are kept)',
      request: emptyBody,
      responses: { ...ok('What was created', SetupSchema), ...UNAVAILABLE },
    }),
    async (c) => {
      requireEnabled();
      return c.json(await setupProperties(crm), 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: '/api/admin/crm/sync-users',
      summary: 'The latest Sync Users run: progress, counts and the first 100 results',
      responses: ok('The run', z.object({ run: SyncRunSchema.nullable() })),
    }),
    async (c) => c.json({ run: await latestSyncUsersRun(txOf(c)) }, 200),
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'post',
      path: '/api/admin/crm/sync-users',
      summary: 'Start Sync Users: every user to HubSpot, 20 a page with a pause between pages',
      request: {
        body: {
          content: { 'application/json': { schema: z.strictObject({ forceUpdate: z.boolean().default(false) }) } },
          required: true,
        },
      },
      responses: {
        202: { description: 'Started', content: { 'application/json': { schema: z.object({ run: SyncRunSchema }) } } },
        409: { description: 'A run is already going, or the CRM is not configured' },
      },
    }),
    async (c) => {
      requireEnabled();
      const { forceUpdate } = c.req.valid('json');
      const startedBy = sessionOf(c).userId;
      const run = await asLoginRole(txOf(c), (t) => startSyncUsers(t, deps.jobs, { forceUpdate, startedBy }));
      await recordAdminAction(txOf(c), actingAdmin(c), {
        action: 'crm.sync-users.start',
        subjectType: 'crm_sync_runs',
        subjectId: run.id,
        after: { forceUpdate },
      });
      deps.logger.info('crm user sync started', { by: startedBy, runId: run.id, forceUpdate });
      return c.json({ run }, 202);
    },
  );

  return app;
}
