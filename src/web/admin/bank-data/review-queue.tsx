import { ArrowDown, Check, CircleAlert, Inbox, Info, OctagonAlert, TriangleAlert, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { refusalReason } from '../../app/api.ts';
import { notify } from '../../app/notify.ts';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { NativeSelect, Textarea } from '../../ui/input.tsx';
import { Label } from '../../ui/label.tsx';
import { SectionLoadError } from '../../ui/section-states.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import {
  BANK_DATA_TEXT,
  type BulkResult,
  REVIEW_PRIORITIES,
  REVIEW_STATUSES,
  type ReviewAction,
  type ReviewFilters,
  type ReviewItem,
  type ReviewPriority,
  useBulkResolve,
  useResolveReviewItem,
  useReviewItems,
} from './api.ts';
import { dateTimeText, spaced } from './report-text.ts';

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

const PRIORITY_ICONS: Record<ReviewPriority, { Icon: typeof Info; className: string }> = {
  critical: { Icon: OctagonAlert, className: 'text-destructive' },
  high: { Icon: TriangleAlert, className: 'text-warning' },
  medium: { Icon: CircleAlert, className: 'text-info' },
  low: { Icon: ArrowDown, className: 'text-muted-foreground' },
};

const APPROVAL_EFFECT =
  'Approving applies the change to the banking data at once: every saver’s protection answer that rests on it follows. Rejecting leaves the data as it is.';

const PAST: Record<ReviewAction, string> = { approve: 'approved', reject: 'rejected' };
const itemsWord = (n: number) => (n === 1 ? 'item' : 'items');

/** The Admin Review Queue tab (002 §2): filter, read and resolve what the importer would not apply itself. */
export function ReviewQueue() {
  const ids = useId();
  const [filters, setFilters] = useState<ReviewFilters>({ status: 'pending', priority: 'all' });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkOutcome, setBulkOutcome] = useState<{
    action: ReviewAction;
    result: BulkResult;
    titles: Map<string, string>;
  } | null>(null);
  const items = useReviewItems(filters);
  const bulk = useBulkResolve();

  const changeFilter = (next: Partial<ReviewFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setSelected(new Set());
    setBulkOutcome(null);
  };

  const pending = items.data?.filter((item) => item.status === 'pending') ?? [];
  const selectedPending = pending.filter((item) => selected.has(item.id));

  const runBulk = (action: ReviewAction) => {
    const chosen = selectedPending;
    const titles = new Map(chosen.map((item) => [item.id, item.title]));
    bulk.mutate(
      { ids: chosen.map((item) => item.id), action },
      {
        onSuccess: (result) => {
          setSelected(new Set());
          setBulkOutcome({ action, result, titles });
          // The spec's texts (002 §8); the outcome panel below names each item that failed, and why.
          // (One item reads "1 item", not the template's "1 items".)
          if (result.failed.length === 0)
            notify.success(`Successfully processed ${result.resolved.length} ${itemsWord(result.resolved.length)}.`);
          else
            notify.warning(
              `Processed ${result.resolved.length}/${chosen.length} ${itemsWord(chosen.length)}. ${result.failed.length} failed.`,
            );
        },
        onError: (error) => notify.error(refusalReason(error) ?? 'Failed to process bulk action'),
      },
    );
  };

  return (
    <div className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-2 lg:max-w-xl">
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-status`}>Status</Label>
          <NativeSelect
            id={`${ids}-status`}
            value={filters.status}
            onChange={(e) => changeFilter({ status: e.target.value as ReviewFilters['status'] })}
          >
            <option value="all">All</option>
            {REVIEW_STATUSES.map((s) => (
              <option key={s} value={s}>
                {capitalised(s)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-priority`}>Priority</Label>
          <NativeSelect
            id={`${ids}-priority`}
            value={filters.priority}
            onChange={(e) => changeFilter({ priority: e.target.value as ReviewFilters['priority'] })}
          >
            <option value="all">All</option>
            {REVIEW_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {capitalised(p)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      <Alert variant="info">
        <Info aria-hidden />
        <AlertTitle>What approving does</AlertTitle>
        <AlertDescription>
          <p id={`${ids}-effect`}>{APPROVAL_EFFECT}</p>
        </AlertDescription>
      </Alert>

      {bulkOutcome ? <BulkOutcome {...bulkOutcome} /> : null}

      {items.isPending ? (
        <div role="status" className="grid gap-3">
          <p className="text-muted-foreground">{BANK_DATA_TEXT.loadingReviewItems}</p>
          {['a', 'b', 'c'].map((key) => (
            <Skeleton key={key} className="h-40 w-full rounded-xl" />
          ))}
        </div>
      ) : items.isError ? (
        <SectionLoadError
          message={`Failed to load review items: ${items.error.message}`}
          onRetry={() => void items.refetch()}
          retrying={items.isFetching}
        />
      ) : items.data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-12 text-center">
          <Inbox className="size-10 text-muted-foreground" aria-hidden />
          <p className="text-lg font-semibold">{BANK_DATA_TEXT.noReviewItems}</p>
          {filters.status !== 'all' || filters.priority !== 'all' ? (
            <Button variant="outline" onClick={() => changeFilter({ status: 'all', priority: 'all' })}>
              Show all items
            </Button>
          ) : (
            <p className="max-w-md text-muted-foreground">
              A sync sends licence and cover changes, conflicts with hand edits and rows missing from the source here.
            </p>
          )}
        </div>
      ) : (
        <>
          {pending.length > 0 ? (
            <BulkBar
              pendingCount={pending.length}
              selectedCount={selectedPending.length}
              busy={bulk.isPending}
              effectId={`${ids}-effect`}
              onSelectAll={(all) => setSelected(all ? new Set(pending.map((item) => item.id)) : new Set())}
              onBulk={runBulk}
            />
          ) : null}
          <ul aria-label="Review items" className="grid gap-4">
            {items.data.map((item) => (
              <ReviewItemCard
                key={item.id}
                item={item}
                effectId={`${ids}-effect`}
                isSelected={selected.has(item.id)}
                disabled={bulk.isPending}
                onSelect={(on) =>
                  setSelected((current) => {
                    const next = new Set(current);
                    if (on) next.add(item.id);
                    else next.delete(item.id);
                    return next;
                  })
                }
              />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function BulkBar({
  pendingCount,
  selectedCount,
  busy,
  effectId,
  onSelectAll,
  onBulk,
}: {
  pendingCount: number;
  selectedCount: number;
  busy: boolean;
  effectId: string;
  onSelectAll: (all: boolean) => void;
  onBulk: (action: ReviewAction) => void;
}) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  const isAll = selectedCount === pendingCount;
  const isPartial = selectedCount > 0 && !isAll;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = isPartial;
  }, [isPartial]);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-muted/40 px-4 py-3">
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          className="size-4 accent-primary"
          checked={isAll}
          disabled={busy}
          onChange={() => onSelectAll(!isAll)}
        />
        Select all pending ({selectedCount} of {pendingCount} selected)
      </label>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={busy || selectedCount === 0}
          aria-describedby={effectId}
          onClick={() => onBulk('approve')}
        >
          <Check aria-hidden />
          Bulk Approve
        </Button>
        <Button size="sm" variant="outline" disabled={busy || selectedCount === 0} onClick={() => onBulk('reject')}>
          <X aria-hidden />
          Bulk Reject
        </Button>
      </div>
    </div>
  );
}

function BulkOutcome({
  action,
  result,
  titles,
}: {
  action: ReviewAction;
  result: BulkResult;
  titles: Map<string, string>;
}) {
  const resolvedText = `${result.resolved.length} ${result.resolved.length === 1 ? 'item' : 'items'} ${PAST[action]}.`;
  if (result.failed.length === 0)
    return (
      <Alert variant="success" role="status">
        <Check aria-hidden />
        <AlertTitle>{resolvedText}</AlertTitle>
        {action === 'approve' ? (
          <AlertDescription>
            <p>The banking data now shows the changes, and savers’ protection answers follow them.</p>
          </AlertDescription>
        ) : null}
      </Alert>
    );
  return (
    <Alert variant="warning" role="alert">
      <TriangleAlert aria-hidden />
      <AlertTitle>
        {resolvedText} {result.failed.length} could not be {PAST[action]}:
      </AlertTitle>
      <AlertDescription className="[overflow-wrap:anywhere]">
        <ul className="list-disc pl-5">
          {result.failed.map((f) => (
            <li key={f.id}>
              {titles.get(f.id) ?? f.id}: {f.message}
            </li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}

const STATUS_BADGES = {
  pending: { variant: 'warning', label: 'Pending' },
  approved: { variant: 'success', label: 'Approved' },
  rejected: { variant: 'secondary', label: 'Rejected' },
} as const;

function ReviewItemCard({
  item,
  effectId,
  isSelected,
  disabled,
  onSelect,
}: {
  item: ReviewItem;
  effectId: string;
  isSelected: boolean;
  disabled: boolean;
  onSelect: (on: boolean) => void;
}) {
  const ids = useId();
  const [notes, setNotes] = useState('');
  const resolve = useResolveReviewItem();
  const { Icon, className } = PRIORITY_ICONS[item.priority];
  const isPending = item.status === 'pending';
  const titleId = `${ids}-title`;

  const act = (action: ReviewAction) =>
    resolve.mutate(
      { id: item.id, action, notes },
      {
        onSuccess: () =>
          notify.success(
            action === 'approve'
              ? `Approved “${item.title}”: the banking data and savers’ protection answers now show it`
              : `Rejected “${item.title}”: the data stays as it was`,
          ),
        onError: (error) =>
          notify.error(refusalReason(error) ?? `Could not ${action} “${item.title}”: ${error.message}`),
      },
    );

  return (
    <li
      aria-labelledby={titleId}
      className="grid gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5"
    >
      <div className="flex items-start gap-3">
        {isPending ? (
          <input
            type="checkbox"
            className="mt-1 size-4 shrink-0 accent-primary"
            checked={isSelected}
            disabled={disabled}
            aria-label={`Select “${item.title}”`}
            onChange={(e) => onSelect(e.target.checked)}
          />
        ) : null}
        <span className="mt-0.5 shrink-0" title={`${capitalised(item.priority)} priority`}>
          <Icon className={`size-5 ${className}`} aria-hidden />
          <span className="sr-only">{capitalised(item.priority)} priority:</span>
        </span>
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="font-semibold [overflow-wrap:anywhere]">
              {item.title}
            </h3>
            <Badge variant={STATUS_BADGES[item.status].variant}>{STATUS_BADGES[item.status].label}</Badge>
          </div>
          <p className="text-sm text-muted-foreground">
            {capitalised(spaced(item.itemType))} · {capitalised(item.priority)} priority
          </p>
        </div>
      </div>

      {item.description ? <p className="text-sm [overflow-wrap:anywhere]">{item.description}</p> : null}
      {item.suggestedAction ? (
        <p className="text-sm [overflow-wrap:anywhere]">
          <span className="font-medium">Suggested action: </span>
          {item.suggestedAction}
        </p>
      ) : null}
      <details className="rounded-lg border px-3 py-2">
        <summary className="cursor-pointer text-sm font-medium">Current data</summary>
        <pre className="mt-2 max-h-72 overflow-auto rounded bg-muted p-3 text-xs">
          {JSON.stringify(item.currentData, null, 2)}
        </pre>
      </details>
      {item.resolutionNotes ? (
        <p className="text-sm [overflow-wrap:anywhere]">
          <span className="font-medium">Resolution notes: </span>
          {item.resolutionNotes}
        </p>
      ) : null}
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground">
        <div className="flex gap-1">
          <dt>Created</dt>
          <dd className="tabular-nums">{dateTimeText(item.createdAt)}</dd>
        </div>
        {item.resolvedAt ? (
          <div className="flex gap-1">
            <dt>Resolved</dt>
            <dd className="tabular-nums">{dateTimeText(item.resolvedAt)}</dd>
          </div>
        ) : null}
      </dl>

      {isPending ? (
        <div className="grid gap-3 border-t pt-3">
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-notes`}>Resolution notes (optional)</Label>
            <Textarea
              id={`${ids}-notes`}
              className="min-h-20"
              maxLength={2000}
              value={notes}
              disabled={resolve.isPending || disabled}
              onChange={(e) => setNotes(e.target.value)}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              disabled={resolve.isPending || disabled}
              aria-describedby={effectId}
              aria-label={`Approve “${item.title}”`}
              onClick={() => act('approve')}
            >
              <Check aria-hidden />
              Approve
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={resolve.isPending || disabled}
              aria-label={`Reject “${item.title}”`}
              onClick={() => act('reject')}
            >
              <X aria-hidden />
              Reject
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}
