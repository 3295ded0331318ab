import { Bug, CircleCheck, CircleX, FlaskConical, Loader2, RefreshCw, Route } from 'lucide-react';
import { useState } from 'react';
import { refusalReason } from '../../app/api.ts';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { DEBUGGER_LIST_SIZE, type TestSuiteResult, useFullE2eTest, useRunAllTests, useSyncQueue } from './api.ts';
import { ClearQueueButton, ListView, SyncQueueTable, ToolCard } from './crm-parts.tsx';
import { CRM_TEXT, durationText, testNameText, whenText } from './crm-text.ts';

type Outcome = { title: string; result: TestSuiteResult } | { title: string; error: string };

/** A test run's answer: each check with its result, message and time. */
export function TestResults({ outcome }: { outcome: Outcome }) {
  if ('error' in outcome)
    return (
      <Alert variant="destructive" role="alert">
        <CircleX aria-hidden />
        <AlertTitle>{outcome.title} could not run</AlertTitle>
        <AlertDescription className="wrap-anywhere">{outcome.error}</AlertDescription>
      </Alert>
    );
  const { result } = outcome;
  return (
    <section aria-label={`${outcome.title} results`} className="grid gap-3 rounded-xl border p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="font-semibold">
          {outcome.title}: {result.summary.passed} of {result.summary.totalTests} passed
        </h4>
        <span className="text-sm text-muted-foreground tabular-nums">
          {whenText(result.timestamp)} · {durationText(result.duration)}
        </span>
      </div>
      <ul className="grid gap-2">
        {result.tests.map((test) => (
          <li key={test.test} className="flex gap-2 text-sm">
            {test.passed ? (
              <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            ) : (
              <CircleX className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
            )}
            <span className="wrap-anywhere">
              <span className="font-medium">
                {testNameText(test.test)}: {test.passed ? 'Passed' : 'Failed'}.
              </span>{' '}
              {test.message} <span className="text-muted-foreground tabular-nums">({durationText(test.timing)})</span>
            </span>
          </li>
        ))}
      </ul>
      {result.summary.missingProperties && result.summary.missingProperties.length > 0 ? (
        <p className="text-sm wrap-anywhere">
          <span className="font-medium">Missing properties: </span>
          {result.summary.missingProperties.join(', ')}
        </p>
      ) : null}
    </section>
  );
}

/**
 * The Sync Debugger (002 §2): the integration's tests, a full end-to-end test through a test
 * contact, and the latest 20 queue items with their payloads.
 */
export function SyncDebugger({ enabled, disabledId }: { enabled: boolean; disabledId?: string | undefined }) {
  const queue = useSyncQueue(DEBUGGER_LIST_SIZE);
  const allTests = useRunAllTests();
  const e2e = useFullE2eTest();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const busy = allTests.isPending || e2e.isPending;

  const run = (title: string, mutation: typeof allTests) => {
    setOutcome(null);
    mutation.mutate(undefined, {
      onSuccess: (result) => setOutcome({ title, result }),
      onError: (error) => setOutcome({ title, error: refusalReason(error) ?? error.message }),
    });
  };

  return (
    <ToolCard
      title="Sync Debugger"
      icon={<Bug aria-hidden />}
      description="Run All Tests checks the connection, the custom properties and the queue. Full E2E Test sends a test contact through the queue to HubSpot and reads it back."
    >
      <div className="flex flex-wrap gap-2">
        {(
          [
            ['Run All Tests', allTests, <FlaskConical key="icon" aria-hidden />],
            ['Full E2E Test', e2e, <Route key="icon" aria-hidden />],
          ] as const
        ).map(([title, mutation, icon]) => (
          <Button
            key={title}
            variant="outline"
            disabled={!enabled || busy}
            aria-describedby={enabled ? undefined : disabledId}
            onClick={() => run(title, mutation)}
          >
            {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden /> : icon}
            {title}
          </Button>
        ))}
        <Button variant="outline" disabled={queue.isFetching} onClick={() => void queue.refetch()}>
          <RefreshCw className={queue.isFetching ? 'animate-spin' : undefined} aria-hidden />
          Refresh Queue
        </Button>
        <ClearQueueButton disabled={!queue.data || queue.data.length === 0} />
      </div>
      <div aria-live="polite" className="empty:hidden">
        {outcome ? <TestResults outcome={outcome} /> : null}
      </div>
      <div className="grid gap-2">
        <h4 className="font-semibold">Latest {DEBUGGER_LIST_SIZE} queue items</h4>
        <ListView
          query={queue}
          loading="Loading the sync queue"
          failed={CRM_TEXT.syncQueueLoadFailed}
          empty="The sync queue is empty."
        >
          {(items) => <SyncQueueTable items={items} label="Latest sync queue items" showPayload />}
        </ListView>
      </div>
    </ToolCard>
  );
}
