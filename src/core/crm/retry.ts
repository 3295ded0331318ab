/**
 * How the CRM sync treats a failed request (ADR 0063): which failures are worth another try, how
 * long to wait before it, and when to give up. Pure, so the schedule is tested on its own.
 */

/** The default schedule: 2 s after the first failure, doubling, never more than 5 minutes. */
export const DEFAULT_RETRY = { baseMs: 2_000, capMs: 5 * 60_000 } as const;

export type RetrySchedule = { baseMs: number; capMs: number };

/** The longest Retry-After honoured; a larger (or broken) one is cut to this. */
export const MAX_RETRY_AFTER_MS = 60 * 60_000;

/** The wait before the next attempt after the `failures`-th failed one (1, 2, 3 …): base × 2^(n−1), capped. */
export function retryDelayMs(failures: number, schedule: RetrySchedule = DEFAULT_RETRY): number {
  const n = Math.max(1, Math.floor(failures));
  return Math.min(schedule.capMs, schedule.baseMs * 2 ** Math.min(n - 1, 40));
}

/** A failed request as the worker saw it: an HTTP status, or no answer at all (timeout, refused). */
export type Failure = { status: number; retryAfter?: string | null | undefined } | { status: null; timeout: boolean };

export type FailureKind = 'rate_limited' | 'retryable' | 'permanent';

/** 429: wait as told; 5xx, 408, timeouts and lost connections: try again; any other 4xx: the request itself is wrong. */
export function classifyFailure(failure: Failure): FailureKind {
  if (failure.status === null) return 'retryable';
  if (failure.status === 429) return 'rate_limited';
  if (failure.status === 408 || failure.status >= 500) return 'retryable';
  return 'permanent';
}

/** Retry-After as milliseconds from `nowMs`: delta seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfterMs(header: string | null | undefined, nowMs: number): number | null {
  if (header === null || header === undefined) return null;
  const text = header.trim();
  if (text === '') return null;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.min(MAX_RETRY_AFTER_MS, Math.round(Number(text) * 1000));
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, date - nowMs));
}

export type NextStep = { action: 'retry'; delayMs: number } | { action: 'fail' };

/**
 * After a failure: retry (and when) or give up. `failures` counts this one; an item is tried at most
 * `maxRetries` + 1 times. A 429 waits as long as its Retry-After says (the backoff when it says nothing).
 */
export function nextStep(
  failure: Failure,
  failures: number,
  maxRetries: number,
  nowMs: number,
  schedule: RetrySchedule = DEFAULT_RETRY,
): NextStep {
  const kind = classifyFailure(failure);
  if (kind === 'permanent' || failures > maxRetries) return { action: 'fail' };
  const backoff = retryDelayMs(failures, schedule);
  if (kind === 'rate_limited' && failure.status !== null) {
    const told = parseRetryAfterMs(failure.retryAfter, nowMs);
    return { action: 'retry', delayMs: told ?? backoff };
  }
  return { action: 'retry', delayMs: backoff };
}
