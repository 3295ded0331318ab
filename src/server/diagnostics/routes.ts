/**
 * The admin diagnostics API (002 §2 Integration Validation Suite, Comprehensive System
 * Diagnostics, Debug Console; §7 advanced-system-diagnostics, data-validation-suite,
 * generate-mock-data, export-system-state; the TestSprite API tab's debug tests). Every route is
 * admin-only (with two-factor); every action is written to the admin audit log. A full validation
 * run (and the check after Auto-Fix) is kept as the suite's last run (last-run.ts). The routes hold no request transaction
 * ('opening-only'): each check, fix and query runs in a transaction of its own.
 */
import { sql } from 'drizzle-orm';
import { CLEANUP_AFTER_DAYS } from '../../core/diagnostics/health.ts';
import { checkQuery, QUERY_LIMIT_MAX, QUERY_OPS, QUERY_TABLES } from '../../core/diagnostics/query-spec.ts';
import { redactText } from '../../core/diagnostics/redact.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { actingAdmin, type AdminActor, type AdminAction, recordAdminAction } from '../admin/audit-log.ts';
import { rowsOf } from '../db/rls.ts';
import { AppError } from '../errors.ts';
import { sessionOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { CHECK_IDS, type CheckEnv, type FixKind, runChecks, tableExists } from './checks.ts';
import { DEBUG_KEY_HEADER_NAME } from './debug-routes.ts';
import { DEBUG_TEST_NAMES, debugTests, diagnosticsEnv } from './debug-tests.ts';
import { applyFixes, cleanUp } from './fixes.ts';
import { keepValidationRun, lastValidationRun } from './last-run.ts';
import { TESTABLE_FUNCTIONS, testFunction } from './function-tester.ts';
import { assertMockDataAllowed, countMockData, generateMockData, MOCK_COUNTS, removeMockData } from './mock-data.ts';
import { runQuery } from './query-builder.ts';
import { systemState } from './system-state.ts';

const CheckResultSchema = z.object({
  id: z.string(),
  test: z.string(),
  category: z.string(),
  status: z.enum(['passed', 'warning', 'failed']),
  message: z.string(),
  details: z.record(z.string(), z.unknown()),
  durationMs: z.number(),
  severity: z.enum(['low', 'medium', 'high', 'critical']),
  fix: z.string().nullable(),
});
const DiagnosticsRunSchema = z
  .object({
    results: z.array(CheckResultSchema),
    summary: z.object({
      totalTests: z.number(),
      passed: z.number(),
      failed: z.number(),
      warnings: z.number(),
      healthScore: z.number(),
      band: z.enum(['excellent', 'good', 'warning', 'critical']),
      overallStatus: z.enum(['healthy', 'warning', 'critical']),
      recommendations: z.array(z.string()),
    }),
    ranAt: z.string(),
    durationMs: z.number(),
  })
  .openapi('DiagnosticsRun');
const FixOutcomeSchema = z.object({ fix: z.string(), subject: z.string(), ok: z.boolean(), message: z.string() });

const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
const ok = <T extends z.ZodType>(description: string, schema: T) => ({
  200: { description, content: { 'application/json': { schema } } },
});

const QueryRequestSchema = z.strictObject({
  table: z.string().max(64),
  columns: z.array(z.string().max(64)).max(20).optional(),
  filters: z
    .array(
      z.strictObject({
        column: z.string().max(64),
        op: z.string().max(20),
        value: z.union([z.string().max(200), z.number(), z.boolean(), z.null()]).optional(),
      }),
    )
    .max(10, 'Use at most 10 filters')
    .optional(),
  order: z.strictObject({ column: z.string().max(64), direction: z.enum(['asc', 'desc']).optional() }).optional(),
  limit: z.number().int().optional(),
});

export function diagnosticsRoutes(deps: Deps) {
  const app = createRouter();
  const { db } = deps.database;
  const env = diagnosticsEnv(deps);
  const audit = (admin: AdminActor, entry: AdminAction) => db.transaction((tx) => recordAdminAction(tx, admin, entry));

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      frame: 'opening-only',
      method: 'post',
      path: '/api/admin/diagnostics/run',
      summary: 'Runs the validation checks (all, or the named ones), each timed, with the health score',
      request: jsonBody(
        z.strictObject({
          checks: z
            .array(z.enum(CHECK_IDS as [string, ...string[]], `checks must be among ${CHECK_IDS.join(', ')}`))
            .max(CHECK_IDS.length)
            .optional(),
        }),
      ),
      responses: ok('The checks and their summary', DiagnosticsRunSchema),
    }),
    async (c) => {
      const { checks } = c.req.valid('json');
      const run = await runChecks(env, checks?.length ? checks : undefined);
      // A full run is the suite's last run, which System Alerts reads (every instance).
      if (!checks?.length) await keepValidationRun(db, run);
      await audit(actingAdmin(c), {
        action: 'diagnostics.run',
        subjectType: 'system',
        subjectId: 'diagnostics',
        after: {
          healthScore: run.summary.healthScore,
          passed: run.summary.passed,
          failed: run.summary.failed,
          warnings: run.summary.warnings,
        },
      });
      return c.json(run, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      frame: 'opening-only',
      method: 'get',
      path: '/api/admin/diagnostics/last-run',
      summary: "The Integration Validation Suite's last full run (on any instance), or null before the first",
      responses: ok(
        'The last run',
        z.object({ run: DiagnosticsRunSchema.nullable(), criticalIssues: z.number().nullable() }),
      ),
    }),
    async (c) => {
      const last = await lastValidationRun(db);
      return c.json({ run: last?.run ?? null, criticalIssues: last?.criticalIssues ?? null }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      frame: 'opening-only',
      method: 'post',
      path: '/api/admin/diagnostics/auto-fix',
      summary: 'Mends what the failed checks can mend, each fix in its own transaction, then checks again',
      request: jsonBody(z.strictObject({})),
      responses: ok(
        'What was fixed, and the checks afterwards',
        z.object({ fixed: z.array(FixOutcomeSchema), after: DiagnosticsRunSchema }),
      ),
    }),
    async (c) => {
      const admin = actingAdmin(c);
      const before = await runChecks(env);
      const kinds = before.results.filter((r) => r.status !== 'passed' && r.fix).map((r) => r.fix as FixKind);
      const fixed = await applyFixes(db, admin, kinds);
      const after = await runChecks(env);
      await keepValidationRun(db, after);
      await audit(admin, {
        action: 'diagnostics.auto-fix',
        subjectType: 'system',
        subjectId: 'diagnostics',
        before: { healthScore: before.summary.healthScore },
        after: { healthScore: after.summary.healthScore, fixed: fixed.filter((f) => f.ok).length },
      });
      return c.json({ fixed, after }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      frame: 'opening-only',
      method: 'post',
      path: '/api/admin/diagnostics/cleanup',
      summary: `Removes finished jobs and completed sync items older than ${CLEANUP_AFTER_DAYS} days`,
      request: jsonBody(z.strictObject({})),
      responses: ok(
        'Rows removed per table',
        z.object({ cleaned: z.array(z.object({ table: z.string(), removed: z.number() })) }),
      ),
    }),
    async (c) => c.json({ cleaned: await cleanUp(db, actingAdmin(c)) }, 200),
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      frame: 'opening-only',
      method: 'get',
      path: '/api/admin/diagnostics/overview',
      summary:
        'The debug console’s system diagnostics: measured health, performance, activity, queues and error patterns',
      responses: ok('System diagnostics', z.record(z.string(), z.unknown()).openapi('DebugDiagnostics')),
    }),
    async (c) => c.json(await overview(deps, env), 200),
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      frame: 'opening-only',
      method: 'get',
      path: '/api/admin/diagnostics/query/tables',
      summary: 'The tables, columns and operators the query builder may use',
      responses: ok(
        'The allow-list',
        z.object({
          tables: z.array(
            z.object({
              name: z.string(),
              label: z.string(),
              columns: z.array(z.object({ name: z.string(), type: z.string() })),
            }),
          ),
          ops: z.array(z.string()),
          limitMax: z.number(),
        }),
      ),
    }),
    (c) =>
      c.json(
        {
          tables: Object.entries(QUERY_TABLES).map(([name, t]) => ({
            name,
            label: t.label,
            columns: Object.entries(t.columns).map(([column, type]) => ({ name: column, type })),
          })),
          ops: [...QUERY_OPS],
          limitMax: QUERY_LIMIT_MAX,
        },
        200,
      ),
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      frame: 'opening-only',
      method: 'post',
      path: '/api/admin/diagnostics/query',
      summary:
        'Runs a read-only query built from allow-listed tables, columns and operators (never SQL text), at most 100 rows',
      request: jsonBody(QueryRequestSchema),
      responses: ok(
        'The rows',
        z.object({
          columns: z.array(z.string()),
          rows: z.array(z.record(z.string(), z.unknown())),
          durationMs: z.number(),
        }),
      ),
    }),
    async (c) => {
      const checked = checkQuery(c.req.valid('json'));
      if (!checked.ok) throw new AppError('BAD_REQUEST', checked.message);
      const answer = await runQuery(db, sessionOf(c).userId, checked.spec);
      await audit(actingAdmin(c), {
        action: 'diagnostics.query',
        subjectType: checked.spec.table,
        subjectId: 'query',
        after: { ...checked.spec, rows: answer.rows.length },
      });
      return c.json(answer, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      frame: 'opening-only',
      method: 'get',
      path: '/api/admin/diagnostics/functions',
      summary: 'The read-only server functions the developer panel may test',
      responses: ok(
        'The functions',
        z.object({
          functions: z.array(
            z.object({ name: z.string(), label: z.string(), description: z.string(), example: z.unknown() }),
          ),
        }),
      ),
    }),
    (c) =>
      c.json(
        {
          functions: Object.entries(TESTABLE_FUNCTIONS).map(([name, f]) => ({
            name,
            label: f.label,
            description: f.description,
            example: f.example,
          })),
        },
        200,
      ),
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      frame: 'opening-only',
      method: 'post',
      path: '/api/admin/diagnostics/functions/test',
      summary: 'Runs one registered read-only function with JSON parameters',
      request: jsonBody(
        z.strictObject({
          function: z.string().max(64).optional(),
          parameters: z.string().max(10_000, 'Parameters must be 10,000 characters or fewer').optional(),
        }),
      ),
      responses: ok('What it returned and how long it took', z.object({ result: z.unknown(), durationMs: z.number() })),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const answer = await testFunction(db, sessionOf(c).userId, body.function ?? '', body.parameters ?? '{}');
      await audit(actingAdmin(c), {
        action: 'diagnostics.function-test',
        subjectType: 'function',
        subjectId: body.function ?? '',
      });
      return c.json(answer, 200);
    },
  );

  // The Debug Console's TestSprite API tab: the outside debug API's tests (debug-tests.ts), run by an admin.
  const tests = debugTests(deps, env);
  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      frame: 'opening-only',
      method: 'get',
      path: '/api/admin/diagnostics/debug-api',
      summary: 'Whether the outside debug API is on (DEBUG_API_KEY set) and the header it needs; never the key',
      responses: ok(
        'The debug API',
        z.object({
          enabled: z.boolean(),
          header: z.string(),
          tests: z.array(z.object({ name: z.enum(DEBUG_TEST_NAMES), summary: z.string() })),
        }),
      ),
    }),
    (c) =>
      c.json(
        {
          enabled: Boolean(deps.config.DEBUG_API_KEY),
          header: DEBUG_KEY_HEADER_NAME,
          tests: DEBUG_TEST_NAMES.map((name) => ({ name, summary: tests[name].summary })),
        },
        200,
      ),
  );
  for (const name of DEBUG_TEST_NAMES) {
    app.openapi(
      defineRoute(deps, '', {
        access: 'admin',
        frame: 'opening-only',
        method: 'post',
        path: `/api/admin/diagnostics/debug-api/${name}`,
        summary: `TestSprite API (${name}): ${tests[name].summary}; the answer the outside debug API gives`,
        request: jsonBody(z.strictObject({})),
        responses: ok('The test results', z.record(z.string(), z.unknown())),
      }),
      async (c) => {
        const result = await tests[name].run();
        await audit(actingAdmin(c), { action: 'diagnostics.debug-test', subjectType: 'system', subjectId: name });
        return c.json({ ...result, timestamp: new Date(deps.clock.now()).toISOString() }, 200);
      },
    );
  }

  const mockStatus = z.object({ count: z.number(), allowed: z.boolean() });
  const mockAllowed = () => !(deps.config.NODE_ENV === 'production' && !deps.config.ALLOW_MOCK_DATA);
  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      frame: 'opening-only',
      method: 'get',
      path: '/api/admin/diagnostics/mock-data',
      summary: 'How many mock savers there are, and whether this server allows adding them',
      responses: ok('Mock data', mockStatus),
    }),
    async (c) => c.json({ count: await countMockData(db), allowed: mockAllowed() }, 200),
  );
  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      frame: 'opening-only',
      method: 'post',
      path: '/api/admin/diagnostics/mock-data',
      summary: 'Adds 10, 50, 100 or 500 mock savers (refused in production unless ALLOW_MOCK_DATA=true)',
      request: jsonBody(
        z.strictObject({
          count: z.union(
            MOCK_COUNTS.map((n) => z.literal(n)) as unknown as [z.ZodLiteral<10>, z.ZodLiteral<50>],
            'count must be 10, 50, 100 or 500',
          ),
        }),
      ),
      responses: {
        ...ok('Added', z.object({ count: z.number(), total: z.number() })),
        403: { description: 'Refused in production' },
      },
    }),
    async (c) => {
      assertMockDataAllowed(deps.config);
      const { count } = c.req.valid('json');
      await generateMockData(db, count, calendarDateInLondon(new Date(deps.clock.now())));
      const total = await countMockData(db);
      await audit(actingAdmin(c), {
        action: 'diagnostics.mock-data.add',
        subjectType: 'mock_data',
        subjectId: 'mock',
        after: { added: count, total },
      });
      return c.json({ count, total }, 200);
    },
  );
  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      frame: 'opening-only',
      method: 'delete',
      path: '/api/admin/diagnostics/mock-data',
      summary: 'Removes every mock saver and everything of theirs',
      responses: ok('Removed', z.object({ removed: z.number() })),
    }),
    async (c) => {
      const removed = await removeMockData(db);
      await audit(actingAdmin(c), {
        action: 'diagnostics.mock-data.remove',
        subjectType: 'mock_data',
        subjectId: 'mock',
        after: { removed },
      });
      return c.json({ removed }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      frame: 'opening-only',
      method: 'post',
      path: '/api/admin/diagnostics/export',
      summary: 'The system state as system-state-{timestamp}.json, every secret redacted',
      request: jsonBody(z.strictObject({})),
      responses: ok('The system state', z.record(z.string(), z.unknown())),
    }),
    async (c) => {
      const admin = actingAdmin(c);
      const state = await systemState(deps, admin.userId, await runChecks(env));
      const stamp = new Date(deps.clock.now()).toISOString().replace(/[:.]/g, '-');
      await audit(admin, { action: 'diagnostics.export', subjectType: 'system', subjectId: 'state' });
      c.header('content-disposition', `attachment; filename="system-state-${stamp}.json"`);
      return c.json(state as Record<string, unknown>, 200);
    },
  );
  return app;
}

/** Error texts with numbers, ids and addresses taken out, so alike errors count together and none names anyone. */
export function errorPattern(text: string): string {
  return redactText(text)
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '<email>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/\d+/g, 'N')
    .slice(0, 160);
}

/** §3 "Debug diagnostics": everything measured now. */
async function overview(deps: Deps, env: CheckEnv) {
  const { db } = deps.database;
  const perf = await runChecks(env, ['database-connectivity', 'api-response']);
  const latency = (id: string, key: string) => Number(perf.results.find((r) => r.id === id)?.details[key] ?? 0);
  const [users] = rowsOf<{ total: number; activeToday: number }>(
    await db.execute(sql`
      select (select count(*)::int from "user") as total,
             (select count(distinct user_id)::int from session where last_active_at > now() - interval '24 hours') as "activeToday"`),
  );
  const [consent] = rowsOf<{ total: number; last24Hours: number }>(
    await db.execute(sql`
      select count(*)::int as total, count(*) filter (where created_at > now() - interval '24 hours')::int as "last24Hours"
        from consent_audit_log`),
  );
  const hasQueue = await tableExists(db, 'hubspot_sync_queue');
  const [queue] = hasQueue
    ? rowsOf<Record<string, number | string | null>>(
        await db.execute(sql`
          select count(*)::int as total,
                 count(*) filter (where status = 'pending')::int as pending,
                 count(*) filter (where status = 'processing')::int as processing,
                 count(*) filter (where status = 'completed')::int as completed,
                 count(*) filter (where status = 'failed')::int as failed,
                 min(created_at) filter (where status = 'pending') as "oldestPending",
                 avg(processing_ms) filter (where processing_ms is not null) as "averageProcessingMs"
            from hubspot_sync_queue`),
      )
    : [null];
  const errors = rowsOf<{ error: string }>(
    await db.execute(sql`
      (select last_error as error from jobs where status = 'failed' and last_error is not null order by id desc limit 100)
      ${hasQueue ? sql`union all (select error_details from hubspot_sync_queue where status = 'failed' and error_details is not null order by id desc limit 100)` : sql``}`),
  );
  const patterns = new Map<string, number>();
  for (const { error } of errors) {
    const key = errorPattern(error);
    patterns.set(key, (patterns.get(key) ?? 0) + 1);
  }
  const [jobs] = rowsOf<{ total: number; failed: number }>(
    await db.execute(
      sql`select count(*)::int as total, count(*) filter (where status = 'failed')::int as failed from jobs`,
    ),
  );
  const hubspotConfigured = Boolean((deps.config as Record<string, unknown>).HUBSPOT_ACCESS_TOKEN);
  const dbMs = latency('database-connectivity', 'latencyMs');
  const apiMs = latency('api-response', 'responseMs');
  const alerts: { level: 'critical' | 'error' | 'warning'; message: string }[] = [];
  for (const r of perf.results.filter((x) => x.status !== 'passed'))
    alerts.push({ level: r.status === 'failed' ? 'error' : 'warning', message: r.message });
  const backlog = Number(queue?.pending ?? 0);
  if (backlog > 50)
    alerts.push({
      level: 'warning',
      message: `Large sync queue backlog detected (${backlog} items). Consider processing manually.`,
    });
  return {
    healthScore: perf.summary.healthScore,
    performance: {
      databaseMs: dbMs,
      apiResponseMs: apiMs,
      averageProcessingMs:
        queue?.averageProcessingMs === null || queue === null
          ? null
          : Math.round(Number(queue?.averageProcessingMs ?? 0)),
    },
    alerts,
    database: {
      status: perf.results[0]?.status === 'failed' ? 'error' : 'healthy',
      responseTime: dbMs,
      kind: deps.database.kind,
    },
    hubspot: { status: hubspotConfigured ? (hasQueue ? 'healthy' : 'warning') : 'disabled', responseTime: null },
    userActivity: { total: Number(users?.total ?? 0), activeToday: Number(users?.activeToday ?? 0) },
    consentAudit: { total: Number(consent?.total ?? 0), last24Hours: Number(consent?.last24Hours ?? 0) },
    syncQueue: queue
      ? {
          configured: true,
          total: Number(queue.total),
          pending: Number(queue.pending),
          processing: Number(queue.processing),
          completed: Number(queue.completed),
          failed: Number(queue.failed),
          oldestPending: queue.oldestPending ? new Date(String(queue.oldestPending)).toISOString() : null,
          errorRate: Number(queue.total) > 0 ? Math.round((Number(queue.failed) / Number(queue.total)) * 1000) / 10 : 0,
        }
      : {
          configured: false,
          total: 0,
          pending: 0,
          processing: 0,
          completed: 0,
          failed: 0,
          oldestPending: null,
          errorRate: 0,
        },
    jobs: { total: Number(jobs?.total ?? 0), failed: Number(jobs?.failed ?? 0) },
    errorPatterns: [...patterns]
      .map(([pattern, count]) => ({ pattern, count }))
      .sort((a, b) => b.count - a.count)
      .slice(0, 10),
    timestamp: new Date(deps.clock.now()).toISOString(),
  };
}
