/**
 * The embedded engine's autovacuum (docs/decisions/0068). PGlite runs PostgreSQL in one process with
 * no background workers, so nothing ever vacuums or analyses its tables: dead rows and their index
 * entries pile up, the planner has no statistics, and transaction ids are never frozen (an engine
 * that reaches the wraparound limit refuses writes). Once an hour a job does what PostgreSQL's
 * autovacuum would have done: it finds the tables past autovacuum's own thresholds (read from the
 * engine's settings) and vacuums or analyses each of them, one statement a table, so requests wait
 * for one table at most. PostgreSQL servers have their own autovacuum: the job is not registered there.
 */
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { rowsOf } from './rls.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { Logger } from '../logger.ts';

export const EMBEDDED_MAINTENANCE_JOB = 'embedded-database-maintenance';
export const EMBEDDED_MAINTENANCE_EVERY_SECONDS = 60 * 60;

export type DueTable = { table: string; vacuum: boolean; analyze: boolean };

/**
 * Every table autovacuum would take now, with what it would do: vacuum when its dead rows, or its
 * rows inserted since the last vacuum, pass autovacuum's threshold plus its share of the table, or
 * when its oldest unfrozen transaction id is older than `autovacuum_freeze_max_age`; analyse when
 * its rows changed since the last analysis pass theirs. The table's name comes from `regclass`,
 * quoted where it needs to be.
 */
export async function tablesDueForMaintenance(database: Database): Promise<DueTable[]> {
  const setting = (name: string) => sql.raw(`current_setting('${name}')::float8`);
  const size = sql`greatest(c.reltuples, 0)`;
  const rows = rowsOf<{ table: string; vacuum: boolean; analyze: boolean }>(
    await database.db.execute(sql`
      select t.table, t.vacuum, t.analyze from (
        select c.oid::regclass::text as table,
          s.n_dead_tup > ${setting('autovacuum_vacuum_threshold')} + ${setting('autovacuum_vacuum_scale_factor')} * ${size}
            or s.n_ins_since_vacuum > ${setting('autovacuum_vacuum_insert_threshold')} + ${setting('autovacuum_vacuum_insert_scale_factor')} * ${size}
            or age(c.relfrozenxid) > ${setting('autovacuum_freeze_max_age')} as vacuum,
          s.n_mod_since_analyze > ${setting('autovacuum_analyze_threshold')} + ${setting('autovacuum_analyze_scale_factor')} * ${size} as analyze
        from pg_class c join pg_stat_user_tables s on s.relid = c.oid
        where c.relkind = 'r'
      ) t
      where t.vacuum or t.analyze
      order by t.table`),
  );
  return rows.map((row) => ({ table: row.table, vacuum: row.vacuum === true, analyze: row.analyze === true }));
}

function maintenanceStatement({ table, vacuum, analyze }: DueTable) {
  const name = sql.raw(table);
  if (vacuum && analyze) return sql`vacuum (analyze) ${name}`;
  return vacuum ? sql`vacuum ${name}` : sql`analyze ${name}`;
}

/**
 * Vacuums or analyses every table that is due, each in a statement of its own outside any
 * transaction (VACUUM cannot run in one). `between` runs before each table: the job renews its
 * claim there. Returns what it did and how long the longest table took.
 */
export async function maintainEmbeddedDatabase(
  database: Database,
  between: () => Promise<unknown> = async () => undefined,
): Promise<{ done: DueTable[]; longestMs: number }> {
  const due = await tablesDueForMaintenance(database);
  let longestMs = 0;
  for (const table of due) {
    await between();
    const started = performance.now();
    await database.db.execute(maintenanceStatement(table));
    longestMs = Math.max(longestMs, performance.now() - started);
  }
  return { done: due, longestMs };
}

/** Registers the hourly maintenance on the embedded engine; nothing on a PostgreSQL server. */
export async function scheduleEmbeddedMaintenance(jobs: JobRunner, database: Database, logger: Logger): Promise<void> {
  if (database.kind !== 'pglite') return;
  jobs.registerInSteps(EMBEDDED_MAINTENANCE_JOB, async ({ step }) => {
    const { done, longestMs } = await maintainEmbeddedDatabase(database, () => step(async () => undefined));
    if (done.length > 0)
      logger.info('embedded database maintained', {
        vacuumed: done.filter((t) => t.vacuum).map((t) => t.table),
        analysed: done.filter((t) => t.analyze).map((t) => t.table),
        longestMs: Math.round(longestMs),
      });
  });
  await jobs.schedule(EMBEDDED_MAINTENANCE_JOB, EMBEDDED_MAINTENANCE_EVERY_SECONDS);
}
