import { Building2, Trash2 } from 'lucide-react';
import { formatLongDate, holdersLabel, LIFE_EVENT_LABELS } from '../../core/checker/text.ts';
import { formatPence } from '../../core/money/format.ts';
import { holderSharePence } from '../../core/protection/holder-share.ts';
import { bankLabel } from '../reference/bank-picker.tsx';
import { Button } from '../ui/button.tsx';
import type { PageRow } from './use-checker-rows.ts';

export const ROWS_HEADING_ID = 'checker-rows-heading';

/** 'Halifax, £70,000.00': how a row is named to screen readers (the remove button, the list). */
export function rowName(row: PageRow): string {
  return `${bankLabel(row.bank)}, ${formatPence(row.amountPence)}`;
}

/** The rows added so far, each with a button to remove it. */
export function RowList({ rows, onRemove }: { rows: readonly PageRow[]; onRemove: (key: number) => void }) {
  const remove = (index: number) => {
    const next = rows[index + 1] ?? rows[index - 1];
    onRemove(rows[index]!.key);
    // Focus goes to the neighbouring row's button, or to the heading once the list is empty.
    requestAnimationFrame(() => {
      const target = next
        ? document.getElementById(`checker-remove-${next.key}`)
        : document.getElementById(ROWS_HEADING_ID);
      target?.focus();
    });
  };

  return (
    <div className="grid gap-3">
      <h3 id={ROWS_HEADING_ID} tabIndex={-1} className="text-lg font-semibold outline-none">
        Your money ({rows.length} {rows.length === 1 ? 'row' : 'rows'})
      </h3>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          Nothing added yet. Choose a bank or building society above, enter the amount and select “Add to the check”.
        </p>
      ) : (
        <ul className="grid gap-2" aria-labelledby={ROWS_HEADING_ID}>
          {rows.map((row, index) => (
            <li key={row.key} className="flex items-start gap-3 rounded-lg border bg-card p-3">
              <Building2 className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
              <div className="min-w-0 flex-1 text-sm">
                <p className="flex items-baseline justify-between gap-3">
                  <span className="min-w-0 font-medium break-words">{bankLabel(row.bank)}</span>
                  <span className="shrink-0 font-semibold tabular-nums">{formatPence(row.amountPence)}</span>
                </p>
                <p className="text-muted-foreground">
                  {holdersLabel(row.holders)}
                  {row.holders > 1 ? `: your share ${formatPence(holderSharePence(row.amountPence, row.holders))}` : ''}
                </p>
                {row.temporaryHighBalance ? (
                  <p className="text-muted-foreground">
                    Temporary high balance ({LIFE_EVENT_LABELS[row.temporaryHighBalance.lifeEvent]}):{' '}
                    {formatPence(row.temporaryHighBalance.qualifyingPence)}, credited{' '}
                    {formatLongDate(row.temporaryHighBalance.creditedDate)}
                  </p>
                ) : null}
              </div>
              <Button
                id={`checker-remove-${row.key}`}
                variant="ghost"
                size="icon"
                className="-my-1 size-9"
                aria-label={`Remove ${rowName(row)}`}
                onClick={() => remove(index)}
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
