/**
 * The debug tests (002 §7 testsprite-debug-api; docs/decisions/0066): auth, navigation, database
 * and system-health, and the full suite. Both the key-guarded outside debug API
 * (debug-routes.ts) and the Debug Console's admin-only TestSprite API tab (routes.ts) run them and
 * answer the same shapes. Counts and flags only: no row of anyone's.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rls.ts';
import { declaredAccess } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { healthRoutes } from '../health/routes.ts';
import { type CheckEnv, runChecks } from './checks.ts';

/** What the checks run against; the API check times a real request through Hono to a cheap route that asks the database. */
export function diagnosticsEnv(deps: Deps): CheckEnv {
  const probe = healthRoutes(deps, 'probe');
  return { db: deps.database.db, probeRequest: async () => probe.request('http://localhost/api/health/db') };
}

export type TestStatus = 'pass' | 'fail';

export const DEBUG_TEST_NAMES = ['auth', 'navigation', 'database', 'system-health', 'full'] as const;
export type DebugTestName = (typeof DEBUG_TEST_NAMES)[number];

export type DebugTest = { summary: string; run: () => Promise<Record<string, unknown>> };

/** The debug tests over this server's database and configuration, by name. */
export function debugTests(deps: Pick<Deps, 'config' | 'database'>, env: CheckEnv): Record<DebugTestName, DebugTest> {
  const { db } = deps.database;
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

  const tests: Record<DebugTestName, DebugTest> = {
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
  return tests;
}
