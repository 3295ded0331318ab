/**
 * Auto-Fix and cleanup (002 §2, §7 data-validation-suite): each fix runs in a transaction of its
 * own, with its admin audit entry, and is listed in the answer; one that fails rolls back alone.
 */
import { sql } from 'drizzle-orm';
import { CLEANUP_AFTER_DAYS } from '../../core/diagnostics/health.ts';
import { type AdminActor, recordAdminAction } from '../admin/audit-log.ts';
import type { AppDb } from '../db/client.ts';
import { rowsOf } from '../db/rls.ts';
import { type FixKind, listDriftedAccounts, orphanTables, quoteIdent, tableExists } from './checks.ts';

export type FixOutcome = { fix: FixKind; subject: string; ok: boolean; message: string };

async function recomputeBalances(db: AppDb, admin: AdminActor): Promise<FixOutcome[]> {
  const outcomes: FixOutcome[] = [];
  for (const account of await listDriftedAccounts(db)) {
    try {
      const total = await db.transaction(async (tx) => {
        const [row] = rowsOf<{ total: string | null }>(
          await tx.execute(sql`select recalculate_account_balance(${account.id}::uuid)::text as total`),
        );
        await recordAdminAction(tx, admin, {
          action: 'diagnostics.fix.balance',
          subjectType: 'account',
          subjectId: account.id,
          before: { balancePence: account.balancePence },
          after: { balancePence: Number(row?.total ?? 0) },
        });
        return Number(row?.total ?? 0);
      });
      outcomes.push({
        fix: 'recompute-balances',
        subject: `account ${account.id}`,
        ok: true,
        message: `Balance recomputed from its transactions: ${account.balancePence} → ${total} pence`,
      });
    } catch (error) {
      outcomes.push({
        fix: 'recompute-balances',
        subject: `account ${account.id}`,
        ok: false,
        message: errorText(error),
      });
    }
  }
  return outcomes;
}

async function releaseStuckJobs(db: AppDb, admin: AdminActor): Promise<FixOutcome[]> {
  const released = await db.transaction(async (tx) => {
    const rows = rowsOf<{ id: number; name: string }>(
      await tx.execute(sql`
        update jobs set status = 'pending', locked_by = null, locked_at = null, run_at = now()
         where status = 'running' and locked_at < now() - interval '5 minutes'
        returning id, name`),
    );
    if (rows.length > 0)
      await recordAdminAction(tx, admin, {
        action: 'diagnostics.fix.jobs',
        subjectType: 'jobs',
        subjectId: rows.map((r) => r.id).join(','),
        before: { status: 'running' },
        after: { status: 'pending' },
      });
    return rows;
  });
  return released.map((job) => ({
    fix: 'release-stuck-jobs' as const,
    subject: `job ${job.id} (${job.name})`,
    ok: true,
    message: 'Released: it runs again',
  }));
}

async function releaseStuckSyncItems(db: AppDb, admin: AdminActor): Promise<FixOutcome[]> {
  if (!(await tableExists(db, 'hubspot_sync_queue'))) return [];
  const released = await db.transaction(async (tx) => {
    const rows = rowsOf<{ id: number }>(
      await tx.execute(sql`
        update hubspot_sync_queue set status = 'pending', locked_by = null, locked_at = null, scheduled_at = now()
         where status = 'processing' and coalesce(locked_at, created_at) < now() - interval '1 hour'
        returning id`),
    );
    if (rows.length > 0)
      await recordAdminAction(tx, admin, {
        action: 'diagnostics.fix.sync-queue',
        subjectType: 'hubspot_sync_queue',
        subjectId: rows.map((r) => r.id).join(','),
        before: { status: 'processing' },
        after: { status: 'pending' },
      });
    return rows;
  });
  return released.map((item) => ({
    fix: 'release-stuck-sync-items' as const,
    subject: `sync item ${item.id}`,
    ok: true,
    message: 'Released: it is sent again',
  }));
}

async function removeOrphans(db: AppDb, admin: AdminActor): Promise<FixOutcome[]> {
  const outcomes: FixOutcome[] = [];
  for (const table of await orphanTables(db)) {
    try {
      const removed = await db.transaction(async (tx) => {
        const rows = rowsOf<{ n: number }>(
          await tx.execute(
            sql.raw(
              `with gone as (delete from ${quoteIdent(table)} x where x.user_id is not null and x.user_id <> '' and not exists (select 1 from "user" u where u.id = x.user_id) returning 1) select count(*)::int as n from gone`,
            ),
          ),
        );
        const n = Number(rows[0]?.n ?? 0);
        if (n > 0)
          await recordAdminAction(tx, admin, {
            action: 'diagnostics.fix.orphans',
            subjectType: table,
            subjectId: 'orphans',
            before: { rows: n },
            after: { rows: 0 },
          });
        return n;
      });
      if (removed > 0)
        outcomes.push({
          fix: 'remove-orphans',
          subject: table,
          ok: true,
          message: `${removed} orphaned row(s) removed`,
        });
    } catch (error) {
      outcomes.push({ fix: 'remove-orphans', subject: table, ok: false, message: errorText(error) });
    }
  }
  return outcomes;
}

const FIXES: Record<FixKind, (db: AppDb, admin: AdminActor) => Promise<FixOutcome[]>> = {
  'recompute-balances': recomputeBalances,
  'release-stuck-jobs': releaseStuckJobs,
  'release-stuck-sync-items': releaseStuckSyncItems,
  'remove-orphans': removeOrphans,
};

/** Applies each named fix (those the failed checks offered), in a fixed order. */
export async function applyFixes(db: AppDb, admin: AdminActor, kinds: readonly FixKind[]): Promise<FixOutcome[]> {
  const outcomes: FixOutcome[] = [];
  for (const kind of Object.keys(FIXES) as FixKind[]) {
    if (kinds.includes(kind)) outcomes.push(...(await FIXES[kind](db, admin)));
  }
  return outcomes;
}

export type CleanupOutcome = { table: string; removed: number };

/**
 * Removes finished jobs and completed sync items older than CLEANUP_AFTER_DAYS, in one transaction
 * with one admin audit entry listing what went from each table.
 */
export async function cleanUp(db: AppDb, admin: AdminActor): Promise<CleanupOutcome[]> {
  const targets: { table: string; statement: ReturnType<typeof sql> }[] = [
    {
      table: 'jobs',
      statement: sql`delete from jobs where status = 'done' and coalesce(finished_at, created_at) < now() - make_interval(days => ${CLEANUP_AFTER_DAYS}) returning 1`,
    },
  ];
  if (await tableExists(db, 'hubspot_sync_queue'))
    targets.push({
      table: 'hubspot_sync_queue',
      statement: sql`delete from hubspot_sync_queue where status = 'completed' and coalesce(processed_at, created_at) < now() - make_interval(days => ${CLEANUP_AFTER_DAYS}) returning 1`,
    });
  return db.transaction(async (tx) => {
    const outcomes: CleanupOutcome[] = [];
    for (const target of targets)
      outcomes.push({ table: target.table, removed: rowsOf<unknown>(await tx.execute(target.statement)).length });
    await recordAdminAction(tx, admin, {
      action: 'diagnostics.cleanup',
      subjectType: 'system',
      subjectId: `older-than-${CLEANUP_AFTER_DAYS}-days`,
      after: { removed: Object.fromEntries(outcomes.map((o) => [o.table, o.removed])) },
    });
    return outcomes;
  });
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
