import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import { MAX_ROWS } from '../../core/checker/state.ts';
import { LIFE_EVENT_LABELS } from '../../core/checker/text.ts';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import { formatPence } from '../../core/money/format.ts';
import { LIFE_EVENTS } from '../../core/protection/types.ts';
import { BankPicker } from '../reference/bank-picker.tsx';
import { Button } from '../ui/button.tsx';
import { DatePicker } from '../ui/date-picker.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input, NativeSelect } from '../ui/input.tsx';
import {
  EMPTY_ROW_FORM,
  HOLDER_CHOICES,
  ROW_FORM_FIELDS,
  type RowFormOutput,
  type RowFormValues,
  rowFormSchema,
} from './row-form.ts';

export const BANK_FIELD_ID = 'checker-bank';

/** The first year a credited date can be typed in: the earliest limit the checker knows. */
const FIRST_YEAR = 2017;

/** A money field: £ before the number, a numeric keyboard on phones, tabular figures. */
function MoneyInput(props: React.ComponentProps<typeof Input>) {
  return (
    <div className="relative">
      <span
        className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground"
        aria-hidden
      >
        £
      </span>
      <Input inputMode="decimal" autoComplete="off" spellCheck={false} className="pl-7 tabular-nums" {...props} />
    </div>
  );
}

export interface AddRowFormProps {
  today: CalendarDate;
  /** The temporary high balance limit per life event in force today, in pence. */
  temporaryHighBalanceLimitPence: number;
  rowCount: number;
  disabled?: boolean;
  onAdd: (row: RowFormOutput) => void;
}

/** Adds one row: a bank or building society, the amount, sole or joint, and any temporary high balance. */
export function AddRowForm({
  today,
  temporaryHighBalanceLimitPence,
  rowCount,
  disabled = false,
  onAdd,
}: AddRowFormProps) {
  const schema = useMemo(() => rowFormSchema(today), [today]);
  const form = useForm<RowFormValues, unknown, RowFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY_ROW_FORM,
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const hasTemporaryHighBalance = form.watch('hasTemporaryHighBalance');
  const thbHelpId = useId();
  const isFull = rowCount >= MAX_ROWS;
  const fieldId = (name: (typeof ROW_FORM_FIELDS)[number]) => (name === 'bank' ? BANK_FIELD_ID : `checker-${name}`);

  // The bank picker is a button, not a registered input, so errors are focused here by id.
  const focusFirstError = (fieldErrors: FieldErrors<RowFormValues>) => {
    const first = ROW_FORM_FIELDS.find((name) => fieldErrors[name]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const submit = form.handleSubmit((row) => {
    onAdd(row);
    form.reset(EMPTY_ROW_FORM);
    // Ready for the next bank: keyboard users start again at the top of the form.
    requestAnimationFrame(() => document.getElementById(BANK_FIELD_ID)?.focus());
  }, focusFirstError);

  return (
    <form className="grid gap-5" noValidate onSubmit={submit} aria-labelledby="checker-add-heading">
      <h3 id="checker-add-heading" className="text-lg font-semibold">
        Add money at a bank or building society
      </h3>
      <Controller
        control={form.control}
        name="bank"
        render={({ field }) => (
          <FormField label="Bank or building society" id={BANK_FIELD_ID} error={errors.bank?.message}>
            <BankPicker value={field.value} onChange={field.onChange} excludePlatforms disabled={disabled} />
          </FormField>
        )}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Amount" id={fieldId('amount')} error={errors.amount?.message}>
          <MoneyInput placeholder="0.00" disabled={disabled} {...form.register('amount')} />
        </FormField>
        <FormField label="Who holds it?" id={fieldId('holders')} error={errors.holders?.message}>
          <NativeSelect disabled={disabled} {...form.register('holders')}>
            {HOLDER_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <p className="-mt-2 text-sm text-muted-foreground">
        For a joint account, enter the whole balance: each holder’s equal share counts towards their own limit.
      </p>

      <div className="grid gap-1.5">
        <label className="flex items-start gap-3 text-sm font-medium">
          <input
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            aria-describedby={thbHelpId}
            disabled={disabled}
            {...form.register('hasTemporaryHighBalance')}
          />
          It includes a temporary high balance
        </label>
        <p id={thbHelpId} className="pl-7 text-sm text-muted-foreground">
          Money from some life events, such as selling your home or an inheritance, is protected up to{' '}
          {formatPence(temporaryHighBalanceLimitPence, { wholePounds: true })} for 6 months from the day it is credited,
          on top of the usual limit.
        </p>
      </div>

      {hasTemporaryHighBalance ? (
        <fieldset className="grid gap-5 rounded-lg border bg-muted/40 p-4">
          <legend className="px-1 text-sm font-semibold">Temporary high balance</legend>
          <FormField label="Life event" id={fieldId('lifeEvent')} error={errors.lifeEvent?.message}>
            <NativeSelect disabled={disabled} {...form.register('lifeEvent')}>
              <option value="">Choose a life event</option>
              {LIFE_EVENTS.map((event) => (
                <option key={event} value={event}>
                  {LIFE_EVENT_LABELS[event]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField
              label="Amount from the life event"
              id={fieldId('temporaryHighBalanceAmount')}
              error={errors.temporaryHighBalanceAmount?.message}
            >
              <MoneyInput disabled={disabled} {...form.register('temporaryHighBalanceAmount')} />
            </FormField>
            <Controller
              control={form.control}
              name="creditedDate"
              render={({ field }) => (
                <FormField label="Date credited" id={fieldId('creditedDate')} error={errors.creditedDate?.message}>
                  <DatePicker
                    label="date credited"
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    fromYear={FIRST_YEAR}
                    toYear={Number(today.slice(0, 4))}
                    latest={today}
                    disabled={disabled}
                  />
                </FormField>
              )}
            />
          </div>
        </fieldset>
      ) : null}

      <div className="grid gap-2">
        <Button type="submit" size="lg" className="w-full sm:w-fit" disabled={disabled || isFull}>
          <Plus aria-hidden />
          Add to the check
        </Button>
        {isFull ? (
          <p className="text-sm text-muted-foreground">
            A check holds at most {MAX_ROWS} rows. Remove one to add another.
          </p>
        ) : null}
      </div>
    </form>
  );
}
