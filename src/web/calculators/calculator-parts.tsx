/** What the two Big Pig calculators share: the page frame, a text field bound to the address, a choice and a figure. */
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../app/paths.ts';
import { DatePicker } from '../ui/date-picker.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input, NativeSelect } from '../ui/input.tsx';
import { UnitInput } from '../ui/unit-input.tsx';

export function CalculatorPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const [params] = useSearchParams();
  const accountId = params.get('account');
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 sm:px-6">
      <div className="grid gap-2">
        {accountId ? (
          <Link
            to={paths.account(accountId)}
            className="inline-flex items-center gap-1 text-sm font-medium text-brand underline-offset-4 hover:underline"
          >
            <ArrowLeft className="size-4" aria-hidden />
            Back to the account
          </Link>
        ) : null}
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">{intro}</p>
      </div>
      {children}
    </div>
  );
}

type FieldProps = {
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (name: string, value: string) => void;
  unit?: '£' | '%' | undefined;
  hint?: string | undefined;
  optional?: boolean | undefined;
  type?: 'text' | 'date' | undefined;
};

/** A text field whose value is the address's: each keystroke replaces the history entry. */
export function CalculatorField({
  name,
  label,
  value,
  error,
  onChange,
  unit,
  hint,
  optional,
  type = 'text',
}: FieldProps) {
  const common = {
    name,
    value,
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
  };
  return (
    <FormField label={label} error={error} hint={hint} optional={optional} id={`calc-${name}`}>
      {type === 'date' ? (
        // The app's own date field: dd/mm/yyyy whatever the browser's language (stored yyyy-mm-dd).
        <DatePicker name={name} value={value} onChange={(date) => onChange(name, date)} label={label.toLowerCase()} />
      ) : unit ? (
        <UnitInput unit={unit} position={unit === '£' ? 'before' : 'after'} {...common} />
      ) : (
        <Input inputMode="numeric" {...common} />
      )}
    </FormField>
  );
}

export function CalculatorChoice<T extends string>({
  name,
  label,
  value,
  choices,
  onChange,
}: {
  name: string;
  label: string;
  value: T;
  choices: readonly (readonly [T, string])[];
  onChange: (name: string, value: string) => void;
}) {
  return (
    <FormField label={label} id={`calc-${name}`}>
      <NativeSelect name={name} value={value} onChange={(event) => onChange(name, event.target.value)}>
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

/** A labelled figure in a result card. */
export function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="grid gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Said where the results would be while a field needs correcting. */
export function FixTheFields() {
  return (
    <p role="status" className="text-sm text-muted-foreground">
      Correct the fields marked below to see the result.
    </p>
  );
}

/** A table of figures: the first column as written, the others right-aligned in tabular figures. */
export function FiguresTable({ columns, rows }: { columns: readonly string[]; rows: readonly (readonly string[])[] }) {
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="border-b text-left">
          {columns.map((column, i) => (
            <th key={column} scope="col" className={`py-2 pr-4 font-medium last:pr-0 ${i > 0 ? 'text-right' : ''}`}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row[0]} className="border-b last:border-0">
            {row.map((cell, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order
              <td key={i} className={`py-2 pr-4 last:pr-0 ${i > 0 ? 'text-right tabular-nums' : ''}`}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
