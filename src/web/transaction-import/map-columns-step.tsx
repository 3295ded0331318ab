import { ArrowLeft, Columns3, Rows3, TriangleAlert } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { DATE_FORMATS, detectDateFormat, isDateFormatId } from '../../core/transaction-import/dates.ts';
import { mappingProblems } from '../../core/transaction-import/rows.ts';
import type { AmountMode, ColumnMapping, ImportTable } from '../../core/transaction-import/table.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { ChoiceCards } from '../ui/choice-cards.tsx';
import { FormField } from '../ui/form-field.tsx';
import { NativeSelect } from '../ui/input.tsx';

const NONE = '';
const SAMPLE_ROWS = 3;

function ColumnSelect({
  label,
  description,
  header,
  value,
  onChange,
  optional,
  noneLabel = 'Choose a column',
}: {
  label: string;
  description?: ReactNode;
  header: string[];
  value: number | null;
  onChange: (value: number | null) => void;
  optional?: boolean;
  noneLabel?: string;
}) {
  return (
    <FormField label={label} description={description} optional={optional}>
      <NativeSelect
        value={value === null ? NONE : String(value)}
        onChange={(event) => onChange(event.target.value === NONE ? null : Number(event.target.value))}
      >
        <option value={NONE}>{noneLabel}</option>
        {header.map((name, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a file's columns are known only by their position.
          <option key={index} value={String(index)}>
            {name}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

/** Step 2: which column holds the date (and its format), the amount or amounts, and the description. */
export function MapColumnsStep({
  table,
  source,
  initial,
  busy,
  onBack,
  onContinue,
}: {
  table: ImportTable;
  source: string;
  initial: ColumnMapping;
  busy: boolean;
  onBack: () => void;
  onContinue: (mapping: ColumnMapping) => void;
}) {
  const [mapping, setMapping] = useState(initial);
  const [problems, setProblems] = useState<string[]>([]);
  const detected = mapping.date === null ? null : detectDateFormat(table.rows.map((r) => r.cells[mapping.date!] ?? ''));
  const update = (change: Partial<ColumnMapping>) => {
    setMapping((current) => ({ ...current, ...change }));
    setProblems([]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = mappingProblems(mapping);
    setProblems(found);
    if (found.length === 0) onContinue(mapping);
  };

  return (
    <form className="grid gap-6" noValidate onSubmit={submit}>
      <p className="text-sm text-muted-foreground">
        <span className="font-medium text-foreground">{source}</span>: {table.rows.length.toLocaleString('en-GB')} row
        {table.rows.length === 1 ? '' : 's'} under the column names on line {table.headerLine}. We have matched the
        columns we recognise; check them.
      </p>

      <section aria-labelledby="sample-heading" className="grid gap-2">
        <h2 id="sample-heading" className="text-base font-semibold">
          The first rows of your file
        </h2>
        {/* Wide files scroll sideways inside their box, never the page. */}
        {/* biome-ignore lint/a11y/useSemanticElements: a scrolling box inside the section, named for screen readers. */}
        <div
          className="max-w-full overflow-x-auto rounded-lg border"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so keyboard users can scroll it.
          tabIndex={0}
          role="region"
          aria-label="The first rows of your file"
        >
          <table className="w-full text-left text-sm">
            <thead className="bg-muted/60">
              <tr>
                {table.header.map((name, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a file's columns are known only by their position.
                  <th key={i} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.slice(0, SAMPLE_ROWS).map((row) => (
                <tr key={row.line} className="border-t">
                  {row.cells.map((cell, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a file's columns are known only by their position.
                    <td key={i} className="max-w-56 truncate px-3 py-2 whitespace-nowrap">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <div className="grid gap-5 sm:grid-cols-2">
        <ColumnSelect
          label="Date column"
          description="When the money went in or out."
          header={table.header}
          value={mapping.date}
          onChange={(date) => {
            const format = date === null ? null : detectDateFormat(table.rows.map((r) => r.cells[date] ?? ''));
            update({ date, dateFormat: format ?? mapping.dateFormat });
          }}
        />
        <FormField
          label="Date format"
          description={
            detected
              ? `Detected from the file: ${DATE_FORMATS.find((f) => f.id === detected)!.label}, day first.`
              : 'Dates are read day first.'
          }
        >
          <NativeSelect
            value={mapping.dateFormat ?? NONE}
            onChange={(event) => update({ dateFormat: isDateFormatId(event.target.value) ? event.target.value : null })}
          >
            <option value={NONE}>Choose a format</option>
            {DATE_FORMATS.map((f) => (
              <option key={f.id} value={f.id}>
                {f.label} ({f.example})
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>

      <div className="grid gap-3">
        {/* The radio group carries the same words as its accessible name. */}
        <p className="text-sm font-medium" aria-hidden>
          How does the file show amounts?
        </p>
        <ChoiceCards<AmountMode>
          label="How does the file show amounts?"
          className="sm:grid-cols-2"
          value={mapping.amountMode}
          onChange={(amountMode) => update({ amountMode })}
          choices={[
            {
              value: 'single',
              label: 'One amount column',
              description: 'Money out has a minus sign, brackets or DR',
              icon: Columns3,
            },
            {
              value: 'split',
              label: 'Paid in and paid out columns',
              description: 'Also called money in / money out, or credit / debit',
              icon: Rows3,
            },
          ]}
        />
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        {mapping.amountMode === 'single' ? (
          <ColumnSelect
            label="Amount column"
            header={table.header}
            value={mapping.amount}
            onChange={(amount) => update({ amount })}
          />
        ) : (
          <>
            <ColumnSelect
              label="Paid in column"
              header={table.header}
              value={mapping.paidIn}
              onChange={(paidIn) => update({ paidIn })}
              noneLabel="None"
            />
            <ColumnSelect
              label="Paid out column"
              header={table.header}
              value={mapping.paidOut}
              onChange={(paidOut) => update({ paidOut })}
              noneLabel="None"
            />
          </>
        )}
        <ColumnSelect
          label="Description column"
          description="Saved as the transaction's notes."
          optional
          header={table.header}
          value={mapping.notes}
          onChange={(notes) => update({ notes })}
          noneLabel="None"
        />
      </div>

      {problems.length > 0 ? (
        <Alert variant="destructive" role="alert">
          <TriangleAlert aria-hidden />
          <AlertTitle>Some columns still need choosing</AlertTitle>
          <AlertDescription>
            <ul className="list-disc pl-4">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      ) : null}

      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="outline" onClick={onBack} disabled={busy}>
          <ArrowLeft aria-hidden />
          Choose another file
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Checking...' : 'Check the transactions'}
        </Button>
      </div>
    </form>
  );
}
