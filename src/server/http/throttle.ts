import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/client.ts';
import { rowsOf } from '../db/rls.ts';

/**
 * Fixed-window counter in the database, so a limit holds across app instances.
 * Returns true when this call is within `limit` for the current window.
 */
export async function takeThrottle(db: AppDb, key: string, limit: number, windowSeconds: number): Promise<boolean> {
  const rows = rowsOf<{ count: number }>(await db.execute(sql`
    insert into throttles (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when throttles.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else throttles.count + 1 end,
      window_start = case when throttles.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else throttles.window_start end
    returning count`));
  return (rows[0]?.count ?? 1) <= limit;
}
