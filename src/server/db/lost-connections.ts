import type { Pool, PoolClient } from 'pg';
import type { Logger } from '../logger.ts';
import { errorFields } from '../logger.ts';

/**
 * node-postgres emits 'error' on a client whose connection dies (a PostgreSQL restart, a
 * pg_terminate_backend, a cut network), and an 'error' event nobody listens to ends the process.
 * The pool listens only while a client is idle: one checked out (a request's transaction, drizzle's
 * db.transaction for the job runner and better-auth) has no listener until it is released. This
 * gives every pooled client a listener from its first checkout to its end, and remembers what
 * ended it. The caller's query fails by itself; the client is discarded when released.
 *
 * Returns the error that ended a client's connection, if one did.
 */
export function listenForLostConnections(pool: Pool, logger: Logger): (client: PoolClient) => Error | undefined {
  const lost = new WeakMap<object, Error>();
  // 'connect' fires once per new client, before it is handed out: there is no moment without a listener.
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      if (lost.has(client)) return;
      lost.set(client, err);
      logger.warn('postgres connection lost', errorFields(err));
    });
  });
  // The pool re-emits an idle client's error; the client's own listener has logged it already.
  pool.on('error', () => undefined);
  return (client) => lost.get(client);
}
