/**
 * The debug API (002 §7 testsprite-debug-api; docs/decisions/0066): auth, navigation, database and
 * system-health tests for an outside test runner. Off, answering 404 like any unknown path, unless
 * DEBUG_API_KEY is set; then each request must send it in X-Debug-Key, compared in constant time.
 * Counts only: no row of anyone's.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { rowsOf } from '../db/rls.ts';
import { AppError } from '../errors.ts';
import { declaredAccess } from '../http/access.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { runChecks, type CheckEnv } from './checks.ts';
import { healthRoutes } from '../health/routes.ts';

export const DEBUG_KEY_HEADER = 'x-debug-key';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Whether `given` is the configured key: equal-length digests compared in constant time. */
export function debugKeyMatches(configured: string, given: string | undefined): boolean {
  return timingSafeEqual(digest(configured), digest(given ?? ''));
}

function requireDebugKey(deps: Deps, c: Context<AppEnv>): void {
  const configured = deps.config.DEBUG_API_KEY;
  if (!configured) throw new AppError('NOT_FOUND', 'Not found');
  if (!debugKeyMatches(configured, c.req.header(DEBUG_KEY_HEADER)))
    throw new AppError('UNAUTHENTICATED', 'A valid debug key is required (X-Debug-Key)');
}

type TestStatus = 'pass' | 'fail';

export function debugRoutes(deps: Deps) {
  const app = createRouter();
  const { db } = deps.database;
  const probe = healthRoutes(deps, 'probe');
  const env: CheckEnv = { db, probeRequest: async () => probe.request('http://localhost/api/health/db') };

  const authTest = async () => {
    const errors: string[] = [];
    const [row] = rowsOf<{ totalUsers: number; recentUsers: number; activeSubscriptions: number }>(
      await db.execute(sql`
        select (select count(*)::int from "user") as "totalUsers",
               (select count(*)::int from "user" where created_at > now() - interval '7 days') as "recentUsers",
               (select count(*)::int from subscriptions where payment_status in ('active', 'trial')) as "activeSubscriptions"`),
    );
    if (!row) errors.push('No answer from the user tables');
    return {
      status: (errors.length ? 'fail' : 'pass') as TestStatus,
      ...(row ?? { totalUsers: 0, recentUsers: 0, activeSubscriptions: 0 }),
      errors,
    };
  };
  const navigationTest = async () => {
    const access = [...declaredAccess().values()];
    const [row] = rowsOf<{ adminUsers: number }>(
      await db.execute(sql`select count(*)::int as "adminUsers" from user_roles where role = 'admin'`),
    );
    const guards = { public: 0, user: 0, admin: 0 };
    for (const a of access) guards[a] += 1;
    return {
      status: (guards.admin > 0 && guards.user > 0 ? 'pass' : 'fail') as TestStatus,
      subscriptionGuards: guards,
      adminUsers: Number(row?.adminUsers ?? 0),
    };
  };
  const databaseTest = async () => {
    const run = await runChecks(env, ['database-connectivity', 'row-level-security']);
    const [connectivity, rls] = run.results;
    return {
      status: (run.summary.failed === 0 ? 'pass' : 'fail') as TestStatus,
      queryTime: Number(connectivity?.details.latencyMs ?? 0),
      basicConnectivity: connectivity?.status !== 'failed',
      rlsFunctionTest: rls?.status === 'passed',
    };
  };
  const systemHealth = async () => {
    const run = await runChecks(env, ['database-connectivity', 'migrations-current', 'job-queue', 'api-response']);
    const config = deps.config as Record<string, unknown>;
    return {
      status: (run.summary.failed === 0 ? 'pass' : 'fail') as TestStatus,
      healthScore: run.summary.healthScore,
      edgeFunctions: [
        { function: 'advanced-system-diagnostics', available: true },
        { function: 'data-validation-suite', available: true },
        { function: 'hubspot-sync-processor', available: Boolean(config.HUBSPOT_ACCESS_TOKEN) },
        { function: 'bank-data-sync', available: Boolean(config.GOOGLE_SHEETS_SPREADSHEET_ID) },
        { function: 'jobs-runner', available: deps.config.JOBS_ENABLED },
      ],
      environment: {
        nodeEnv: deps.config.NODE_ENV,
        database: deps.database.kind,
        smtp: Boolean(deps.config.SMTP_URL),
        stripe: Boolean(deps.config.STRIPE_SECRET_KEY),
        hubspot: Boolean(config.HUBSPOT_ACCESS_TOKEN),
        jobsEnabled: deps.config.JOBS_ENABLED,
      },
    };
  };

  const tests = {
    auth: {
      summary: 'Users, recent sign-ups and active subscriptions (counts)',
      run: async () => ({ authTest: await authTest() }),
    },
    navigation: {
      summary: 'Route guards and admin users (counts)',
      run: async () => ({ navigationTest: await navigationTest() }),
    },
    database: {
      summary: 'Query time, connectivity and row-level security',
      run: async () => ({ databaseTest: await databaseTest() }),
    },
    'system-health': {
      summary: 'Server functions available and environment flags',
      run: async () => ({ systemHealth: await systemHealth() }),
    },
    full: {
      summary: 'Every debug test',
      run: async () => ({
        authTest: await authTest(),
        navigationTest: await navigationTest(),
        databaseTest: await databaseTest(),
        systemHealth: await systemHealth(),
      }),
    },
  };
  for (const [name, test] of Object.entries(tests)) {
    app.openapi(
      defineRoute(deps, '', {
        access: 'public',
        method: 'post',
        path: `/api/debug/${name}`,
        summary: `Debug API: ${test.summary}. Off (404) unless DEBUG_API_KEY is set; send it in X-Debug-Key`,
        responses: {
          200: {
            description: 'The test results',
            content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
          },
          401: { description: 'No or wrong debug key' },
          404: { description: 'The debug API is off' },
        },
      }),
      async (c) => {
        requireDebugKey(deps, c);
        return c.json({ ...(await test.run()), timestamp: new Date(deps.clock.now()).toISOString() }, 200);
      },
    );
  }
  return app;
}
