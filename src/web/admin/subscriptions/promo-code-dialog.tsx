import { TriangleAlert } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  type PromoCodeInput,
  PromoCodeInputSchema,
  promoExpiryAfter,
  promoInputProblem,
} from '../../../core/subscriptions/promo-input.ts';
import { PROMO_TYPES, type PromoType } from '../../../core/subscriptions/promo.ts';
import { hasStatus, refusalReason } from '../../app/api.ts';
import { notify } from '../../app/notify.ts';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { DatePicker } from '../../ui/date-picker.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input, NativeSelect } from '../../ui/input.tsx';
import { useCreatePromoCode } from './api.ts';
import { PROMO_TYPE_LABELS } from './subscription-text.ts';

type Values = {
  code: string;
  promoType: PromoType;
  discountPercentage: string;
  discountMonths: string;
  durationDays: string;
  durationMonths: string;
  isOneTimeUse: boolean;
  isFreeTier: boolean;
  lastDay: string;
};

type FieldErrors = Partial<Record<keyof PromoCodeInput | 'lastDay', string>>;

const EMPTY: Values = {
  code: '',
  promoType: 'free_trial',
  discountPercentage: '',
  discountMonths: '',
  durationDays: '',
  durationMonths: '',
  isOneTimeUse: false,
  isFreeTier: false,
  lastDay: '',
};

/** A typed number as the schema sees it: blank is none, anything else a number (NaN is refused there). */
const numberOf = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

/** The form's values as the server's input, or the messages its schema and rules give. */
export function promoInputOf(values: Values): { input: PromoCodeInput } | { errors: FieldErrors } {
  const isDiscount = values.promoType === 'discount';
  const lastDayValid = /^\d{4}-\d{2}-\d{2}$/.test(values.lastDay);
  if (values.lastDay && !lastDayValid) return { errors: { lastDay: 'Enter the last day as dd/mm/yyyy' } };
  const candidate = {
    code: values.code,
    promoType: values.promoType,
    isOneTimeUse: values.isOneTimeUse,
    isFreeTier: values.isFreeTier,
    expiresAt: values.lastDay ? promoExpiryAfter(values.lastDay) : null,
    ...(isDiscount
      ? { discountPercentage: numberOf(values.discountPercentage), discountMonths: numberOf(values.discountMonths) }
      : { durationDays: numberOf(values.durationDays), durationMonths: numberOf(values.durationMonths) }),
  };
  // Every message at once: the schema's, then the rule across fields where that field has none.
  const parsed = PromoCodeInputSchema.safeParse(candidate);
  const errors: FieldErrors = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0] ?? 'code') as keyof FieldErrors;
    errors[field === 'expiresAt' ? 'lastDay' : field] ??= issue.message;
  }
  const problem = promoInputProblem(candidate);
  if (problem) errors[problem.field] ??= problem.message;
  return parsed.success && Object.keys(errors).length === 0 ? { input: parsed.data } : { errors };
}

/** Create a promo code: its kind decides which of the discount and duration fields apply. */
export function PromoCodeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        {open ? <PromoCodeForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PromoCodeForm({ onDone }: { onDone: () => void }) {
  const create = useCreatePromoCode();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const ids = useId();
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const isDiscount = values.promoType === 'discount';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const result = promoInputOf(values);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    try {
      const { promoCode } = await create.mutateAsync(result.input);
      notify.success(`Promo code ${promoCode.code} created`);
      onDone();
    } catch (error) {
      if (hasStatus(error, 409))
        setErrors({ code: refusalReason(error) ?? 'A promo code with this name already exists' });
      else setFormError(refusalReason(error) ?? `Failed to create promo code: ${(error as Error).message}`);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Create promo code</DialogTitle>
        <DialogDescription>Codes are stored in capitals; people may type them in any case.</DialogDescription>
      </DialogHeader>
      {formError ? (
        <Alert variant="destructive" role="alert">
          <TriangleAlert aria-hidden />
          <AlertTitle>The code was not created</AlertTitle>
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      ) : null}
      <FormField label="Code" error={errors.code} hint="Letters, digits, - and _ only, up to 64 characters">
        <Input value={values.code} onChange={(e) => set('code', e.target.value)} autoComplete="off" maxLength={64} />
      </FormField>
      <FormField label="Kind of code" error={errors.promoType}>
        <NativeSelect value={values.promoType} onChange={(e) => set('promoType', e.target.value as PromoType)}>
          {PROMO_TYPES.map((type) => (
            <option key={type} value={type}>
              {PROMO_TYPE_LABELS[type]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {isDiscount ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Discount (%)" error={errors.discountPercentage}>
            <Input
              inputMode="numeric"
              value={values.discountPercentage}
              onChange={(e) => set('discountPercentage', e.target.value)}
            />
          </FormField>
          <FormField label="For how many months" optional error={errors.discountMonths}>
            <Input
              inputMode="numeric"
              value={values.discountMonths}
              onChange={(e) => set('discountMonths', e.target.value)}
            />
          </FormField>
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Duration in days" error={errors.durationDays}>
            <Input
              inputMode="numeric"
              value={values.durationDays}
              onChange={(e) => set('durationDays', e.target.value)}
            />
          </FormField>
          <FormField label="Duration in months" error={errors.durationMonths}>
            <Input
              inputMode="numeric"
              value={values.durationMonths}
              onChange={(e) => set('durationMonths', e.target.value)}
            />
          </FormField>
        </div>
      )}
      <FormField
        label="Last day it can be used"
        optional
        error={errors.lastDay}
        hint="dd/mm/yyyy; leave empty for no expiry"
      >
        <DatePicker
          value={values.lastDay}
          onChange={(value) => set('lastDay', value)}
          fromYear={new Date().getFullYear()}
          toYear={new Date().getFullYear() + 10}
          label="last day it can be used"
        />
      </FormField>
      <div className="grid gap-2">
        <label htmlFor={`${ids}-once`} className="flex items-center gap-2 text-sm">
          <input
            id={`${ids}-once`}
            type="checkbox"
            className="size-4 accent-primary"
            checked={values.isOneTimeUse}
            onChange={(e) => set('isOneTimeUse', e.target.checked)}
          />
          One-time use: the first person to use it uses it up
        </label>
        <label htmlFor={`${ids}-free`} className="flex items-center gap-2 text-sm">
          <input
            id={`${ids}-free`}
            type="checkbox"
            className="size-4 accent-primary"
            checked={values.isFreeTier}
            onChange={(e) => set('isFreeTier', e.target.checked)}
          />
          Free tier: checkout asks for payment details but starts a free trial
        </label>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create promo code'}
        </Button>
      </DialogFooter>
    </form>
  );
}
