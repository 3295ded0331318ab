import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatPence } from '../../core/money/format.ts';
import { Button } from '../ui/button.tsx';
import { displayDate } from '../ui/date-format.ts';
import type { Transaction } from './api.ts';
import { Money, typeLabel } from './transaction-parts.tsx';

export const cellClass = 'px-3 py-2.5 align-top first:pl-0 last:pr-0';
export const headClass = 'px-3 pb-2 text-left text-xs font-medium uppercase tracking-wide text-muted-foreground first:pl-0 last:pr-0';

/** A table's header row: each column's name and classes (alignment, hidden on small screens). */
export function HeaderRow({ columns }: { columns: { label: ReactNode; className?: string }[] }) {
  return (
    <thead>
      <tr className="border-b">
        {columns.map((column, index) => (
          <th key={index} scope="col" className={column.className ? `${headClass} ${column.className}` : headClass}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function describe(transaction: Transaction): string {
  return `${typeLabel(transaction.type).toLowerCase()} of ${formatPence(transaction.amountPence)} on ${displayDate(transaction.date)}`;
}

/** Edit and delete buttons for one row, named after the transaction for screen readers. */
export function RowActions({
  transaction,
  onEdit,
  onDelete,
}: {
  transaction: Transaction;
  onEdit: (transaction: Transaction) => void;
  onDelete: (transaction: Transaction) => void;
}) {
  return (
    <div className="inline-flex gap-0.5">
      <Button type="button" variant="ghost" size="icon" className="size-9" aria-label={`Edit ${describe(transaction)}`} onClick={() => onEdit(transaction)}>
        <Pencil aria-hidden />
      </Button>
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
 * The account's transactions (001 §2): Date, Type, Amount, Notes, Actions, newest first. On a
 * phone the notes move under the type, so the table fits 375 px without scrolling sideways.
 */
export function TransactionsTable({
  transactions,
  caption,
  onEdit,
  onDelete,
}: {
  transactions: Transaction[];
  caption: ReactNode;
  onEdit: (transaction: Transaction) => void;
  onDelete: (transaction: Transaction) => void;
}) {
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{caption}</caption>
      <HeaderRow
        columns={[
          { label: 'Date' },
          { label: 'Type' },
          { label: 'Amount', className: 'text-right' },
          { label: 'Notes', className: 'hidden sm:table-cell' },
          { label: <span className="sr-only sm:not-sr-only">Actions</span>, className: 'text-right' },
        ]}
      />
      <tbody>
        {transactions.map((transaction) => (
          <tr key={transaction.id} className="border-b last:border-b-0">
            <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{displayDate(transaction.date)}</td>
            <td className={cellClass}>
              {typeLabel(transaction.type)}
              {transaction.notes ? <span className="mt-0.5 block break-words text-xs text-muted-foreground sm:hidden">{transaction.notes}</span> : null}
            </td>
            <td className={`${cellClass} text-right font-medium`}>
              <Money pence={transaction.amountPence} />
            </td>
            <td className={`${cellClass} hidden max-w-72 break-words text-muted-foreground sm:table-cell`}>{transaction.notes}</td>
            <td className={`${cellClass} whitespace-nowrap text-right`}>
              <RowActions transaction={transaction} onEdit={onEdit} onDelete={onDelete} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
