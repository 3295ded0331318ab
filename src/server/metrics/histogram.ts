/**
 * A cumulative histogram with fixed bucket bounds, as Prometheus reads one: a count per bucket,
 * the sum and the count of every observation since the process started. Recording finds the
 * bucket by a scan of a dozen bounds and allocates nothing.
 */

/** Seconds: Prometheus' default latency buckets. */
export const LATENCY_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** Seconds: jobs run longer than requests (a news refresh fetches feeds, a digest sends mail). */
export const JOB_BUCKETS_SECONDS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300] as const;

export interface Histogram {
  readonly bounds: readonly number[];
  observe(value: number): void;
  /** Cumulative counts per bound (`le`), then the +Inf count; the sum and the count. */
  read(): { cumulative: number[]; sum: number; count: number };
}

export function createHistogram(bounds: readonly number[]): Histogram {
  const counts = new Float64Array(bounds.length + 1);
  let sum = 0;
  return {
    bounds,
    observe(value) {
      let i = 0;
      while (i < bounds.length && value > (bounds[i] as number)) i += 1;
      counts[i] = (counts[i] as number) + 1;
      sum += value;
    },
    read() {
      const cumulative: number[] = [];
      let running = 0;
      for (const n of counts) {
        running += n;
        cumulative.push(running);
      }
      return { cumulative, sum, count: running };
    },
  };
}
