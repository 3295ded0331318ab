import { Plus, Save, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { checkTerm } from '../../core/terms/term-schema.ts';
import { TERM_DIALOG_TEXT } from '../../core/terms/text.ts';
import { TERM_TEMPLATES, type TermField, type TermType } from '../../core/terms/templates.ts';
import { Button } from '../ui/button.tsx';
import { DatePicker } from '../ui/date-picker.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog.tsx';
import { FormError } from '../ui/form-error.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input, NativeSelect, Textarea } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { Switch } from '../ui/switch.tsx';
import { RequiredMark } from '../ui/required-mark.tsx';
import { UnitInput } from '../ui/unit-input.tsx';
import type { TermDraft } from './terms-api.ts';
import {
  draftOf,
  type FieldValue,
  shownFields,
  type TermFormValues,
  type TierText,
  withTermType,
} from './terms-form.ts';

export type TermDialogProps = {
  mode: 'add' | 'edit';
  /** The types offered on this account (core's `termTypesFor`), plus an edited term's own. */
  termTypes: readonly TermType[];
  initialValues: TermFormValues;
  /** What a newly chosen type takes from the account (issue 24: prefilled, not asked twice). */
  knownInputs?: (type: TermType) => Record<string, unknown>;
  onClose: () => void;
  /** Saves; resolves with null when saved, or the message to show in the form when refused. */
  onSave: (draft: TermDraft) => Promise<string | null>;
};

const TEXT = {
  add: { title: 'Add Term', description: 'A rule of this account for SavvyPig to watch.', submit: 'Add Term' },
  edit: { title: 'Edit Term', description: 'The term’s history stays as it is.', submit: 'Save Term' },
} as const;

const GROUP_LABELS = { savings: 'Savings', isa: 'ISA', pension: 'Pension' } as const;

/** 'inputs.maxWithdrawals' → 'maxWithdrawals'; the dialog's own fields keep their names. */
const fieldOf = (path: string) => (path.startsWith('inputs.') ? path.slice('inputs.'.length).split('.')[0]! : path);

/** A tier row's three figures. */
const TIER_COLUMNS = [
  { key: 'min', label: 'From (£)', unit: '£' },
  { key: 'max', label: 'Up to (£, blank for no limit)', unit: '£' },
  { key: 'rate', label: 'Rate (%)', unit: '%' },
] as const;

function TiersEditor({
  id,
  rows,
  onChange,
  invalid,
}: {
  id: string;
  rows: TierText[];
  onChange: (rows: TierText[]) => void;
  invalid: boolean;
}) {
  const set = (index: number, key: keyof TierText, value: string) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [key]: value } : row)));
  return (
    <div id={id} className="grid gap-2" data-invalid={invalid || undefined}>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: tiers have no id; a row is its place in the list.
        <div key={index} className="grid grid-cols-[1fr_1fr_5.5rem_auto] items-end gap-2">
          {TIER_COLUMNS.map((column) => (
            <div key={column.key} className="grid gap-1">
              <Label htmlFor={`${id}-${index}-${column.key}`} className="text-xs">
                {column.label}
              </Label>
              <UnitInput
                id={`${id}-${index}-${column.key}`}
                unit={column.unit}
                position={column.unit === '£' ? 'before' : 'after'}
                value={row[column.key]}
                onChange={(e) => set(index, column.key, e.target.value)}
              />
            </div>
          ))}
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Remove tier ${index + 1}`}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      ))}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => onChange([...rows, { min: '', max: '', rate: '' }])}
      >
        <Plus aria-hidden />
        Add tier
      </Button>
    </div>
  );
}

/** One field of the template, drawn from its kind. */
function TemplateField({
  field,
  value,
  error,
  onChange,
}: {
  field: TermField;
  value: FieldValue | undefined;
  error: string | undefined;
  onChange: (value: FieldValue) => void;
}) {
  const id = useId();
  const text = typeof value === 'string' ? value : '';
  // The unit a number counts, unless the label already says it ('Withdrawals allowed').
  const unit = field.unit && !field.label.toLowerCase().includes(field.unit.slice(0, 8)) ? field.unit : null;
  const label = (
    <>
      {field.label}
      {unit ? <span className="font-normal text-muted-foreground"> ({unit})</span> : null}
      {field.required ? <RequiredMark /> : null}
    </>
  );
  if (field.kind === 'boolean')
    return (
      <div className="grid gap-1">
        <div className="flex items-center gap-3">
          <Switch id={id} checked={value === true} onCheckedChange={(checked) => onChange(checked)} />
          <Label htmlFor={id}>{label}</Label>
        </div>
        {error ? <p className="text-sm font-medium text-destructive">{error}</p> : null}
      </div>
    );
  if (field.kind === 'tiers')
    return (
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{label}</legend>
        <TiersEditor
          id={id}
          rows={Array.isArray(value) ? value : []}
          onChange={(rows) => onChange(rows)}
          invalid={Boolean(error)}
        />
        {error ? <p className="text-sm font-medium text-destructive">{error}</p> : null}
      </fieldset>
    );
  const common = { id, 'aria-required': field.required || undefined };
  const listHint =
    field.kind === 'rate-list' || field.kind === 'money-list' ? 'Separate the figures with commas' : null;
  const control = (() => {
    switch (field.kind) {
      case 'money':
        return (
          <UnitInput {...common} unit="£" position="before" value={text} onChange={(e) => onChange(e.target.value)} />
        );
      case 'rate':
        return (
          <UnitInput {...common} unit="%" position="after" value={text} onChange={(e) => onChange(e.target.value)} />
        );
      case 'date':
        return <DatePicker {...common} value={text} onChange={onChange} label={field.label.toLowerCase()} />;
      case 'select':
        return (
          <NativeSelect {...common} value={text} onChange={(e) => onChange(e.target.value)}>
            <option value="">Choose…</option>
            {(field.options ?? []).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        );
      case 'whole':
        return (
          <Input
            {...common}
            inputMode="numeric"
            autoComplete="off"
            className="max-w-32 tabular-nums"
            value={text}
            onChange={(e) => onChange(e.target.value)}
          />
        );
      default:
        return (
          <Input
            {...common}
            autoComplete="off"
            inputMode={field.kind === 'hundredths' || field.kind.endsWith('-list') ? 'decimal' : undefined}
            value={text}
            onChange={(e) => onChange(e.target.value)}
          />
        );
    }
  })();
  return (
    <FormField id={id} label={label} error={error} hint={field.hint ?? listHint ?? undefined}>
      {control}
    </FormField>
  );
}

/** The Add/Edit Term dialog (001 §2, §5): the type select, its template's fields, Additional Notes and the switch. */
export function TermDialog({ mode, termTypes, initialValues, knownInputs, onClose, onSave }: TermDialogProps) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const typeId = useId();
  const labelId = useId();
  const notesId = useId();
  const switchId = useId();
  const text = TEXT[mode];
  const type = values.termType;
  const template = type === '' ? null : TERM_TEMPLATES[type];
  const groups = (['savings', 'isa', 'pension'] as const)
    .map((group) => ({ group, types: termTypes.filter((t) => TERM_TEMPLATES[t].group === group) }))
    .filter((g) => g.types.length > 0);

  const setField = (key: string, value: FieldValue) => {
    setValues((v) => ({ ...v, fields: { ...v.fields, [key]: value } }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const draft = draftOf(values);
    const checked = checkTerm(draft, calendarDateInLondon(new Date()));
    if (!checked.ok) {
      const next: Record<string, string> = {};
      for (const issue of checked.issues) next[fieldOf(issue.path)] ??= issue.message;
      setErrors(next);
      setFormError(null);
      // Focus the first field with a problem, in the form's order.
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>('[data-term-dialog] [aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      setFormError(await onSave(draft as TermDraft));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !saving && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription>{text.description}</DialogDescription>
        </DialogHeader>
        <form data-term-dialog noValidate onSubmit={submit} className="grid gap-4">
          <FormError message={formError} />
          <FormField
            id={typeId}
            label={
              <>
                Term type
                <RequiredMark />
              </>
            }
            error={errors.termType}
            hint={template?.description}
          >
            <NativeSelect
              aria-required
              value={type}
              onChange={(e) => {
                const next = e.target.value as TermType | '';
                setValues((v) =>
                  next === '' ? { ...v, termType: '', fields: {} } : withTermType(v, next, knownInputs?.(next)),
                );
                setErrors({});
              }}
            >
              <option value="">Select a term type...</option>
              {groups.map(({ group, types }) => (
                <optgroup key={group} label={GROUP_LABELS[group]}>
                  {types.map((t) => (
                    <option key={t} value={t}>
                      {TERM_TEMPLATES[t].label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </NativeSelect>
          </FormField>

          {template ? (
            <>
              <FormField id={labelId} label="Label" optional error={errors.label}>
                <Input
                  value={values.label}
                  placeholder={template.label}
                  maxLength={100}
                  onChange={(e) => setValues((v) => ({ ...v, label: e.target.value }))}
                />
              </FormField>
              {shownFields(template.type, values.fields).map((field) => (
                <TemplateField
                  key={`${template.type}-${field.key}`}
                  field={field}
                  value={values.fields[field.key]}
                  error={errors[field.key]}
                  onChange={(value) => setField(field.key, value)}
                />
              ))}
            </>
          ) : null}

          <FormField id={notesId} label={TERM_DIALOG_TEXT.notesLabel} optional error={errors.notes}>
            <Textarea
              rows={3}
              maxLength={5000}
              value={values.notes}
              onChange={(e) => setValues((v) => ({ ...v, notes: e.target.value }))}
            />
          </FormField>
          <div className="flex items-center gap-3">
            <Switch
              id={switchId}
              checked={values.notificationsEnabled}
              onCheckedChange={(checked) => setValues((v) => ({ ...v, notificationsEnabled: checked }))}
            />
            <Label htmlFor={switchId}>{TERM_DIALOG_TEXT.notificationsSwitch}</Label>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {mode === 'add' ? <Plus aria-hidden /> : <Save aria-hidden />}
              {saving ? 'Saving...' : text.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
