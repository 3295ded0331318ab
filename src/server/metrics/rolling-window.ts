/**
 * The most recent observations (a duration and whether it failed) in a fixed ring of typed
 * arrays: recording one costs three array writes and no allocation, so it sits on the request
 * path; reading (the admin's dashboard, a scrape) copies and sorts what falls in the window.
 */

export type WindowStats = {
  /** Observations in the window. */
  count: number;
  failed: number;
  /** Mean duration in milliseconds; null with no observations. */
  meanMs: number | null;
  p50Ms: number | null;
  p90Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
};

/**
 * The nearest-rank percentile of ascending `sorted` values: the smallest value with at least
 * `q` of the values at or below it. Null for no values.
 */
export function nearestRank(sorted: ArrayLike<number>, q: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? null;
}

export interface RollingWindow {
  readonly capacity: number;
  /** Records one observation at `atMs` (epoch milliseconds). */
  record(atMs: number, durationMs: number, failed: boolean): void;
  /** The observations with `sinceMs < at <= untilMs` (of the last `capacity` recorded). */
  stats(sinceMs: number, untilMs?: number): WindowStats;
}

export function createRollingWindow(capacity: number): RollingWindow {
  const at = new Float64Array(capacity);
  const duration = new Float64Array(capacity);
  const failedFlags = new Uint8Array(capacity);
  let next = 0;
  let filled = 0;
  return {
    capacity,
    record(atMs, durationMs, failed) {
      at[next] = atMs;
      duration[next] = durationMs;
      failedFlags[next] = failed ? 1 : 0;
      next = next + 1 === capacity ? 0 : next + 1;
      if (filled < capacity) filled += 1;
    },
    stats(sinceMs, untilMs = Number.POSITIVE_INFINITY) {
      const picked = new Float64Array(filled);
      let count = 0;
      let failed = 0;
      let sum = 0;
      for (let i = 0; i < filled; i += 1) {
        const t = at[i] as number;
        if (t <= sinceMs || t > untilMs) continue;
        const d = duration[i] as number;
        picked[count] = d;
        count += 1;
        sum += d;
        failed += failedFlags[i] as number;
      }
      const sorted = picked.subarray(0, count).sort();
      return {
        count,
        failed,
        meanMs: count === 0 ? null : sum / count,
        p50Ms: nearestRank(sorted, 0.5),
        p90Ms: nearestRank(sorted, 0.9),
        p95Ms: nearestRank(sorted, 0.95),
        p99Ms: nearestRank(sorted, 0.99),
        maxMs: count === 0 ? null : (sorted[count - 1] ?? null),
      };
    },
  };
}
