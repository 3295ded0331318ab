import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rls.ts';

/**
 * Tables a refused request may write to on purpose: counters of attempts (so that refusing an
 * attempt still counts it).
 */
const BOOKKEEPING_TABLES = new Set(['throttles', 'rate_limit']);

/**
 * A fingerprint of every other table's committed rows: its row count and the newest `xmin` (the
 * id of the transaction that wrote a row version). Any committed insert or update gives a row a
 * newer xmin, and a delete changes the count, so two equal fingerprints mean nothing was written
 * in between; a write that was rolled back leaves no trace, as it should. Cheaper than hashing
 * every row, and it catches a partial write as well as a whole one.
 */
export async function databaseFingerprint(database: Database, tables: readonly string[]): Promise<string> {
  const parts = tables.map(
    (t) =>
      sql`select ${t} as t, count(*)::int as n, coalesce(max(xmin::text::bigint), 0)::text as x from ${sql.identifier(t)}`,
  );
  const result = await database.db.execute(sql.join(parts, sql` union all `));
  // In table order: a union without ORDER BY may come back in another order (a parallel append
  // on a busy server did, once: two equal fingerprints compared unequal).
  return rowsOf<{ t: string; n: number; x: string }>(result)
    .map((r) => `${r.t}:${r.n}:${r.x}`)
    .sort()
    .join(' ');
}

/** The tables the fingerprint covers: every table of the app's schema but the bookkeeping ones. */
export async function fingerprintedTables(database: Database): Promise<string[]> {
  const result = await database.db.execute(
    sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  return rowsOf<{ t: string }>(result)
    .map((r) => r.t)
    .filter((t) => !BOOKKEEPING_TABLES.has(t) && !t.startsWith('__drizzle'));
}

/**
 * `databaseFingerprint` that skips the scan when nothing can have been written since the last one.
 * Every write (insert, update, delete, row lock) needs a transaction id, so while the snapshot
 * reads "xmax:xmax:" (no id assigned since, none still running, so none that could commit later)
 * the last fingerprint still holds. The API fuzz takes a fingerprint before and after each of its
 * thousands of requests, most of them refused. On a shared PostgreSQL server another database's
 * writes move the snapshot too: the scan then runs, as before.
 */
export function cachedFingerprint(database: Database, tables: readonly string[]): () => Promise<string> {
  let last: { snapshot: string; fingerprint: string } | undefined;
  return async () => {
    const [row] = rowsOf<{ snapshot: string; idle: boolean }>(
      await database.db.execute(
        sql`select s::text as snapshot, pg_snapshot_xmin(s) = pg_snapshot_xmax(s) as idle from pg_current_snapshot() as s`,
      ),
    );
    if (row!.idle && last?.snapshot === row!.snapshot) return last.fingerprint;
    const fingerprint = await databaseFingerprint(database, tables);
    last = row!.idle ? { snapshot: row!.snapshot, fingerprint } : undefined;
    return fingerprint;
  };
}
