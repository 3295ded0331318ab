import { ChevronDown, ChevronRight, Clock, Pencil, RefreshCw, Search, SearchX, Users } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { notify } from '../../app/notify.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Input } from '../../ui/input.tsx';
import { SEARCH_DEBOUNCE_MS } from '../../ui/searchable-select.tsx';
import { SectionLoadError } from '../../ui/section-states.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs.tsx';
import {
  BANK_DATA_TABS,
  type BankDataRow,
  type BankDataTab,
  type GroupMember,
  TAB_LABELS,
  useBankDataOverview,
} from './api.ts';
import { EditRowDialog } from './edit-row-dialog.tsx';
import { timeAgo } from './sync-ago.ts';

const SEARCH_PLACEHOLDER: Record<BankDataTab, string> = {
  groups: 'Search groups by name, legal name, FRN or brand',
  banks: 'Search banks by name, licence or FRN',
  isas: 'Search ISA platforms by name, legal name or reference',
  pensions: 'Search pension providers by name, legal entity or FRN',
};

const NOUN: Record<BankDataTab, [string, string]> = {
  groups: ['banking group', 'banking groups'],
  banks: ['bank', 'banks'],
  isas: ['ISA platform', 'ISA platforms'],
  pensions: ['pension provider', 'pension providers'],
};

const count = (n: number, tab: BankDataTab) => `${n.toLocaleString('en-GB')} ${NOUN[tab][n === 1 ? 0 : 1]}`;

function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The banking data admin screen (002 §2): tabs Bank Groups, Banks, ISA Platforms and Pensions,
 * each searched; groups expand to their brands and ISA platforms; Shared and Updated badges; the
 * last sync as 'ago'; each row edited by hand in a dialog. The spec's Test Mode Results panel is
 * FCA scraping's, which SavvyPig does not do, so it is left out (ADR 0086).
 */
export function BankingDataScreen() {
  const [tab, setTab] = useState<BankDataTab>('groups');
  const [editing, setEditing] = useState<{ tab: BankDataTab; row: BankDataRow; opener: HTMLElement | null } | null>(
    null,
  );
  const summary = useBankDataOverview('groups', '', 1);
  useLoadToast(summary);

  return (
    <div className="grid grid-cols-1 gap-4">
      <SyncHeader lastSync={summary.data?.lastSync} isPending={summary.isPending} />
      <Tabs className="min-w-0" value={tab} onValueChange={(value) => setTab(value as BankDataTab)}>
        <TabsList aria-label="Banking data" className="grid grid-cols-2 sm:inline-flex">
          {BANK_DATA_TABS.map((t) => (
            <TabsTrigger key={t} value={t}>
              {TAB_LABELS[t]}
              {summary.data ? (
                <span className="text-xs tabular-nums text-muted-foreground">
                  {summary.data.counts[t].toLocaleString('en-GB')}
                </span>
              ) : null}
            </TabsTrigger>
          ))}
        </TabsList>
        {BANK_DATA_TABS.map((t) => (
          <TabsContent key={t} value={t}>
            <TabPanel
              tab={t}
              onEdit={(row) =>
                setEditing({
                  tab: t,
                  row,
                  opener: document.activeElement instanceof HTMLElement ? document.activeElement : null,
                })
              }
            />
          </TabsContent>
        ))}
      </Tabs>
      <EditRowDialog editing={editing} onOpenChange={(open) => (open ? null : setEditing(null))} />
    </div>
  );
}

/** The spec's toasts (002 §8) when the screen's counts arrive, or fail to: once a visit. */
function useLoadToast(summary: ReturnType<typeof useBankDataOverview>) {
  const told = useRef(false);
  const counts = summary.data?.counts;
  useEffect(() => {
    if (told.current) return;
    if (counts) {
      told.current = true;
      // The spec's words; one of a kind is "1 bank reference", not "1 bank references".
      const n = (k: BankDataTab, noun: string) =>
        `${counts[k].toLocaleString('en-GB')} ${noun}${counts[k] === 1 ? '' : 's'}`;
      notify.success(
        `Loaded ${n('groups', 'banking group')}, ${n('banks', 'bank reference')}, ${n('isas', 'ISA provider')}, and ${n('pensions', 'pension provider')} from database`,
      );
    } else if (summary.isError) {
      told.current = true;
      notify.error('Failed to fetch banking data from database');
    }
  }, [counts, summary.isError]);
}

function SyncHeader({
  lastSync,
  isPending,
}: {
  lastSync: { at: string; source: string } | null | undefined;
  isPending: boolean;
}) {
  if (isPending) return <Skeleton className="h-5 w-56" />;
  const at = lastSync ? new Date(lastSync.at) : null;
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <Clock className="size-4 shrink-0" aria-hidden />
      {lastSync && at ? (
        <span>
          Last synced{' '}
          <time dateTime={lastSync.at} title={at.toLocaleString('en-GB')} className="font-medium text-foreground">
            {timeAgo(lastSync.at, new Date())}
          </time>{' '}
          {lastSync.source === 'import' ? 'by an import' : 'from the shipped data files'}
        </span>
      ) : (
        <span>Not synced yet</span>
      )}
    </p>
  );
}

function TabPanel({ tab, onEdit }: { tab: BankDataTab; onEdit: (row: BankDataRow) => void }) {
  const searchId = useId();
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const overview = useBankDataOverview(tab, q, page);
  const data = overview.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="grid grid-cols-1 gap-3">
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          Search {TAB_LABELS[tab]}
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          id={searchId}
          type="search"
          className="pl-9"
          placeholder={SEARCH_PLACEHOLDER[tab]}
          value={text}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => {
            setText(event.target.value);
            // A new search starts at its first page.
            setPage(1);
          }}
        />
      </div>
      {overview.isPending ? (
        <div role="status" aria-label={`Loading ${NOUN[tab][1]}`} className="grid gap-2">
          {Array.from({ length: 6 }, (_, i) => `placeholder-${i}`).map((key) => (
            <Skeleton key={key} className="h-16 w-full rounded-lg" />
          ))}
        </div>
      ) : overview.isError ? (
        <SectionLoadError
          message={`Failed to load ${NOUN[tab][1]}: ${overview.error.message}`}
          onRetry={() => void overview.refetch()}
          retrying={overview.isFetching}
        />
      ) : data && data.rows.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-10 text-center">
          <SearchX className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">
            No {NOUN[tab][1]} match “{q}”
          </p>
          <p className="text-sm text-muted-foreground">Try part of the name, the legal name or the FRN.</p>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setText('');
              setPage(1);
            }}
          >
            Clear search
          </Button>
        </div>
      ) : data ? (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {q ? `${count(data.total, tab)} ${data.total === 1 ? 'matches' : 'match'} “${q}”` : count(data.total, tab)}
            {pages > 1 ? ` · page ${data.page} of ${pages}` : ''}
          </p>
          <ul aria-label={TAB_LABELS[tab]} className="grid grid-cols-1 gap-2" aria-busy={overview.isFetching}>
            {data.rows.map((row) => (
              <RowItem key={row.id} tab={tab} row={row} onEdit={() => onEdit(row)} />
            ))}
          </ul>
          {pages > 1 ? (
            <nav aria-label={`${TAB_LABELS[tab]} pages`} className="flex items-center justify-between gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous
              </Button>
              <span className="text-sm tabular-nums text-muted-foreground">
                Page {data.page} of {pages}
              </span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                Next
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function StatusBadges({ row }: { row: Pick<BankDataRow, 'isShared' | 'isUpdated' | 'isActive'> }) {
  return (
    <>
      {row.isShared ? (
        <Badge variant="info" title="Brands under this licence share one protection limit">
          <Users aria-hidden />
          Shared
        </Badge>
      ) : null}
      {row.isUpdated ? (
        <Badge variant="warning" title="Flagged by the source, edited by hand, or changed by the last import">
          <RefreshCw aria-hidden />
          Updated
        </Badge>
      ) : null}
      {row.isActive ? null : <Badge variant="secondary">Inactive</Badge>}
    </>
  );
}

/** 'building_society' → 'Building society'. */
const humanise = (code: string) => {
  const words = code.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function facts(tab: BankDataTab, row: BankDataRow): string[] {
  const frnLabel = tab === 'isas' ? 'FCA ref' : 'FRN';
  return [
    tab === 'banks'
      ? row.groupName
        ? `Licence: ${row.groupName}`
        : null
      : row.legalName === row.name
        ? null
        : row.legalName,
    row.frn ? `${frnLabel} ${row.frn}` : null,
    tab === 'isas' && row.groupName ? `Group: ${row.groupName}` : null,
    humanise(row.type),
  ].filter((fact): fact is string => !!fact);
}

function RowItem({ tab, row, onEdit }: { tab: BankDataTab; row: BankDataRow; onEdit: () => void }) {
  const [expanded, setExpanded] = useState(false);
  const membersId = useId();
  const brands = row.brands ?? [];
  const isas = row.isaPlatforms ?? [];
  const expandable = tab === 'groups';

  return (
    <li className="rounded-lg border bg-card text-card-foreground">
      <div className="flex items-start gap-2 p-3 sm:items-center sm:gap-3">
        {expandable ? (
          <Button
            variant="ghost"
            size="icon"
            className="shrink-0"
            aria-expanded={expanded}
            aria-controls={membersId}
            aria-label={`${expanded ? 'Hide' : 'Show'} brands and ISA platforms of ${row.name}`}
            onClick={() => setExpanded((open) => !open)}
          >
            {expanded ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
          </Button>
        ) : null}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-medium break-words" data-row-name>
              {row.name}
            </span>
            <StatusBadges row={row} />
          </div>
          <p className="mt-0.5 text-sm break-words text-muted-foreground">{facts(tab, row).join(' · ')}</p>
          {expandable ? (
            <p className="text-xs text-muted-foreground">
              {brands.length} {brands.length === 1 ? 'brand' : 'brands'} · {isas.length}{' '}
              {isas.length === 1 ? 'ISA platform' : 'ISA platforms'}
            </p>
          ) : null}
        </div>
        <Button variant="outline" size="sm" className="shrink-0" onClick={onEdit} aria-label={`Edit ${row.name}`}>
          <Pencil aria-hidden />
          <span className="max-sm:sr-only">Edit</span>
        </Button>
      </div>
      {expandable && expanded ? (
        <div id={membersId} className="grid grid-cols-1 gap-4 border-t px-3 py-3 sm:grid-cols-2 sm:pl-14">
          <MemberList title="Banks" members={brands} groupFrn={row.frn} empty="No brands under this licence." />
          <MemberList title="ISA platforms" members={isas} groupFrn={row.frn} empty="No ISA platforms in this group." />
        </div>
      ) : null}
    </li>
  );
}

/** A group's brands or ISA platforms; an FRN is shown only where it is not the group's own. */
function MemberList({
  title,
  members,
  groupFrn,
  empty,
}: {
  title: string;
  members: GroupMember[];
  groupFrn: string | null;
  empty: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-semibold">
        {title}
      </h3>
      {members.length === 0 ? (
        <p className="mt-1 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="mt-1 grid gap-1">
          {members.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              <span>{member.name}</span>
              {member.frn && member.frn !== groupFrn ? (
                <span className="text-muted-foreground tabular-nums">FRN {member.frn}</span>
              ) : null}
              <StatusBadges row={{ isShared: false, isUpdated: member.isUpdated, isActive: member.isActive }} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
