/**
 * The diagnostics' pure rules (002 §3, §4, §9): what a check's outcome counts for, the health
 * score, its bands and the thresholds the checks compare measured figures with.
 */

export type CheckStatus = 'passed' | 'warning' | 'failed';
export type Severity = 'low' | 'medium' | 'high' | 'critical';

/** Health score: (passed + 0.5 × warnings) / total × 100, whole percent (§9). No checks: 100. */
export function healthScore(counts: { passed: number; warnings: number; total: number }): number {
  if (counts.total <= 0) return 100;
  const raw = ((counts.passed + 0.5 * counts.warnings) / counts.total) * 100;
  return Math.min(100, Math.max(0, Math.round(raw)));
}

export type OverallStatus = 'healthy' | 'warning' | 'critical';
export type StatusBand = 'excellent' | 'good' | 'warning' | 'critical';
export type HealthColour = 'green' | 'yellow' | 'red';

/** System status band (§9): 95 or more excellent, 85 or more good, 70 or more warning, otherwise critical. */
export function statusBand(score: number): StatusBand {
  if (score >= 95) return 'excellent';
  if (score >= 85) return 'good';
  if (score >= 70) return 'warning';
  return 'critical';
}

/** Health colour (§4): 90 or more green, 70 or more yellow, below that red. */
export function healthColour(score: number): HealthColour {
  if (score >= 90) return 'green';
  if (score >= 70) return 'yellow';
  return 'red';
}

/**
 * Diagnostics' overall status (§4): critical when a check of high or critical severity failed or
 * the score is below 70, warning when anything failed or warned, else healthy.
 */
export function overallStatus(
  results: readonly { status: CheckStatus; severity: Severity }[],
  score: number,
): OverallStatus {
  const failedBadly = results.some(
    (r) => r.status === 'failed' && (r.severity === 'high' || r.severity === 'critical'),
  );
  if (failedBadly || score < 70) return 'critical';
  if (results.some((r) => r.status !== 'passed')) return 'warning';
  return 'healthy';
}

export type Summary = {
  totalTests: number;
  passed: number;
  failed: number;
  warnings: number;
  healthScore: number;
  band: StatusBand;
  overallStatus: OverallStatus;
};

/** Counts, score and status of a set of results. */
export function summarise(results: readonly { status: CheckStatus; severity: Severity }[]): Summary {
  const passed = results.filter((r) => r.status === 'passed').length;
  const failed = results.filter((r) => r.status === 'failed').length;
  const warnings = results.filter((r) => r.status === 'warning').length;
  const score = healthScore({ passed, warnings, total: results.length });
  return {
    totalTests: results.length,
    passed,
    failed,
    warnings,
    healthScore: score,
    band: statusBand(score),
    overallStatus: overallStatus(results, score),
  };
}

/** §9: the sync queue is healthy with pending under 50, failed under 10 and stale pending (older than 24 h) under 5. */
export const SYNC_QUEUE_LIMITS = { pending: 50, failed: 10, stalePending: 5, staleAfterHours: 24 } as const;

export function syncQueueStatus(counts: { pending: number; failed: number; stalePending: number }): CheckStatus {
  const healthy =
    counts.pending < SYNC_QUEUE_LIMITS.pending &&
    counts.failed < SYNC_QUEUE_LIMITS.failed &&
    counts.stalePending < SYNC_QUEUE_LIMITS.stalePending;
  if (healthy) return 'passed';
  // Twice over any limit is a failure; just over it a warning.
  const badly =
    counts.pending >= 2 * SYNC_QUEUE_LIMITS.pending ||
    counts.failed >= 2 * SYNC_QUEUE_LIMITS.failed ||
    counts.stalePending >= 2 * SYNC_QUEUE_LIMITS.stalePending;
  return badly ? 'failed' : 'warning';
}

/**
 * The job queue under the same limits as the sync queue (§9 names no other): jobs waiting, jobs
 * failed for good, and stuck jobs (running with a lock older than the runner's 5-minute lease, or
 * due for more than 24 hours). Any stuck job is at least a warning: it needs releasing.
 */
export function jobQueueStatus(counts: { pending: number; failed: number; stuck: number }): CheckStatus {
  const queue = syncQueueStatus({ pending: counts.pending, failed: counts.failed, stalePending: counts.stuck });
  if (queue === 'passed' && counts.stuck > 0) return 'warning';
  return queue;
}

/** §9: the API answers in under 1,000 ms. */
export const API_RESPONSE_LIMIT_MS = 1000;
/** Database round trip: under 100 ms passes, under 1,000 ms warns (ours; §9 names none). */
export const DATABASE_LATENCY_WARN_MS = 100;

export function latencyStatus(ms: number, limitMs: number, warnMs = limitMs / 2): CheckStatus {
  if (ms >= limitMs) return 'failed';
  if (ms >= warnMs) return 'warning';
  return 'passed';
}

/** §9: consent activity within 7 days. */
export const CONSENT_ACTIVITY_DAYS = 7;

/** §9 cleanup: completed jobs and queue rows older than this go (ours: §9 names no age; 30 days keeps a month to look back on). */
export const CLEANUP_AFTER_DAYS = 30;

/** A critical issue (002 §2, §8): a failed check of high or critical severity. */
export function isCriticalIssue(result: { status: CheckStatus; severity: Severity }): boolean {
  return result.status === 'failed' && (result.severity === 'critical' || result.severity === 'high');
}
