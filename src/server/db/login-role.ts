import { sql } from 'drizzle-orm';
import type { Tx } from './client.ts';

/**
 * Runs `work` inside a request transaction as the login role, then switches back to `app_user`.
 *
 * Request transactions run as `app_user`, which has no grant on better-auth's tables ("user",
 * session, account, login_devices, two_factor) or on the server's (throttles, jobs). The few
 * user routes that must touch them (their own sessions, account deletion, the data export) step
 * out here, inside the same transaction: a second connection would deadlock on PGlite, which
 * has only one. Row-level security does not bind the login role, so `work` must filter by the
 * signed-in user's id itself.
 *
 * If `work` throws, the role is not switched back: the transaction is rolled back anyway.
 */
export async function asLoginRole<T>(tx: Tx, work: (tx: Tx) => Promise<T>): Promise<T> {
  await tx.execute(sql`select set_config('role', 'none', true)`);
  const result = await work(tx);
  await tx.execute(sql`select set_config('role', 'app_user', true)`);
  return result;
}
