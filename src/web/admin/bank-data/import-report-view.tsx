import { CircleCheck, ClipboardCopy, Download, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { notify } from '../../app/notify.ts';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import {
  AdminTable,
  AdminTableBody,
  AdminTableCell,
  AdminTableHead,
  AdminTableRow,
} from '../subscriptions/admin-table.tsx';
import type { ImportChange, ImportReport, TabCounts } from './api.ts';
import {
  countText,
  downloadText,
  errorLine,
  errorsCsv,
  errorsText,
  fileDate,
  reportDetailsText,
  spaced,
  accountsNotInDataText,
} from './report-text.ts';
import { fieldWords } from '../../../core/reference-data/import/field-words.ts';

const COUNTS: { key: keyof TabCounts; label: string }[] = [
  { key: 'processed', label: 'Processed' },
  { key: 'inserted', label: 'Inserted' },
  { key: 'updated', label: 'Updated' },
  { key: 'unchanged', label: 'Unchanged' },
  { key: 'review', label: 'Sent to review' },
  { key: 'errors', label: 'Errors' },
  { key: 'bankingGroupsUpdated', label: 'Banking groups updated' },
];

const STATE_BADGES: Record<
  ImportChange['state'],
  { label: string; variant: 'info' | 'warning' | 'destructive' | 'secondary' }
> = {
  new: { label: 'New', variant: 'info' },
  updated: { label: 'Updated', variant: 'info' },
  unchanged: { label: 'Unchanged', variant: 'secondary' },
  conflict: { label: 'Conflict', variant: 'warning' },
  missing: { label: 'Missing from source', variant: 'warning' },
  invalid: { label: 'Invalid', variant: 'destructive' },
};

function decisionText(change: ImportChange, mode: ImportReport['mode']): string {
  if (change.decision === 'review') return mode === 'preview' ? 'Would go to review' : 'Sent to review';
  if (change.decision === 'apply') return mode === 'preview' ? 'Would be applied' : 'Applied';
  return 'Nothing to write';
}

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(`${what} copied`);
  } catch {
    notify.error(`${what} could not be copied: your browser refused. Use Download CSV instead.`);
  }
}

/** What an import did or would do: per tab, totals, the changes, the errors, diagnostics and the raw answer. */
/** A Fresh Sync's counts say what it withdrew first; a preview's and a sync's have nothing to say there. */
const countsOf = (mode: ImportReport['mode']) =>
  mode === 'fresh-sync' ? [...COUNTS, { key: 'withdrawn' as const, label: 'Withdrawn first' }] : COUNTS;

export function ImportReportView({ report, title }: { report: ImportReport; title: string }) {
  const failedTabs = report.tabs.filter((t) => t.status === 'failed');
  const preview = report.mode === 'preview';
  const counts = countsOf(report.mode);
  return (
    <section aria-labelledby="import-result-heading" className="grid gap-6">
      <div className="grid gap-2">
        <h3 id="import-result-heading" className="text-lg font-semibold">
          {title}
        </h3>
        {failedTabs.length > 0 ? (
          <Alert variant="destructive" role="alert">
            <TriangleAlert aria-hidden />
            <AlertTitle>
              {preview
                ? `${failedTabs.map((t) => t.tab).join(', ')} failed: nothing would be written`
                : `Sync failed: ${failedTabs.map((t) => t.error).join(' ')}`}
            </AlertTitle>
            <AlertDescription className="[overflow-wrap:anywhere]">
              {failedTabs.map((t) => (
                <p key={t.tab}>
                  {t.tab}: {t.error}
                </p>
              ))}
            </AlertDescription>
          </Alert>
        ) : (
          <Alert variant={preview ? 'info' : 'success'} role="status">
            <CircleCheck aria-hidden />
            <AlertTitle>
              {preview ? 'Preview only: nothing has been written.' : 'Sync completed successfully'}
            </AlertTitle>
            {preview ? null : (
              <AlertDescription>
                {countText(report.totals.inserted + report.totals.updated)} rows written,{' '}
                {countText(report.totals.review)} sent to the review queue.
                {report.accountsNotInData !== null ? <> {accountsNotInDataText(report.accountsNotInData)}</> : null}
              </AlertDescription>
            )}
          </Alert>
        )}
      </div>

      <AdminTable aria-label="Results per tab">
        <AdminTableHead>
          <tr>
            <th scope="col">Tab</th>
            <th scope="col">Status</th>
            {counts.map((c) => (
              <th key={c.key} scope="col" className="text-right">
                {c.label}
              </th>
            ))}
          </tr>
        </AdminTableHead>
        <AdminTableBody>
          {report.tabs.map((t) => (
            <AdminTableRow key={t.tab}>
              <AdminTableCell label="Tab" className="font-medium">
                {t.tab}
              </AdminTableCell>
              <AdminTableCell label="Status">
                <TabStatusBadge status={t.status} />
              </AdminTableCell>
              {counts.map((c) => (
                <AdminTableCell key={c.key} label={c.label} className="tabular-nums md:text-right">
                  {countText(t[c.key])}
                </AdminTableCell>
              ))}
            </AdminTableRow>
          ))}
          <AdminTableRow className="font-semibold">
            <AdminTableCell label="Tab">Totals</AdminTableCell>
            <AdminTableCell label="Status" className="max-md:hidden">
              <span className="sr-only">—</span>
            </AdminTableCell>
            {counts.map((c) => (
              <AdminTableCell key={c.key} label={c.label} className="tabular-nums md:text-right">
                {countText(report.totals[c.key])}
              </AdminTableCell>
            ))}
          </AdminTableRow>
        </AdminTableBody>
      </AdminTable>

      <ChangesList report={report} />
      <ErrorsList report={report} />
      <Diagnostics report={report} />

      <details className="rounded-lg border p-4">
        <summary className="cursor-pointer font-medium">Raw output</summary>
        <pre className="mt-3 max-h-96 overflow-auto rounded bg-muted p-3 text-xs">
          {JSON.stringify(report, null, 2)}
        </pre>
      </details>
    </section>
  );
}

function TabStatusBadge({ status }: { status: 'done' | 'failed' | 'not-run' }) {
  if (status === 'done') return <Badge variant="success">Done</Badge>;
  if (status === 'failed') return <Badge variant="destructive">Failed</Badge>;
  return <Badge variant="secondary">Not run</Badge>;
}

const CHANGES_SHOWN = 50;

function ChangesList({ report }: { report: ImportReport }) {
  const [showAll, setShowAll] = useState(false);
  const changes = report.changes.filter((c) => c.state !== 'invalid');
  const shown = showAll ? changes : changes.slice(0, CHANGES_SHOWN);
  return (
    <div className="grid gap-3">
      <h4 className="font-semibold">Changes</h4>
      {changes.length === 0 ? (
        <p className="text-muted-foreground">Every row matches the stored data: nothing to change.</p>
      ) : (
        <>
          <AdminTable aria-label="Changes">
            <AdminTableHead>
              <tr>
                <th scope="col">Tab</th>
                <th scope="col">Row</th>
                <th scope="col">State</th>
                <th scope="col">What changed</th>
                <th scope="col">Changes cover</th>
                <th scope="col">Outcome</th>
              </tr>
            </AdminTableHead>
            <AdminTableBody>
              {shown.map((c) => (
                <AdminTableRow key={`${c.table}-${c.id}`}>
                  <AdminTableCell label="Tab">{c.tab}</AdminTableCell>
                  <AdminTableCell label="Row" className="[overflow-wrap:anywhere]">
                    <span className="max-md:text-right">
                      <span className="font-medium">{c.label}</span>{' '}
                      <span className="text-muted-foreground">({spaced(c.table)})</span>
                    </span>
                  </AdminTableCell>
                  <AdminTableCell label="State">
                    <Badge variant={STATE_BADGES[c.state].variant}>{STATE_BADGES[c.state].label}</Badge>
                  </AdminTableCell>
                  <AdminTableCell label="What changed" className="[overflow-wrap:anywhere]">
                    {c.changedFields.length > 0 ? c.changedFields.map(fieldWords).join(', ') : '—'}
                  </AdminTableCell>
                  <AdminTableCell label="Changes cover">
                    {c.changesCoverage ? (
                      <Badge variant="warning">
                        <TriangleAlert aria-hidden />
                        Yes
                      </Badge>
                    ) : (
                      'No'
                    )}
                  </AdminTableCell>
                  <AdminTableCell label="Outcome">{decisionText(c, report.mode)}</AdminTableCell>
                </AdminTableRow>
              ))}
            </AdminTableBody>
          </AdminTable>
          {changes.length > shown.length ? (
            <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setShowAll(true)}>
              Show all {countText(changes.length)} changes
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}

function ErrorsList({ report }: { report: ImportReport }) {
  const { errors } = report;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold">Errors ({countText(errors.length)})</h4>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={errors.length === 0}
            onClick={() => void copy(errorsText(errors), 'Errors')}
          >
            <ClipboardCopy aria-hidden />
            Copy All
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={errors.length === 0}
            onClick={() =>
              downloadText(`bank-data-import-errors-${fileDate(new Date())}.csv`, errorsCsv(errors), 'text/csv')
            }
          >
            <Download aria-hidden />
            Download CSV
          </Button>
          <Button variant="outline" size="sm" onClick={() => void copy(reportDetailsText(report), 'Details')}>
            <ClipboardCopy aria-hidden />
            Copy Details
          </Button>
        </div>
      </div>
      {errors.length === 0 ? (
        <p className="text-muted-foreground">No row has an error.</p>
      ) : (
        <ul aria-label="Errors" className="grid max-h-96 gap-2 overflow-auto rounded-lg border p-3 text-sm">
          {errors.map((e) => (
            <li key={`${e.tab}-${e.rowNumber}`} className="flex gap-2">
              <TriangleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
              <span className="[overflow-wrap:anywhere]">{errorLine(e)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Diagnostics({ report }: { report: ImportReport }) {
  return (
    <details className="rounded-lg border p-4">
      <summary className="cursor-pointer font-medium">Detailed diagnostics</summary>
      <div className="mt-3 grid gap-4">
        {report.diagnostics.map((d) => (
          <div key={d.tab} className="grid gap-2">
            <p className="text-sm">
              <span className="font-semibold">{d.tab}</span>: {countText(d.rowCount)} rows
            </p>
            <p className="text-sm [overflow-wrap:anywhere]">
              <span className="text-muted-foreground">Headers: </span>
              {d.headers.join(', ') || 'none'}
            </p>
            {d.sampleRows.length > 0 ? (
              // biome-ignore lint/a11y/useSemanticElements: a scrolling box, named for screen readers.
              <div
                className="max-w-full overflow-x-auto rounded border"
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so keyboard users can scroll it.
                tabIndex={0}
                role="region"
                aria-label={`${d.tab}: the first rows`}
              >
                <table className="text-xs" aria-label={`${d.tab} sample rows`}>
                  <thead className="bg-muted text-left">
                    <tr>
                      {d.headers.map((h, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: headers may repeat; their place is who they are
                        <th key={i} scope="col" className="px-2 py-1 font-medium whitespace-nowrap">
                          {h}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {d.sampleRows.map((row, r) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: sample rows have no id of their own
                      <tr key={r} className="border-t">
                        {row.map((cell, i) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its column
                          <td key={i} className="px-2 py-1 whitespace-nowrap">
                            {cell}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
          </div>
        ))}
      </div>
    </details>
  );
}
