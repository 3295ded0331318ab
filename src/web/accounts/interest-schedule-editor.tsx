import { CalendarPlus, Plus, RotateCcw, Trash2 } from 'lucide-react';
import { useId } from 'react';
import {
  DEFAULT_INTEREST_SCHEDULE,
  describeScheduleItem,
  InterestScheduleItemSchema,
  MAX_CUSTOM_DATES,
  MAX_SCHEDULE_ITEMS,
  SCHEDULE_UNITS,
  type ScheduleKind,
  type ScheduleUnit,
} from '../../core/accounts/interest-schedule.ts';
import { Button } from '../ui/button.tsx';
import { DatePicker } from '../ui/date-picker.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input, NativeSelect } from '../ui/input.tsx';
import { draftToScheduleItem, newScheduleDraft, type ScheduleDraft, scheduleToDrafts } from './account-form-values.ts';

export const SCHEDULE_KIND_LABELS: Readonly<Record<ScheduleKind, string>> = {
  offset: 'Once, after opening',
  recurring: 'Repeating',
  custom: 'On set dates',
};

const UNIT_LABELS: Readonly<Record<ScheduleUnit, string>> = {
  days: 'Days',
  weeks: 'Weeks',
  months: 'Months',
  years: 'Years',
};

/** Where a problem with one entry's field is shown: its message, or undefined. */
export type ScheduleErrorAt = (index: number, field: keyof ScheduleDraft | `dates.${number}`) => string | undefined;

export interface InterestScheduleEditorProps {
  value: ScheduleDraft[];
  onChange: (value: ScheduleDraft[]) => void;
  errorAt: ScheduleErrorAt;
  /** The latest year a set date may be in. */
  toYear: number;
}

function UnitSelect({
  value,
  onChange,
  ...props
}: { value: ScheduleUnit; onChange: (unit: ScheduleUnit) => void } & Omit<
  React.ComponentProps<'select'>,
  'value' | 'onChange'
>) {
  return (
    <NativeSelect value={value} onChange={(event) => onChange(event.target.value as ScheduleUnit)} {...props}>
      {SCHEDULE_UNITS.map((unit) => (
        <option key={unit} value={unit}>
          {UNIT_LABELS[unit]}
        </option>
      ))}
    </NativeSelect>
  );
}

function NumberInput(props: React.ComponentProps<typeof Input>) {
  return <Input inputMode="numeric" autoComplete="off" className="tabular-nums" {...props} />;
}

/** The entry in words once it is complete, so the user can check what they set. */
function Summary({ draft }: { draft: ScheduleDraft }) {
  const parsed = InterestScheduleItemSchema.safeParse(draftToScheduleItem(draft));
  if (!parsed.success) return null;
  return <p className="text-sm font-medium">{describeScheduleItem(parsed.data)}</p>;
}

function Entry({
  draft,
  index,
  onChange,
  onRemove,
  errorAt,
  toYear,
}: {
  draft: ScheduleDraft;
  index: number;
  onChange: (draft: ScheduleDraft) => void;
  onRemove: () => void;
  errorAt: ScheduleErrorAt;
  toYear: number;
}) {
  const id = useId();
  const set = <K extends keyof ScheduleDraft>(key: K, value: ScheduleDraft[K]) => onChange({ ...draft, [key]: value });
  return (
    <fieldset className="grid gap-4 rounded-lg border bg-muted/30 p-4">
      <legend className="px-1 text-sm font-semibold">Entry {index + 1}</legend>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FormField label="When it is paid" id={`${id}-kind`} className="min-w-0 sm:w-72">
          <NativeSelect
            value={draft.kind}
            onChange={(event) => onChange({ ...newScheduleDraft(event.target.value as ScheduleKind) })}
          >
            {(Object.keys(SCHEDULE_KIND_LABELS) as ScheduleKind[]).map((kind) => (
              <option key={kind} value={kind}>
                {SCHEDULE_KIND_LABELS[kind]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <Button
          type="button"
          variant="outline"
          className="w-fit"
          onClick={onRemove}
          aria-label={`Remove entry ${index + 1}`}
        >
          <Trash2 aria-hidden />
          Remove
        </Button>
      </div>

      {draft.kind === 'offset' ? (
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label="How long after opening" id={`${id}-offset`} error={errorAt(index, 'offsetValue')}>
            <NumberInput value={draft.offsetValue} onChange={(event) => set('offsetValue', event.target.value)} />
          </FormField>
          <FormField label="Unit" id={`${id}-offset-unit`} error={errorAt(index, 'offsetUnit')}>
            <UnitSelect value={draft.offsetUnit} onChange={(unit) => set('offsetUnit', unit)} />
          </FormField>
          <FormField label="Day of the month" optional id={`${id}-offset-day`} error={errorAt(index, 'dayOfMonth')}>
            <NumberInput value={draft.dayOfMonth} onChange={(event) => set('dayOfMonth', event.target.value)} />
          </FormField>
        </div>
      ) : null}

      {draft.kind === 'recurring' ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <FormField label="Every" id={`${id}-every`} error={errorAt(index, 'every')}>
            <NumberInput value={draft.every} onChange={(event) => set('every', event.target.value)} />
          </FormField>
          <FormField label="Unit" id={`${id}-unit`} error={errorAt(index, 'unit')}>
            <UnitSelect value={draft.unit} onChange={(unit) => set('unit', unit)} />
          </FormField>
          <FormField label="How many times" optional id={`${id}-count`} error={errorAt(index, 'count')}>
            <NumberInput value={draft.count} onChange={(event) => set('count', event.target.value)} />
          </FormField>
          <FormField label="Day of the month" optional id={`${id}-day`} error={errorAt(index, 'dayOfMonth')}>
            <NumberInput value={draft.dayOfMonth} onChange={(event) => set('dayOfMonth', event.target.value)} />
          </FormField>
        </div>
      ) : null}

      {draft.kind === 'custom' ? (
        <div className="grid gap-3">
          {draft.dates.map((date, dateIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are fully controlled; a date picker shows its value again when it changes.
            <div key={dateIndex} className="flex items-end gap-2">
              <FormField
                label={`Date ${dateIndex + 1}`}
                id={`${id}-date-${dateIndex}`}
                error={errorAt(index, `dates.${dateIndex}`)}
                className="min-w-0 flex-1 sm:max-w-xs"
              >
                <DatePicker
                  label={`date ${dateIndex + 1}`}
                  value={date}
                  onChange={(next) =>
                    set(
                      'dates',
                      draft.dates.map((d, i) => (i === dateIndex ? next : d)),
                    )
                  }
                  fromYear={2000}
                  toYear={toYear}
                />
              </FormField>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove date ${dateIndex + 1}`}
                onClick={() =>
                  set(
                    'dates',
                    draft.dates.filter((_, i) => i !== dateIndex),
                  )
                }
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
          ))}
          {errorAt(index, 'dates') ? (
            <p className="text-sm font-medium text-destructive">{errorAt(index, 'dates')}</p>
          ) : null}
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="w-fit"
            disabled={draft.dates.length >= MAX_CUSTOM_DATES}
            onClick={() => set('dates', [...draft.dates, ''])}
          >
            <CalendarPlus aria-hidden />
            Add a date
          </Button>
        </div>
      ) : null}

      {draft.kind !== 'custom' ? (
        <p className="text-xs text-muted-foreground">
          Leave the day empty to pay on the interest payment day
          {draft.kind === 'recurring' ? ', and the number of times empty to keep paying' : ''}.
        </p>
      ) : null}
      <Summary draft={draft} />
    </fieldset>
  );
}

/**
 * The interim interest schedule (001 §3): entries paid once after a while, repeating, or on set
 * dates. Starts with the spec's default (12 months after opening, on the payment day).
 */
export function InterestScheduleEditor({ value, onChange, errorAt, toYear }: InterestScheduleEditorProps) {
  return (
    <div className="grid gap-4">
      {value.length === 0 ? (
        <p className="text-sm text-muted-foreground">No interest is paid besides the usual payments.</p>
      ) : null}
      {value.map((draft, index) => (
        <Entry
          // biome-ignore lint/suspicious/noArrayIndexKey: entries are fully controlled by their draft; nothing is kept per row.
          key={index}
          draft={draft}
          index={index}
          errorAt={errorAt}
          toYear={toYear}
          onChange={(next) => onChange(value.map((d, i) => (i === index ? next : d)))}
          onRemove={() => onChange(value.filter((_, i) => i !== index))}
        />
      ))}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={value.length >= MAX_SCHEDULE_ITEMS}
          onClick={() => onChange([...value, newScheduleDraft('offset')])}
        >
          <Plus aria-hidden />
          Add an entry
        </Button>
        <Button type="button" variant="ghost" onClick={() => onChange(scheduleToDrafts(DEFAULT_INTEREST_SCHEDULE))}>
          <RotateCcw aria-hidden />
          Use the default schedule
        </Button>
      </div>
    </div>
  );
}
