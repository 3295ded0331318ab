/**
 * A pension account's own record (the spec's `pension_accounts`, 001 §3) and what hangs off it:
 * contributions per tax year, drawdown events and transfers. Their choices, the spec's validation
 * messages (001 §5, §8) and the form's behaviour (001 §4): a scheme type sets the access age and,
 * with the provider, the protection category; turning the employer link off clears the employer.
 * docs/decisions/0034-pension-records.md.
 */
import { z } from 'zod';
import { calendarDateSchema } from '../dates/calendar-date-schema.ts';
import type { CoverageTag, SchemeType } from '../reference-data/spec-mapping.ts';
import { PENSION_FORM_RULES, PENSION_TRANSFER_STATUSES, SCHEME_TYPE_DETAILS, SCHEME_TYPES } from './scheme-types.ts';

export const COVERAGE_TAGS = [
  'insurance_100',
  'sipp_platform_85k',
  'db_ppf',
  'ssas_trust',
  'state',
] as const satisfies readonly CoverageTag[];

/** The spec's protection categories in words (001 §3). */
export const COVERAGE_TAG_NAMES: Readonly<Record<CoverageTag, string>> = {
  insurance_100: 'Insurance: 100% of a claim',
  sipp_platform_85k: 'SIPP or platform: FSCS investment protection per person per firm',
  db_ppf: 'Defined benefit: Pension Protection Fund (100% for pensioners, 90% for others, capped)',
  ssas_trust: 'Trust based: depends on the trustees',
  state: 'State Pension: backed by the government',
};

export const TAX_RELIEF_METHODS = ['net_pay', 'salary_sacrifice', 'relief_at_source'] as const;
export type TaxReliefMethod = (typeof TAX_RELIEF_METHODS)[number];
export const TAX_RELIEF_METHOD_NAMES: Readonly<Record<TaxReliefMethod, string>> = {
  net_pay: 'Net pay',
  salary_sacrifice: 'Salary sacrifice',
  relief_at_source: 'Relief at source',
};

/** How benefits were taken once crystallised. */
export const CRYSTALLISED_METHODS = ['drawdown', 'ufpls', 'annuity', 'scheme_pension'] as const;
export type CrystallisedMethod = (typeof CRYSTALLISED_METHODS)[number];
export const CRYSTALLISED_METHOD_NAMES: Readonly<Record<CrystallisedMethod, string>> = {
  drawdown: 'Flexi-access drawdown',
  ufpls: 'Uncrystallised funds pension lump sum (UFPLS)',
  annuity: 'Annuity',
  scheme_pension: 'Scheme pension',
};

/**
 * Drawdown events. Income from flexi-access drawdown and an UFPLS are flexible access: the first
 * one starts the money purchase annual allowance. A tax-free lump sum alone does not.
 */
export const DRAWDOWN_EVENT_TYPES = ['pcls', 'income', 'ufpls'] as const;
export type DrawdownEventType = (typeof DRAWDOWN_EVENT_TYPES)[number];
export const DRAWDOWN_EVENT_TYPE_NAMES: Readonly<Record<DrawdownEventType, string>> = {
  pcls: 'Tax-free lump sum (PCLS)',
  income: 'Drawdown income',
  ufpls: 'UFPLS',
};
export const FLEXIBLE_ACCESS_EVENTS: readonly DrawdownEventType[] = ['income', 'ufpls'];

/** The spec's messages (001 §5, §8) and ours in the same style where it has none. */
export const PENSION_MESSAGES = {
  schemeTypeRequired: 'Please select a pension type',
  providerRequired: 'Please select a provider',
  annualAllowance: `Enter an annual allowance of £0 or more, in steps of £${PENSION_FORM_RULES.annualAllowanceStepPounds.toLocaleString('en-GB')}`,
  accessAge: `Enter an access age from ${PENSION_FORM_RULES.accessAgeMin} to ${PENSION_FORM_RULES.accessAgeMax}`,
  amount: 'Enter an amount of £0 or more, in whole pounds',
  amountTooLarge: 'Enter an amount of £1,000,000,000 or less',
  text: 'Enter 200 characters or fewer',
  date: 'Enter a real date, like 31/03/2027',
  taxYear: 'Enter a tax year like 2026/27, from 2016/17',
  yesNo: 'Choose yes or no',
  taxReliefMethod: 'Choose how tax relief is given',
  crystallisedMethod: 'Choose how the pension was taken',
  protectionCategory: 'Choose a protection category',
  slaDays: 'Enter the days a transfer should take, from 1 to 365',
  employerLink: 'Turn on “Linked to an employer” to record an employer',
  drawdownType: 'Choose what was taken',
  transferStatus: 'Choose the transfer status',
  loadProviders: 'Failed to load pension providers',
  loadDetails: 'Failed to load pension details',
  saved: 'Pension details saved successfully',
  saveFailed: 'Failed to save pension details',
  updated: 'Pension details updated successfully',
  updateFailed: 'Failed to update pension details',
  loadContributions: 'Failed to load contribution history',
  contributionSaved: 'Contribution record saved',
  contributionFailed: 'Failed to save contribution record',
  loadDrawdowns: 'Failed to load drawdown history',
  drawdownSaved: 'Drawdown event recorded',
  drawdownFailed: 'Failed to record drawdown event',
  loadTransfers: 'Failed to load transfer history',
  transferStarted: 'Pension transfer initiated',
  transferFailed: 'Failed to initiate transfer',
  transferStatusFailed: 'Failed to update transfer status',
  providerUpdated: 'Pension provider updated successfully',
  providerFailed: 'Failed to update pension provider',
} as const;

export const transferStatusUpdated = (status: string) => `Transfer status updated to ${status}`;

/** The spec's pension defaults (001 §9) that a new record takes. */
export const PENSION_DEFAULTS = {
  schemeType: 'personal_pension',
  annualAllowancePence: 60_000_00,
  accessAge: 55,
  transferSlaDays: PENSION_FORM_RULES.transferSlaDays,
  ruleVersion: '1.0',
} as const;

const MAX_PENCE = 1_000_000_000_00;
/** Pension amounts are whole pounds (001 §1), sent as pence. */
const wholePounds = z
  .number(PENSION_MESSAGES.amount)
  .int(PENSION_MESSAGES.amount)
  .min(0, PENSION_MESSAGES.amount)
  .max(MAX_PENCE, PENSION_MESSAGES.amountTooLarge)
  .refine((p) => p % 100 === 0, PENSION_MESSAGES.amount);
const shortText = z.string(PENSION_MESSAGES.text).trim().max(200, PENSION_MESSAGES.text);
const optionalText = shortText.transform((s) => (s === '' ? null : s)).nullable();
const date = calendarDateSchema(PENSION_MESSAGES.date);
const stepPence = PENSION_FORM_RULES.annualAllowanceStepPounds * 100;

/**
 * Whether a record names an employer (or its contribution policy) without saying it is linked to
 * one. The employer fields are kept only with the link (the database's `pension_accounts_employer`
 * check); a link turned off clears them (`normalisedRecord`), so only a record that leaves the
 * link out is refused.
 */
export function namesAnEmployerWithoutTheLink(record: {
  employerLink?: boolean | undefined;
  employerName?: string | null | undefined;
  employerContributionPolicy?: string | null | undefined;
}): boolean {
  return (
    record.employerLink === undefined && (record.employerName != null || record.employerContributionPolicy != null)
  );
}

/** The record's check across fields, for every schema of the record (the API's is built from this one's shape). */
export function checkEmployerLink(record: Parameters<typeof namesAnEmployerWithoutTheLink>[0], ctx: z.RefinementCtx) {
  if (namesAnEmployerWithoutTheLink(record))
    ctx.addIssue({ code: 'custom', path: ['employerLink'], message: PENSION_MESSAGES.employerLink });
}

/** The dialog's fields, each with its own rules. */
const PensionRecordFieldsSchema = z.strictObject({
  providerId: z
    .string(PENSION_MESSAGES.providerRequired)
    .trim()
    .min(1, PENSION_MESSAGES.providerRequired)
    .max(60, PENSION_MESSAGES.providerRequired),
  schemeType: z.enum(SCHEME_TYPES, PENSION_MESSAGES.schemeTypeRequired),
  policyReference: optionalText.optional(),
  employerLink: z.boolean(PENSION_MESSAGES.yesNo).optional(),
  employerName: optionalText.optional(),
  employerContributionPolicy: optionalText.optional(),
  taxReliefMethod: z.enum(TAX_RELIEF_METHODS, PENSION_MESSAGES.taxReliefMethod).nullable().optional(),
  annualAllowancePence: z
    .number(PENSION_MESSAGES.annualAllowance)
    .int(PENSION_MESSAGES.annualAllowance)
    .min(0, PENSION_MESSAGES.annualAllowance)
    .max(MAX_PENCE, PENSION_MESSAGES.annualAllowance)
    .refine((p) => p % stepPence === 0, PENSION_MESSAGES.annualAllowance),
  accessAge: z
    .number(PENSION_MESSAGES.accessAge)
    .int(PENSION_MESSAGES.accessAge)
    .min(PENSION_FORM_RULES.accessAgeMin, PENSION_MESSAGES.accessAge)
    .max(PENSION_FORM_RULES.accessAgeMax, PENSION_MESSAGES.accessAge),
  thresholdIncomePence: wholePounds.nullable().optional(),
  adjustedIncomePence: wholePounds.nullable().optional(),
  flexibleAccessOn: date.nullable().optional(),
  crystallised: z.boolean(PENSION_MESSAGES.yesNo).optional(),
  crystallisedMethod: z.enum(CRYSTALLISED_METHODS, PENSION_MESSAGES.crystallisedMethod).nullable().optional(),
  pclsTakenPence: wholePounds.nullable().optional(),
  pclsRemainingPence: wholePounds.nullable().optional(),
  transferSlaDays: z
    .number(PENSION_MESSAGES.slaDays)
    .int(PENSION_MESSAGES.slaDays)
    .min(1, PENSION_MESSAGES.slaDays)
    .max(365, PENSION_MESSAGES.slaDays)
    .optional(),
});

/** The dialog's whole record (001 §5 'Pension form'). */
export const PensionRecordSchema = PensionRecordFieldsSchema.superRefine(checkEmployerLink);
export type PensionRecordInput = z.infer<typeof PensionRecordSchema>;

export const ContributionSchema = z.strictObject({
  taxYear: z.string(PENSION_MESSAGES.taxYear).max(20, PENSION_MESSAGES.taxYear),
  employeePence: wholePounds,
  employerPence: wholePounds,
});

export const DrawdownSchema = z.strictObject({
  eventDate: date,
  eventType: z.enum(DRAWDOWN_EVENT_TYPES, PENSION_MESSAGES.drawdownType),
  amountPence: wholePounds,
  notes: optionalText.optional(),
});

export const TransferSchema = z.strictObject({ notes: optionalText.optional() });

export const TransferStatusSchema = z.strictObject({
  status: z.enum(PENSION_TRANSFER_STATUSES, PENSION_MESSAGES.transferStatus),
  notes: optionalText.optional(),
});

/**
 * The protection category a pension's money has: a defined benefit scheme is the Pension
 * Protection Fund's and the State Pension the government's whoever runs them; otherwise the
 * provider's own category once chosen (a master trust is trust based even for a workplace
 * pension), else the scheme type's (001 §4: choosing a scheme type sets it).
 */
export function pensionProtectionCategory(schemeType: SchemeType, providerTag: CoverageTag | null): CoverageTag {
  const bySchemeType = SCHEME_TYPE_DETAILS[schemeType].protectionCategory;
  if (bySchemeType === 'db_ppf' || bySchemeType === 'state') return bySchemeType;
  return providerTag ?? bySchemeType;
}

/** The record as saved: the employer fields go when the link is off (001 §4). */
export function normalisedRecord<T extends Pick<PensionRecordInput, 'employerLink'>>(
  input: T,
): T & {
  employerName?: string | null;
  employerContributionPolicy?: string | null;
} {
  return input.employerLink === false ? { ...input, employerName: null, employerContributionPolicy: null } : input;
}

/** Whether the provider's data is trusted enough to show without a warning (001 §5: under 80 warns). */
export function isLowConfidence(score: number): boolean {
  return score < PENSION_FORM_RULES.confidenceWarningBelow;
}
