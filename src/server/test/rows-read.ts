import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { rowsOf } from '../db/rls.ts';

/**
 * Rows this transaction has read so far from a table and its indexes (the engine's per-transaction
 * counters): a plan test takes it before and after a statement, so it fails when a plan starts
 * reading rows the statement does not need.
 */
export async function rowsReadFrom(tx: Tx, table: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`select (pg_stat_get_xact_tuples_returned(${table}::regclass)
      + coalesce((select sum(pg_stat_get_xact_tuples_returned(i.indexrelid)) from pg_index i
          where i.indrelid = ${table}::regclass), 0))::int as n`),
  );
  return row!.n;
}
