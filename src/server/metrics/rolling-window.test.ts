import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHistogram, LATENCY_BUCKETS_SECONDS } from './histogram.ts';
import { createRollingWindow, nearestRank } from './rolling-window.ts';

/** The reference: sort a plain array and take the nearest rank, the textbook way. */
function referencePercentile(values: number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil(q * sorted.length)) - 1]!;
}

const duration = fc.double({ min: 0, max: 60_000, noNaN: true, noDefaultInfinity: true });
const observation = fc.record({ offsetMs: fc.integer({ min: 0, max: 10_000 }), ms: duration, failed: fc.boolean() });

describe('the rolling window', () => {
  it('gives the same percentiles, count, failures and mean as a sorted array of the observations in the window', () => {
    fc.assert(
      fc.property(
        fc.array(observation, { maxLength: 300 }),
        fc.integer({ min: 1, max: 128 }),
        fc.integer({ min: 0, max: 10_000 }),
        (observations, capacity, since) => {
          const window = createRollingWindow(capacity);
          const base = 1_700_000_000_000;
          // Recorded in time order, as the clock gives them.
          const ordered = [...observations].sort((a, b) => a.offsetMs - b.offsetMs);
          for (const o of ordered) window.record(base + o.offsetMs, o.ms, o.failed);
          // Only the last `capacity` are kept; of those, the ones after `since`.
          const kept = ordered.slice(-capacity).filter((o) => o.offsetMs > since);
          const stats = window.stats(base + since);
          const values = kept.map((o) => o.ms);
          expect(stats.count).toBe(kept.length);
          expect(stats.failed).toBe(kept.filter((o) => o.failed).length);
          for (const [q, got] of [
            [0.5, stats.p50Ms],
            [0.9, stats.p90Ms],
            [0.95, stats.p95Ms],
            [0.99, stats.p99Ms],
          ] as const)
            expect(got).toBe(referencePercentile(values, q));
          expect(stats.maxMs).toBe(values.length === 0 ? null : Math.max(...values));
          if (values.length === 0) expect(stats.meanMs).toBeNull();
          else expect(stats.meanMs).toBeCloseTo(values.reduce((a, b) => a + b, 0) / values.length, 6);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('counts only what falls between since and until', () => {
    const window = createRollingWindow(8);
    for (const [at, ms] of [
      [1000, 5],
      [2000, 7],
      [3000, 9],
    ] as const)
      window.record(at, ms, ms === 7);
    expect(window.stats(1000, 2000)).toMatchObject({ count: 1, failed: 1, p50Ms: 7 });
    expect(window.stats(0)).toMatchObject({ count: 3, p50Ms: 7, p99Ms: 9, maxMs: 9 });
  });

  it('takes the nearest rank: the 50th percentile of 1..4 is 2, the 99th of 1..100 is 99', () => {
    expect(nearestRank([1, 2, 3, 4], 0.5)).toBe(2);
    expect(
      nearestRank(
        Float64Array.from({ length: 100 }, (_, i) => i + 1),
        0.99,
      ),
    ).toBe(99);
    expect(nearestRank([], 0.5)).toBeNull();
  });
});

describe('the cumulative histogram', () => {
  it('counts each observation in the first bucket whose bound is at or above it, cumulatively, with the sum', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 20, noNaN: true }), { maxLength: 200 }), (values) => {
        const histogram = createHistogram(LATENCY_BUCKETS_SECONDS);
        for (const v of values) histogram.observe(v);
        const read = histogram.read();
        LATENCY_BUCKETS_SECONDS.forEach((le, i) => {
          expect(read.cumulative[i]).toBe(values.filter((v) => v <= le).length);
        });
        expect(read.cumulative.at(-1)).toBe(values.length);
        expect(read.count).toBe(values.length);
        expect(read.sum).toBeCloseTo(
          values.reduce((a, b) => a + b, 0),
          6,
        );
      }),
      { numRuns: 100 },
    );
  });
});
