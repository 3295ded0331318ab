/**
 * In-process request and job metrics (issue 31, ADR 0065): what the System Health Dashboard and
 * the Prometheus endpoint read. Each instance counts its own requests and job runs; the queue
 * depth is read from the database when asked, so every instance reports the same queue.
 *
 * The request path pays for two things only: one ring write (the rolling window the dashboard's
 * percentiles and error rate come from) and one series update (a counter per status class and a
 * cumulative histogram per method and route pattern, for Prometheus). Labels are route patterns
 * (`/api/accounts/:id`), never raw paths, so the series are as many as the routes.
 */
import { createHistogram, type Histogram, JOB_BUCKETS_SECONDS, LATENCY_BUCKETS_SECONDS } from './histogram.ts';
import { createRollingWindow, type WindowStats } from './rolling-window.ts';

/** The rolling window the dashboard reads requests over. */
export const REQUEST_WINDOW_MS = 5 * 60_000;
/** Jobs are fewer and mostly hourly: their window is an hour. */
export const JOB_WINDOW_MS = 60 * 60_000;
/** Performance history: one sample per interval, the newest this many. */
export const HISTORY_LENGTH = 120;

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
export const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

export type RequestSeries = {
  method: string;
  route: string;
  /** Requests answered per status class, indexed as STATUS_CLASSES. */
  byClass: Float64Array;
  durationSeconds: Histogram;
};

export type JobSeries = {
  name: string;
  processed: number;
  failed: number;
  durationSeconds: Histogram;
};

/** One point of the Performance Metrics tab: what happened since the sample before it. */
export type PerformanceSample = {
  at: string;
  requests: number;
  serverErrors: number;
  errorRatePercent: number;
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
  jobsRun: number;
  jobsFailed: number;
  meanJobMs: number | null;
  heapUsedBytes: number;
  rssBytes: number;
};

export interface Metrics {
  readonly startedAtMs: number;
  /** The request path's one call: `route` is the matched route pattern. */
  recordRequest(method: string, route: string, status: number, durationMs: number): void;
  /** One job run: `ok` false when it threw (it may be retried). */
  recordJob(name: string, durationMs: number, ok: boolean): void;
  requestSeries(): Iterable<RequestSeries>;
  jobSeries(): Iterable<JobSeries>;
  /** Requests in the last `windowMs` (default REQUEST_WINDOW_MS); `failed` counts 5xx answers. */
  requestWindow(windowMs?: number): WindowStats;
  jobWindow(windowMs?: number): WindowStats;
  /** The performance history, oldest first. */
  history(): PerformanceSample[];
  /** Takes a history sample now (the sampler's tick; tests call it). */
  sample(): PerformanceSample;
  startSampling(everyMs: number): void;
  stop(): void;
}

function statusClassIndex(status: number): number {
  const index = Math.floor(status / 100) - 1;
  return index >= 0 && index < STATUS_CLASSES.length ? index : 4;
}

export function createMetrics(options: { now?: () => number; requestCapacity?: number } = {}): Metrics {
  const now = options.now ?? Date.now;
  const startedAtMs = now();
  const requests = createRollingWindow(options.requestCapacity ?? 16_384);
  const jobs = createRollingWindow(2_048);
  // Route, then method: two look-ups and no string built per request.
  const routes = new Map<string, Map<string, RequestSeries>>();
  const jobNames = new Map<string, JobSeries>();
  const samples: PerformanceSample[] = [];
  let lastSampleAt = startedAtMs;
  let timer: NodeJS.Timeout | undefined;

  function seriesFor(method: string, route: string): RequestSeries {
    let byMethod = routes.get(route);
    if (!byMethod) {
      byMethod = new Map();
      routes.set(route, byMethod);
    }
    let series = byMethod.get(method);
    if (!series) {
      series = {
        method,
        route,
        byClass: new Float64Array(STATUS_CLASSES.length),
        durationSeconds: createHistogram(LATENCY_BUCKETS_SECONDS),
      };
      byMethod.set(method, series);
    }
    return series;
  }

  const metrics: Metrics = {
    startedAtMs,
    recordRequest(method, route, status, durationMs) {
      requests.record(now(), durationMs, status >= 500);
      // A made-up method would make a series per caller's whim; the route is always a pattern.
      const series = seriesFor(KNOWN_METHODS.has(method) ? method : 'OTHER', route);
      const index = statusClassIndex(status);
      series.byClass[index] = (series.byClass[index] as number) + 1;
      series.durationSeconds.observe(durationMs / 1000);
    },
    recordJob(name, durationMs, ok) {
      jobs.record(now(), durationMs, !ok);
      let series = jobNames.get(name);
      if (!series) {
        series = { name, processed: 0, failed: 0, durationSeconds: createHistogram(JOB_BUCKETS_SECONDS) };
        jobNames.set(name, series);
      }
      if (ok) series.processed += 1;
      else series.failed += 1;
      series.durationSeconds.observe(durationMs / 1000);
    },
    *requestSeries() {
      for (const byMethod of routes.values()) yield* byMethod.values();
    },
    jobSeries: () => jobNames.values(),
    requestWindow: (windowMs = REQUEST_WINDOW_MS) => requests.stats(now() - windowMs),
    jobWindow: (windowMs = JOB_WINDOW_MS) => jobs.stats(now() - windowMs),
    history: () => [...samples],
    sample() {
      const at = now();
      const r = requests.stats(lastSampleAt, at);
      const j = jobs.stats(lastSampleAt, at);
      lastSampleAt = at;
      const memory = process.memoryUsage();
      const sample: PerformanceSample = {
        at: new Date(at).toISOString(),
        requests: r.count,
        serverErrors: r.failed,
        errorRatePercent: r.count === 0 ? 0 : (r.failed / r.count) * 100,
        p50Ms: r.p50Ms,
        p95Ms: r.p95Ms,
        p99Ms: r.p99Ms,
        jobsRun: j.count,
        jobsFailed: j.failed,
        meanJobMs: j.meanMs,
        heapUsedBytes: memory.heapUsed,
        rssBytes: memory.rss,
      };
      samples.push(sample);
      if (samples.length > HISTORY_LENGTH) samples.shift();
      return sample;
    },
    startSampling(everyMs) {
      if (timer) clearInterval(timer);
      timer = setInterval(() => metrics.sample(), everyMs);
      // The sampler never keeps a process alive on its own.
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
  return metrics;
}
