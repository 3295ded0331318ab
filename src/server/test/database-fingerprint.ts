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
  return rowsOf<{ t: string; n: number; x: string }>(result)
    .map((r) => `${r.t}:${r.n}:${r.x}`)
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
