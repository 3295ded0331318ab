import { Plus, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { amountFromText } from '../../core/transactions/amount-text.ts';
import {
  addButtonLabel,
  countableRowCount,
  draftSubmission,
  emptyDraftRow,
  type DraftRow,
} from '../../core/transactions/draft-rows.ts';
import {
  TRANSACTION_MESSAGES,
  isCountableRow,
  MAX_NOTES_LENGTH,
  MAX_TRANSACTIONS_PER_REQUEST,
} from '../../core/transactions/validation.ts';
import { notify } from '../app/notify.ts';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { DatePicker } from '../ui/date-picker.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog.tsx';
import { FormError } from '../ui/form-error.tsx';
import { Input, NativeSelect } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { type AccountName, useAddTransactions } from './api.ts';
import { TRANSACTION_TEXT, addFailureMessage, validationMessage } from './messages.ts';
import { TransactionTypeSelect } from './transaction-parts.tsx';

type KeyedRow = DraftRow & { key: number };

/** Why a row with something typed in its amount will be skipped (the spec's messages), or null. */
export function rowHint(row: DraftRow): string | null {
  if (row.amountText.trim() === '' || isCountableRow(row)) return null;
  const pence = amountFromText(row.amountText);
  if (pence === null) return TRANSACTION_MESSAGES.invalidAmount;
  return row.type === 'opening_balance'
    ? TRANSACTION_MESSAGES.negativeOpeningBalance
    : TRANSACTION_MESSAGES.notPositive;
}

/** A new row takes the last row's type and date (an account has one opening balance, so that one becomes a deposit). */
function nextRow(row: KeyedRow, last: KeyedRow | undefined): KeyedRow {
  if (!last) return row;
  return { ...row, type: last.type === 'opening_balance' ? 'deposit' : last.type, date: last.date || row.date };
}

function today(): string {
  return calendarDateInLondon(new Date());
}

function DraftRowFields({
  row,
  index,
  total,
  dateError,
  onChange,
  onRemove,
}: {
  row: KeyedRow;
  index: number;
  total: number;
  dateError: string | null;
  onChange: (row: KeyedRow) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const hint = rowHint(row);
  const hintId = `${id}-hint`;
  const dateErrorId = `${id}-date-error`;
  // Labels show above every row on phones, and only above the first row on wider screens
  // (where the rows line up as columns); screen readers always hear them.
  const labelClass = index === 0 ? 'text-xs text-muted-foreground' : 'text-xs text-muted-foreground sm:sr-only';
  return (
    <fieldset className="relative grid grid-cols-2 gap-x-3 gap-y-2 rounded-lg border p-3 sm:grid-cols-[11rem_7rem_12rem_1fr_2.5rem] sm:items-end sm:rounded-none sm:border-0 sm:p-0">
      <legend className="sr-only">Transaction {index + 1}</legend>
      <p aria-hidden className="col-span-2 flex h-7 items-center text-sm font-medium sm:hidden">
        Transaction {index + 1}
      </p>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-type`} className={labelClass}>
          Type
        </Label>
        <TransactionTypeSelect id={`${id}-type`} value={row.type} onChange={(type) => onChange({ ...row, type })} />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-amount`} className={labelClass}>
          Amount (£)
        </Label>
        <Input
          id={`${id}-amount`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          className="tabular-nums"
          value={row.amountText}
          aria-invalid={hint ? true : undefined}
          aria-describedby={hint ? hintId : undefined}
          onChange={(event) => onChange({ ...row, amountText: event.target.value })}
        />
      </div>
      <div className="col-span-2 grid gap-1 sm:col-span-1">
        <Label htmlFor={`${id}-date`} className={labelClass}>
          Date
        </Label>
        <DatePicker
          id={`${id}-date`}
          label={`date of transaction ${index + 1}`}
          value={row.date}
          onChange={(date) => onChange({ ...row, date })}
          aria-invalid={dateError ? true : undefined}
          aria-describedby={dateError ? dateErrorId : undefined}
        />
      </div>
      <div className="col-span-2 grid gap-1 sm:col-span-1">
        <Label htmlFor={`${id}-notes`} className={labelClass}>
          Notes
        </Label>
        <Input
          id={`${id}-notes`}
          maxLength={MAX_NOTES_LENGTH}
          value={row.notes}
          onChange={(event) => onChange({ ...row, notes: event.target.value })}
        />
      </div>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="absolute top-2 right-2 size-9 sm:static sm:size-10"
        disabled={total === 1}
        aria-label={`Remove transaction ${index + 1}`}
        onClick={onRemove}
      >
        <Trash2 aria-hidden />
      </Button>
      {hint || dateError ? (
        <div className="col-span-2 grid gap-0.5 text-sm font-medium text-destructive sm:col-span-5">
          {hint ? <p id={hintId}>{hint} (this row will be skipped)</p> : null}
          {dateError ? <p id={dateErrorId}>{dateError}</p> : null}
        </div>
      ) : null}
    </fieldset>
  );
}

/**
 * 'Add Transactions' (001 §2): several rows of Type, Amount (£), Date and Notes; rows whose
 * amount is not valid are skipped, and the button reads 'Add N Transaction(s)' for the rest.
 * On an account's page it adds to that account; on the overview (`accounts` given) it asks
 * which account, starting from `accountId` when the overview is filtered to one.
 */
export function AddTransactionsDialog({
  accountId,
  accounts,
  open,
  onOpenChange,
}: {
  accountId?: string;
  accounts?: AccountName[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const accountFieldId = useId();
  const [chosenAccount, setChosenAccount] = useState('');
  const target = accounts ? chosenAccount || accountId || accounts[0]?.id || '' : (accountId ?? '');
  const nextKey = useRef(1);
  const fresh = (): KeyedRow => ({ ...emptyDraftRow(today()), key: nextKey.current++ });
  const [rows, setRows] = useState<KeyedRow[]>(() => [fresh()]);
  const [error, setError] = useState<{ message: string; rowIndex?: number } | null>(null);
  const add = useAddTransactions();
  const count = countableRowCount(rows);

  const reset = () => {
    setRows([fresh()]);
    setError(null);
    setChosenAccount('');
  };
  const changeOpen = (next: boolean) => {
    if (add.isPending) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const submit = () => {
    const submission = draftSubmission(rows);
    if (!submission.ok) {
      setError({ message: submission.message, rowIndex: submission.rowIndex });
      return;
    }
    setError(null);
    add.mutate(
      { accountId: target, transactions: submission.transactions },
      {
        onSuccess: ({ items }) => {
          notify.success(items.length === 1 ? TRANSACTION_TEXT.addedOne : TRANSACTION_TEXT.addedMany(items.length));
          reset();
          onOpenChange(false);
        },
        onError: (failure) => {
          notify.error(addFailureMessage(failure));
          setError({ message: validationMessage(failure) ?? addFailureMessage(failure) });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="max-w-[calc(100%-2rem)] sm:max-w-4xl">
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <DialogHeader>
            <DialogTitle>Add Transactions</DialogTitle>
            <DialogDescription>
              Withdrawals and fees are taken off the balance. Rows without a valid amount are skipped.
            </DialogDescription>
          </DialogHeader>
          <FormError message={error?.rowIndex === undefined ? error?.message : null} />
          {accounts ? (
            <div className="grid gap-1.5 sm:max-w-sm">
              <Label htmlFor={accountFieldId}>Account</Label>
              <NativeSelect
                id={accountFieldId}
                value={target}
                onChange={(event) => setChosenAccount(event.target.value)}
              >
                {accounts.map((account) => (
                  <option key={account.id} value={account.id}>
                    {account.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : null}
          <div className="grid gap-3">
            {rows.map((row, index) => (
              <DraftRowFields
                key={row.key}
                row={row}
                index={index}
                total={rows.length}
                dateError={error?.rowIndex === index ? error.message : null}
                onChange={(next) => {
                  setError(null);
                  setRows((current) => current.map((r) => (r.key === next.key ? next : r)));
                }}
                onRemove={() => setRows((current) => current.filter((r) => r.key !== row.key))}
              />
            ))}
          </div>
          <div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={rows.length >= MAX_TRANSACTIONS_PER_REQUEST}
              onClick={() => setRows((current) => [...current, nextRow(fresh(), current[current.length - 1])])}
            >
              <Plus aria-hidden />
              Add another row
            </Button>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => changeOpen(false)} disabled={add.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={count === 0 || !target || add.isPending}
              className={cn(add.isPending && 'cursor-progress')}
            >
              {add.isPending ? 'Adding...' : addButtonLabel(count)}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
