import { ArrowLeft, CircleAlert, CircleCheck, Copy, Upload } from 'lucide-react';
import { formatPence } from '../../core/money/format.ts';
import { standingNote } from '../../core/balance/balance-update.ts';
import {
  isAlreadyCounted,
  type LatestStatement,
  type PreviewRow,
  summariseImport,
} from '../../core/transaction-import/preview.ts';
import { MAX_IMPORT_ROWS, tooManyRowsMessage } from '../../core/transaction-import/rows.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { displayDate } from '../ui/date-format.ts';
import { Switch } from '../ui/switch.tsx';

/** How many rows the preview table shows; the counts and totals cover them all. */
export const PREVIEW_ROWS = 50;

const COLUMNS = ['Row', 'Date', 'Type', 'Amount', 'Notes', 'Status'] as const;
const TYPE_LABELS = { deposit: 'Deposit', withdrawal: 'Withdrawal', interest: 'Interest', fee: 'Fee' } as const;

export function transactionsPhrase(count: number): string {
  return `${count.toLocaleString('en-GB')} transaction${count === 1 ? '' : 's'}`;
}

function StatusBadge({ row }: { row: PreviewRow }) {
  if (row.status === 'error') {
    return (
      <Badge variant="destructive">
        <CircleAlert aria-hidden />
        Problem
      </Badge>
    );
  }
  if (row.status === 'duplicate') {
    return (
      <Badge variant="warning">
        <Copy aria-hidden />
        {row.duplicateOf === 'existing' ? 'Already on account' : 'Repeated in file'}
      </Badge>
    );
  }
  return (
    <Badge variant="success">
      <CircleCheck aria-hidden />
      Ready
    </Badge>
  );
}

/** 'before your starting balance: already counted' under a row dated before the account's latest stated balance. */
function AlreadyCounted({ row, latest }: { row: PreviewRow; latest: LatestStatement | null }) {
  if (!row.row || !isAlreadyCounted(row.row, latest)) return null;
  return <span className="block text-xs text-muted-foreground">{standingNote('before-statement', latest!.type)}</span>;
}

/** Under the summary: how many rows are history, and that they leave the balance as it is. */
export function alreadyCountedText(count: number, latest: LatestStatement): string {
  const what = latest.type === 'balance_update' ? 'your balance update' : 'your starting balance';
  const rows = count === 1 ? '1 row is' : `${count.toLocaleString('en-GB')} rows are`;
  return `${rows} dated before ${what} of ${displayDate(latest.date)}: already counted in it, they go into your history and leave the balance as it is.`;
}

function Amount({ pence }: { pence: number }) {
  return <span className={cn('tabular-nums', pence < 0 && 'text-destructive')}>{formatPence(pence)}</span>;
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'warning' | 'danger' }) {
  return (
    <div className="rounded-lg border bg-card p-3 sm:p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd
        className={cn(
          'mt-1 text-xl font-semibold tabular-nums sm:text-2xl',
          tone === 'warning' && 'text-warning',
          tone === 'danger' && 'text-destructive',
        )}
      >
        {value}
      </dd>
    </div>
  );
}

/** Step 3: what will be imported, with duplicates and problems marked, then the import itself. */
export function PreviewStep({
  preview,
  latestStatement = null,
  skipDuplicates,
  onSkipDuplicatesChange,
  busy,
  onBack,
  onImport,
}: {
  preview: PreviewRow[];
  /** The account's latest stated balance: rows dated before it are already counted in it. */
  latestStatement?: LatestStatement | null;
  skipDuplicates: boolean;
  onSkipDuplicatesChange: (skip: boolean) => void;
  busy: boolean;
  onBack: () => void;
  onImport: () => void;
}) {
  const summary = summariseImport(preview, skipDuplicates, latestStatement);
  const tooMany = summary.toImport > MAX_IMPORT_ROWS;
  const shown = preview.slice(0, PREVIEW_ROWS);
  const problems = preview.filter((p) => p.status === 'error');

  return (
    <div className="grid gap-6">
      <section aria-labelledby="summary-heading" className="grid gap-3">
        <h2 id="summary-heading" className="text-base font-semibold">
          Summary
        </h2>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
          <Figure label="Rows in the file" value={summary.rows.toLocaleString('en-GB')} />
          <Figure label="To import" value={summary.toImport.toLocaleString('en-GB')} />
          <Figure
            label="Duplicates"
            value={summary.duplicates.toLocaleString('en-GB')}
            tone={summary.duplicates > 0 ? 'warning' : undefined}
          />
          <Figure
            label="With problems"
            value={summary.errors.toLocaleString('en-GB')}
            tone={summary.errors > 0 ? 'danger' : undefined}
          />
          <Figure label="Money in" value={formatPence(summary.moneyInPence)} />
          <Figure label="Money out" value={formatPence(-summary.moneyOutPence)} />
          <Figure label="Changes the balance by" value={formatPence(summary.balanceChangePence)} />
        </dl>
        {latestStatement && summary.alreadyCounted > 0 ? (
          <p className="text-sm text-muted-foreground">{alreadyCountedText(summary.alreadyCounted, latestStatement)}</p>
        ) : null}
      </section>

      {summary.duplicates > 0 ? (
        <div className="flex items-start justify-between gap-4 rounded-lg border p-4">
          <div className="grid gap-1">
            <label htmlFor="skip-duplicates" className="text-sm font-medium">
              Skip duplicates
            </label>
            <p id="skip-duplicates-help" className="text-sm text-muted-foreground">
              A duplicate has the same date, amount and description as a transaction already on this account, or as an
              earlier row of the file.
            </p>
          </div>
          <Switch
            id="skip-duplicates"
            aria-describedby="skip-duplicates-help"
            checked={skipDuplicates}
            onCheckedChange={onSkipDuplicatesChange}
          />
        </div>
      ) : null}

      {problems.length > 0 ? (
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertTitle>
            {problems.length === 1
              ? '1 row has a problem and will not be imported'
              : `${problems.length.toLocaleString('en-GB')} rows have problems and will not be imported`}
          </AlertTitle>
          <AlertDescription>
            <ul className="grid gap-0.5">
              {problems.slice(0, PREVIEW_ROWS).map((p) => (
                <li key={p.line}>
                  Row {p.line}: {p.errors.join('; ')}
                </li>
              ))}
              {problems.length > PREVIEW_ROWS ? (
                <li>and {(problems.length - PREVIEW_ROWS).toLocaleString('en-GB')} more</li>
              ) : null}
            </ul>
          </AlertDescription>
        </Alert>
      ) : null}

      {tooMany ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden />
          <AlertTitle>Too many transactions for one import</AlertTitle>
          <AlertDescription>{tooManyRowsMessage(summary.toImport)}</AlertDescription>
        </Alert>
      ) : null}

      <section aria-labelledby="rows-heading" className="grid gap-3">
        <h2 id="rows-heading" className="text-base font-semibold">
          {preview.length > PREVIEW_ROWS
            ? `The first ${PREVIEW_ROWS} of ${preview.length.toLocaleString('en-GB')} rows`
            : preview.length === 1
              ? 'The row'
              : `All ${preview.length} rows`}
        </h2>
        {/* Phones: one card per row. */}
        <ul className="grid gap-2 sm:hidden" aria-label="Rows to import">
          {shown.map((p) => (
            <li key={p.line} className="grid gap-1 rounded-lg border bg-card p-3 text-sm">
              <div className="flex items-center justify-between gap-2">
                <span className="text-muted-foreground">Row {p.line}</span>
                <StatusBadge row={p} />
              </div>
              {p.row ? (
                <>
                  <div className="flex items-baseline justify-between gap-2">
                    <span className="font-medium">{displayDate(p.row.date)}</span>
                    <Amount pence={p.row.amountPence} />
                  </div>
                  <p className="break-words text-muted-foreground">
                    {TYPE_LABELS[p.row.type]}
                    {p.row.notes ? ` · ${p.row.notes}` : ''}
                  </p>
                  <AlreadyCounted row={p} latest={latestStatement} />
                </>
              ) : (
                <p className="text-destructive">{p.errors.join('; ')}</p>
              )}
            </li>
          ))}
        </ul>
        {/* Wider screens: a table. */}
        <div className="hidden overflow-x-auto rounded-lg border sm:block">
          <table className="w-full text-sm" aria-labelledby="rows-heading">
            <thead className="bg-muted/60 text-left">
              <tr>
                {COLUMNS.map((column) => (
                  <th
                    key={column}
                    scope="col"
                    className={cn('px-3 py-2 font-medium', column === 'Amount' && 'text-right')}
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.map((p) => (
                <tr key={p.line} className={cn('border-t align-top', p.status !== 'ready' && 'bg-muted/30')}>
                  <td className="px-3 py-2 text-muted-foreground tabular-nums">{p.line}</td>
                  {p.row ? (
                    <>
                      <td className="px-3 py-2 whitespace-nowrap tabular-nums">{displayDate(p.row.date)}</td>
                      <td className="px-3 py-2">{TYPE_LABELS[p.row.type]}</td>
                      <td className="px-3 py-2 text-right whitespace-nowrap">
                        <Amount pence={p.row.amountPence} />
                      </td>
                      <td className="max-w-72 px-3 py-2 break-words">{p.row.notes}</td>
                    </>
                  ) : (
                    <td colSpan={4} className="px-3 py-2 text-destructive">
                      {p.errors.join('; ')}
                    </td>
                  )}
                  <td className="px-3 py-2">
                    <StatusBadge row={p} />
                    <AlreadyCounted row={p} latest={latestStatement} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="outline" onClick={onBack} disabled={busy}>
          <ArrowLeft aria-hidden />
          Change columns
        </Button>
        <Button type="button" onClick={onImport} disabled={busy || tooMany || summary.toImport === 0}>
          <Upload aria-hidden />
          {busy
            ? 'Importing...'
            : summary.toImport === 0
              ? 'Nothing to import'
              : `Import ${transactionsPhrase(summary.toImport)}`}
        </Button>
      </div>
    </div>
  );
}
