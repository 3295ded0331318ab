/**
 * The Prometheus text exposition format (version 0.0.4), written by hand: a `# HELP` and a
 * `# TYPE` line per family, then its samples; label values escape `\`, `"` and newlines, help
 * texts `\` and newlines. Nothing here names a user, an address or a secret: the labels are
 * route patterns, methods, status classes, job names and queue states.
 */
import { STATUS_CLASSES, type Metrics } from './metrics.ts';
import type { QueueDepth, SyncQueueDepth } from './system-health.ts';

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function escapeHelp(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

/** A number as the format writes it: integers plainly, NaN and infinities by name. */
export function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return '+Inf';
  if (value === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(value);
}

type Labels = Record<string, string>;

function labelText(labels: Labels): string {
  const parts = Object.entries(labels).map(([k, v]) => `${k}="${escapeLabelValue(v)}"`);
  return parts.length === 0 ? '' : `{${parts.join(',')}}`;
}

class Exposition {
  readonly lines: string[] = [];
  family(name: string, type: 'counter' | 'gauge' | 'histogram' | 'summary', help: string): void {
    this.lines.push(`# HELP ${name} ${escapeHelp(help)}`, `# TYPE ${name} ${type}`);
  }
  sample(name: string, labels: Labels, value: number): void {
    this.lines.push(`${name}${labelText(labels)} ${formatValue(value)}`);
  }
  histogram(
    name: string,
    labels: Labels,
    bounds: readonly number[],
    read: { cumulative: number[]; sum: number; count: number },
  ): void {
    for (const [i, le] of bounds.entries())
      this.sample(`${name}_bucket`, { ...labels, le: formatValue(le) }, read.cumulative[i] as number);
    this.sample(`${name}_bucket`, { ...labels, le: '+Inf' }, read.count);
    this.sample(`${name}_sum`, labels, read.sum);
    this.sample(`${name}_count`, labels, read.count);
  }
  text(): string {
    return `${this.lines.join('\n')}\n`;
  }
}

export type DatabaseReadings = {
  roundTripMs: number | null;
  queue: QueueDepth | null;
  syncQueue: SyncQueueDepth | null;
};

/** Signed-in reads running and waiting for their turn now (http/read-turns.ts). */
export type ReadTurnCounts = { running: number; waiting: number };

/** The whole exposition: this instance's counters and histograms, and the shared queue's depth. */
export function prometheusText(
  metrics: Metrics,
  readings: DatabaseReadings,
  reads: ReadTurnCounts,
  nowMs = Date.now(),
): string {
  const out = new Exposition();
  const requestSeries = [...metrics.requestSeries()];

  out.family(
    'savvypig_http_requests_total',
    'counter',
    'HTTP requests answered, by method, route pattern and status class.',
  );
  for (const s of requestSeries)
    STATUS_CLASSES.forEach((statusClass, i) => {
      const n = s.byClass[i] as number;
      if (n > 0)
        out.sample('savvypig_http_requests_total', { method: s.method, route: s.route, status_class: statusClass }, n);
    });

  out.family(
    'savvypig_http_request_duration_seconds',
    'histogram',
    'Time from a request reaching the app to its answer, by method and route pattern.',
  );
  for (const s of requestSeries)
    out.histogram(
      'savvypig_http_request_duration_seconds',
      { method: s.method, route: s.route },
      s.durationSeconds.bounds,
      s.durationSeconds.read(),
    );

  const window = metrics.requestWindow();
  out.family(
    'savvypig_http_request_duration_recent_seconds',
    'summary',
    'Request durations over the last 5 minutes (this instance), exact quantiles of the most recent requests.',
  );
  for (const [q, v] of [
    ['0.5', window.p50Ms],
    ['0.9', window.p90Ms],
    ['0.95', window.p95Ms],
    ['0.99', window.p99Ms],
  ] as const)
    out.sample('savvypig_http_request_duration_recent_seconds', { quantile: q }, v === null ? Number.NaN : v / 1000);
  out.sample('savvypig_http_request_duration_recent_seconds_sum', {}, ((window.meanMs ?? 0) * window.count) / 1000);
  out.sample('savvypig_http_request_duration_recent_seconds_count', {}, window.count);

  const jobSeries = [...metrics.jobSeries()];
  out.family('savvypig_jobs_processed_total', 'counter', 'Job runs that finished, by job name (this instance).');
  for (const j of jobSeries) out.sample('savvypig_jobs_processed_total', { job: j.name }, j.processed);
  out.family('savvypig_jobs_failed_total', 'counter', 'Job runs that threw, by job name (each retry counts).');
  for (const j of jobSeries) out.sample('savvypig_jobs_failed_total', { job: j.name }, j.failed);
  out.family('savvypig_job_duration_seconds', 'histogram', 'Time a job run took, by job name.');
  for (const j of jobSeries)
    out.histogram('savvypig_job_duration_seconds', { job: j.name }, j.durationSeconds.bounds, j.durationSeconds.read());

  out.family(
    'savvypig_http_reads_running',
    'gauge',
    'Signed-in reads running now (this instance; at most API_READS_AT_ONCE, ADR 0076).',
  );
  out.sample('savvypig_http_reads_running', {}, reads.running);
  out.family('savvypig_http_reads_waiting', 'gauge', 'Signed-in reads waiting for their turn now (this instance).');
  out.sample('savvypig_http_reads_waiting', {}, reads.waiting);

  if (readings.queue) {
    const q = readings.queue;
    out.family('savvypig_job_queue_jobs', 'gauge', 'Jobs in the queue (all instances), by state.');
    out.sample('savvypig_job_queue_jobs', { state: 'due' }, q.due);
    out.sample('savvypig_job_queue_jobs', { state: 'scheduled' }, q.scheduled);
    out.sample('savvypig_job_queue_jobs', { state: 'running' }, q.running);
    out.sample('savvypig_job_queue_jobs', { state: 'failed_24h' }, q.failedLastDay);
    out.sample('savvypig_job_queue_jobs', { state: 'stale' }, q.stalePending);
    out.family('savvypig_job_queue_oldest_due_seconds', 'gauge', 'Age of the oldest due job, 0 when none waits.');
    out.sample('savvypig_job_queue_oldest_due_seconds', {}, q.oldestDueSeconds ?? 0);
  }
  if (readings.syncQueue) {
    out.family('savvypig_crm_sync_queue_items', 'gauge', 'CRM sync queue items, by status.');
    for (const status of ['pending', 'processing', 'completed', 'failed'] as const)
      out.sample('savvypig_crm_sync_queue_items', { status }, readings.syncQueue[status]);
  }
  if (readings.roundTripMs !== null) {
    out.family('savvypig_database_round_trip_seconds', 'gauge', 'One `select 1` round trip, measured for this scrape.');
    out.sample('savvypig_database_round_trip_seconds', {}, readings.roundTripMs / 1000);
  }
  out.family('savvypig_database_up', 'gauge', '1 when the database answered this scrape, else 0.');
  out.sample('savvypig_database_up', {}, readings.roundTripMs === null ? 0 : 1);

  const memory = process.memoryUsage();
  out.family('savvypig_process_uptime_seconds', 'gauge', 'Seconds since this instance started.');
  out.sample('savvypig_process_uptime_seconds', {}, Math.round((nowMs - metrics.startedAtMs) / 1000));
  out.family('savvypig_process_resident_memory_bytes', 'gauge', 'Resident memory of this instance.');
  out.sample('savvypig_process_resident_memory_bytes', {}, memory.rss);
  out.family('savvypig_process_heap_used_bytes', 'gauge', 'JavaScript heap in use.');
  out.sample('savvypig_process_heap_used_bytes', {}, memory.heapUsed);
  return out.text();
}
