/**
 * The Integration Validation Suite's and Comprehensive System Diagnostics' checks (002 §2, issue 31):
 * each measures the running system and reports passed, warning or failed with its own duration.
 * They run as the server's login role (the job queue and the catalogue are not app_user's), except
 * the row-level security probe, which runs as app_user the way the tests do.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import {
  API_RESPONSE_LIMIT_MS,
  type CheckStatus,
  CONSENT_ACTIVITY_DAYS,
  DATABASE_LATENCY_WARN_MS,
  jobQueueStatus,
  latencyStatus,
  type Severity,
  SYNC_QUEUE_LIMITS,
  type Summary,
  summarise,
  syncQueueStatus,
} from '../../core/diagnostics/health.ts';
import type { AppDb } from '../db/client.ts';
import { migrationsFolder } from '../db/migrate.ts';
import { actAs, rowsOf } from '../db/rls.ts';

export type CheckCategory = 'Database' | 'Security' | 'Queues' | 'Consent' | 'Performance' | 'Data integrity';

/** What can mend a failed check (fixes.ts). */
export type FixKind = 'recompute-balances' | 'release-stuck-jobs' | 'remove-orphans' | 'release-stuck-sync-items';

export type CheckResult = {
  id: string;
  test: string;
  category: CheckCategory;
  status: CheckStatus;
  message: string;
  details: Record<string, unknown>;
  durationMs: number;
  severity: Severity;
  fix: FixKind | null;
};

export type DiagnosticsRun = {
  results: CheckResult[];
  summary: Summary & { recommendations: string[] };
  ranAt: string;
  durationMs: number;
};

type Outcome = Omit<CheckResult, 'id' | 'test' | 'category' | 'durationMs' | 'severity' | 'fix'> & {
  fix?: FixKind | null;
};
type Check = {
  id: string;
  test: string;
  category: CheckCategory;
  severity: Severity;
  run: (env: CheckEnv) => Promise<Outcome>;
};

export type CheckEnv = {
  db: AppDb;
  /** Times one request through the app to a cheap route (routes.ts gives the health route). */
  probeRequest: () => Promise<Response>;
};

const count = (value: unknown) => Number(value ?? 0);

/** Quotes a catalogue name as an SQL identifier (names come from pg_class, never from a request). */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export async function tableExists(db: AppDb, name: string): Promise<boolean> {
  const [row] = rowsOf<{ found: string | null }>(
    await db.execute(sql`select to_regclass(${`public.${name}`})::text as found`),
  );
  return Boolean(row?.found);
}

/** The bundled migrations' creation stamps, as drizzle's migrator records them. */
function journalStamps(): number[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  return journal.entries.map((e) => e.when);
}

class RollBack extends Error {}

/**
 * Tables app_user may read whose every read policy depends on the signed-in user or the admin
 * flag: with neither set, each must return no rows.
 */
async function userTables(db: AppDb): Promise<{ name: string; rowSecurity: boolean; policies: number }[]> {
  return rowsOf<{ name: string; rowSecurity: boolean; policies: number }>(
    await db.execute(sql`
      select c.relname as name, c.relrowsecurity as "rowSecurity",
             (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p')
         and has_table_privilege('app_user', c.oid, 'SELECT')
         and not exists (
           select 1 from pg_policies p
            where p.schemaname = 'public' and p.tablename = c.relname and p.cmd in ('SELECT', 'ALL')
              and p.permissive = 'PERMISSIVE'
              and p.qual not like '%app.user_id%' and p.qual not like '%app.is_admin%')
       order by c.relname`),
  );
}

const CHECKS: Check[] = [
  {
    id: 'database-connectivity',
    test: 'Database reachable',
    category: 'Database',
    severity: 'critical',
    run: async ({ db }) => {
      const started = performance.now();
      await db.execute(sql`select 1`);
      const latencyMs = Math.round((performance.now() - started) * 10) / 10;
      const status = latencyStatus(latencyMs, 1000, DATABASE_LATENCY_WARN_MS);
      return {
        status,
        message:
          status === 'passed'
            ? `Database answered in ${latencyMs} ms`
            : `Database answered slowly: ${latencyMs} ms (under ${DATABASE_LATENCY_WARN_MS} ms expected)`,
        details: { latencyMs },
      };
    },
  },
  {
    id: 'migrations-current',
    test: 'Migrations current',
    category: 'Database',
    severity: 'high',
    run: async ({ db }) => {
      const bundled = journalStamps();
      const applied = rowsOf<{ createdAt: string }>(
        await db.execute(
          sql`select created_at::text as "createdAt" from drizzle.__drizzle_migrations order by created_at`,
        ),
      ).map((r) => Number(r.createdAt));
      const appliedSet = new Set(applied);
      const missing = bundled.filter((when) => !appliedSet.has(when)).length;
      const unknown = applied.filter((when) => !bundled.includes(when)).length;
      const details = { bundled: bundled.length, applied: applied.length, missing, unknown };
      if (missing > 0) return { status: 'failed', message: `${missing} bundled migration(s) not applied`, details };
      if (unknown > 0)
        return {
          status: 'warning',
          message: `${unknown} applied migration(s) this build does not know (a newer build ran here)`,
          details,
        };
      return { status: 'passed', message: `All ${bundled.length} migrations applied`, details };
    },
  },
  {
    id: 'row-level-security',
    test: 'Row-level security on every user table',
    category: 'Security',
    severity: 'critical',
    run: async ({ db }) => {
      const tables = await userTables(db);
      const unprotected = tables.filter((t) => !t.rowSecurity || t.policies === 0).map((t) => t.name);
      // As app_user with no user and no admin flag, in a transaction rolled back: every user table is empty.
      const leaking: string[] = [];
      try {
        await db.transaction(async (tx) => {
          await actAs(tx, { userId: null });
          for (const table of tables) {
            const [row] = rowsOf<{ n: number }>(
              await tx.execute(
                sql.raw(`select count(*)::int as n from (select 1 from ${quoteIdent(table.name)} limit 1) t`),
              ),
            );
            if (count(row?.n) > 0) leaking.push(table.name);
          }
          throw new RollBack();
        });
      } catch (error) {
        if (!(error instanceof RollBack)) throw error;
      }
      const details = { tablesChecked: tables.length, unprotected, leaking };
      if (unprotected.length > 0 || leaking.length > 0)
        return {
          status: 'failed',
          message: `Row-level security is not enforced on ${[...new Set([...unprotected, ...leaking])].join(', ')}`,
          details,
        };
      return {
        status: 'passed',
        message: `Row-level security enforced on all ${tables.length} user tables (checked as app_user)`,
        details,
      };
    },
  },
  {
    id: 'job-queue',
    test: 'Job queue health',
    category: 'Queues',
    severity: 'medium',
    run: async ({ db }) => {
      const [row] = rowsOf<{ pending: number; failed: number; stuck: number; overdue: number }>(
        await db.execute(sql`
          select count(*) filter (where status = 'pending')::int as pending,
                 count(*) filter (where status = 'failed')::int as failed,
                 count(*) filter (where status = 'running' and locked_at < now() - interval '5 minutes')::int as stuck,
                 count(*) filter (where status = 'pending' and run_at < now() - make_interval(hours => ${SYNC_QUEUE_LIMITS.staleAfterHours}))::int as overdue
            from jobs`),
      );
      const counts = { pending: count(row?.pending), failed: count(row?.failed), stuck: count(row?.stuck) };
      const overdue = count(row?.overdue);
      const status = jobQueueStatus({ ...counts, stuck: counts.stuck + overdue });
      return {
        status,
        message:
          status === 'passed'
            ? `${counts.pending} pending, ${counts.failed} failed, none stuck`
            : `${counts.pending} pending, ${counts.failed} failed, ${counts.stuck} stuck, ${overdue} overdue by a day`,
        details: { ...counts, overdue },
        fix: counts.stuck > 0 ? 'release-stuck-jobs' : null,
      };
    },
  },
  {
    id: 'sync-queue',
    test: 'Sync queue health',
    category: 'Queues',
    severity: 'medium',
    run: async ({ db }) => {
      if (!(await tableExists(db, 'hubspot_sync_queue')))
        return { status: 'warning', message: 'Sync queue not configured', details: { configured: false } };
      const [row] = rowsOf<{ pending: number; processing: number; failed: number; stale: number; stuck: number }>(
        await db.execute(sql`
          select count(*) filter (where status = 'pending')::int as pending,
                 count(*) filter (where status = 'processing')::int as processing,
                 count(*) filter (where status = 'failed')::int as failed,
                 count(*) filter (where status = 'pending' and created_at < now() - make_interval(hours => ${SYNC_QUEUE_LIMITS.staleAfterHours}))::int as stale,
                 count(*) filter (where status = 'processing' and coalesce(locked_at, created_at) < now() - interval '1 hour')::int as stuck
            from hubspot_sync_queue`),
      );
      const counts = { pending: count(row?.pending), failed: count(row?.failed), stalePending: count(row?.stale) };
      const stuck = count(row?.stuck);
      const queueStatus = syncQueueStatus(counts);
      const status: CheckStatus = queueStatus === 'passed' && stuck > 0 ? 'warning' : queueStatus;
      return {
        status,
        message: `${counts.pending} pending (limit ${SYNC_QUEUE_LIMITS.pending}), ${counts.failed} failed (limit ${SYNC_QUEUE_LIMITS.failed}), ${counts.stalePending} pending over ${SYNC_QUEUE_LIMITS.staleAfterHours} h (limit ${SYNC_QUEUE_LIMITS.stalePending})${stuck ? `, ${stuck} stuck in processing` : ''}`,
        details: { ...counts, processing: count(row?.processing), stuck, configured: true },
        fix: stuck > 0 ? 'release-stuck-sync-items' : null,
      };
    },
  },
  {
    id: 'consent-activity',
    test: 'Consent activity',
    category: 'Consent',
    severity: 'low',
    run: async ({ db }) => {
      const [row] = rowsOf<{ recent: number; total: number; latest: string | null }>(
        await db.execute(sql`
          select count(*) filter (where created_at > now() - make_interval(days => ${CONSENT_ACTIVITY_DAYS}))::int as recent,
                 count(*)::int as total, max(created_at)::text as latest
            from consent_audit_log`),
      );
      const details = { last7Days: count(row?.recent), total: count(row?.total), latest: row?.latest ?? null };
      return details.last7Days > 0
        ? {
            status: 'passed',
            message: `${details.last7Days} consent change(s) in the last ${CONSENT_ACTIVITY_DAYS} days`,
            details,
          }
        : { status: 'warning', message: `No consent activity in the last ${CONSENT_ACTIVITY_DAYS} days`, details };
    },
  },
  {
    id: 'api-response',
    test: 'API response time',
    category: 'Performance',
    severity: 'medium',
    run: async ({ probeRequest }) => {
      const started = performance.now();
      const res = await probeRequest();
      await res.arrayBuffer();
      const responseMs = Math.round(performance.now() - started);
      if (!res.ok) return { status: 'failed', message: `The API answered ${res.status}`, details: { responseMs } };
      const status = latencyStatus(responseMs, API_RESPONSE_LIMIT_MS, API_RESPONSE_LIMIT_MS);
      return {
        status,
        message:
          status === 'passed'
            ? `The API answered in ${responseMs} ms (under ${API_RESPONSE_LIMIT_MS} ms)`
            : `The API took ${responseMs} ms (${API_RESPONSE_LIMIT_MS} ms or more)`,
        details: { responseMs, limitMs: API_RESPONSE_LIMIT_MS },
      };
    },
  },
  {
    id: 'balances-match-ledger',
    test: 'Balances match their ledgers',
    category: 'Data integrity',
    severity: 'critical',
    run: async ({ db }) => {
      const drifted = await listDriftedAccounts(db);
      const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from accounts`));
      const details = {
        accountsChecked: count(row?.n),
        drifted: drifted.length,
        accountIds: drifted.slice(0, 20).map((a) => a.id),
      };
      return drifted.length === 0
        ? { status: 'passed', message: `All ${details.accountsChecked} balances follow their transactions`, details }
        : {
            status: 'failed',
            message: `${drifted.length} account balance(s) differ from their transactions by the balance rule`,
            details,
            fix: 'recompute-balances',
          };
    },
  },
  {
    id: 'inactive-banks',
    test: 'Accounts at inactive banks',
    category: 'Data integrity',
    severity: 'low',
    run: async ({ db }) => {
      const [row] = rowsOf<{ n: number; banks: number }>(
        await db.execute(sql`
          select count(*)::int as n, count(distinct b.id)::int as banks
            from accounts a join bank_references b on b.id = a.bank_id
           where not b.is_active and a.archived_at is null`),
      );
      const details = { accounts: count(row?.n), banks: count(row?.banks) };
      return details.accounts === 0
        ? { status: 'passed', message: 'No account points at an inactive bank', details }
        : {
            status: 'warning',
            message: `${details.accounts} account(s) point at ${details.banks} inactive bank(s): their owners should choose the bank again`,
            details,
          };
    },
  },
  {
    id: 'orphans',
    test: 'Orphaned rows',
    category: 'Data integrity',
    severity: 'medium',
    run: async ({ db }) => {
      const orphans = await countOrphans(db);
      const total = Object.values(orphans).reduce((a, b) => a + b, 0);
      return total === 0
        ? { status: 'passed', message: 'No rows point at a user who is gone', details: orphans }
        : {
            status: 'failed',
            message: `${total} row(s) point at a user who is gone`,
            details: orphans,
            fix: 'remove-orphans',
          };
    },
  },
];

export const CHECK_IDS = CHECKS.map((c) => c.id);

export async function listDriftedAccounts(
  db: AppDb,
): Promise<{ id: string; balancePence: number; ledgerPence: number }[]> {
  return rowsOf<{ id: string; balancePence: string; ledgerPence: string }>(
    await db.execute(sql`
      select id, balance_pence::text as "balancePence", account_balance_by_rule(id)::text as "ledgerPence"
        from accounts where balance_pence is distinct from account_balance_by_rule(id) order by id limit 1000`),
  ).map((r) => ({ id: r.id, balancePence: Number(r.balancePence), ledgerPence: Number(r.ledgerPence) }));
}

/**
 * Tables with a `user_id` that no foreign key ties to the user (the job queue and any such table):
 * rows naming a user who is gone.
 */
export async function orphanTables(db: AppDb): Promise<string[]> {
  return rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.table_name as name from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
       where c.table_schema = 'public' and c.column_name = 'user_id'
         and not exists (
           select 1 from pg_constraint k
            where k.contype = 'f' and k.conrelid = (quote_ident(c.table_name))::regclass
              and k.confrelid = '"user"'::regclass
              and (select attname from pg_attribute where attrelid = k.conrelid and attnum = k.conkey[1]) = 'user_id')
       order by 1`),
  ).map((r) => r.name);
}

export async function countOrphans(db: AppDb): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await orphanTables(db)) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(
        sql.raw(
          `select count(*)::int as n from ${quoteIdent(table)} x where x.user_id is not null and x.user_id <> '' and not exists (select 1 from "user" u where u.id = x.user_id)`,
        ),
      ),
    );
    if (count(row?.n) > 0) counts[table] = count(row?.n);
  }
  return counts;
}

const RECOMMENDATIONS: Record<string, string> = {
  'database-connectivity': 'Check the database server: its load, its connections and the network to it.',
  'migrations-current':
    'Restart the app so it applies the bundled migrations, or deploy the build that matches the database.',
  'row-level-security':
    'Stop and fix the named tables’ policies before serving users: their rows can be read without a user.',
  'job-queue': 'Run Auto-Fix to release stuck jobs; look at the failed jobs’ errors.',
  'sync-queue': 'Process the sync queue, and check the CRM connection if items keep failing.',
  'consent-activity': 'Check the cookie banner still saves choices (no consent recorded for 7 days).',
  'api-response': 'Look at the performance metrics: the API answers slowly.',
  'balances-match-ledger': 'Run Auto-Fix: it recomputes each drifted balance from its transactions.',
  'inactive-banks': 'Tell the owners, or map the inactive banks to their successors in the bank data.',
  orphans: 'Run Auto-Fix to remove rows that point at deleted users.',
};

/** Runs every check (or the named ones), one after another, each timed. */
export async function runChecks(env: CheckEnv, only?: readonly string[]): Promise<DiagnosticsRun> {
  const started = performance.now();
  const results: CheckResult[] = [];
  for (const check of CHECKS) {
    if (only && !only.includes(check.id)) continue;
    const t0 = performance.now();
    let outcome: Outcome;
    try {
      outcome = await check.run(env);
    } catch (error) {
      outcome = {
        status: 'failed',
        message: `The check could not run: ${error instanceof Error ? error.message : String(error)}`,
        details: {},
      };
    }
    results.push({
      id: check.id,
      test: check.test,
      category: check.category,
      severity: check.severity,
      durationMs: Math.round((performance.now() - t0) * 10) / 10,
      ...outcome,
      fix: outcome.fix ?? null,
    });
  }
  const recommendations = results.filter((r) => r.status !== 'passed').map((r) => RECOMMENDATIONS[r.id] ?? r.message);
  return {
    results,
    summary: { ...summarise(results), recommendations },
    ranAt: new Date().toISOString(),
    durationMs: Math.round(performance.now() - started),
  };
}
