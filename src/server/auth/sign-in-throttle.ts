import { sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rls.ts';
import { addressKey } from '../http/throttle.ts';

/**
 * Per-account sign-in throttle (ASVS 2.2.1): at most 100 failed sign-ins in any hour for one
 * e-mail address, whatever address they come from; better-auth's own limiter covers the
 * per-client-address side. See docs/decisions/0013-verified-email-and-sign-in-limits.md.
 *
 * Failures are counted in one-minute buckets in `throttles` (so the limit holds across app
 * instances), keyed by a hash of the e-mail address (no addresses in that table, and unknown
 * addresses are counted exactly like registered ones, so the lock-out tells nothing).
 * A check sums the last 61 buckets, which always cover the whole past hour: no hour, however
 * it is placed, can hold more than the limit.
 *
 * Each attempt reserves its failure before the password is checked, under a per-account
 * advisory lock, so a burst of parallel guesses cannot all slip in under the limit; a
 * successful sign-in gives back only its own reservation, never anyone else's failures.
 */
export const SIGN_IN_FAILURES_PER_HOUR = 100;
export const SIGN_IN_BUCKET_SECONDS = 60;
/** Buckets summed per check: 60 full minutes plus the current one. */
export const SIGN_IN_BUCKETS = 61;

export const ACCOUNT_LOCKED_CODE = 'ACCOUNT_SIGN_IN_LOCKED';

export function accountLockedMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-in attempts for this account. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export type Bucket = { minute: number; count: number };

/**
 * Seconds until an attempt would be allowed again, given the buckets of the last hour and the
 * current time (in seconds since the epoch): the oldest buckets age out of the 61-bucket sum
 * one minute at a time. 0 when an attempt is allowed now.
 */
export function secondsUntilAllowed(buckets: Bucket[], nowSeconds: number, limit = SIGN_IN_FAILURES_PER_HOUR): number {
  const currentMinute = Math.floor(nowSeconds / SIGN_IN_BUCKET_SECONDS);
  const live = buckets
    .filter((b) => b.minute > currentMinute - SIGN_IN_BUCKETS && b.minute <= currentMinute && b.count > 0)
    .sort((a, b) => a.minute - b.minute);
  let total = live.reduce((sum, b) => sum + b.count, 0);
  if (total < limit) return 0;
  for (const bucket of live) {
    total -= bucket.count;
    if (total < limit) {
      // This bucket leaves the sum once the current minute is SIGN_IN_BUCKETS past it.
      const freeAtSeconds = (bucket.minute + SIGN_IN_BUCKETS) * SIGN_IN_BUCKET_SECONDS;
      return Math.max(1, Math.ceil(freeAtSeconds - nowSeconds));
    }
  }
  return SIGN_IN_BUCKETS * SIGN_IN_BUCKET_SECONDS;
}

function accountKeyPrefix(email: string): string {
  return `sign-in-failures:${addressKey(email)}:`;
}

function lockId(prefix: string) {
  return sql`hashtextextended(${prefix}, 0)`;
}

/**
 * Reserves one failure for this address, or refuses with 429 when the last hour already holds
 * the limit. Call before the password is checked.
 */
export async function reserveSignInAttempt(
  database: Database,
  email: string,
  limit = SIGN_IN_FAILURES_PER_HOUR,
): Promise<void> {
  const prefix = accountKeyPrefix(email);
  const refusal = await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${lockId(prefix)})`);
    const rows = rowsOf<{ minute: string | number; count: number }>(
      await tx.execute(sql`
        select split_part(t.key, ':', 3)::bigint as minute, t.count
        from throttles t
        where t.key = any(array(
          select ${prefix} || (floor(extract(epoch from now()) / ${SIGN_IN_BUCKET_SECONDS})::bigint - g)::text
          from generate_series(0, ${SIGN_IN_BUCKETS - 1}) g))`),
    );
    const [clock] = rowsOf<{ now_seconds: string | number }>(
      await tx.execute(sql`select extract(epoch from now()) as now_seconds`),
    );
    const nowSeconds = Number(clock?.now_seconds);
    const wait = secondsUntilAllowed(
      rows.map((r) => ({ minute: Number(r.minute), count: r.count })),
      nowSeconds,
      limit,
    );
    if (wait > 0) return wait;
    await tx.execute(sql`
      insert into throttles (key, window_start, count)
      values (${prefix} || floor(extract(epoch from now()) / ${SIGN_IN_BUCKET_SECONDS})::bigint::text, now(), 1)
      on conflict (key) do update set count = throttles.count + 1`);
    return 0;
  });
  if (refusal > 0) {
    throw new APIError(
      'TOO_MANY_REQUESTS',
      { code: ACCOUNT_LOCKED_CODE, message: accountLockedMessage(refusal) },
      { 'Retry-After': String(refusal) },
    );
  }
}

/** Gives back the reservation of an attempt that signed in: the newest non-empty bucket of the last two minutes. */
export async function releaseSignInAttempt(database: Database, email: string): Promise<void> {
  const prefix = accountKeyPrefix(email);
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${lockId(prefix)})`);
    await tx.execute(sql`
      update throttles set count = count - 1
      where key = (
        select t.key from throttles t
        where t.count > 0 and t.key = any(array(
          select ${prefix} || (floor(extract(epoch from now()) / ${SIGN_IN_BUCKET_SECONDS})::bigint - g)::text
          from generate_series(0, 1) g))
        order by split_part(t.key, ':', 3)::bigint desc
        limit 1)`);
  });
}

/**
 * A completed password reset proves the address is the user's: their failures are forgotten, so
 * someone who kept the account locked cannot keep its owner out once they have reset it.
 */
export async function clearSignInFailures(database: Database, email: string): Promise<void> {
  const prefix = accountKeyPrefix(email);
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${lockId(prefix)})`);
    await tx.execute(sql`
      delete from throttles where key = any(array(
        select ${prefix} || (floor(extract(epoch from now()) / ${SIGN_IN_BUCKET_SECONDS})::bigint - g)::text
        from generate_series(0, ${SIGN_IN_BUCKETS - 1}) g))`);
  });
}

type HookContext = { path?: string; body?: unknown; context: { returned?: unknown } };

function signInEmail(ctx: HookContext): string | null {
  if (ctx.path !== '/sign-in/email') return null;
  const email = (ctx.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email : null;
}

/** For better-auth's `hooks.before` and `hooks.after` (one line each in auth.ts). */
export function signInThrottleHooks(database: Database, limit = SIGN_IN_FAILURES_PER_HOUR) {
  return {
    async before(ctx: HookContext): Promise<void> {
      const email = signInEmail(ctx);
      if (email) await reserveSignInAttempt(database, email, limit);
    },
    async after(ctx: HookContext): Promise<void> {
      const email = signInEmail(ctx);
      if (!email) return;
      const returned = ctx.context.returned;
      const failed = returned instanceof Error || returned === undefined || returned === null;
      if (!failed) await releaseSignInAttempt(database, email);
    },
  };
}
