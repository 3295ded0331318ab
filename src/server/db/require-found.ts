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
 * What `ReadsOptions.actor` sends after the opening, as one statement: the switch to the
 * row-level-security role, and a check that fails its transaction unless the opening made user $1
 * the actor. One statement rather than two: every write of a signed-in user's route sends it (a
 * deposit among them), and each statement costs a round of messages, parsing and an executor
 * start on both sides.
 */
export const ROLE_AND_ACTOR_CHECK_SQL =
  "select set_config('role', 'app_user', true), require_found(current_setting('app.user_id', true) = $1, 'the session no longer admits this user')";

/** The switch alone, when no actor is named. */
export const ROLE_SWITCH_SQL = 'set local role app_user';

/**
 * Settles the switch (with the check, when sent), admits the opening's rows, then fails as the
 * switch did: a refused opening answers for itself before a check that failed because of it.
 */
export async function admittedAfterSwitch(switched: Promise<unknown>, admit: () => void): Promise<void> {
  const failure = await switched.then(
    () => null,
    (err: unknown) => ({ err }),
  );
  admit();
  if (failure) throw failure.err;
}
