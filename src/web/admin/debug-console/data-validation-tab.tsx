import { Brush, CircleCheck, CircleX, ShieldCheck, Wrench } from 'lucide-react';
import { useState } from 'react';
import { refusalReason } from '../../app/api.ts';
import { notify } from '../../app/notify.ts';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import {
  type DiagnosticsRun,
  type FixOutcome,
  useAutoFix,
  useCleanup,
  useLastValidationRun,
  useRunDiagnostics,
} from './api.ts';
import { DiagnosticsReport } from './diagnostics-report.tsx';

const reason = (error: Error) => refusalReason(error) ?? error.message;

/** Integration Validation Suite (002 §2) with the Data Validation tab's run, auto-fix and cleanup. */
export function DataValidationTab() {
  const validate = useRunDiagnostics();
  const autoFix = useAutoFix();
  const cleanup = useCleanup();
  const last = useLastValidationRun();
  const [ran, setRun] = useState<DiagnosticsRun | null>(null);
  // Until a run here, the suite's last run (any admin's) is shown.
  const run = ran ?? last.data?.run ?? null;
  const [fixed, setFixed] = useState<FixOutcome[] | null>(null);
  const [cleaned, setCleaned] = useState<{ table: string; removed: number }[] | null>(null);
  const hasFailures =
    (run?.summary.failed ?? 0) > 0 || run?.results.some((r) => r.status !== 'passed' && r.fix) === true;

  const startValidation = () =>
    validate.mutate(undefined, {
      onSuccess: (data) => {
        setRun(data);
        setFixed(null);
        notify.success(`Validation completed: ${data.summary.passed} tests passed`);
      },
      onError: (error) => notify.error(`Validation failed: ${reason(error)}`),
    });
  const startAutoFix = () =>
    autoFix.mutate(undefined, {
      onSuccess: (data) => {
        setRun(data.after);
        setFixed(data.fixed);
        notify.success(`Auto-fix completed: ${data.fixed.filter((f) => f.ok).length} issues resolved`);
      },
      onError: (error) => notify.error(`Auto-fix failed: ${reason(error)}`),
    });
  const startCleanup = () =>
    cleanup.mutate(undefined, {
      onSuccess: (data) => {
        setCleaned(data.cleaned);
        const removed = data.cleaned.reduce((n, c) => n + c.removed, 0);
        notify.success(`Cleanup completed: ${removed} old rows removed`);
      },
      onError: (error) => notify.error('Cleanup failed', { detail: reason(error) }),
    });

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader className="flex flex-wrap items-start justify-between gap-4">
          <div className="grid gap-1.5">
            <CardTitle>Integration Validation Suite</CardTitle>
            <CardDescription>
              Database, migrations, row-level security, queues, consent, API speed and data integrity, checked now.
            </CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button onClick={startValidation} disabled={validate.isPending}>
              <ShieldCheck aria-hidden />
              {validate.isPending ? 'Validating...' : 'Run Full Validation'}
            </Button>
            <Button variant="outline" onClick={startAutoFix} disabled={!hasFailures || autoFix.isPending}>
              <Wrench aria-hidden />
              {autoFix.isPending ? 'Fixing...' : 'Auto-Fix Issues'}
            </Button>
          </div>
        </CardHeader>
        <CardContent className="grid gap-6">
          {fixed ? (
            <div className="grid gap-2">
              <h4 className="font-medium">Fixed</h4>
              {fixed.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nothing needed fixing.</p>
              ) : (
                <ul className="grid gap-1 text-sm" aria-label="Fixes applied">
                  {fixed.map((f) => (
                    <li key={`${f.fix}-${f.subject}`} className="flex gap-2">
                      {f.ok ? (
                        <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-label="Fixed" />
                      ) : (
                        <CircleX className="mt-0.5 size-4 shrink-0 text-destructive" aria-label="Not fixed" />
                      )}
                      <span className="wrap-anywhere">
                        {f.subject}: {f.message}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ) : null}
          {run ? (
            <DiagnosticsReport run={run} title="Validation results" />
          ) : (
            <p className="text-sm text-muted-foreground">
              Run Full Validation to check the system. Auto-Fix Issues mends what it can once a check has failed.
            </p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex flex-wrap items-start justify-between gap-4">
          <div className="grid gap-1.5">
            <CardTitle>Cleanup</CardTitle>
            <CardDescription>Removes finished jobs and completed sync items older than 30 days.</CardDescription>
          </div>
          <Button variant="outline" onClick={startCleanup} disabled={cleanup.isPending}>
            <Brush aria-hidden />
            {cleanup.isPending ? 'Cleaning up...' : 'Clean Up'}
          </Button>
        </CardHeader>
        {cleaned ? (
          <CardContent>
            <ul className="grid gap-1 text-sm" aria-label="Cleanup results">
              {cleaned.map((c) => (
                <li key={c.table}>
                  {c.table}: {c.removed.toLocaleString('en-GB')} removed
                </li>
              ))}
            </ul>
          </CardContent>
        ) : null}
      </Card>
    </div>
  );
}
