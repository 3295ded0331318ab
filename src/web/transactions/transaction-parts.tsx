import type { ComponentProps } from 'react';
import { formatPence } from '../../core/money/format.ts';
import {
  ENTERED_TRANSACTION_TYPES,
  type EnteredTransactionType,
  TRANSACTION_TYPE_LABELS,
  type TransactionType,
} from '../../core/transactions/transaction-types.ts';
import { cn } from '../ui/cn.ts';
import { NativeSelect } from '../ui/input.tsx';

/** An amount in a table: tabular figures, a minus sign and red for money out (never colour alone). */
export function Money({ pence, className }: { pence: number; className?: string }) {
  return (
    <span className={cn('whitespace-nowrap tabular-nums', pence < 0 && 'text-destructive', className)}>
      {formatPence(pence)}
    </span>
  );
}

export function TransactionTypeSelect({
  value,
  onChange,
  ...props
}: Omit<ComponentProps<'select'>, 'value' | 'onChange'> & {
  value: EnteredTransactionType;
  onChange: (type: EnteredTransactionType) => void;
}) {
  // A balance update is not among them: "Update balance" on the account page makes one.
  return (
    <NativeSelect value={value} onChange={(event) => onChange(event.target.value as EnteredTransactionType)} {...props}>
      {ENTERED_TRANSACTION_TYPES.map((type) => (
        <option key={type} value={type}>
          {TRANSACTION_TYPE_LABELS[type]}
        </option>
      ))}
    </NativeSelect>
  );
}

export function typeLabel(type: TransactionType): string {
  return TRANSACTION_TYPE_LABELS[type];
}

// The settings screens' load-error and skeleton blocks are the app's general ones (they belong in
// src/web/ui); the transactions screens use them as they are.
export { SectionLoadError as LoadError, SectionSkeleton as RowsSkeleton } from '../ui/section-states.tsx';
