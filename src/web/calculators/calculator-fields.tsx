/** The calculators' fields: money, a rate and a choice, each labelled with its message under it. */
import type { ReactNode } from 'react';
import { FormField } from '../ui/form-field.tsx';
import { NativeSelect } from '../ui/input.tsx';
import { UnitInput } from '../ui/unit-input.tsx';

type TextFieldProps = {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  id?: string;
};

export function MoneyField({ label, value, onChange, error, hint, optional, id }: TextFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} optional={optional} id={id}>
      <UnitInput unit="£" position="before" value={value} onChange={(event) => onChange(event.target.value)} />
    </FormField>
  );
}

export function RateField({ label, value, onChange, error, hint, optional, id }: TextFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} optional={optional} id={id}>
      <UnitInput unit="%" position="after" value={value} onChange={(event) => onChange(event.target.value)} />
    </FormField>
  );
}

export function WholeNumberField({
  label,
  value,
  onChange,
  error,
  hint,
  optional,
  id,
  unit,
}: TextFieldProps & { unit: string }) {
  return (
    <FormField label={label} error={error} hint={hint} optional={optional} id={id}>
      <UnitInput
        unit={unit}
        position="after"
        inputMode="numeric"
        className="pr-20"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  );
}

export function ChoiceField<T extends string>({
  label,
  value,
  options,
  onChange,
  hint,
  id,
}: {
  label: ReactNode;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  hint?: ReactNode;
  id?: string;
}) {
  return (
    <FormField label={label} hint={hint} id={id}>
      <NativeSelect
        value={value}
        onChange={(event) => {
          const option = options.find((o) => o.value === event.target.value);
          if (option) onChange(option.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

/** Money as a table or card shows it. */
export { formatPence as money } from '../../core/money/format.ts';
