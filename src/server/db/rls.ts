import { sql } from 'drizzle-orm';
import type { AppDb, Tx } from './client.ts';

export type { Tx };
export type Actor = { userId: string | null; isAdmin?: boolean };

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Runs `work` in a transaction as the NOLOGIN `app_user` role with the actor set, so
 * row-level security binds whatever role the connection logged in with (even a superuser).
 * `set_config(..., true)` is transaction-local: nothing leaks to the pooled connection.
 */
export async function withActor<T>(db: AppDb, actor: Actor, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (actor.userId !== null && !SAFE_ID.test(actor.userId)) throw new Error('Invalid user id');
  return db.transaction(async (tx) => {
    await actAs(tx, actor);
    return work(tx);
  });
}

/** Switches an open transaction to `app_user` with the actor set (transaction-local). */
export async function actAs(tx: Tx, actor: Actor): Promise<void> {
  await tx.execute(
    sql`select set_config('role', 'app_user', true), set_config('app.user_id', ${actor.userId ?? ''}, true), set_config('app.is_admin', ${actor.isAdmin ? 'true' : 'false'}, true)`,
  );
}

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
