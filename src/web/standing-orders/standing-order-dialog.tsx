import { Plus, Save } from 'lucide-react';
import { type ComponentProps, type FormEvent, useId, useState } from 'react';
import {
  END_TYPE_LABELS,
  END_TYPES,
  type FormField,
  PAYMENT_DAYS,
  type StandingOrderInput,
} from '../../core/standing-orders/standing-order-form.ts';
import { STANDING_ORDER_FREQUENCIES } from '../../core/standing-orders/schedule.ts';
import { FREQUENCY_LABELS, ordinal } from '../../core/standing-orders/text.ts';
import { Button } from '../ui/button.tsx';
import { DatePicker } from '../ui/date-picker.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog.tsx';
import { FormError } from '../ui/form-error.tsx';
import { FormField as Field } from '../ui/form-field.tsx';
import { Input, NativeSelect, Textarea } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { Switch } from '../ui/switch.tsx';
import { type FormValues, readForm } from './form-values.ts';

export type StandingOrderDialogProps = {
  mode: 'add' | 'edit';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The values the form opens with (empty for a new order, the order's for an edit). */
  initialValues: FormValues;
  /** Saves; resolves when saved, or with the message to show in the form when refused. */
  onSave: (input: StandingOrderInput) => Promise<string | null>;
};

const TEXT = {
  add: {
    title: 'Add Standing Order',
    description: 'A deposit paid into this account on a regular schedule.',
    submit: 'Add Standing Order',
  },
  edit: {
    title: 'Edit Standing Order',
    description: 'Payments already added stay as they are.',
    submit: 'Update Standing Order',
  },
} as const;

/** A money field: '£' before the input, typed as text so '1,250.50' reads as people write it. */
function MoneyInput(props: ComponentProps<typeof Input>) {
  return (
    <div className="relative">
      <span
        aria-hidden
        className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground"
      >
        £
      </span>
      <Input inputMode="decimal" autoComplete="off" placeholder="0.00" className="pl-7 tabular-nums" {...props} />
    </div>
  );
}

/** The Add and Edit dialogs (001 §2, §5): the form's rules come from core, checked on submit and as fields change afterwards. */
export function StandingOrderDialog({ mode, open, onOpenChange, initialValues, onSave }: StandingOrderDialogProps) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const firstPaymentSwitchId = useId();
  const activeSwitchId = useId();
  const text = TEXT[mode];

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (submitted) {
      const result = readForm(next);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFormError(null);
    const result = readForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const refusal = await onSave(result.input);
      if (refusal) setFormError(refusal);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent className="sm:max-w-xl">
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5" aria-label={text.title}>
          <DialogHeader>
            <DialogTitle>{text.title}</DialogTitle>
            <DialogDescription>{text.description}</DialogDescription>
          </DialogHeader>
          <div className="empty:hidden">
            <FormError message={formError} />
          </div>

          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Amount" error={errors.amount}>
              <MoneyInput name="amount" value={values.amount} onChange={(e) => set('amount', e.target.value)} />
            </Field>
            <Field label="Frequency" error={errors.frequency}>
              <NativeSelect
                name="frequency"
                value={values.frequency}
                onChange={(e) => set('frequency', e.target.value as FormValues['frequency'])}
              >
                {STANDING_ORDER_FREQUENCIES.map((f) => (
                  <option key={f} value={f}>
                    {FREQUENCY_LABELS[f]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label="Start date" error={errors.startDate}>
              <DatePicker
                name="startDate"
                label="start date"
                fromYear={2000}
                value={values.startDate}
                onChange={(value) => set('startDate', value)}
              />
            </Field>
            {values.frequency === 'monthly' ? (
              <Field label="Payment day" error={errors.paymentDay}>
                <NativeSelect
                  name="paymentDay"
                  value={values.paymentDay}
                  onChange={(e) => set('paymentDay', e.target.value)}
                >
                  <option value="">Same day as the start date</option>
                  {PAYMENT_DAYS.map((day) => (
                    <option key={day} value={String(day)}>
                      {ordinal(day)}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            ) : null}
          </div>

          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Ends">
              <NativeSelect
                name="endType"
                value={values.endType}
                onChange={(e) => set('endType', e.target.value as FormValues['endType'])}
              >
                {END_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {END_TYPE_LABELS[t]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            {values.endType === 'date' ? (
              <Field label="End date" error={errors.endDate}>
                <DatePicker
                  name="endDate"
                  label="end date"
                  fromYear={2000}
                  value={values.endDate}
                  onChange={(value) => set('endDate', value)}
                />
              </Field>
            ) : null}
            {values.endType === 'payments' ? (
              <Field label="Number of payments" error={errors.maxPayments}>
                <Input
                  name="maxPayments"
                  inputMode="numeric"
                  autoComplete="off"
                  value={values.maxPayments}
                  onChange={(e) => set('maxPayments', e.target.value)}
                />
              </Field>
            ) : null}
          </div>

          <div className="grid gap-3 rounded-lg border p-4">
            <div className="flex items-center justify-between gap-4">
              <Label htmlFor={firstPaymentSwitchId} className="leading-snug">
                The first payment is a different amount
              </Label>
              <Switch
                id={firstPaymentSwitchId}
                checked={values.hasFirstPayment}
                onCheckedChange={(checked) => set('hasFirstPayment', checked)}
              />
            </div>
            {values.hasFirstPayment ? (
              <Field label="First payment amount" error={errors.firstPaymentAmount}>
                <MoneyInput
                  name="firstPaymentAmount"
                  value={values.firstPaymentAmount}
                  onChange={(e) => set('firstPaymentAmount', e.target.value)}
                />
              </Field>
            ) : null}
          </div>

          <Field label="Notes" optional error={errors.notes}>
            <Textarea
              name="notes"
              className="min-h-20"
              value={values.notes}
              onChange={(e) => set('notes', e.target.value)}
            />
          </Field>

          {mode === 'edit' ? (
            <div className="flex items-center justify-between gap-4 rounded-lg border p-4">
              <Label htmlFor={activeSwitchId} className="grid gap-1 leading-snug">
                Active
                <span className="text-sm font-normal text-muted-foreground">
                  Payments are added only while the order is active.
                </span>
              </Label>
              <Switch
                id={activeSwitchId}
                checked={values.isActive}
                onCheckedChange={(checked) => set('isActive', checked)}
              />
            </div>
          ) : null}

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
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
