/**
 * The Add/Edit Term dialog's check (001 §5 "Term form"), for the browser and the server alike,
 * built from the templates' data. The spec shows no blocking check beyond choosing a type; ours
 * (docs/decisions/0028) refuses a missing required field or a value of the wrong kind, because a
 * term without its figures cannot be tracked. The words are ours, in the spec's style
 * ('ISA type is required').
 *
 * What is saved is normalised: blank and hidden fields are dropped, and a rolling account year
 * with an estimated opening month and year gets `openingDate` {year}-{month}-01, without the
 * helper fields (001 §5).
 */
import { z } from 'zod';
import type { CalendarDate } from '../dates/calendar-date.ts';
import { calendarDateSchema } from '../dates/calendar-date-schema.ts';
import { ACCOUNT_MESSAGES, MAX_ACCOUNT_MONEY_PENCE } from '../accounts/account-schema.ts';
import { parseTaxYear } from './tax-year.ts';
import {
  type InterestTier,
  isFieldShown,
  TERM_TEMPLATES,
  TERM_TYPES,
  type TermField,
  type TermInputs,
  type TermType,
} from './templates.ts';

export const TERM_TEXT_LIMITS = { label: 100, notes: 5000, text: 500 } as const;
/** More tiers or instalments than any product has; keeps a saved term small. */
export const MAX_TIERS = 20;
export const MAX_INSTALMENTS = 1000;
const FULL_PERCENT_BPS = 10_000;

/** Our words for what the spec leaves unsaid, in its style. */
export const TERM_MESSAGES = {
  termType: 'Choose a term type',
  required: (label: string) => `${fieldName(label)} is required`,
  money: ACCOUNT_MESSAGES.money,
  moneyPositive: (label: string) => `${fieldName(label)} must be more than £0`,
  moneyTooLarge: ACCOUNT_MESSAGES.moneyTooLarge,
  rate: (label: string) => `${fieldName(label)} must be a percentage from 0 to 100, with at most 2 decimal places`,
  hundredths: 'Enter the penalty as a number of 0 or more, with at most 2 decimal places',
  whole: (label: string, min: number, max: number) =>
    `${fieldName(label)} must be a whole number from ${min} to ${max}`,
  date: ACCOUNT_MESSAGES.date,
  yesNo: ACCOUNT_MESSAGES.yesNo,
  select: (label: string) => `Choose the ${fieldName(label).toLowerCase()} from the list`,
  taxYear: 'Enter the tax year like 2026/27',
  tiers: 'Enter each tier as a minimum balance, a maximum above it (or none) and a rate from 0% to 100%',
  tooMany: (label: string, max: number) => `${fieldName(label)} can have at most ${max} entries`,
  endBeforeStart: 'The end date must be on or after the start date',
  percentagesTotal: 'The instalment percentages must add up to 100%',
  amountsTotal: 'The instalment amounts must add up to no more than the maximum over the term',
  instalmentCount: 'Enter one figure for each instalment',
  tooLong: ACCOUNT_MESSAGES.tooLong,
  unknownField: (keys: readonly string[]) => `This field cannot be set for this term: ${keys.join(', ')}`,
} as const;

/** 'Bonus rate (%)' → 'Bonus rate': a label as a sentence names it. */
function fieldName(label: string): string {
  return label.replace(/\s*\((%|£)\)$/, '');
}

const money = (field: TermField) => {
  const floor = field.min ?? 0;
  return z
    .number(TERM_MESSAGES.money)
    .int(TERM_MESSAGES.money)
    .min(0, TERM_MESSAGES.money)
    .min(floor, TERM_MESSAGES.moneyPositive(field.label))
    .max(MAX_ACCOUNT_MONEY_PENCE, TERM_MESSAGES.moneyTooLarge);
};
const rate = (label: string) =>
  z
    .number(TERM_MESSAGES.rate(label))
    .int(TERM_MESSAGES.rate(label))
    .min(0, TERM_MESSAGES.rate(label))
    .max(FULL_PERCENT_BPS, TERM_MESSAGES.rate(label));

const TierSchema = z
  .strictObject(
    {
      minPence: z.number().int().min(0).max(MAX_ACCOUNT_MONEY_PENCE),
      maxPence: z.number().int().min(0).max(MAX_ACCOUNT_MONEY_PENCE).nullable(),
      rateBps: z.number().int().min(0).max(FULL_PERCENT_BPS),
    },
    TERM_MESSAGES.tiers,
  )
  .refine((tier) => tier.maxPence === null || tier.maxPence > tier.minPence, TERM_MESSAGES.tiers);

/** One field's value, as its kind says; `today` bounds 'this-year'. */
export function fieldSchema(field: TermField, today: CalendarDate): z.ZodType {
  switch (field.kind) {
    case 'money':
      return money(field);
    case 'rate':
      return rate(field.label);
    case 'hundredths':
      return z
        .number(TERM_MESSAGES.hundredths)
        .int(TERM_MESSAGES.hundredths)
        .min(0, TERM_MESSAGES.hundredths)
        .max(MAX_ACCOUNT_MONEY_PENCE, TERM_MESSAGES.hundredths);
    case 'whole': {
      const min = field.min ?? 0;
      const max = field.max === 'this-year' ? Number(today.slice(0, 4)) : (field.max ?? Number.MAX_SAFE_INTEGER);
      const message = TERM_MESSAGES.whole(field.label, min, max);
      return z.number(message).int(message).min(min, message).max(max, message);
    }
    case 'date':
      return calendarDateSchema(TERM_MESSAGES.date);
    case 'boolean':
      return z.boolean(TERM_MESSAGES.yesNo);
    case 'text':
      return z
        .string(TERM_MESSAGES.tooLong(field.label, TERM_TEXT_LIMITS.text))
        .max(TERM_TEXT_LIMITS.text, TERM_MESSAGES.tooLong(field.label, TERM_TEXT_LIMITS.text));
    case 'select': {
      const values = (field.options ?? []).map((option) => option.value) as [string, ...string[]];
      return z.enum(values, TERM_MESSAGES.select(field.label));
    }
    case 'tax-year':
      // Saved in one spelling, '2026/27', however it was typed.
      return z
        .string(TERM_MESSAGES.taxYear)
        .refine((text) => parseTaxYear(text) !== null, TERM_MESSAGES.taxYear)
        .transform((text) => parseTaxYear(text)!.label);
    case 'tiers':
      return z
        .array(TierSchema, TERM_MESSAGES.tiers)
        .max(MAX_TIERS, TERM_MESSAGES.tooMany(field.label, MAX_TIERS))
        .transform((tiers: InterestTier[]) => [...tiers].sort((a, b) => a.minPence - b.minPence));
    case 'rate-list':
      return z.array(rate(field.label)).max(MAX_INSTALMENTS, TERM_MESSAGES.tooMany(field.label, MAX_INSTALMENTS));
    case 'money-list':
      return z.array(money(field)).max(MAX_INSTALMENTS, TERM_MESSAGES.tooMany(field.label, MAX_INSTALMENTS));
  }
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && !value.trim());

/**
 * The inputs as the dialog sends them, made ready to check: blank values dropped, text trimmed,
 * then the fields the other values hide dropped (a hidden field is never saved, nor blocks a save).
 */
function visibleInputs(type: TermType, raw: Record<string, unknown>): Record<string, unknown> {
  const filled: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!isBlank(value)) filled[key] = typeof value === 'string' ? value.trim() : value;
  }
  // In the template's order, so a field hidden by another hidden field goes too. Unknown keys stay,
  // for the strict object to name.
  for (const field of TERM_TEMPLATES[type].fields) if (!isFieldShown(field, filled)) delete filled[field.key];
  return filled;
}

type RuleIssue = { path: string[]; message: string };

/** Rules between fields, beyond each field's own. */
function crossFieldIssues(type: TermType, inputs: Record<string, unknown>): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const start = inputs.startDate as string | undefined;
  const end = inputs.endDate as string | undefined;
  if ((type === 'intro_rate' || type === 'bonus_rate_isa') && start && end && end < start)
    issues.push({ path: ['endDate'], message: TERM_MESSAGES.endBeforeStart });
  if (type === 'max_contributions_over_term') {
    const count = inputs.installmentsCount as number | undefined;
    const percentages = inputs.customPercentagesBps as number[] | undefined;
    const amounts = inputs.customAmountsPence as number[] | undefined;
    if (percentages) {
      if (count !== undefined && percentages.length !== count)
        issues.push({ path: ['customPercentagesBps'], message: TERM_MESSAGES.instalmentCount });
      else if (percentages.reduce((sum, bps) => sum + bps, 0) !== FULL_PERCENT_BPS)
        issues.push({ path: ['customPercentagesBps'], message: TERM_MESSAGES.percentagesTotal });
    }
    if (amounts) {
      const max = inputs.maxAmountPence as number | undefined;
      if (count !== undefined && amounts.length !== count)
        issues.push({ path: ['customAmountsPence'], message: TERM_MESSAGES.instalmentCount });
      else if (max !== undefined && amounts.reduce((sum, pence) => sum + pence, 0) > max)
        issues.push({ path: ['customAmountsPence'], message: TERM_MESSAGES.amountsTotal });
    }
  }
  return issues;
}

/**
 * A rolling account year whose opening date is unknown: the estimated month and year become
 * `openingDate` {year}-{month, 2 digits}-01 when both are given (001 §5), and the helper fields
 * go. A known opening date is kept as typed.
 */
function settleOpeningDate(inputs: Record<string, unknown>): Record<string, unknown> {
  const { unknownOpeningDate, estimatedOpeningMonth: month, estimatedOpeningYear: year, ...rest } = inputs;
  if (unknownOpeningDate === true && typeof month === 'number' && typeof year === 'number')
    return { ...rest, openingDate: `${year}-${String(month).padStart(2, '0')}-01` };
  return rest;
}

/** The inputs of a term of `type`, checked and normalised; `today` is the UK date (it bounds the estimated year). */
export function termInputsSchema<T extends TermType>(type: T, today: CalendarDate) {
  const template = TERM_TEMPLATES[type];
  const shape = Object.fromEntries(template.fields.map((field) => [field.key, fieldSchema(field, today).optional()]));
  return z
    .record(z.string(), z.unknown(), 'Enter the term’s details')
    .transform((raw) => visibleInputs(type, raw))
    .pipe(
      z.strictObject(shape, {
        error: (issue) => (issue.code === 'unrecognized_keys' ? TERM_MESSAGES.unknownField(issue.keys) : undefined),
      }),
    )
    .superRefine((inputs, ctx) => {
      for (const field of template.fields) {
        if (field.required && inputs[field.key] === undefined)
          ctx.addIssue({ code: 'custom', path: [field.key], message: TERM_MESSAGES.required(field.label) });
      }
      for (const issue of crossFieldIssues(type, inputs)) ctx.addIssue({ code: 'custom', ...issue });
    })
    .transform((inputs) => (type === 'withdrawal_limit' ? settleOpeningDate(inputs) : inputs) as TermInputs<T>);
}

/** A term as saved (001 §3 account_terms, less its ids, events and times). */
export type TermFields = {
  [T in TermType]: {
    termType: T;
    label: string;
    inputs: TermInputs<T>;
    notes: string | null;
    notificationsEnabled: boolean;
  };
}[TermType];

const optionalText = (label: string, max: number) =>
  z
    .string()
    .nullable()
    .transform((value) => value?.trim() || null)
    .pipe(z.string().max(max, TERM_MESSAGES.tooLong(label, max)).nullable());

/**
 * The Add/Edit Term dialog as sent: the type, a label (blank: the template's name), the inputs,
 * Additional Notes (blank: none) and 'Enable notifications for this term' (on unless turned off).
 */
export function termFieldsSchema(today: CalendarDate) {
  return z
    .strictObject({
      termType: z.enum(TERM_TYPES, TERM_MESSAGES.termType),
      label: optionalText('Label', TERM_TEXT_LIMITS.label).default(null),
      inputs: z.unknown().default({}),
      notes: optionalText('Additional Notes', TERM_TEXT_LIMITS.notes).default(null),
      notificationsEnabled: z.boolean(TERM_MESSAGES.yesNo).default(true),
    })
    .transform((draft, ctx): TermFields => {
      const inputs = termInputsSchema(draft.termType, today).safeParse(draft.inputs);
      if (!inputs.success) {
        for (const issue of inputs.error.issues)
          ctx.addIssue({ code: 'custom', path: ['inputs', ...issue.path], message: issue.message });
        return z.NEVER;
      }
      return {
        termType: draft.termType,
        label: draft.label ?? TERM_TEMPLATES[draft.termType].label,
        inputs: inputs.data,
        notes: draft.notes,
        notificationsEnabled: draft.notificationsEnabled,
      } as TermFields;
    });
}

export type TermCheck = { ok: true; term: TermFields } | { ok: false; issues: { path: string; message: string }[] };

/** The dialog's check as a value: the term to save, or each problem at its field ('inputs.maxWithdrawals'). */
export function checkTerm(draft: unknown, today: CalendarDate): TermCheck {
  const result = termFieldsSchema(today).safeParse(draft);
  if (result.success) return { ok: true, term: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  };
}

/** A stored value, parsed when it is JSON text (001 §3: inputs and events "may arrive as text"); unreadable text is undefined. */
export function parseStoredJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/**
 * A stored term's inputs, read forgivingly: text is parsed as JSON, and a value that is not what
 * its field holds (an older shape, a hand edit) is left out rather than failing the card.
 * Anything unreadable is `{}` (001 §3 "falling back to empty").
 */
export function readStoredInputs<T extends TermType>(type: T, stored: unknown, today: CalendarDate): TermInputs<T> {
  const value = parseStoredJson(stored);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const inputs: Record<string, unknown> = {};
  for (const field of TERM_TEMPLATES[type].fields) {
    const parsed = fieldSchema(field, today).safeParse((value as Record<string, unknown>)[field.key]);
    if (parsed.success) inputs[field.key] = parsed.data;
  }
  return inputs as TermInputs<T>;
}
