/**
 * What a database error says about the connection it came from, for the pool (reuse it or not)
 * and for the error handler (503 or 500).
 */

import { causeWhere, sqlStateOf } from './sql-state.ts';

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  // admin_shutdown (a fast or immediate shutdown, pg_terminate_backend), crash_shutdown, cannot_connect_now
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300',
]);

const UNAVAILABLE_MESSAGES =
  /Connection terminated|terminating connection|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/** True when the error means the database is away (restarting, unreachable), not that the query was wrong. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const away = causeWhere(err, (e) => {
    const code = sqlStateOf(e);
    if (code !== undefined && UNAVAILABLE_CODES.has(code)) return true;
    return e instanceof Error && UNAVAILABLE_MESSAGES.test(e.message);
  });
  return away !== undefined;
}

/**
 * Errors after which a pooled connection is not reused: the connection is lost or the server is
 * ending it, or a prepared statement no longer fits the schema (0A000 "cached plan must not
 * change result type", 26000 "prepared statement does not exist"); a new connection prepares afresh.
 */
export function mustDiscardConnection(err: unknown): boolean {
  if (isDatabaseUnavailable(err)) return true;
  const stale = causeWhere(err, (e) => sqlStateOf(e) === '0A000' || sqlStateOf(e) === '26000');
  return stale !== undefined;
}
