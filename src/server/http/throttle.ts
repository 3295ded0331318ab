import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/client.ts';
import { rowsOf, type Tx } from '../db/rls.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { AppError } from '../errors.ts';

/** Whether a call was within its limit, and how long until the window ends (for `Retry-After`). */
export type ThrottleResult = { allowed: boolean; retryAfterSeconds: number };

/**
 * Fixed-window counter in the database, so a limit holds across app instances.
 * `allowed` is true when this call is within `limit` for the current window.
 */
export async function takeThrottle(
  db: AppDb,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<ThrottleResult> {
  const rows = rowsOf<{ count: number; retry_after: number }>(
    await db.execute(sql`
    insert into throttles (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when throttles.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else throttles.count + 1 end,
      window_start = case when throttles.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else throttles.window_start end
    returning count, greatest(1, ceil(extract(epoch from window_start + make_interval(secs => ${windowSeconds}) - now())))::int as retry_after`),
  );
  const row = rows[0];
  return { allowed: (row?.count ?? 1) <= limit, retryAfterSeconds: Number(row?.retry_after ?? windowSeconds) };
}

/** The 429 for a refused limit, with `Retry-After` set to when asking again can succeed. */
export function throttleRefusal(
  code: 'RATE_LIMITED' | 'TOO_SOON',
  message: string,
  { retryAfterSeconds }: Pick<ThrottleResult, 'retryAfterSeconds'>,
): AppError {
  return new AppError(code, message, undefined, { retryAfterSeconds });
}

/** A throttle key part for an e-mail address: a hash, so `throttles` holds no addresses. */
export function addressKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 40);
}

/** Windows in `throttles` are at most this long; rows idle for longer are only clutter. */
export const LONGEST_THROTTLE_WINDOW_SECONDS = 24 * 60 * 60;
/** Sign-in failure buckets (auth/sign-in-throttle.ts) matter for 61 minutes. */
const SIGN_IN_BUCKET_LIFETIME_SECONDS = 62 * 60;

export const THROTTLE_CLEANUP_JOB = 'throttles:cleanup';

/** Deletes counters whose window has long passed; returns how many went. */
export async function deleteExpiredThrottles(db: AppDb | Tx): Promise<number> {
  const rows = rowsOf<{ key: string }>(
    await db.execute(sql`
      delete from throttles
      where window_start < now() - make_interval(secs => ${LONGEST_THROTTLE_WINDOW_SECONDS})
         or (key like 'sign-in-failures:%' and window_start < now() - make_interval(secs => ${SIGN_IN_BUCKET_LIFETIME_SECONDS}))
      returning key`),
  );
  return rows.length;
}

/** Registers the hourly clean-up with the job queue (one run per hour across all instances). */
export async function scheduleThrottleCleanup(jobs: JobRunner): Promise<void> {
  jobs.register(THROTTLE_CLEANUP_JOB, async ({ tx }) => {
    await deleteExpiredThrottles(tx);
  });
  await jobs.schedule(THROTTLE_CLEANUP_JOB, 60 * 60);
}
