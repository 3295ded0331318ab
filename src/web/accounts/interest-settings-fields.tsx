import type { ChangeEvent } from 'react';
import type { AccountCategory } from '../../core/accounts/account-type-category.ts';
import {
  frequencyOptions,
  nextRateChangeYears,
  PAYOUT_METHODS,
  paymentDayCount,
  quarterlyPaymentMonths,
  RATE_TYPES,
  showsPaymentDay,
  showsPaymentMonth,
} from '../../core/accounts/interest-settings.ts';
import { joinWithAnd } from '../../core/checker/text.ts';
import { MONTH_NAMES } from '../../core/dates/calendar-date.ts';
import { DatePicker } from '../ui/date-picker.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input, NativeSelect, Textarea } from '../ui/input.tsx';
import { UnitInput } from '../ui/unit-input.tsx';

/** The interest settings as the account form and the API name them (notes are kept in `terms`). */
export type InterestSettingsField =
  | 'interestRate'
  | 'rateType'
  | 'interestFrequency'
  | 'interestPayoutMethod'
  | 'interestPaymentMonth'
  | 'interestPaymentDay'
  | 'nextRateChange'
  | 'terms';

/** Each setting as typed or picked: '' for none, months and days as '1' to '12' and '1' to '31'. */
export type InterestSettingsValues = Record<InterestSettingsField, string>;

/** The words the account form and the account page's card say differently; the fields and their rules are the same. */
export interface InterestSettingsWording {
  rateLabel: string;
  /** Shows a % sign inside the rate box (the label then need not say it). */
  ratePercentSign: boolean;
  ratePlaceholder?: string;
  nextRateChangeLabel: string;
  /** The payment month's and day's first choice, for none. */
  noMonth: string;
  noDay: string;
  /** Marks the payment month and day (optional). */
  paymentDateOptional: boolean;
  /** The note under a quarterly payment month; `months` reads 'March, June, September and December'. */
  quarterlyNote: (months: string, monthChosen: boolean) => string | undefined;
}

export interface InterestSettingsFieldsProps {
  values: InterestSettingsValues;
  onChange: (name: InterestSettingsField, value: string) => void;
  /** Decides the payment frequencies offered. */
  category: AccountCategory;
  /** The next rate change may be picked up to ten years after it. */
  thisYear: number;
  wording: InterestSettingsWording;
  errorOf?: (name: InterestSettingsField) => string | undefined;
  /** The id each control gets; generated when left out. */
  idOf?: (name: InterestSettingsField) => string | undefined;
}

const nothing = () => undefined;

/**
 * The interest settings' fields (001 §9): rate, rate type, payment frequency, payout method, the
 * payment month and day when the frequency has them, the next rate change, and notes. Controlled:
 * whoever holds the values (react-hook-form, or a card's draft) gets each change by name.
 */
export function InterestSettingsFields({
  values,
  onChange,
  category,
  thisYear,
  wording,
  errorOf = nothing,
  idOf = nothing,
}: InterestSettingsFieldsProps) {
  const frequency = values.interestFrequency;
  const month = values.interestPaymentMonth ? Number(values.interestPaymentMonth) : null;
  const wiring = (name: InterestSettingsField) => ({ id: idOf(name), error: errorOf(name) });
  const bound = (name: InterestSettingsField) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      onChange(name, event.target.value),
  });
  const choice = (name: InterestSettingsField, label: string, options: readonly string[]) => (
    <FormField label={label} {...wiring(name)}>
      <NativeSelect {...bound(name)}>
        {withCurrent(values[name], options).map((option) => (
          <option key={option}>{option}</option>
        ))}
      </NativeSelect>
    </FormField>
  );
  const monthsPaid = joinWithAnd(quarterlyPaymentMonths(month).map((m) => MONTH_NAMES[m - 1]!));

  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={wording.rateLabel} {...wiring('interestRate')}>
          {wording.ratePercentSign ? (
            <UnitInput unit="%" position="after" placeholder={wording.ratePlaceholder} {...bound('interestRate')} />
          ) : (
            <Input
              inputMode="decimal"
              autoComplete="off"
              placeholder={wording.ratePlaceholder}
              {...bound('interestRate')}
            />
          )}
        </FormField>
        {choice('rateType', 'Rate type', RATE_TYPES)}
        {choice('interestFrequency', 'Payment frequency', frequencyOptions(category))}
        {choice('interestPayoutMethod', 'Interest payout method', PAYOUT_METHODS)}
        {showsPaymentMonth(frequency) ? (
          <FormField
            label="Payment month"
            optional={wording.paymentDateOptional}
            description={frequency === 'Quarterly' ? wording.quarterlyNote(monthsPaid, month !== null) : undefined}
            {...wiring('interestPaymentMonth')}
          >
            <NativeSelect {...bound('interestPaymentMonth')}>
              <option value="">{wording.noMonth}</option>
              {MONTH_NAMES.map((name, i) => (
                <option key={name} value={String(i + 1)}>
                  {name}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        ) : null}
        {showsPaymentDay(frequency) ? (
          <FormField
            label="Day of month for payment"
            optional={wording.paymentDateOptional}
            {...wiring('interestPaymentDay')}
          >
            <NativeSelect {...bound('interestPaymentDay')}>
              <option value="">{wording.noDay}</option>
              {Array.from({ length: paymentDayCount(frequency, month) }, (_, i) => i + 1).map((day) => (
                <option key={day} value={String(day)}>
                  {day}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        ) : null}
        <FormField label={wording.nextRateChangeLabel} optional {...wiring('nextRateChange')}>
          <DatePicker
            name="nextRateChange"
            value={values.nextRateChange}
            onChange={(value) => onChange('nextRateChange', value)}
            label={wording.nextRateChangeLabel.toLowerCase()}
            {...nextRateChangeYears(thisYear)}
          />
        </FormField>
      </div>
      <FormField label="Notes" optional {...wiring('terms')}>
        <Textarea className="min-h-24" {...bound('terms')} />
      </FormField>
    </>
  );
}

/** The choices, and the current value first if it is not one of them (a frequency the account's type no longer offers), so the select shows what is held. */
function withCurrent(value: string, options: readonly string[]): readonly string[] {
  return value && !options.includes(value) ? [value, ...options] : options;
}
