/** COMMIT sent with a transaction's last statements, on either engine (docs/decisions/0049's addendum). */

/**
 * Sends the statements `send` hands the driver before it first awaits, then COMMIT, together
 * (PostgreSQL: one socket write; PGlite: one queue in its worker): the transaction's last
 * statements, with no wait for this thread before it commits. A statement is handed over when
 * its builder's `.execute()` is called; a builder awaited directly goes a microtask later, after
 * COMMIT, and fails. A statement that fails rolls the transaction back instead, and `commitWith`
 * rejects with its error; a statement sent after COMMIT fails, and runs nowhere.
 */
export type CommitWith = <R>(send: () => Promise<R>) => Promise<R>;

/** What a statement sent after `commitWith`'s COMMIT hears. */
export const TRANSACTION_OVER = 'The transaction is over: its statements were sent with its COMMIT';

/**
 * The last statements' answer once COMMIT has answered too: their error first (PostgreSQL answers
 * COMMIT after a failed statement with a rollback, not an error), then COMMIT's own.
 */
export async function settledTogether<R>(commit: Promise<unknown>, last: Promise<R>): Promise<R> {
  const [committed, answered] = await Promise.allSettled([commit, last]);
  if (answered.status === 'rejected') throw answered.reason;
  if (committed.status === 'rejected') throw committed.reason;
  return answered.value;
}

/**
 * The write's answer once the check sent before it has answered: the check's failure first. The
 * statements after a failed one fail too, and their errors can come back before the check's
 * (the driver's promise chains differ in length).
 */
export async function afterCheck<R>(check: Promise<unknown>, write: Promise<R>): Promise<R> {
  const [checked, written] = await Promise.allSettled([check, write]);
  if (checked.status === 'rejected') throw checked.reason;
  if (written.status === 'rejected') throw written.reason;
  return written.value;
}
