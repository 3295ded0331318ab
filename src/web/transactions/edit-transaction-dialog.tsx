import { useState } from 'react';
import { amountFromText, penceToAmountText } from '../../core/transactions/amount-text.ts';
import {
  type EnteredTransactionType,
  isEnteredTransactionType,
  typedAmountPence,
} from '../../core/transactions/transaction-types.ts';
import { MAX_NOTES_LENGTH, transactionDateError, updateAmountError } from '../../core/transactions/validation.ts';
import { notify } from '../app/notify.ts';
import { Button } from '../ui/button.tsx';
import { DatePicker } from '../ui/date-picker.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog.tsx';
import { FormError } from '../ui/form-error.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { type Transaction, useUpdateTransaction } from './api.ts';
import { TRANSACTION_TEXT, updateFailureMessage, validationMessage } from './messages.ts';
import { TransactionTypeSelect } from './transaction-parts.tsx';

function EditForm({
  transaction,
  enteredType,
  onDone,
}: {
  transaction: Transaction;
  enteredType: EnteredTransactionType;
  onDone: () => void;
}) {
  const [type, setType] = useState(enteredType);
  const [amountText, setAmountText] = useState(penceToAmountText(typedAmountPence(transaction.amountPence)));
  const [date, setDate] = useState(transaction.date);
  const [notes, setNotes] = useState(transaction.notes ?? '');
  const [errors, setErrors] = useState<{ amount?: string; date?: string; form?: string }>({});
  const update = useUpdateTransaction();

  const submit = () => {
    const amountPence = amountFromText(amountText);
    const amount = updateAmountError(type, amountPence) ?? undefined;
    const dateProblem = transactionDateError(date) ?? undefined;
    setErrors({ amount, date: dateProblem });
    if (amount || dateProblem || amountPence === null) return;
    update.mutate(
      { id: transaction.id, accountId: transaction.accountId, change: { type, amountPence, date, notes } },
      {
        onSuccess: () => {
          notify.success(TRANSACTION_TEXT.updated);
          onDone();
        },
        onError: (failure) => {
          notify.error(updateFailureMessage(failure));
          setErrors({ form: validationMessage(failure) ?? updateFailureMessage(failure) });
        },
      },
    );
  };

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <DialogHeader>
        <DialogTitle>Edit Transaction</DialogTitle>
        <DialogDescription>
          Withdrawals and fees are taken off the balance; type the amount without a minus sign.
        </DialogDescription>
      </DialogHeader>
      <FormError message={errors.form} />
      <FormField label="Transaction Type">
        <TransactionTypeSelect value={type} onChange={setType} />
      </FormField>
      <FormField label="Amount" error={errors.amount} description="In pounds, for example 25.50">
        <Input
          inputMode="decimal"
          autoComplete="off"
          className="tabular-nums"
          value={amountText}
          onChange={(event) => setAmountText(event.target.value)}
        />
      </FormField>
      <FormField label="Date" error={errors.date}>
        <DatePicker label="transaction date" value={date} onChange={setDate} />
      </FormField>
      <FormField label="Notes" optional>
        <Input maxLength={MAX_NOTES_LENGTH} value={notes} onChange={(event) => setNotes(event.target.value)} />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** 'Edit Transaction' (001 §2): type, amount as a positive figure, date and notes; 'Save Changes'. */
export function EditTransactionDialog({
  transaction,
  onClose,
}: {
  transaction: Transaction | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={transaction !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        {/* A balance update is not edited here (the lists offer no Edit for one): Update balance again. */}
        {transaction && isEnteredTransactionType(transaction.type) ? (
          <EditForm key={transaction.id} transaction={transaction} enteredType={transaction.type} onDone={onClose} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
