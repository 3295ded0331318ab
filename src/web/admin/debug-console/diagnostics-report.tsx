import { CircleCheck, CircleX, TriangleAlert } from 'lucide-react';
import { healthColour, isCriticalIssue, statusBand } from '../../../core/diagnostics/health.ts';
import { Badge } from '../../ui/badge.tsx';
import { cn } from '../../ui/cn.ts';
import type { CheckResult, CheckStatus, DiagnosticsRun } from './api.ts';

const STATUS_TEXT: Record<CheckStatus, string> = { passed: 'Passed', warning: 'Warning', failed: 'Failed' };
const BAND_TEXT = { excellent: 'Excellent', good: 'Good', warning: 'Warning', critical: 'Critical' } as const;
const OVERALL_TEXT = { healthy: 'Healthy', warning: 'Warning', critical: 'Critical' } as const;
const COLOUR_CLASS = { green: 'text-success', yellow: 'text-warning', red: 'text-destructive' } as const;

export function StatusBadge({ status }: { status: CheckStatus }) {
  const Icon = status === 'passed' ? CircleCheck : status === 'warning' ? TriangleAlert : CircleX;
  return (
    <Badge variant={status === 'passed' ? 'success' : status === 'warning' ? 'warning' : 'destructive'}>
      <Icon aria-hidden />
      {STATUS_TEXT[status]}
    </Badge>
  );
}

/** The score as a large figure in its §4 colour, with its §9 band in words (never colour alone). */
export function HealthScore({ score, label = 'Health score' }: { score: number; label?: string }) {
  return (
    <div className="grid gap-1">
      <span className="text-sm text-muted-foreground">{label}</span>
      <span className={cn('text-3xl font-semibold tabular-nums', COLOUR_CLASS[healthColour(score)])}>{score}%</span>
      <span className="text-sm">{BAND_TEXT[statusBand(score)]}</span>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="grid gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function groupByCategory(results: readonly CheckResult[]): [string, CheckResult[]][] {
  const groups = new Map<string, CheckResult[]>();
  for (const r of results) groups.set(r.category, [...(groups.get(r.category) ?? []), r]);
  return [...groups];
}

/** A run's summary, critical issues, recommendations and results grouped by category (002 §2). */
export function DiagnosticsReport({ run, title }: { run: DiagnosticsRun; title: string }) {
  const { summary } = run;
  const critical = run.results.filter(isCriticalIssue);
  return (
    <section aria-label={title} className="grid gap-6">
      <div className="grid gap-6 sm:grid-cols-[auto_1fr] sm:items-start">
        <HealthScore score={summary.healthScore} />
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Figure label="Overall status" value={OVERALL_TEXT[summary.overallStatus]} />
          <Figure label="Tests passed" value={`${summary.passed} of ${summary.totalTests}`} />
          <Figure label="Issues found" value={summary.failed + summary.warnings} />
          <Figure
            label="Took"
            value={`${(run.durationMs / 1000).toLocaleString('en-GB', { maximumFractionDigits: 1 })} s`}
          />
        </dl>
      </div>
      {critical.length > 0 ? (
        <div className="grid gap-2">
          <h4 className="font-medium">Critical issues</h4>
          <ul className="grid gap-1 text-sm">
            {critical.map((r) => (
              <li key={r.id} className="flex gap-2 text-destructive">
                <CircleX className="mt-0.5 size-4 shrink-0" aria-hidden />
                {r.test}: {r.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {summary.recommendations.length > 0 ? (
        <div className="grid gap-2">
          <h4 className="font-medium">Recommendations</h4>
          <ul className="list-disc grid gap-1 pl-5 text-sm">
            {summary.recommendations.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {groupByCategory(run.results).map(([category, results]) => (
        <div key={category} className="grid gap-2">
          <h4 className="font-medium">{category}</h4>
          <ul className="grid gap-2" aria-label={`${category} results`}>
            {results.map((r) => (
              <li
                key={r.id}
                data-check={r.id}
                className="grid gap-1 rounded-md border p-3 sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4"
              >
                <div className="grid gap-0.5">
                  <span className="font-medium">{r.test}</span>
                  <span className="text-sm text-muted-foreground wrap-anywhere">{r.message}</span>
                </div>
                <div className="flex items-center gap-3">
                  <span className="text-xs tabular-nums text-muted-foreground">
                    {r.durationMs.toLocaleString('en-GB', { maximumFractionDigits: 1 })} ms
                  </span>
                  <StatusBadge status={r.status} />
                </div>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
