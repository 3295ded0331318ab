/**
 * A check sent with the write it guards (docs/decisions/0049's addendum): a statement that fails
 * its transaction when what the write needs is not there (`require_found`, migration 0051,
 * SQLSTATE P0002), so the statements sent after it and their COMMIT never take effect.
 */
import { hasSqlState } from './sql-state.ts';

const NOT_FOUND_STATE = 'P0002';

/**
 * Runs `check`, a prepared statement that selects `require_found(…)`, with `values`: it fails its
 * transaction when the row is not there, and its own failure is `orElse()` (the route's 404).
 */
export function requirePrepared(
  check: { execute(values: Record<string, unknown>): Promise<unknown> },
  values: Record<string, unknown>,
  orElse: () => Error,
): Promise<void> {
  return check.execute(values).then(
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
