/** Pieces the CRM screens share: the disabled notice, counters, the queue table, the clear-queue confirmation. */
import { CircleCheck, CircleX, Clock, FileJson, Loader2, PlugZap, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import {
  AdminTable,
  AdminTableBody,
  AdminTableCell,
  AdminTableHead,
  AdminTableRow,
} from '../subscriptions/admin-table.tsx';
import { refusalReason } from '../../app/api.ts';
import { notify } from '../../app/notify.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { SectionLoadError, SectionSkeleton } from '../../ui/section-states.tsx';
import { type CrmIntegration, type SyncQueueItem, useClearQueue } from './api.ts';
import {
  COUNTER_LABELS,
  CRM_TEXT,
  countText,
  payloadText,
  QUEUE_STATUS_WORDS,
  QUEUE_STATUSES,
  type QueueStatus,
  STATUS_TONE,
  syncTypeText,
  whenText,
} from './crm-text.ts';

export const DISABLED_TITLE = 'The HubSpot integration is disabled';

/** What an operator reads while no token is set: nothing is queued or sent, and what to set. */
export function IntegrationDisabledNotice({ integration }: { integration: CrmIntegration }) {
  return (
    <Alert variant="warning" data-testid="crm-disabled">
      <PlugZap aria-hidden />
      <AlertTitle>{DISABLED_TITLE}</AlertTitle>
      <AlertDescription>
        <p>
          Nothing is queued or sent to HubSpot while it is off, and the actions that talk to HubSpot are unavailable.
        </p>
        {integration.whatToSet ? <p className="font-medium wrap-anywhere">{integration.whatToSet}</p> : null}
      </AlertDescription>
    </Alert>
  );
}

const STATUS_ICON: Record<QueueStatus, ReactNode> = {
  pending: <Clock aria-hidden />,
  processing: <Loader2 aria-hidden />,
  completed: <CircleCheck aria-hidden />,
  failed: <CircleX aria-hidden />,
};

export function QueueStatusBadge({ status }: { status: QueueStatus }) {
  return (
    <Badge variant={STATUS_TONE[status]}>
      {STATUS_ICON[status]}
      {QUEUE_STATUS_WORDS[status]}
    </Badge>
  );
}

/** The four counters (002 §2): Pending Syncs, Processing, Completed, Failed. */
export function QueueCounters({ counts }: { counts: Record<QueueStatus, number> }) {
  return (
    <ul aria-label="Sync queue counts" className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {QUEUE_STATUSES.map((status) => (
        <li key={status} className="flex flex-col gap-1 rounded-xl border bg-card p-4">
          <span className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground [&_svg]:size-4">
            {STATUS_ICON[status]}
            {COUNTER_LABELS[status]}
          </span>
          <span className="text-3xl font-bold tabular-nums">{countText(counts[status])}</span>
        </li>
      ))}
    </ul>
  );
}

/** A labelled bar of a whole percentage. */
export function PercentBar({ label, percent }: { label: string; percent: number }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-4 text-sm">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums">{value}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-3 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-success transition-[width]" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

/**
 * A long value in a table cell (an address, an error): it wraps anywhere, and on a phone, where the
 * cell shows its column's name first, it keeps to its own side.
 */
export function Long({ children }: { children: ReactNode }) {
  return <span className="min-w-0 wrap-anywhere max-md:text-right">{children}</span>;
}

/** An e-mail address that, when it must wrap, wraps before its @ first ("jo.bloggs" over "@example.co.uk"). */
export function Email({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}

/** A cell holding a long value (see `Long`); `narrow` keeps it to a column's width on a wide screen (an error). */
export function LongCell({ label, narrow, children }: { label: string; narrow?: boolean; children: ReactNode }) {
  return (
    <AdminTableCell label={label} className={narrow ? 'md:max-w-xs' : undefined}>
      <Long>{children}</Long>
    </AdminTableCell>
  );
}

/** A cell holding an instant ('29 Nov 2026, 10:42', on one line on a wide screen), or `otherwise` without one. */
export function WhenCell({ label, at, otherwise }: { label: string; at: string | null; otherwise?: string }) {
  return (
    <AdminTableCell label={label} className="tabular-nums md:whitespace-nowrap">
      {at ? <time dateTime={at}>{whenText(at)}</time> : whenText(at, otherwise)}
    </AdminTableCell>
  );
}

/** The empty state of a list: what it would hold. */
export function EmptyList({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed p-4 text-sm text-muted-foreground">{children}</p>;
}

function PayloadDialog({ item, onClose }: { item: SyncQueueItem | null; onClose: () => void }) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Payload of item {item?.id}</DialogTitle>
          <DialogDescription>
            {item ? `${syncTypeText(item.syncType)} for ${item.userEmail ?? item.userId ?? 'no user'}` : null}
          </DialogDescription>
        </DialogHeader>
        {/* biome-ignore lint/a11y/useSemanticElements: a scrolling box, named for screen readers. */}
        <div
          className="max-h-[60dvh] overflow-auto rounded-lg border bg-muted p-3"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so keyboard users can scroll it.
          tabIndex={0}
          role="region"
          aria-label="Payload"
        >
          <pre className="text-xs whitespace-pre-wrap wrap-anywhere">{item ? payloadText(item.payload) : null}</pre>
        </div>
        {item?.errorDetails ? (
          <p className="text-sm wrap-anywhere">
            <span className="font-medium">Error: </span>
            {item.errorDetails}
          </p>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** Sync queue rows, newest first; with `showPayload`, each row opens its payload. */
export function SyncQueueTable({
  items,
  label,
  showPayload = false,
}: {
  items: SyncQueueItem[];
  label: string;
  showPayload?: boolean;
}) {
  const [viewing, setViewing] = useState<SyncQueueItem | null>(null);
  return (
    <>
      <AdminTable aria-label={label}>
        <HeaderRow
          columns={['Created', 'User', 'Type', 'Status', 'Retries', 'Processed', 'Error']}
          hiddenLast={showPayload ? 'Payload' : undefined}
        />
        <AdminTableBody>
          {items.map((item) => (
            <AdminTableRow key={item.id} data-queue-item={item.id}>
              <WhenCell label="Created" at={item.createdAt} />
              <LongCell label="User">
                {item.userEmail ? <Email address={item.userEmail} /> : (item.userId ?? '—')}
              </LongCell>
              <AdminTableCell label="Type">{syncTypeText(item.syncType)}</AdminTableCell>
              <AdminTableCell label="Status">
                <QueueStatusBadge status={item.status} />
              </AdminTableCell>
              <AdminTableCell label="Retries" className="tabular-nums">
                {item.retryCount} of {item.maxRetries}
              </AdminTableCell>
              <WhenCell label="Processed" at={item.processedAt} otherwise="Not yet" />
              <LongCell label="Error" narrow>
                {item.errorDetails ?? '—'}
              </LongCell>
              {showPayload ? (
                <AdminTableCell label="Payload" className="md:text-right">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setViewing(item)}
                    aria-label={`View payload of item ${item.id}`}
                  >
                    <FileJson aria-hidden />
                    View payload
                  </Button>
                </AdminTableCell>
              ) : null}
            </AdminTableRow>
          ))}
        </AdminTableBody>
      </AdminTable>
      {showPayload ? <PayloadDialog item={viewing} onClose={() => setViewing(null)} /> : null}
    </>
  );
}

export const CLEAR_QUEUE_QUESTION =
  'Are you sure you want to clear the sync queue? Every item is deleted, including those not yet sent to HubSpot. This cannot be undone.';

/** Clear Queue behind a confirmation (issue 31): a red button that waits for the deletion. */
export function ClearQueueButton({ disabled }: { disabled?: boolean }) {
  const clear = useClearQueue();
  const [open, setOpen] = useState(false);
  const busy = clear.isPending;
  return (
    <>
      <Button variant="destructive" disabled={disabled} onClick={() => setOpen(true)}>
        <Trash2 aria-hidden />
        Clear Queue
      </Button>
      <Dialog open={open} onOpenChange={(next) => (busy ? undefined : setOpen(next))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Clear the sync queue?</DialogTitle>
            <DialogDescription>{CLEAR_QUEUE_QUESTION}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              disabled={busy}
              onClick={async () => {
                try {
                  await clear.mutateAsync(undefined);
                  notify.success(CRM_TEXT.queueCleared);
                  setOpen(false);
                } catch (error) {
                  // The dialog stays open for another try.
                  notify.error(`Failed to clear the sync queue: ${refusalReason(error) ?? (error as Error).message}`);
                }
              }}
            >
              <Trash2 aria-hidden />
              {busy ? 'Clearing...' : 'Clear queue'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** A table's header row: its column names, and a last column named only for screen readers (a row's button). */
export function HeaderRow({ columns, hiddenLast }: { columns: string[]; hiddenLast?: string | undefined }) {
  return (
    <AdminTableHead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
        {hiddenLast ? (
          <th scope="col">
            <span className="sr-only">{hiddenLast}</span>
          </th>
        ) : null}
      </tr>
    </AdminTableHead>
  );
}

interface ListQuery<T> {
  data: T[] | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A list's loading, failure (in the spec's words) and empty states, else the list itself. */
export function ListView<T>({
  query,
  loading,
  failed,
  empty,
  children,
}: {
  query: ListQuery<T>;
  /** What the skeleton is announced as. */
  loading: string;
  failed: string;
  empty: ReactNode;
  children: (rows: T[]) => ReactNode;
}) {
  if (query.isPending) return <SectionSkeleton rows={3} label={loading} />;
  if (query.isError || !query.data)
    return <SectionLoadError message={failed} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (query.data.length === 0) return <EmptyList>{empty}</EmptyList>;
  return children(query.data);
}

/** One of the dashboard's tools (Sync Users, the Sync Debugger): a titled card. */
export function ToolCard({
  title,
  icon,
  description,
  children,
}: {
  title: string;
  icon: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="flex items-center gap-2 [&_svg]:size-5">
          {icon}
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 px-4 sm:px-6">{children}</CardContent>
    </Card>
  );
}
