import { History } from 'lucide-react';
import { Badge } from '../../ui/badge.tsx';
import { SectionLoadError, SectionSkeleton } from '../../ui/section-states.tsx';
import {
  AdminTable,
  AdminTableBody,
  AdminTableCell,
  AdminTableHead,
  AdminTableRow,
} from '../subscriptions/admin-table.tsx';
import { type ImportRun, useImportRuns } from './api.ts';
import { countText, dateTimeText } from './report-text.ts';

const SOURCES: Record<string, string> = {
  google_sheets: 'Google Sheet',
  xlsx: 'XLSX upload',
  csv: 'CSV upload',
  admin: 'Clear All Data',
};

interface RunTotals {
  inserted: number;
  updated: number;
  review: number;
  withdrawn: number;
}

/** A run's per-tab results summed (the runs table keeps the tab results the report had). */
function totalsOf(results: unknown): RunTotals {
  const totals = { inserted: 0, updated: 0, review: 0, withdrawn: 0 };
  if (!Array.isArray(results)) return totals;
  for (const tab of results as Partial<RunTotals>[])
    for (const key of Object.keys(totals) as (keyof RunTotals)[])
      totals[key] += typeof tab?.[key] === 'number' ? tab[key] : 0;
  return totals;
}

function RunStatus({ run }: { run: ImportRun }) {
  if (run.status === 'succeeded') return <Badge variant="success">Succeeded</Badge>;
  if (run.status === 'failed') return <Badge variant="destructive">Failed</Badge>;
  return <Badge variant="info">{run.status === 'running' ? 'Running' : run.status}</Badge>;
}

/** The importer's recent syncs (a preview writes nothing, so it is not one). */
export function ImportRuns() {
  const runs = useImportRuns();
  return (
    <section aria-labelledby="import-runs-heading" className="grid gap-3">
      <h3 id="import-runs-heading" className="text-lg font-semibold">
        Recent syncs
      </h3>
      {runs.isPending ? (
        <SectionSkeleton rows={3} label="Loading recent syncs" />
      ) : runs.isError ? (
        <SectionLoadError
          message={`Failed to load recent syncs: ${runs.error.message}`}
          onRetry={() => void runs.refetch()}
          retrying={runs.isFetching}
        />
      ) : runs.data.length === 0 ? (
        <p className="flex items-start gap-2 text-muted-foreground">
          <History className="mt-1 size-4 shrink-0" aria-hidden />
          No syncs yet. A sync from the sheet or an uploaded file, a Fresh Sync and Clear All Data are listed here; a
          preview is not.
        </p>
      ) : (
        <AdminTable aria-label="Recent syncs">
          <AdminTableHead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Source</th>
              <th scope="col">Tabs</th>
              <th scope="col">Status</th>
              <th scope="col" className="text-right">
                Inserted
              </th>
              <th scope="col" className="text-right">
                Updated
              </th>
              <th scope="col" className="text-right">
                Sent to review
              </th>
              <th scope="col" className="text-right">
                Withdrawn
              </th>
              <th scope="col" className="text-right">
                Errors
              </th>
            </tr>
          </AdminTableHead>
          <AdminTableBody>
            {runs.data.map((run) => {
              const totals = totalsOf(run.results);
              return (
                <AdminTableRow key={run.id}>
                  <AdminTableCell label="When" className="tabular-nums">
                    {dateTimeText(run.startedAt)}
                  </AdminTableCell>
                  <AdminTableCell label="Who" className="break-all">
                    {run.startedBy ?? 'A former admin'}
                  </AdminTableCell>
                  <AdminTableCell label="Source" className="[overflow-wrap:anywhere]">
                    {SOURCES[run.source] ?? run.source}
                    {run.mode === 'fresh-sync' ? <span className="block font-medium">Fresh Sync</span> : null}
                    {run.sourceName ? <span className="block text-muted-foreground">{run.sourceName}</span> : null}
                  </AdminTableCell>
                  <AdminTableCell label="Tabs">{run.tabs.join(', ')}</AdminTableCell>
                  <AdminTableCell label="Status">
                    <RunStatus run={run} />
                  </AdminTableCell>
                  <AdminTableCell label="Inserted" className="tabular-nums md:text-right">
                    {countText(totals.inserted)}
                  </AdminTableCell>
                  <AdminTableCell label="Updated" className="tabular-nums md:text-right">
                    {countText(totals.updated)}
                  </AdminTableCell>
                  <AdminTableCell label="Sent to review" className="tabular-nums md:text-right">
                    {countText(totals.review)}
                  </AdminTableCell>
                  <AdminTableCell label="Withdrawn" className="tabular-nums md:text-right">
                    {countText(totals.withdrawn)}
                  </AdminTableCell>
                  <AdminTableCell label="Errors" className="tabular-nums md:text-right">
                    {countText(run.errorCount)}
                  </AdminTableCell>
                </AdminTableRow>
              );
            })}
          </AdminTableBody>
        </AdminTable>
      )}
    </section>
  );
}
