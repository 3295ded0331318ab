/**
 * A check sent with the write it guards (docs/decisions/0049's addendum): a statement that fails
 * its transaction when what the write needs is not there (`require_found`, migration 0051,
 * SQLSTATE P0002), so the statements sent after it and their COMMIT never take effect.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { hasSqlState } from './sql-state.ts';

const NOT_FOUND_STATE = 'P0002';

/** Fails the transaction unless `exists` holds; its own failure is `orElse()` (the route's 404). */
export function requireFound(tx: Tx, exists: SQL, orElse: () => Error): Promise<void> {
  return failingWith(tx.execute(sql`select require_found(${exists}, 'required row not found')`).execute(), orElse);
}

/** The same check as a prepared statement (one that selects `require_found(…)`), run with `values`. */
export function requirePrepared(
  check: { execute(values: Record<string, unknown>): Promise<unknown> },
  values: Record<string, unknown>,
  orElse: () => Error,
): Promise<void> {
  return failingWith(check.execute(values), orElse);
}

function failingWith(run: Promise<unknown>, orElse: () => Error): Promise<void> {
  return run.then(
    () => undefined,
    (err: unknown) => {
      throw hasSqlState(err, NOT_FOUND_STATE) ? orElse() : err;
    },
  );
}

/**
 * The check `ReadsOptions.actor` sends after the role switch: fails its transaction unless the
 * opening made user $1 the row-level-security actor.
 */
export const ACTOR_CHECK_SQL =
  "select require_found(current_setting('app.user_id', true) = $1, 'the session no longer admits this user')";
