import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { adjustmentWords, standingNote } from '../../core/balance/balance-update.ts';
import { type CalendarDate, calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { formatPence } from '../../core/money/format.ts';
import { isScheduled, SCHEDULED_LABEL } from '../../core/transactions/scheduled.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { displayDate } from '../ui/date-format.ts';
import type { Transaction } from './api.ts';
import { Money, typeLabel } from './transaction-parts.tsx';

// From 640 px a table; below, each row is a small card (type and amount on top, date and the
// actions under them), so nothing scrolls sideways on a 375 px phone. The markup stays a table
// throughout, and the column names stay there for screen readers.
const cell = 'sm:px-3 sm:py-2 sm:align-middle sm:first:pl-0 sm:last:pr-0';
const head =
  'px-3 pb-2 text-left text-xs font-medium uppercase tracking-wide text-muted-foreground first:pl-0 last:pr-0';

function describe(transaction: Transaction): string {
  return `${typeLabel(transaction.type).toLowerCase()} of ${formatPence(transaction.amountPence)} on ${displayDate(transaction.date)}`;
}

/**
 * What the list says beside an entry about the balance (ADR 0022): history before the latest stated
 * balance is 'already counted'; a stated balance says its adjustment; null for an entry that adds.
 */
export function balanceNote(transaction: Transaction): string | null {
  const latest = transaction.latestStatementType ?? null;
  const adjustment = adjustmentWords(transaction.adjustmentPence ?? null);
  switch (transaction.standing) {
    case 'before-statement':
      return standingNote('before-statement', latest);
    case 'statement':
      return adjustment;
    case 'replaced-statement':
      return [adjustment, standingNote('replaced-statement', latest)].filter(Boolean).join('; ');
    default:
      return null;
  }
}

function BalanceNote({ transaction }: { transaction: Transaction }) {
  const note = balanceNote(transaction);
  if (!note) return null;
  return (
    <span data-balance-note className="block text-xs font-normal text-muted-foreground">
      {note}
    </span>
  );
}

/** An entry dated after today is scheduled: upcoming, not in today's balance (ADR 0044). */
function ScheduledBadge({ transaction, today }: { transaction: Transaction; today: CalendarDate }) {
  if (!isScheduled(transaction.date, today)) return null;
  return (
    <Badge data-scheduled variant="info" className="ml-2">
      {SCHEDULED_LABEL}
      <span className="sr-only">: upcoming, not in today’s balance</span>
    </Badge>
  );
}

/** Edit and delete buttons for one row, named after the transaction for screen readers. */
function RowActions({
  transaction,
  onEdit,
  onDelete,
}: {
  transaction: Transaction;
  onEdit: (t: Transaction) => void;
  onDelete: (t: Transaction) => void;
}) {
  return (
    <div className="inline-flex gap-0.5">
      {/* A balance update is changed by updating the balance again, not edited. */}
      {transaction.type === 'balance_update' ? null : (
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label={`Edit ${describe(transaction)}`}
          onClick={() => onEdit(transaction)}
        >
          <Pencil aria-hidden />
        </Button>
      )}
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-9 text-destructive hover:text-destructive"
        aria-label={`Delete ${describe(transaction)}`}
        onClick={() => onDelete(transaction)}
      >
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}

/**
 * Transactions as the spec's table (001 §2): Date, Type, Amount, Notes, Actions, in the order
 * given; with `account`, an Account column too (the overview). On a phone the notes and the
 * account move under the type.
 */
export function TransactionsTable<T extends Transaction>({
  transactions,
  caption,
  account,
  onEdit,
  onDelete,
  today = calendarDateInLondon(new Date()),
}: {
  transactions: T[];
  caption: ReactNode;
  /** The account column's content for a row (the overview); left out on an account's page. */
  account?: (transaction: T) => ReactNode;
  onEdit: (transaction: Transaction) => void;
  onDelete: (transaction: Transaction) => void;
  /** The UK today: entries dated after it are marked scheduled. */
  today?: CalendarDate;
}) {
  const columns: { label: ReactNode; className?: string }[] = [
    { label: 'Date' },
    ...(account ? [{ label: 'Account', className: 'hidden md:table-cell' }] : []),
    { label: 'Type' },
    { label: 'Amount', className: 'text-right' },
    { label: 'Notes', className: 'hidden sm:table-cell' },
    { label: 'Actions', className: 'text-right' },
  ];
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="max-sm:sr-only">
        <tr className="border-b">
          {columns.map((column, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the table's columns are fixed; some have no label to key by.
            <th key={index} scope="col" className={cn(head, column.className)}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="grid gap-2 sm:table-row-group">
        {transactions.map((transaction) => (
          <tr
            key={transaction.id}
            className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 rounded-lg border px-3 py-2 sm:table-row sm:rounded-none sm:border-0 sm:border-b sm:p-0 sm:last:border-b-0"
          >
            <td
              className={cn(
                cell,
                'whitespace-nowrap tabular-nums max-sm:col-start-1 max-sm:row-start-2 max-sm:text-xs max-sm:text-muted-foreground',
              )}
            >
              {displayDate(transaction.date)}
              <ScheduledBadge transaction={transaction} today={today} />
            </td>
            {account ? <td className={cn(cell, 'hidden md:table-cell')}>{account(transaction)}</td> : null}
            <td className={cn(cell, 'min-w-0 max-sm:col-start-1 max-sm:row-start-1 max-sm:font-medium')}>
              {typeLabel(transaction.type)}
              <BalanceNote transaction={transaction} />
              {account ? <span className="block text-xs font-normal md:hidden">{account(transaction)}</span> : null}
              {transaction.notes ? (
                <span className="block break-words text-xs font-normal text-muted-foreground sm:hidden">
                  {transaction.notes}
                </span>
              ) : null}
            </td>
            <td className={cn(cell, 'text-right font-medium max-sm:col-start-2 max-sm:row-start-1')}>
              <Money pence={transaction.amountPence} />
            </td>
            <td className={cn(cell, 'hidden max-w-72 break-words text-muted-foreground sm:table-cell')}>
              {transaction.notes}
            </td>
            <td
              className={cn(
                cell,
                'whitespace-nowrap text-right max-sm:col-start-2 max-sm:row-start-2 max-sm:-my-1 max-sm:-mr-2',
              )}
            >
              <RowActions transaction={transaction} onEdit={onEdit} onDelete={onDelete} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
