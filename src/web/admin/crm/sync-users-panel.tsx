import { CircleCheck, CircleX, Loader2, Users } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { refusalReason } from '../../app/api.ts';
import { notify } from '../../app/notify.ts';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Label } from '../../ui/label.tsx';
import { SectionLoadError, SectionSkeleton } from '../../ui/section-states.tsx';
import { AdminTable, AdminTableBody, AdminTableCell, AdminTableRow } from '../subscriptions/admin-table.tsx';
import {
  SYNC_USER_STATUSES,
  SYNC_USERS_RESULT_ROWS,
  type SyncUserStatus,
  type SyncUsersRun,
  useStartSyncUsers,
  useSyncUsersRun,
} from './api.ts';
import { Email, EmptyList, HeaderRow, Long, LongCell, PercentBar, ToolCard } from './crm-parts.tsx';
import { countText, CRM_TEXT, whenText } from './crm-text.ts';

const RESULT_WORDS: Record<SyncUserStatus, string> = {
  created: 'Created',
  exists: 'Already in HubSpot',
  updated: 'Updated',
  error: 'Error',
  skipped: 'Skipped',
};

const RESULT_TONE = {
  created: 'success',
  exists: 'secondary',
  updated: 'info',
  error: 'destructive',
  skipped: 'outline',
} as const;

function RunCounts({ run }: { run: SyncUsersRun }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      <div className="rounded-lg border p-3">
        <dt className="text-sm text-muted-foreground">Users</dt>
        <dd className="text-2xl font-bold tabular-nums">{countText(run.total)}</dd>
      </div>
      {SYNC_USER_STATUSES.map((status) => (
        <div key={status} className="rounded-lg border p-3">
          <dt className="text-sm text-muted-foreground">{RESULT_WORDS[status]}</dt>
          <dd className="text-2xl font-bold tabular-nums">{countText(run.counts[status] ?? 0)}</dd>
        </div>
      ))}
    </dl>
  );
}

function ResultTable({ run }: { run: SyncUsersRun }) {
  const rows = run.results.slice(0, SYNC_USERS_RESULT_ROWS);
  if (rows.length === 0) return <EmptyList>No users have been sent yet.</EmptyList>;
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground">
        {run.processed > rows.length
          ? `The first ${countText(rows.length)} of ${countText(run.processed)} results.`
          : `${countText(rows.length)} results.`}
      </p>
      <AdminTable aria-label="Sync users results">
        <HeaderRow columns={['Email', 'Result', 'HubSpot ID', 'Reason or error']} />
        <AdminTableBody>
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a user appears once per run; the index only separates a repeated address.
            <AdminTableRow key={`${row.email}-${index}`}>
              <LongCell label="Email">
                <Email address={row.email} />
              </LongCell>
              <AdminTableCell label="Result">
                <Badge variant={RESULT_TONE[row.status]}>{RESULT_WORDS[row.status]}</Badge>
              </AdminTableCell>
              <AdminTableCell label="HubSpot ID" className="tabular-nums">
                <Long>{row.hubspotId ?? '—'}</Long>
              </AdminTableCell>
              <LongCell label="Reason or error">{row.error ?? row.reason ?? '—'}</LongCell>
            </AdminTableRow>
          ))}
        </AdminTableBody>
      </AdminTable>
    </div>
  );
}

function RunSummary({ run }: { run: SyncUsersRun }) {
  const percent = run.total === 0 ? (run.status === 'running' ? 0 : 100) : (run.processed / run.total) * 100;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        {run.status === 'running' ? (
          <span className="flex items-center gap-1.5 font-medium">
            <Loader2 className="size-4 animate-spin" aria-hidden />
            Syncing page {run.page} ({countText(run.processed)} of {countText(run.total)} users)
          </span>
        ) : run.status === 'completed' ? (
          <span className="flex items-center gap-1.5 font-medium">
            <CircleCheck className="size-4 text-success" aria-hidden />
            {CRM_TEXT.syncUsersCompleted}
          </span>
        ) : (
          <span className="flex items-center gap-1.5 font-medium">
            <CircleX className="size-4 text-destructive" aria-hidden />
            {CRM_TEXT.synchronisationFailed}
          </span>
        )}
        <span className="text-muted-foreground">
          Started {whenText(run.startedAt)}
          {run.forceUpdate ? ', force update' : ''}
          {run.finishedAt ? `; finished ${whenText(run.finishedAt)}` : ''}
        </span>
      </div>
      <PercentBar label="Progress" percent={percent} />
      {run.error ? (
        <Alert variant="destructive">
          <CircleX aria-hidden />
          <AlertTitle>{CRM_TEXT.synchronisationFailed}</AlertTitle>
          <AlertDescription className="wrap-anywhere">{run.error}</AlertDescription>
        </Alert>
      ) : null}
      <RunCounts run={run} />
      <ResultTable run={run} />
    </div>
  );
}

/**
 * The Sync Users panel (002 §2): sends every user to HubSpot, 20 a page with a 1 s pause, on the
 * server; the panel follows the run (progress, counts, the first 100 results) until it ends.
 */
export function SyncUsersPanel({ enabled, disabledId }: { enabled: boolean; disabledId?: string | undefined }) {
  const run = useSyncUsersRun();
  const start = useStartSyncUsers();
  const [forceUpdate, setForceUpdate] = useState(false);
  const forceId = useId();
  const running = run.data?.status === 'running';

  // The end of a run this panel watched is announced once, in the spec's words.
  const watched = useRef<string | null>(null);
  useEffect(() => {
    const current = run.data;
    if (!current) return;
    if (current.status === 'running') watched.current = current.id;
    else if (watched.current === current.id) {
      watched.current = null;
      if (current.status === 'completed') notify.success(CRM_TEXT.syncUsersCompleted);
      else notify.error(CRM_TEXT.synchronisationFailed, { detail: current.error });
    }
  }, [run.data]);

  return (
    <ToolCard
      title="Sync Users"
      icon={<Users aria-hidden />}
      description="Sends every user to HubSpot as a contact: an address HubSpot already has is linked, not created again. Force update sends users already linked as well."
    >
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex items-center gap-2">
          <input
            id={forceId}
            type="checkbox"
            className="size-4 accent-primary"
            checked={forceUpdate}
            disabled={!enabled || running}
            onChange={(event) => setForceUpdate(event.target.checked)}
          />
          <Label htmlFor={forceId}>Force update</Label>
        </div>
        <Button
          disabled={!enabled || running || start.isPending}
          aria-describedby={enabled ? undefined : disabledId}
          onClick={() =>
            start.mutate(
              { forceUpdate },
              {
                onSuccess: ({ run: started }) => {
                  watched.current = started.id;
                },
                onError: (error) =>
                  notify.error(CRM_TEXT.syncUsersFailed, { detail: refusalReason(error) ?? error.message }),
              },
            )
          }
        >
          {running || start.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
          {running ? 'Syncing users...' : 'Start sync'}
        </Button>
      </div>
      {run.isPending ? (
        <SectionSkeleton rows={3} label="Loading the last sync of users" />
      ) : run.isError ? (
        <SectionLoadError
          message={CRM_TEXT.syncUsersFailed}
          onRetry={() => void run.refetch()}
          retrying={run.isFetching}
        />
      ) : run.data ? (
        <RunSummary run={run.data} />
      ) : (
        <EmptyList>No sync of users has run yet. Start sync sends every user to HubSpot.</EmptyList>
      )}
    </ToolCard>
  );
}
