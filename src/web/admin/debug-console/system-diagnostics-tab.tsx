import { Activity, RefreshCw, Stethoscope } from 'lucide-react';
import { useId, useState } from 'react';
import { refusalReason } from '../../app/api.ts';
import { notify } from '../../app/notify.ts';
import { Alert, AlertTitle } from '../../ui/alert.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { Label } from '../../ui/label.tsx';
import { SectionLoadError, SectionSkeleton } from '../../ui/section-states.tsx';
import { Switch } from '../../ui/switch.tsx';
import { type DebugOverview, type DiagnosticsRun, useDebugOverview, useRunDiagnostics } from './api.ts';
import { DiagnosticsReport, HealthScore } from './diagnostics-report.tsx';

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
const ms = (value: number | null) =>
  value === null ? 'Not measured yet' : `${value.toLocaleString('en-GB', { maximumFractionDigits: 1 })} ms`;

/** Terms and their figures, a row each (also the TestSprite API tab's result cards). */
export function Facts({ label, rows }: { label: string; rows: [string, string | number][] }) {
  return (
    <section aria-label={label}>
      <dl className="grid gap-2 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="flex justify-between gap-4 border-b pb-1 last:border-0">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="tabular-nums text-right">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const HUBSPOT_TEXT = { healthy: 'Healthy', warning: 'Warning', disabled: 'Disabled', error: 'Error' } as const;

function Overview({ data }: { data: DebugOverview }) {
  return (
    <div className="grid gap-6">
      {data.alerts.length > 0 ? (
        <ul className="grid gap-2" aria-label="Alerts">
          {data.alerts.map((alert) => (
            <li key={alert.message}>
              <Alert variant={alert.level === 'warning' ? 'default' : 'destructive'}>
                <AlertTitle>{alert.message}</AlertTitle>
              </Alert>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Card>
          <CardContent className="pt-6">
            <HealthScore score={data.healthScore} label="Health (database and API)" />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Users</CardTitle>
          </CardHeader>
          <CardContent>
            <Facts
              label="User activity"
              rows={[
                ['Total', data.userActivity.total.toLocaleString('en-GB')],
                ['Active in the last 24 hours', data.userActivity.activeToday.toLocaleString('en-GB')],
              ]}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Consent changes</CardTitle>
          </CardHeader>
          <CardContent>
            <Facts
              label="Consent audit"
              rows={[
                ['Total', data.consentAudit.total.toLocaleString('en-GB')],
                ['Last 24 hours', data.consentAudit.last24Hours.toLocaleString('en-GB')],
              ]}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Services</CardTitle>
          </CardHeader>
          <CardContent>
            <Facts
              label="Services"
              rows={[
                ['Database', `${data.database.status === 'healthy' ? 'Healthy' : 'Error'} (${data.database.kind})`],
                ['HubSpot', HUBSPOT_TEXT[data.hubspot.status]],
              ]}
            />
          </CardContent>
        </Card>
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle>Performance</CardTitle>
            <CardDescription>Measured now</CardDescription>
          </CardHeader>
          <CardContent>
            <Facts
              label="Performance"
              rows={[
                ['Database round trip', ms(data.performance.databaseMs)],
                ['API response', ms(data.performance.apiResponseMs)],
                ['Average sync processing', ms(data.performance.averageProcessingMs)],
              ]}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Sync queue</CardTitle>
            <CardDescription>
              {data.syncQueue.configured
                ? `Error rate ${data.syncQueue.errorRate.toLocaleString('en-GB')}%`
                : 'Not configured on this server'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Facts
              label="Sync queue"
              rows={[
                ['Pending', data.syncQueue.pending],
                ['Processing', data.syncQueue.processing],
                ['Completed', data.syncQueue.completed],
                ['Failed', data.syncQueue.failed],
                ['Oldest pending', data.syncQueue.oldestPending ? dateTime(data.syncQueue.oldestPending) : 'None'],
              ]}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Error analysis</CardTitle>
            <CardDescription>
              Failed jobs and sync items, alike errors counted together ({data.jobs.failed} failed job
              {data.jobs.failed === 1 ? '' : 's'})
            </CardDescription>
          </CardHeader>
          <CardContent>
            {data.errorPatterns.length === 0 ? (
              <p className="text-sm text-muted-foreground">No errors recorded.</p>
            ) : (
              <ul className="grid gap-2 text-sm" aria-label="Error patterns">
                {data.errorPatterns.map((p) => (
                  <li key={p.pattern} className="flex justify-between gap-3">
                    <code className="wrap-anywhere">{p.pattern}</code>
                    <Badge variant="secondary">{p.count}</Badge>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
      <p className="text-xs text-muted-foreground">
        Measured <time dateTime={data.timestamp}>{dateTime(data.timestamp)}</time>
      </p>
    </div>
  );
}

/** Comprehensive System Diagnostics (002 §2): one button; status, tests passed, issues, score, recommendations. */
function ComprehensiveDiagnostics() {
  const run = useRunDiagnostics();
  const [result, setResult] = useState<DiagnosticsRun | null>(null);
  const start = () =>
    run.mutate(undefined, {
      onSuccess: (data) => {
        setResult(data);
        const text = `System status: ${data.summary.overallStatus} (${data.summary.healthScore}%)`;
        if (data.summary.overallStatus === 'healthy') notify.success(text);
        else if (data.summary.overallStatus === 'warning') notify.warning(text);
        else notify.error(text);
      },
      onError: (error) => notify.error(`Diagnostics failed: ${refusalReason(error) ?? error.message}`),
    });
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle>Comprehensive System Diagnostics</CardTitle>
          <CardDescription>Every check against the running system, each timed.</CardDescription>
        </div>
        <Button onClick={start} disabled={run.isPending}>
          <Stethoscope aria-hidden />
          {run.isPending ? 'Running diagnostics...' : 'Run Diagnostics'}
        </Button>
      </CardHeader>
      <CardContent>
        {result ? (
          <DiagnosticsReport run={result} title="Diagnostics results" />
        ) : (
          <p className="text-sm text-muted-foreground">Run the diagnostics to see the system’s status.</p>
        )}
      </CardContent>
    </Card>
  );
}

export function SystemDiagnosticsTab() {
  const [autoRefresh, setAutoRefresh] = useState(false);
  const overview = useDebugOverview(autoRefresh);
  const switchId = useId();
  const refresh = async () => {
    const result = await overview.refetch();
    if (result.isError) notify.error('Failed to run diagnostics');
    else notify.success('System diagnostics updated');
  };
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-2">
          <Switch id={switchId} checked={autoRefresh} onCheckedChange={setAutoRefresh} />
          <Label htmlFor={switchId}>Auto-refresh every 30 seconds</Label>
        </div>
        <Button variant="outline" onClick={refresh} disabled={overview.isFetching}>
          <RefreshCw className={overview.isFetching ? 'animate-spin' : undefined} aria-hidden />
          Refresh
        </Button>
      </div>
      {overview.isPending ? (
        <SectionSkeleton rows={4} label="Loading system diagnostics" />
      ) : overview.isError ? (
        <SectionLoadError
          message="Failed to run diagnostics"
          onRetry={() => void overview.refetch()}
          retrying={overview.isFetching}
        />
      ) : (
        <Overview data={overview.data} />
      )}
      <ComprehensiveDiagnostics />
      <p className="flex items-center gap-2 text-xs text-muted-foreground">
        <Activity className="size-3" aria-hidden />
        Figures come from the running system; nothing here is a fixed number.
      </p>
    </div>
  );
}
