import { CircleCheck, CircleX, FlaskConical, KeyRound, ListChecks } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { refusalReason } from '../../app/api.ts';
import { notify } from '../../app/notify.ts';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { SectionLoadError, SectionSkeleton } from '../../ui/section-states.tsx';
import { dateTimeText } from '../bank-data/report-text.ts';
import { type DebugTestName, type DebugTestResults, useDebugApiStatus, useRunDebugTest } from './api.ts';
import { Facts } from './system-diagnostics-tab.tsx';

const TESTS: { name: Exclude<DebugTestName, 'full'>; label: string }[] = [
  { name: 'auth', label: 'Auth Test' },
  { name: 'navigation', label: 'Navigation Test' },
  { name: 'database', label: 'Database Test' },
  { name: 'system-health', label: 'System Health Test' },
];

/** The system-health test's environment flags, in words. */
const ENVIRONMENT_WORDS: Record<string, string> = {
  nodeEnv: 'Environment',
  database: 'Database',
  smtp: 'E-mail by SMTP',
  stripe: 'Stripe configured',
  hubspot: 'HubSpot configured',
  jobsEnabled: 'Job runner on this instance',
};

const count = (n: number) => n.toLocaleString('en-GB');
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function PassBadge({ status }: { status: 'pass' | 'fail' }) {
  return status === 'pass' ? (
    <Badge variant="success">
      <CircleCheck aria-hidden />
      Pass
    </Badge>
  ) : (
    <Badge variant="destructive">
      <CircleX aria-hidden />
      Fail
    </Badge>
  );
}

function ResultCard({
  title,
  status,
  rows,
  children,
}: {
  title: string;
  status: 'pass' | 'fail';
  rows: [string, string][];
  children?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-base">{title}</CardTitle>
        <PassBadge status={status} />
      </CardHeader>
      <CardContent className="grid gap-3">
        <Facts label={`${title} figures`} rows={rows} />
        {children}
      </CardContent>
    </Card>
  );
}

/** The tests' answers, each part in words and figures (the last answer of each part is kept). */
function Results({ results }: { results: DebugTestResults }) {
  const { authTest, navigationTest, databaseTest, systemHealth } = results;
  return (
    <section aria-label="TestSprite API results" className="grid gap-4 md:grid-cols-2">
      {authTest ? (
        <ResultCard
          title="Auth"
          status={authTest.status}
          rows={[
            ['Users', count(authTest.totalUsers)],
            ['Signed up in the last 7 days', count(authTest.recentUsers)],
            ['Active subscriptions', count(authTest.activeSubscriptions)],
          ]}
        >
          {authTest.errors.length > 0 ? (
            <ul className="grid gap-1 text-sm text-destructive" aria-label="Auth test errors">
              {authTest.errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          ) : null}
        </ResultCard>
      ) : null}
      {navigationTest ? (
        <ResultCard
          title="Navigation"
          status={navigationTest.status}
          rows={[
            ['Public routes', count(navigationTest.subscriptionGuards.public)],
            ['Signed-in routes', count(navigationTest.subscriptionGuards.user)],
            ['Admin routes', count(navigationTest.subscriptionGuards.admin)],
            ['Admin users', count(navigationTest.adminUsers)],
          ]}
        />
      ) : null}
      {databaseTest ? (
        <ResultCard
          title="Database"
          status={databaseTest.status}
          rows={[
            ['Query time', `${databaseTest.queryTime.toLocaleString('en-GB', { maximumFractionDigits: 1 })} ms`],
            ['Connected', yesNo(databaseTest.basicConnectivity)],
            ['Row-level security enforced', yesNo(databaseTest.rlsFunctionTest)],
          ]}
        />
      ) : null}
      {systemHealth ? (
        <ResultCard
          title="System health"
          status={systemHealth.status}
          rows={[
            ['Health score', `${systemHealth.healthScore}%`],
            ...Object.entries(systemHealth.environment).map(
              ([key, value]) =>
                [ENVIRONMENT_WORDS[key] ?? key, typeof value === 'boolean' ? yesNo(value) : value] as [string, string],
            ),
          ]}
        >
          <ul className="grid gap-1 text-sm" aria-label="Server functions">
            {systemHealth.edgeFunctions.map((f) => (
              <li key={f.function} className="flex items-center justify-between gap-2">
                <span className="wrap-anywhere font-mono text-xs">{f.function}</span>
                {f.available ? (
                  <Badge variant="success">
                    <CircleCheck aria-hidden />
                    Available
                  </Badge>
                ) : (
                  <Badge variant="secondary">
                    <CircleX aria-hidden />
                    Not configured
                  </Badge>
                )}
              </li>
            ))}
          </ul>
        </ResultCard>
      ) : null}
    </section>
  );
}

/**
 * TestSprite API (002 §2, §7 testsprite-debug-api): the outside debug API's auth, navigation,
 * database and system-health tests and the full suite, run here by an admin. Says whether the
 * outside API is on and which header it needs, never the key.
 */
export function TestSpriteApiTab() {
  const status = useDebugApiStatus();
  const runTest = useRunDebugTest();
  const [running, setRunning] = useState<DebugTestName | null>(null);
  const [results, setResults] = useState<DebugTestResults | null>(null);
  const [error, setError] = useState<string | null>(null);

  const start = (name: DebugTestName, label: string) => {
    setRunning(name);
    setError(null);
    runTest.mutate(name, {
      onSuccess: (data) => {
        setResults((previous) => ({ ...previous, ...data }));
        const parts = [data.authTest, data.navigationTest, data.databaseTest, data.systemHealth].filter(Boolean);
        const failed = parts.filter((p) => p?.status === 'fail').length;
        if (failed > 0) notify.error(`${label}: ${failed} of ${parts.length} failed`);
        else notify.success(`${label}: ${parts.length} of ${parts.length} passed`);
      },
      onError: (e) => {
        const reason = refusalReason(e) ?? e.message;
        setError(reason);
        notify.error(`${label} failed`, { detail: reason });
      },
      onSettled: () => setRunning(null),
    });
  };

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader className="grid gap-1.5">
          <CardTitle>TestSprite API</CardTitle>
          <CardDescription>
            Auth, navigation, database and full-suite tests: the answers an outside test runner gets from the debug API,
            run here as you.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {status.isPending ? (
            <SectionSkeleton rows={1} label="Loading the debug API's state" />
          ) : status.isError ? (
            <SectionLoadError
              message="The debug API's state could not be loaded."
              onRetry={() => void status.refetch()}
              retrying={status.isFetching}
            />
          ) : (
            <Alert variant={status.data.enabled ? 'info' : 'default'}>
              <KeyRound aria-hidden />
              <AlertTitle>Outside debug API: {status.data.enabled ? 'on' : 'off'}</AlertTitle>
              <AlertDescription>
                {status.data.enabled ? (
                  <p>
                    DEBUG_API_KEY is set. Requests to /api/debug/… must send it in the{' '}
                    <code className="font-mono">{status.data.header}</code> header.
                  </p>
                ) : (
                  <p>
                    DEBUG_API_KEY is not set, so /api/debug/… answers 404. Set it on the server (32 characters or more)
                    to turn it on; requests then send it in the <code className="font-mono">{status.data.header}</code>{' '}
                    header.
                  </p>
                )}
              </AlertDescription>
            </Alert>
          )}
          <div className="flex flex-wrap gap-2">
            {TESTS.map((test) => (
              <Button
                key={test.name}
                variant="outline"
                onClick={() => start(test.name, test.label)}
                disabled={running !== null}
              >
                <FlaskConical aria-hidden />
                {running === test.name ? 'Running...' : test.label}
              </Button>
            ))}
            <Button onClick={() => start('full', 'Full suite')} disabled={running !== null}>
              <ListChecks aria-hidden />
              {running === 'full' ? 'Running...' : 'Run Full Suite'}
            </Button>
          </div>
          <p className="sr-only" aria-live="polite">
            {running ? 'Running the test…' : results ? 'Test results updated.' : ''}
          </p>
          {error ? (
            <Alert variant="destructive">
              <CircleX aria-hidden />
              <AlertTitle>The test could not run</AlertTitle>
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          ) : null}
          {results ? (
            <div className="grid gap-3">
              <p className="text-sm text-muted-foreground">Last answer {dateTimeText(results.timestamp)}</p>
              <Results results={results} />
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">
              Run a test or the full suite to see its results. The tests read counts and settings only, never anyone's
              rows.
            </p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
