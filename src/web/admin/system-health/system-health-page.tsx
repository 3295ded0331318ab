import {
  Activity,
  CircleCheck,
  Gauge,
  Info,
  ListTodo,
  type LucideIcon,
  OctagonAlert,
  PlugZap,
  RefreshCw,
  Send,
  ShieldCheck,
  Timer,
  TriangleAlert,
} from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { ALERT_TEXT, percentText, type SystemAlert } from '../../../core/system-health/health-rules.ts';
import { refusalReason } from '../../app/api.ts';
import { notify } from '../../app/notify.ts';
import { isRegistered, paths } from '../../app/paths.ts';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card.tsx';
import { SectionLoadError, SectionSkeleton } from '../../ui/section-states.tsx';
import { Switch } from '../../ui/switch.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs.tsx';
import { AdminHeader } from '../admin-header.tsx';
import { dateTimeText } from '../bank-data/report-text.ts';
import { useLastValidationRun, useRunDiagnostics } from '../debug-console/api.ts';
import { DiagnosticsReport } from '../debug-console/diagnostics-report.tsx';
import {
  AdminTable,
  AdminTableBody,
  AdminTableCell,
  AdminTableHead,
  AdminTableRow,
} from '../subscriptions/admin-table.tsx';
import {
  type Performance,
  type SystemHealth,
  usePerformance,
  useSystemHealth,
  useTestHubspot,
  useTestSyncQueue,
} from './api.ts';
import { BandBadge, bandTone, CheckBadge, IntegrationBadge } from './health-status.tsx';
import { clockText, durationText, FETCH_FAILED, megabytesText, uptimeText } from './health-text.ts';
import { PerformanceChart } from './performance-chart.tsx';

type TestOutcome = { title: string; message: string; ok: boolean | null };

/**
 * /admin/system-health, the System Health Dashboard (002 §2, issue 31): health %, queue backlog,
 * error rate and average processing time, all measured by the server when asked; Refresh All,
 * Test HubSpot, Test Sync Queue and a 30-second auto-refresh (off at start); tabs Validation
 * Tests, Performance Metrics and System Alerts.
 */
export function SystemHealthPage() {
  const [autoRefresh, setAutoRefresh] = useState(false);
  const health = useSystemHealth({ autoRefresh });
  const performance = usePerformance({ autoRefresh });
  const testQueue = useTestSyncQueue();
  const testHubspot = useTestHubspot();
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const switchId = useId();

  const refreshAll = async () => {
    setRefreshing(true);
    try {
      const [h, p] = await Promise.all([health.refetch(), performance.refetch()]);
      if (h.isError || p.isError) notify.error(FETCH_FAILED);
      else notify.success('System health refreshed');
    } finally {
      setRefreshing(false);
    }
  };

  const runQueueTest = () =>
    testQueue.mutate(undefined, {
      onSuccess: (result) => {
        const ok = result.status === 'pass';
        setOutcome({ title: 'Test Sync Queue', message: result.message, ok });
        if (ok) notify.success(result.message);
        else notify.error(result.message);
      },
      onError: (error) => notify.error(refusalReason(error) ?? `Test Sync Queue failed: ${error.message}`),
    });

  const runHubspotTest = () =>
    testHubspot.mutate(undefined, {
      onSuccess: (result) => {
        const ok = result.status === 'healthy' ? true : result.status === 'disabled' ? null : false;
        setOutcome({ title: 'Test HubSpot', message: result.message, ok });
        if (ok) notify.success(result.message);
        else if (ok === null) notify.info(result.message);
        else notify.error(result.message);
      },
      onError: (error) => notify.error(refusalReason(error) ?? `Test HubSpot failed: ${error.message}`),
    });

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8 sm:px-6 md:py-10">
      <AdminHeader
        title="System health"
        description="How SavvyPig is running now: the figures are measured by the server each time you refresh, from the requests and jobs it handled and a round trip to the database."
        showBackToSettings
      />

      <section aria-label="Controls" className="flex flex-wrap items-center gap-3">
        <Button type="button" onClick={() => void refreshAll()} disabled={refreshing}>
          <RefreshCw aria-hidden className={refreshing ? 'animate-spin' : undefined} />
          Refresh All
        </Button>
        <Button type="button" variant="outline" onClick={runHubspotTest} disabled={testHubspot.isPending}>
          <PlugZap aria-hidden />
          {testHubspot.isPending ? 'Testing HubSpot...' : 'Test HubSpot'}
        </Button>
        <Button type="button" variant="outline" onClick={runQueueTest} disabled={testQueue.isPending}>
          <Send aria-hidden />
          {testQueue.isPending ? 'Testing the queue...' : 'Test Sync Queue'}
        </Button>
        <div className="flex items-center gap-3 rounded-lg border px-3 py-2 sm:ml-auto">
          <Switch id={switchId} checked={autoRefresh} onCheckedChange={setAutoRefresh} />
          <label htmlFor={switchId} className="text-sm font-medium">
            Auto-refresh every 30 seconds
          </label>
          <Badge variant={autoRefresh ? 'success' : 'secondary'}>{autoRefresh ? 'On' : 'Off'}</Badge>
        </div>
      </section>

      <div>
        {outcome ? (
          <Alert
            variant={outcome.ok === true ? 'success' : outcome.ok === null ? 'info' : 'destructive'}
            role="status"
            aria-label={`${outcome.title} result`}
          >
            {outcome.ok === true ? (
              <CircleCheck aria-hidden />
            ) : outcome.ok === null ? (
              <Info aria-hidden />
            ) : (
              <OctagonAlert aria-hidden />
            )}
            <AlertTitle>{outcome.title}</AlertTitle>
            <AlertDescription>{outcome.message}</AlertDescription>
          </Alert>
        ) : null}
      </div>

      {health.isPending ? (
        <SectionSkeleton rows={4} label="Measuring the system" />
      ) : health.isError || !health.data ? (
        <SectionLoadError message={FETCH_FAILED} onRetry={() => void health.refetch()} retrying={health.isFetching} />
      ) : (
        <HealthFigures health={health.data} />
      )}

      {health.data ? <HealthTabs health={health.data} performance={performance} /> : null}
    </div>
  );
}

function FigureCard({
  icon: Icon,
  label,
  value,
  detail,
  badge,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  detail: ReactNode;
  badge?: ReactNode;
}) {
  return (
    <Card className="gap-2">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
          <Icon className="size-4 text-brand" aria-hidden />
          {label}
        </CardTitle>
        {badge}
      </CardHeader>
      <CardContent className="grid gap-1">
        <p className="text-3xl font-semibold tabular-nums">{value}</p>
        <p className="text-sm text-muted-foreground">{detail}</p>
      </CardContent>
    </Card>
  );
}

function HealthFigures({ health }: { health: SystemHealth }) {
  const { backlog, errorRate, processing } = health;
  const processingDetail =
    processing.source === 'sync-queue'
      ? `Mean of ${processing.count} CRM sync items in the last hour`
      : processing.source === 'jobs'
        ? `Mean of ${processing.count} job ${processing.count === 1 ? 'run' : 'runs'} in the last hour`
        : 'No job ran in the last hour';
  return (
    <section aria-labelledby="figures-heading" className="grid gap-3">
      <h2 id="figures-heading" className="sr-only">
        Figures
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <FigureCard
          icon={Activity}
          label="System health"
          value={`${health.healthPercent}%`}
          badge={<BandBadge band={health.band} colour={health.colour} />}
          detail={`${health.checks.filter((c) => c.status === 'passed').length} of ${health.checks.length} checks passed`}
        />
        <FigureCard
          icon={ListTodo}
          label="Queue backlog"
          value={backlog.total.toLocaleString('en-GB')}
          detail={`${backlog.jobsDue} jobs due; CRM sync queue ${backlog.syncPending === null ? 'not configured' : `${backlog.syncPending} pending`}`}
        />
        <FigureCard
          icon={Gauge}
          label="Error rate"
          value={`${percentText(errorRate.percent)}%`}
          detail={`${errorRate.failed} of ${errorRate.total.toLocaleString('en-GB')} requests and job runs failed in the last 5 minutes`}
        />
        <FigureCard
          icon={Timer}
          label="Average processing time"
          value={durationText(processing.meanMs)}
          detail={processingDetail}
        />
      </div>
      <p className="text-sm text-muted-foreground">
        Measured at {clockText(health.measuredAt)} · up {uptimeText(health.uptimeSeconds)} · database{' '}
        {health.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}{' '}
        {health.database.up ? `${durationText(health.database.roundTripMs)} round trip` : 'not answering'} · memory{' '}
        {megabytesText(health.memory.rssBytes)}
      </p>
    </section>
  );
}

function HealthTabs({ health, performance }: { health: SystemHealth; performance: ReturnType<typeof usePerformance> }) {
  const alertCount = health.alerts.length;
  return (
    <Tabs defaultValue="validation">
      <TabsList aria-label="System health details" className="grid h-auto grid-cols-3 sm:inline-flex">
        <TabsTrigger value="validation" className="min-h-11 whitespace-normal">
          Validation Tests
        </TabsTrigger>
        <TabsTrigger value="performance" className="min-h-11 whitespace-normal">
          Performance Metrics
        </TabsTrigger>
        <TabsTrigger value="alerts" className="min-h-11 whitespace-normal">
          System Alerts{alertCount > 0 ? ` (${alertCount})` : ''}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="validation" className="mt-6">
        <ValidationTests health={health} />
      </TabsContent>
      <TabsContent value="performance" className="mt-6">
        <PerformanceMetrics health={health} performance={performance} />
      </TabsContent>
      <TabsContent value="alerts" className="mt-6">
        <SystemAlerts health={health} />
      </TabsContent>
    </Tabs>
  );
}

function ValidationTests({ health }: { health: SystemHealth }) {
  const passed = health.checks.filter((c) => c.status === 'passed').length;
  return (
    <section aria-labelledby="validation-heading" className="grid gap-6">
      <FullValidation />
      <div>
        <h2 id="validation-heading" className="text-xl font-semibold">
          Live checks
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {passed} of {health.checks.length} checks passed. The health score counts each passed check in full and each
          warning as half.
        </p>
      </div>
      <AdminTable aria-label="Validation tests">
        <AdminTableHead>
          <tr>
            <th scope="col">Check</th>
            <th scope="col">Result</th>
            <th scope="col">Details</th>
            <th scope="col" className="text-right">
              Took
            </th>
          </tr>
        </AdminTableHead>
        <AdminTableBody>
          {health.checks.map((check) => (
            <AdminTableRow key={check.id}>
              <AdminTableCell label="Check" className="font-medium">
                {check.name}
              </AdminTableCell>
              <AdminTableCell label="Result">
                <CheckBadge status={check.status} />
              </AdminTableCell>
              <AdminTableCell label="Details">{check.message}</AdminTableCell>
              <AdminTableCell label="Took" className="tabular-nums md:text-right">
                {durationText(check.durationMs)}
              </AdminTableCell>
            </AdminTableRow>
          ))}
        </AdminTableBody>
      </AdminTable>
      <dl className="grid gap-3 rounded-xl border p-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Fact term="CRM (HubSpot)">
          <IntegrationBadge status={health.crm.status} />{' '}
          <span className="text-muted-foreground">{health.crm.message}</span>
        </Fact>
        <Fact term="E-mail">
          <IntegrationBadge status={health.mail.status} />{' '}
          <span className="text-muted-foreground">{health.mail.message}</span>
        </Fact>
        <Fact term="Job runner">
          {health.jobs.runnerOnThisInstance ? 'Runs on this instance' : 'Off on this instance'}; {health.jobs.running}{' '}
          running, {health.jobs.scheduled} waiting for their time
        </Fact>
        <Fact term="Memory">
          {megabytesText(health.memory.rssBytes)} resident, {megabytesText(health.memory.heapUsedBytes)} heap in use
        </Fact>
      </dl>
    </section>
  );
}

/**
 * Run Full Validation: the Integration Validation Suite's checks (the server keeps the run as the
 * last run, whose critical issues System Alerts raises), grouped by category with the health score.
 */
function FullValidation() {
  const last = useLastValidationRun();
  const validate = useRunDiagnostics();
  const run = validate.data ?? last.data?.run ?? null;
  const start = () =>
    validate.mutate(undefined, {
      onSuccess: (data) => notify.success(`Validation completed: ${data.summary.passed} tests passed`),
      onError: (error) => notify.error(`Validation failed: ${refusalReason(error) ?? error.message}`),
    });
  return (
    <section aria-labelledby="full-validation-heading" className="grid gap-4 rounded-xl border p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h2 id="full-validation-heading" className="text-xl font-semibold">
            Validation Tests
          </h2>
          <p className="text-sm text-muted-foreground">
            Database, migrations, row-level security, queues, consent, API speed and data integrity.{' '}
            {run ? `Last run ${dateTimeText(run.ranAt)}.` : 'Not run yet.'}
            {isRegistered('adminDebugConsole') ? (
              <>
                {' '}
                Auto-Fix and cleanup are in the <Link to={paths.adminDebugConsole()}>debug console</Link>.
              </>
            ) : null}
          </p>
        </div>
        <Button onClick={start} disabled={validate.isPending} aria-describedby="full-validation-heading">
          <ShieldCheck aria-hidden />
          {validate.isPending ? 'Validating...' : 'Run Full Validation'}
        </Button>
      </div>
      {last.isError && !run ? (
        <SectionLoadError
          message="The last validation run could not be loaded."
          onRetry={() => void last.refetch()}
          retrying={last.isFetching}
        />
      ) : null}
      {last.isPending && !validate.data ? <SectionSkeleton rows={3} label="Loading the last validation run" /> : null}
      {run ? <DiagnosticsReport run={run} title="Validation results" /> : null}
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="font-medium">{term}</dt>
      <dd className="flex flex-wrap items-center gap-2">{children}</dd>
    </div>
  );
}

function PerformanceMetrics({
  health,
  performance,
}: {
  health: SystemHealth;
  performance: ReturnType<typeof usePerformance>;
}) {
  const { latency } = health;
  return (
    <section aria-labelledby="performance-heading" className="grid gap-4">
      <div>
        <h2 id="performance-heading" className="text-xl font-semibold">
          Performance Metrics
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Request times on this instance over the last 5 minutes ({latency.requests.toLocaleString('en-GB')} requests).
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {(
          [
            ['50th percentile', latency.p50Ms],
            ['90th percentile', latency.p90Ms],
            ['95th percentile', latency.p95Ms],
            ['99th percentile', latency.p99Ms],
            ['Mean', latency.meanMs],
            ['Slowest', latency.maxMs],
          ] as const
        ).map(([term, value]) => (
          <div key={term} className="rounded-xl border p-3">
            <dt className="text-xs text-muted-foreground">{term}</dt>
            <dd className="text-lg font-semibold tabular-nums">{durationText(value)}</dd>
          </div>
        ))}
      </dl>
      {performance.isPending ? (
        <SectionSkeleton rows={3} label="Loading the performance history" />
      ) : performance.isError || !performance.data ? (
        <SectionLoadError
          message={FETCH_FAILED}
          onRetry={() => void performance.refetch()}
          retrying={performance.isFetching}
        />
      ) : (
        <PerformanceHistory performance={performance.data} />
      )}
    </section>
  );
}

function PerformanceHistory({ performance }: { performance: Performance }) {
  const { samples, sampleEverySeconds } = performance;
  const newestFirst = [...samples].reverse().slice(0, 20);
  return (
    <div className="grid gap-4">
      <h3 className="font-semibold">
        History (a sample every {sampleEverySeconds === 1 ? 'second' : `${sampleEverySeconds} seconds`})
      </h3>
      {samples.length >= 2 ? (
        <PerformanceChart samples={samples} />
      ) : (
        <p className="rounded-xl border border-dashed p-4 text-sm text-muted-foreground">
          The chart appears once two samples have been taken; one is taken every{' '}
          {sampleEverySeconds === 1 ? 'second' : `${sampleEverySeconds} seconds`} while the server runs.
        </p>
      )}
      {newestFirst.length > 0 ? (
        <AdminTable aria-label="Performance samples, newest first">
          <AdminTableHead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col" className="text-right">
                Requests
              </th>
              <th scope="col" className="text-right">
                Server errors
              </th>
              <th scope="col" className="text-right">
                50th percentile
              </th>
              <th scope="col" className="text-right">
                95th percentile
              </th>
              <th scope="col" className="text-right">
                Jobs run
              </th>
              <th scope="col" className="text-right">
                Mean job
              </th>
              <th scope="col" className="text-right">
                Heap
              </th>
            </tr>
          </AdminTableHead>
          <AdminTableBody>
            {newestFirst.map((s) => (
              <AdminTableRow key={s.at}>
                <AdminTableCell label="Time" className="tabular-nums">
                  {clockText(s.at)}
                </AdminTableCell>
                <AdminTableCell label="Requests" className="tabular-nums md:text-right">
                  {s.requests.toLocaleString('en-GB')}
                </AdminTableCell>
                <AdminTableCell label="Server errors" className="tabular-nums md:text-right">
                  {s.serverErrors}
                </AdminTableCell>
                <AdminTableCell label="50th percentile" className="tabular-nums md:text-right">
                  {durationText(s.p50Ms)}
                </AdminTableCell>
                <AdminTableCell label="95th percentile" className="tabular-nums md:text-right">
                  {durationText(s.p95Ms)}
                </AdminTableCell>
                <AdminTableCell label="Jobs run" className="tabular-nums md:text-right">
                  {s.jobsRun}
                  {s.jobsFailed > 0 ? ` (${s.jobsFailed} failed)` : ''}
                </AdminTableCell>
                <AdminTableCell label="Mean job" className="tabular-nums md:text-right">
                  {durationText(s.meanJobMs)}
                </AdminTableCell>
                <AdminTableCell label="Heap" className="tabular-nums md:text-right">
                  {megabytesText(s.heapUsedBytes)}
                </AdminTableCell>
              </AdminTableRow>
            ))}
          </AdminTableBody>
        </AdminTable>
      ) : null}
    </div>
  );
}

const ALERT_LOOK: Record<SystemAlert['level'], { variant: 'destructive' | 'warning'; icon: LucideIcon; word: string }> =
  {
    critical: { variant: 'destructive', icon: OctagonAlert, word: 'Critical' },
    error: { variant: 'destructive', icon: TriangleAlert, word: 'Error' },
    warning: { variant: 'warning', icon: TriangleAlert, word: 'Warning' },
  };

function SystemAlerts({ health }: { health: SystemHealth }) {
  return (
    <section aria-labelledby="alerts-heading" className="grid gap-4">
      <div>
        <h2 id="alerts-heading" className="text-xl font-semibold">
          System Alerts
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          An alert shows when the error rate is above 10%, the queue backlog above 50 items, the health below 70% or the
          last full validation found critical issues.
        </p>
      </div>
      {health.alerts.length > 0 ? (
        <ul aria-label="Alerts" className="grid gap-3">
          {health.alerts.map((alert) => {
            const { variant, icon: Icon, word } = ALERT_LOOK[alert.level];
            return (
              <li key={alert.id}>
                <Alert variant={variant}>
                  <Icon aria-hidden />
                  <AlertTitle>{word}</AlertTitle>
                  <AlertDescription>{alert.message}</AlertDescription>
                </Alert>
              </li>
            );
          })}
        </ul>
      ) : health.allClear ? (
        <Alert variant="success">
          <CircleCheck aria-hidden />
          <AlertTitle>All clear</AlertTitle>
          <AlertDescription>{ALERT_TEXT.allClear}</AlertDescription>
        </Alert>
      ) : (
        <Alert variant={bandTone(health.colour) === 'success' ? 'info' : 'warning'}>
          <Info aria-hidden />
          <AlertTitle>No alerts</AlertTitle>
          <AlertDescription>
            Nothing has crossed an alert threshold, but not every figure is within the all-clear limits (error rate
            under 5%, backlog under 10, health at 90% or more).
          </AlertDescription>
        </Alert>
      )}
    </section>
  );
}
