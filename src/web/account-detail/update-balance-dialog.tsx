/**
 * "Update balance" (issue 13 §1, ADR 0022): the saver types what the bank shows and the day it
 * showed it (today unless they say otherwise); the app records it as the account's latest
 * balance statement. The page then says the new balance and the adjustment in words.
 */
import { useState } from 'react';
import {
  BALANCE_UPDATE_MESSAGES,
  balanceUpdatedNotice,
  balanceUpdateProblem,
} from '../../core/balance/balance-update.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { parseAmountText } from '../../core/transactions/amount-text.ts';
import { ApiError, hasStatus } from '../app/api.ts';
import { Button } from '../ui/button.tsx';
import { DatePicker } from '../ui/date-picker.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog.tsx';
import { FormError } from '../ui/form-error.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { useUpdateBalance } from './api.ts';

export const UPDATE_BALANCE_TEXT = {
  title: 'Update balance',
  description:
    'Enter what your bank shows. From now on the balance starts from this figure: transactions dated before the day, and those of the day you have already recorded, are in it; transactions you record from now on for that day or later are added to it.',
  balanceLabel: 'Balance your bank shows (£)',
  balanceHelp: 'For example 25,120.00; put a minus sign in front when the account is overdrawn',
  dateLabel: 'Date',
  dateHelp: 'The day the bank showed it: today, or an earlier day',
  save: 'Save balance',
  saving: 'Saving...',
  failed: 'Failed to update balance',
  signedOut: 'You must be logged in to update the balance',
} as const;

type Errors = { balance?: string; date?: string; form?: string };

function Form({
  accountId,
  onDone,
  onSaved,
}: {
  accountId: string;
  onDone: () => void;
  onSaved: (notice: string) => void;
}) {
  const today = calendarDateInLondon(new Date());
  const [amountText, setAmountText] = useState('');
  const [date, setDate] = useState(today);
  const [errors, setErrors] = useState<Errors>({});
  const update = useUpdateBalance(accountId);

  const submit = () => {
    const parsed = parseAmountText(amountText);
    const dateProblem = balanceUpdateProblem({ balancePence: 0, date }, today);
    const balanceProblem = parsed.ok ? balanceUpdateProblem({ balancePence: parsed.pence, date: today }, today) : null;
    const next: Errors = {
      balance: parsed.ok
        ? balanceProblem?.message
        : parsed.reason === 'too-large'
          ? BALANCE_UPDATE_MESSAGES.balanceTooLarge
          : BALANCE_UPDATE_MESSAGES.balance,
      date: dateProblem?.message,
    };
    setErrors(next);
    if (next.balance || next.date || !parsed.ok) return;
    update.mutate(
      { balancePence: parsed.pence, date },
      {
        onSuccess: ({ balancePence, adjustmentPence }) => {
          onSaved(balanceUpdatedNotice(balancePence, adjustmentPence));
          onDone();
        },
        onError: (failure) => {
          const message =
            failure instanceof ApiError && failure.status === 400
              ? failure.message
              : hasStatus(failure, 401)
                ? UPDATE_BALANCE_TEXT.signedOut
                : UPDATE_BALANCE_TEXT.failed;
          setErrors({ form: message });
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
        <DialogTitle>{UPDATE_BALANCE_TEXT.title}</DialogTitle>
        <DialogDescription>{UPDATE_BALANCE_TEXT.description}</DialogDescription>
      </DialogHeader>
      <FormError message={errors.form} />
      <FormField
        label={UPDATE_BALANCE_TEXT.balanceLabel}
        description={UPDATE_BALANCE_TEXT.balanceHelp}
        error={errors.balance}
      >
        <Input
          inputMode="decimal"
          autoComplete="off"
          className="tabular-nums"
          value={amountText}
          onChange={(event) => setAmountText(event.target.value)}
        />
      </FormField>
      <FormField label={UPDATE_BALANCE_TEXT.dateLabel} description={UPDATE_BALANCE_TEXT.dateHelp} error={errors.date}>
        <DatePicker label="balance date" value={date} latest={today} onChange={setDate} />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? UPDATE_BALANCE_TEXT.saving : UPDATE_BALANCE_TEXT.save}
        </Button>
      </DialogFooter>
    </form>
  );
}

export function UpdateBalanceDialog({
  accountId,
  open,
  onOpenChange,
  onSaved,
}: {
  accountId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The notice to show once saved: 'Balance updated to £25,120.00 — £120.00 more than your entries showed'. */
  onSaved: (notice: string) => void;
}) {
  const [saved, setSaved] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setSaved(false);
        onOpenChange(next);
      }}
    >
      <DialogContent
        // Once saved, the page's notice takes the focus (it says what changed); otherwise back to the button.
        onCloseAutoFocus={(event) => {
          if (saved) event.preventDefault();
        }}
      >
        {open ? (
          <Form
            accountId={accountId}
            onDone={() => onOpenChange(false)}
            onSaved={(notice) => {
              setSaved(true);
              onSaved(notice);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
