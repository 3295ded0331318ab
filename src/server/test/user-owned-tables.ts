import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rls.ts';

export type UserColumn = { table: string; column: string };

/**
 * Every column that ties a row to a user: each foreign key to "user"(id), each column named
 * user_id or owner_id (jobs keep one without a key), and the user table's own id.
 */
export async function userOwnedColumns(database: Database): Promise<UserColumn[]> {
  const result = await database.db.execute(sql`
    select table_name as table, column_name as column from information_schema.columns
      where table_schema = 'public' and column_name in ('user_id', 'owner_id')
    union
    select cl.relname as table, att.attname as column from pg_constraint con
      join pg_class cl on cl.oid = con.conrelid
      join pg_class ref on ref.oid = con.confrelid
      join pg_namespace ns on ns.oid = cl.relnamespace
      join pg_attribute att on att.attrelid = con.conrelid and att.attnum = con.conkey[1]
      where con.contype = 'f' and ref.relname = 'user' and ns.nspname = 'public'
    union select 'user' as table, 'id' as column
    order by 1, 2`);
  return rowsOf<UserColumn>(result);
}

/** The tables that hold something of a user's. */
export async function userOwnedTables(database: Database): Promise<string[]> {
  return [...new Set((await userOwnedColumns(database)).map((c) => c.table))].sort();
}

/** How many rows in each user-owned table point at `userId` (tables with none are left out). */
export async function rowsOwnedBy(database: Database, userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { table, column } of await userOwnedColumns(database)) {
    const [row] = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`,
      ),
    );
    if (row && row.n > 0) counts[`${table}.${column}`] = row.n;
  }
  return counts;
}
