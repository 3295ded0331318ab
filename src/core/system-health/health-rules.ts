/**
 * The System Health Dashboard's rules (002 §4, §8, §9; ADR 0065): the alerts its figures raise,
 * and the health score, bands and colours of its checks (the diagnostics' own rules, shared).
 * Pure: the server measures the figures and passes them in.
 */
import {
  type CheckStatus,
  type HealthColour,
  healthColour,
  healthScore,
  type StatusBand,
  statusBand,
} from '../diagnostics/health.ts';

export type { CheckStatus, HealthColour, StatusBand as HealthBand };
export { healthColour, statusBand as healthBand };

/** A health check's outcome, as the dashboard lists it under Validation Tests. */
export type HealthCheck = {
  /** A stable id (`database`, `api-response`, …). */
  id: string;
  name: string;
  status: CheckStatus;
  message: string;
  /** How long the check took to measure, in milliseconds (null when it read only memory). */
  durationMs: number | null;
};

/** 002 §9's health score of a set of checks: (passed + 0.5 × warnings) / total × 100 (diagnostics' rule). */
export function healthScorePercent(checks: readonly Pick<HealthCheck, 'status'>[]): number {
  return healthScore({
    passed: checks.filter((c) => c.status === 'passed').length,
    warnings: checks.filter((c) => c.status === 'warning').length,
    total: checks.length,
  });
}

/** 002 §9's alert thresholds and all-clear limits (error rate in percent, backlog in items). */
export const ALERT_THRESHOLDS = {
  highErrorRatePercent: 10,
  largeBacklogItems: 50,
  lowHealthPercent: 70,
  allClearErrorRatePercent: 5,
  allClearBacklogItems: 10,
  allClearHealthPercent: 90,
} as const;

/** 002 §4: alert levels. */
export type AlertLevel = 'critical' | 'error' | 'warning';

export type SystemAlert = {
  id: 'low-health' | 'high-error-rate' | 'large-backlog' | 'critical-validation-issues';
  level: AlertLevel;
  message: string;
};

export type AlertFigures = {
  healthPercent: number;
  errorRatePercent: number;
  backlogItems: number;
  /** Critical data validation issues, when the validation suite has run; null when unknown. */
  criticalValidationIssues?: number | null;
};

/** 002 §8's texts; the high error rate has none there, so its words are ours (ADR 0065). */
export const ALERT_TEXT = {
  lowHealth: (score: number) => `System health is critical (${score}%). Immediate attention required.`,
  largeBacklog: (n: number) => `Large sync queue backlog detected (${n} items). Consider processing manually.`,
  criticalValidation: (n: number) => `${n} critical data validation issues found. Run auto-fix or manual resolution.`,
  highErrorRate: (percent: string) =>
    `High error rate detected (${percent}% of recent requests and jobs failed). Check the server log for the failing routes and jobs.`,
  allClear: 'All systems operational: error rate under 5%, queue backlog under 10 and health at 90% or more.',
} as const;

/** A rate in percent as the alerts and cards write it: one decimal place at most. */
export function percentText(percent: number): string {
  return (Math.round(percent * 10) / 10).toLocaleString('en-GB', { maximumFractionDigits: 1 });
}

/** The alerts the figures raise (002 §9), most severe first. */
export function systemAlerts(figures: AlertFigures): SystemAlert[] {
  const alerts: SystemAlert[] = [];
  if (figures.healthPercent < ALERT_THRESHOLDS.lowHealthPercent)
    alerts.push({ id: 'low-health', level: 'critical', message: ALERT_TEXT.lowHealth(figures.healthPercent) });
  const issues = figures.criticalValidationIssues ?? 0;
  if (issues > 0)
    alerts.push({
      id: 'critical-validation-issues',
      level: 'critical',
      message: ALERT_TEXT.criticalValidation(issues),
    });
  if (figures.errorRatePercent > ALERT_THRESHOLDS.highErrorRatePercent)
    alerts.push({
      id: 'high-error-rate',
      level: 'error',
      message: ALERT_TEXT.highErrorRate(percentText(figures.errorRatePercent)),
    });
  if (figures.backlogItems > ALERT_THRESHOLDS.largeBacklogItems)
    alerts.push({ id: 'large-backlog', level: 'warning', message: ALERT_TEXT.largeBacklog(figures.backlogItems) });
  return alerts;
}

/** 002 §9: all clear needs the error rate under 5%, the backlog under 10 and health at 90% or more. */
export function isAllClear(figures: AlertFigures): boolean {
  return (
    figures.errorRatePercent < ALERT_THRESHOLDS.allClearErrorRatePercent &&
    figures.backlogItems < ALERT_THRESHOLDS.allClearBacklogItems &&
    figures.healthPercent >= ALERT_THRESHOLDS.allClearHealthPercent &&
    (figures.criticalValidationIssues ?? 0) === 0
  );
}

/** The check statuses of a rate in percent: under the all-clear limit passes, up to the alert threshold warns. */
export function errorRateStatus(percent: number): CheckStatus {
  if (percent < ALERT_THRESHOLDS.allClearErrorRatePercent) return 'passed';
  if (percent <= ALERT_THRESHOLDS.highErrorRatePercent) return 'warning';
  return 'failed';
}

/** A backlog's check status by the same limits: under 10 passes, up to 50 warns, above 50 fails. */
export function backlogStatus(items: number): CheckStatus {
  if (items < ALERT_THRESHOLDS.allClearBacklogItems) return 'passed';
  if (items <= ALERT_THRESHOLDS.largeBacklogItems) return 'warning';
  return 'failed';
}
