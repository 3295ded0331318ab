import { CircleCheck, CircleMinus, CircleX, Clock, Play, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { isRegistered, paths } from '../../app/paths.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { SectionLoadError, SectionSkeleton } from '../../ui/section-states.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs.tsx';
import { AdminHeader } from '../admin-header.tsx';
import { AdminTable, AdminTableBody, AdminTableCell, AdminTableRow } from '../subscriptions/admin-table.tsx';
import { type ConsentLogEntry, MONITOR_LIST_SIZE, useConsentLog, useCrmStatus, useSyncQueue } from './api.ts';
import {
  ClearQueueButton,
  Email,
  HeaderRow,
  IntegrationDisabledNotice,
  ListView,
  LongCell,
  PercentBar,
  QueueCounters,
  SyncQueueTable,
  WhenCell,
} from './crm-parts.tsx';
import { CONSENT_STATUS_WORDS, type ConsentSyncStatus, CRM_TEXT, syncTypeText } from './crm-text.ts';
import { RetryFailedButton, useProcessAction } from './process-action.tsx';

const CONSENT_TONE = { pending: 'warning', completed: 'success', failed: 'destructive' } as const;
const CONSENT_ICON = {
  pending: <Clock aria-hidden />,
  completed: <CircleCheck aria-hidden />,
  failed: <CircleX aria-hidden />,
} as const;

function ConsentStatusBadge({ status, queued }: { status: ConsentSyncStatus; queued: boolean }) {
  // Recorded while the CRM was off: nothing was queued, so it is not waiting for anything.
  if (status === 'pending' && !queued)
    return (
      <Badge variant="secondary">
        <CircleMinus aria-hidden />
        {CRM_TEXT.consentNotSent}
      </Badge>
    );
  return (
    <Badge variant={CONSENT_TONE[status]}>
      {CONSENT_ICON[status]}
      {CONSENT_STATUS_WORDS[status]}
    </Badge>
  );
}

const FLAGS = ['essential', 'analytics', 'functional', 'marketing'] as const;
const FLAG_WORDS = { essential: 'Essential', analytics: 'Analytics', functional: 'Functional', marketing: 'Marketing' };

function ConsentChoices({ data }: { data: ConsentLogEntry['consentData'] }) {
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1">
      {FLAGS.map((flag) => (
        <li key={flag} className="flex items-center gap-1 [&_svg]:size-3.5">
          {data[flag] ? (
            <CircleCheck className="text-success" aria-hidden />
          ) : (
            <CircleMinus className="text-muted-foreground" aria-hidden />
          )}
          {FLAG_WORDS[flag]} {data[flag] ? 'on' : 'off'}
        </li>
      ))}
    </ul>
  );
}

function ConsentLogTable({ entries }: { entries: ConsentLogEntry[] }) {
  return (
    <AdminTable aria-label="Consent audit log">
      <HeaderRow columns={['Changed', 'User', 'Choices', 'Source', 'Sync status', 'Synced', 'Error']} />
      <AdminTableBody>
        {entries.map((entry) => (
          <AdminTableRow key={entry.id} data-consent-entry={entry.id}>
            <WhenCell label="Changed" at={entry.createdAt} />
            <LongCell label="User">{entry.userEmail ? <Email address={entry.userEmail} /> : entry.userId}</LongCell>
            <AdminTableCell label="Choices">
              <ConsentChoices data={entry.consentData} />
            </AdminTableCell>
            <AdminTableCell label="Source">{syncTypeText(entry.changeSource)}</AdminTableCell>
            <AdminTableCell label="Sync status">
              <ConsentStatusBadge status={entry.syncStatus} queued={entry.queued} />
            </AdminTableCell>
            <WhenCell label="Synced" at={entry.syncedAt} otherwise={entry.queued ? 'Not yet' : '—'} />
            <LongCell label="Error" narrow>
              {entry.errorDetails ?? '—'}
            </LongCell>
          </AdminTableRow>
        ))}
      </AdminTableBody>
    </AdminTable>
  );
}

/** /admin/consent-sync-monitor (002 §2): the queue's counters, completion rate, and the two lists. */
export function ConsentSyncMonitorPage() {
  const status = useCrmStatus();
  const consentLog = useConsentLog();
  const queue = useSyncQueue();
  const process = useProcessAction();
  const disabledId = useId();
  const enabled = status.data?.enabled === true;
  const refreshing = status.isFetching || consentLog.isFetching || queue.isFetching;

  const refresh = () => {
    void status.refetch();
    void consentLog.refetch();
    void queue.refetch();
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8 sm:px-6 md:py-10">
      <AdminHeader
        title="Consent and Sync Monitor"
        description="Cookie-consent changes and the HubSpot sync queue: what is waiting, what was sent and what failed."
        showBackToSettings
        back={
          isRegistered('adminHubspotIntegration')
            ? { to: paths.adminHubspotIntegration(), label: 'CRM integration' }
            : undefined
        }
        actions={
          <>
            <Button variant="outline" onClick={refresh} disabled={refreshing}>
              <RefreshCw className={refreshing ? 'animate-spin' : undefined} aria-hidden />
              Refresh Data
            </Button>
            <Button
              onClick={process.run}
              disabled={!enabled || process.isPending}
              aria-describedby={status.data && !enabled ? disabledId : undefined}
            >
              <Play aria-hidden />
              {process.isPending ? 'Processing...' : 'Process Sync Queue'}
            </Button>
          </>
        }
      />

      {status.isPending ? (
        <SectionSkeleton rows={3} label="Loading the sync queue counts" />
      ) : status.isError ? (
        <SectionLoadError
          message={CRM_TEXT.statusFailed}
          onRetry={() => void status.refetch()}
          retrying={status.isFetching}
        />
      ) : (
        <section aria-labelledby="queue-counts" className="grid gap-4">
          <h2 id="queue-counts" className="sr-only">
            Sync queue
          </h2>
          {status.data.enabled ? null : (
            <div id={disabledId}>
              <IntegrationDisabledNotice integration={status.data} />
            </div>
          )}
          <QueueCounters counts={status.data.queue} />
          {status.data.completionRate === null ? (
            <p className="text-sm text-muted-foreground">
              Completion rate: no item has finished yet, so there is nothing to measure.
            </p>
          ) : (
            <PercentBar label="Completion rate" percent={status.data.completionRate} />
          )}
        </section>
      )}

      <Tabs defaultValue="consent">
        <TabsList aria-label="Lists">
          <TabsTrigger value="consent">Consent Audit Log</TabsTrigger>
          <TabsTrigger value="queue">Sync Queue</TabsTrigger>
        </TabsList>
        <TabsContent value="consent" className="grid gap-4">
          <p className="text-sm text-muted-foreground">
            The newest {MONITOR_LIST_SIZE} cookie-consent changes of signed-in savers, and whether each reached HubSpot.
          </p>
          <ListView
            query={consentLog}
            loading="Loading the consent audit log"
            failed={CRM_TEXT.consentLogsFailed}
            empty="No consent changes yet. A saver’s change of cookie choices appears here."
          >
            {(entries) => <ConsentLogTable entries={entries} />}
          </ListView>
        </TabsContent>
        <TabsContent value="queue" className="grid gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground">The newest {MONITOR_LIST_SIZE} items of the sync queue.</p>
            <div className="flex flex-wrap gap-2">
              <RetryFailedButton
                disabled={!enabled || !status.data || status.data.queue.failed === 0}
                describedBy={status.data && !enabled ? disabledId : undefined}
              />
              <ClearQueueButton disabled={!queue.data || queue.data.length === 0} />
            </div>
          </div>
          <ListView
            query={queue}
            loading="Loading the sync queue"
            failed={CRM_TEXT.syncQueueFetchFailed}
            empty="The sync queue is empty. Profile and consent changes are queued here while the integration is on."
          >
            {(items) => <SyncQueueTable items={items} label="Sync queue" />}
          </ListView>
        </TabsContent>
      </Tabs>

      {isRegistered('adminHubspotIntegration') ? (
        <p className="text-sm text-muted-foreground">
          Connection tests, property set-up and syncing every user are on the{' '}
          <Link to={paths.adminHubspotIntegration()} className="font-medium text-brand underline underline-offset-4">
            CRM integration dashboard
          </Link>
          .
        </p>
      ) : null}
    </div>
  );
}
