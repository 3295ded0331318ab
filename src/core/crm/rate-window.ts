/**
 * The provider's rate limit as a sliding window (ADR 0063): at most `limit` requests in any
 * `windowMs`. A fixed window (counter reset every 10 s) would let 2 × limit through across a
 * boundary; the sliding one never does. The database keeps the sent times for every instance;
 * this is the rule it applies, and what the tests measure the fake server's log with.
 */

export type RateWindow = { limit: number; windowMs: number };

/** HubSpot's limit for a private app: 100 requests per 10 seconds. */
export const HUBSPOT_RATE_WINDOW: RateWindow = { limit: 100, windowMs: 10_000 };

export type SlotDecision = { allowed: true } | { allowed: false; waitMs: number };

/**
 * Whether one more request may go at `nowMs`, given the times of those sent before (any order).
 * When not, how long until the oldest one in the window leaves it.
 */
export function decideSlot(sentAtMs: readonly number[], nowMs: number, window: RateWindow): SlotDecision {
  const inWindow = sentAtMs.filter((t) => t > nowMs - window.windowMs).sort((a, b) => a - b);
  if (inWindow.length < window.limit) return { allowed: true };
  const oldestThatMustLeave = inWindow[inWindow.length - window.limit]!;
  return { allowed: false, waitMs: Math.max(1, oldestThatMustLeave + window.windowMs - nowMs) };
}

/** The most requests found in any window of `windowMs` (half-open, [t, t + windowMs)). */
export function maxInAnyWindow(timesMs: readonly number[], windowMs: number): number {
  const sorted = [...timesMs].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while (sorted[end]! - sorted[start]! >= windowMs) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}
