/**
 * The 'Add Pension Details' / 'Edit Pension Details' dialog (001 §2, §4, §5): sections Basic
 * Pension Details, Employer Connection, Protection Information and Advanced Settings. Choosing a
 * scheme type sets the access age (65 for defined benefit, else the minimum pension age) and
 * shows the protection category it sets; turning the employer link off clears the employer.
 * Checked with the route's own schema, so the messages are the spec's.
 */
import { Save, TriangleAlert } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { defaultAccessAge } from '../../core/pension/access-age.ts';
import {
  COVERAGE_TAG_NAMES,
  CRYSTALLISED_METHOD_NAMES,
  CRYSTALLISED_METHODS,
  type CrystallisedMethod,
  isLowConfidence,
  normalisedRecord,
  PENSION_DEFAULTS,
  PensionRecordSchema,
  type PensionRecordInput,
  pensionProtectionCategory,
  TAX_RELIEF_METHOD_NAMES,
  TAX_RELIEF_METHODS,
  type TaxReliefMethod,
} from '../../core/pension/pension-record.ts';
import { SCHEME_TYPE_DETAILS, SCHEME_TYPES } from '../../core/pension/scheme-types.ts';
import type { CoverageTag, SchemeType } from '../../core/reference-data/spec-mapping.ts';
import { parseAmountText, penceToAmountText } from '../../core/transactions/amount-text.ts';
import { PensionProviderPicker } from '../reference/pension-provider-picker.tsx';
import type { PensionProviderOption } from '../reference/types.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { DatePicker } from '../ui/date-picker.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog.tsx';
import { FormError } from '../ui/form-error.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input, NativeSelect } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { Switch } from '../ui/switch.tsx';
import { RequiredMark } from '../ui/required-mark.tsx';
import type { PensionView } from './pension-api.ts';
import { PoundsInput } from './pension-history.tsx';

export const PENSION_DIALOG_TEXT = {
  addTitle: 'Add Pension Details',
  editTitle: 'Edit Pension Details',
  description: 'Your pension’s provider, scheme and allowances. Amounts are in whole pounds.',
  basic: 'Basic Pension Details',
  employer: 'Employer Connection',
  protection: 'Protection Information',
  advanced: 'Advanced Settings',
  save: 'Save Pension Details',
  update: 'Update Pension',
  saving: 'Saving...',
} as const;

type Values = {
  provider: PensionProviderOption | null;
  schemeType: SchemeType | '';
  policyReference: string;
  employerLink: boolean;
  employerName: string;
  employerContributionPolicy: string;
  taxReliefMethod: TaxReliefMethod | '';
  annualAllowance: string;
  accessAge: string;
  thresholdIncome: string;
  adjustedIncome: string;
  flexibleAccessOn: string;
  crystallised: boolean;
  crystallisedMethod: CrystallisedMethod | '';
  pclsTaken: string;
  pclsRemaining: string;
  transferSlaDays: string;
};

/** The provider as a picker option (enough for the picker's button). */
export function providerOption(provider: NonNullable<PensionView['provider']>): PensionProviderOption {
  return { ...provider, userMessage: provider.userMessage ?? '' };
}

const pounds = (pence: number | null | undefined) =>
  pence == null ? '' : penceToAmountText(pence).replace(/\.00$/, '');

function initialValues(view: PensionView): Values {
  const p = view.pension;
  return {
    provider: view.provider ? providerOption(view.provider) : null,
    schemeType: p?.schemeType ?? '',
    policyReference: p?.policyReference ?? '',
    employerLink: p?.employerLink ?? false,
    employerName: p?.employerName ?? '',
    employerContributionPolicy: p?.employerContributionPolicy ?? '',
    taxReliefMethod: p?.taxReliefMethod ?? '',
    annualAllowance: pounds(p?.annualAllowancePence ?? PENSION_DEFAULTS.annualAllowancePence),
    accessAge: String(p?.accessAge ?? PENSION_DEFAULTS.accessAge),
    thresholdIncome: pounds(p?.thresholdIncomePence),
    adjustedIncome: pounds(p?.adjustedIncomePence),
    flexibleAccessOn: p?.flexibleAccessOn ?? '',
    crystallised: p?.crystallised ?? false,
    crystallisedMethod: p?.crystallisedMethod ?? '',
    pclsTaken: pounds(p?.pclsTakenPence),
    pclsRemaining: pounds(p?.pclsRemainingPence),
    transferSlaDays: String(p?.transferSlaDays ?? PENSION_DEFAULTS.transferSlaDays),
  };
}

/** Typed pounds as pence; NaN (refused by the schema) when not an amount, null when empty. */
function pence(text: string): number | null {
  if (text.trim() === '') return null;
  const parsed = parseAmountText(text);
  return parsed.ok ? parsed.pence : Number.NaN;
}

const numberOrNaN = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function draftOf(values: Values): unknown {
  return normalisedRecord({
    providerId: values.provider?.id ?? '',
    schemeType: values.schemeType,
    policyReference: values.policyReference,
    employerLink: values.employerLink,
    employerName: values.employerName,
    employerContributionPolicy: values.employerContributionPolicy,
    taxReliefMethod: values.taxReliefMethod === '' ? null : values.taxReliefMethod,
    annualAllowancePence: pence(values.annualAllowance) ?? Number.NaN,
    accessAge: numberOrNaN(values.accessAge),
    thresholdIncomePence: pence(values.thresholdIncome),
    adjustedIncomePence: pence(values.adjustedIncome),
    flexibleAccessOn: values.flexibleAccessOn === '' ? null : values.flexibleAccessOn,
    crystallised: values.crystallised,
    crystallisedMethod: values.crystallised && values.crystallisedMethod !== '' ? values.crystallisedMethod : null,
    pclsTakenPence: values.crystallised ? pence(values.pclsTaken) : null,
    pclsRemainingPence: values.crystallised ? pence(values.pclsRemaining) : null,
    transferSlaDays: numberOrNaN(values.transferSlaDays),
  });
}

/** The schema's field names, as the form's. */
const FIELD_OF: Record<string, keyof Values> = {
  providerId: 'provider',
  annualAllowancePence: 'annualAllowance',
  thresholdIncomePence: 'thresholdIncome',
  adjustedIncomePence: 'adjustedIncome',
  pclsTakenPence: 'pclsTaken',
  pclsRemainingPence: 'pclsRemaining',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-4 rounded-lg border p-4">
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function SwitchField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-3">
      <Label htmlFor={id}>{label}</Label>
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
    </div>
  );
}

export function PensionDialog({
  view,
  onClose,
  onSave,
}: {
  view: PensionView;
  onClose: () => void;
  /** Saves the record; a refusal's message to show, or null when saved. */
  onSave: (record: PensionRecordInput) => Promise<string | null>;
}) {
  const [values, setValues] = useState(() => initialValues(view));
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const providerId = useId();
  const adding = view.pension === null;
  const today = calendarDateInLondon(new Date());

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const chooseScheme = (schemeType: SchemeType | '') => {
    setValues((v) => ({
      ...v,
      schemeType,
      // 001 §4: a scheme type sets the access age (65 for defined benefit, else the minimum pension age).
      accessAge:
        schemeType === '' ? v.accessAge : String(defaultAccessAge(schemeType, { today, dateOfBirth: null }).age),
    }));
    setErrors(({ schemeType: _s, accessAge: _a, ...rest }) => rest);
  };

  const category: CoverageTag | null =
    values.schemeType === ''
      ? null
      : pensionProtectionCategory(values.schemeType, (values.provider?.coverageTag as CoverageTag | undefined) ?? null);
  const accessWords =
    values.schemeType === '' ? null : defaultAccessAge(values.schemeType, { today, dateOfBirth: null }).words;
  const confidence = values.provider?.confidenceScore ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = PensionRecordSchema.safeParse(draftOf(values));
    if (!checked.success) {
      const next: Partial<Record<keyof Values, string>> = {};
      for (const issue of checked.error.issues) {
        const key = String(issue.path[0] ?? '');
        next[FIELD_OF[key] ?? (key as keyof Values)] ??= issue.message;
      }
      setErrors(next);
      setFormError(null);
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>('[data-pension-dialog] [aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      setFormError(await onSave(checked.data));
    } finally {
      setSaving(false);
    }
  };

  const amountField = (key: 'thresholdIncome' | 'adjustedIncome' | 'pclsTaken' | 'pclsRemaining', label: string) => (
    <FormField label={label} optional error={errors[key]}>
      <PoundsInput value={values[key]} onChange={(e) => set(key, e.target.value)} />
    </FormField>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && !saving && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{adding ? PENSION_DIALOG_TEXT.addTitle : PENSION_DIALOG_TEXT.editTitle}</DialogTitle>
          <DialogDescription>{PENSION_DIALOG_TEXT.description}</DialogDescription>
        </DialogHeader>
        <form data-pension-dialog noValidate onSubmit={submit} className="grid gap-4">
          <FormError message={formError} />
          <Section title={PENSION_DIALOG_TEXT.basic}>
            <div className="grid gap-2">
              <Label htmlFor={providerId}>
                Provider
                <RequiredMark />
              </Label>
              <PensionProviderPicker
                id={providerId}
                value={values.provider}
                aria-invalid={errors.provider ? true : undefined}
                aria-describedby={errors.provider ? `${providerId}-error` : undefined}
                onChange={(provider) => set('provider', provider)}
              />
              {errors.provider ? (
                <p id={`${providerId}-error`} className="text-sm text-destructive">
                  {errors.provider}
                </p>
              ) : null}
            </div>
            <FormField
              label={
                <>
                  Pension type
                  <RequiredMark />
                </>
              }
              error={errors.schemeType}
              hint={values.schemeType === '' ? undefined : SCHEME_TYPE_DETAILS[values.schemeType].description}
            >
              <NativeSelect
                aria-required
                value={values.schemeType}
                onChange={(e) => chooseScheme(e.target.value as SchemeType | '')}
              >
                <option value="">Select pension type...</option>
                {SCHEME_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {SCHEME_TYPE_DETAILS[type].name}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label="Policy reference" optional error={errors.policyReference}>
              <Input
                value={values.policyReference}
                maxLength={200}
                onChange={(e) => set('policyReference', e.target.value)}
              />
            </FormField>
            <FormField label="Tax relief method" optional error={errors.taxReliefMethod}>
              <NativeSelect
                value={values.taxReliefMethod}
                onChange={(e) => set('taxReliefMethod', e.target.value as TaxReliefMethod | '')}
              >
                <option value="">Not known</option>
                {TAX_RELIEF_METHODS.map((method) => (
                  <option key={method} value={method}>
                    {TAX_RELIEF_METHOD_NAMES[method]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </Section>

          <Section title={PENSION_DIALOG_TEXT.employer}>
            <SwitchField
              label="Linked to an employer"
              checked={values.employerLink}
              onChange={(on) =>
                setValues((v) =>
                  on
                    ? { ...v, employerLink: true }
                    : { ...v, employerLink: false, employerName: '', employerContributionPolicy: '' },
                )
              }
            />
            {values.employerLink ? (
              <>
                <FormField label="Employer name" optional error={errors.employerName}>
                  <Input
                    value={values.employerName}
                    maxLength={200}
                    onChange={(e) => set('employerName', e.target.value)}
                  />
                </FormField>
                <FormField
                  label="Employer contribution policy"
                  optional
                  error={errors.employerContributionPolicy}
                  hint="For example: matches up to 5% of salary"
                >
                  <Input
                    value={values.employerContributionPolicy}
                    maxLength={200}
                    onChange={(e) => set('employerContributionPolicy', e.target.value)}
                  />
                </FormField>
              </>
            ) : null}
          </Section>

          <Section title={PENSION_DIALOG_TEXT.protection}>
            <p className="text-sm" data-testid="pension-dialog-category">
              {category
                ? COVERAGE_TAG_NAMES[category]
                : 'Choose a pension type: its protection category is set from it and the provider.'}
            </p>
            {confidence !== null && isLowConfidence(confidence) ? (
              <Alert variant="warning">
                <TriangleAlert aria-hidden />
                <AlertTitle>Data Confidence Low</AlertTitle>
                <AlertDescription>
                  What we hold about this provider has a confidence score of {confidence} out of 100: check its
                  protection with the provider.
                </AlertDescription>
              </Alert>
            ) : null}
          </Section>

          <Section title={PENSION_DIALOG_TEXT.advanced}>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                label={
                  <>
                    Annual allowance
                    <RequiredMark />
                  </>
                }
                error={errors.annualAllowance}
                hint="In steps of £1,000"
              >
                <PoundsInput
                  aria-required
                  value={values.annualAllowance}
                  onChange={(e) => set('annualAllowance', e.target.value)}
                />
              </FormField>
              <FormField
                label={
                  <>
                    Access age
                    <RequiredMark />
                  </>
                }
                error={errors.accessAge}
              >
                <Input
                  type="number"
                  inputMode="numeric"
                  aria-required
                  min={50}
                  max={75}
                  value={values.accessAge}
                  onChange={(e) => set('accessAge', e.target.value)}
                />
              </FormField>
            </div>
            {accessWords ? <p className="text-sm text-muted-foreground">{accessWords}</p> : null}
            <div className="grid gap-4 sm:grid-cols-2">
              {amountField('thresholdIncome', 'Threshold income this tax year')}
              {amountField('adjustedIncome', 'Adjusted income this tax year')}
            </div>
            <FormField
              label="First flexible access to any pension"
              optional
              error={errors.flexibleAccessOn}
              hint="Drawdown income or a lump sum beyond the tax-free cash starts the £10,000 money purchase annual allowance."
            >
              <DatePicker
                value={values.flexibleAccessOn}
                label="first flexible access date"
                onChange={(date) => set('flexibleAccessOn', date)}
              />
            </FormField>
            <SwitchField
              label="Benefits taken (crystallised)"
              checked={values.crystallised}
              onChange={(on) => set('crystallised', on)}
            />
            {values.crystallised ? (
              <>
                <FormField label="How it was taken" optional error={errors.crystallisedMethod}>
                  <NativeSelect
                    value={values.crystallisedMethod}
                    onChange={(e) => set('crystallisedMethod', e.target.value as CrystallisedMethod | '')}
                  >
                    <option value="">Not known</option>
                    {CRYSTALLISED_METHODS.map((method) => (
                      <option key={method} value={method}>
                        {CRYSTALLISED_METHOD_NAMES[method]}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
                <div className="grid gap-4 sm:grid-cols-2">
                  {amountField('pclsTaken', 'Tax-free cash taken')}
                  {amountField('pclsRemaining', 'Tax-free cash remaining')}
                </div>
              </>
            ) : null}
            <FormField label="Days a transfer should take" error={errors.transferSlaDays}>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={365}
                value={values.transferSlaDays}
                onChange={(e) => set('transferSlaDays', e.target.value)}
              />
            </FormField>
          </Section>

          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              <Save aria-hidden />
              {saving ? PENSION_DIALOG_TEXT.saving : adding ? PENSION_DIALOG_TEXT.save : PENSION_DIALOG_TEXT.update}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
