/**
 * The Add/Edit Term dialog's values: every field as the text (or switch) the user sees, read into
 * the inputs core's `checkTerm` checks (pence, basis points, whole numbers, 'yyyy-MM-dd'), and
 * back for an edit; and a saved input as the card shows it. Text that is not a number is passed
 * on as typed, so core's check names the field ("Minimum deposit (£) must be…"), never a guess.
 */
import { formatRateInput, parseRatePercent } from '../../core/accounts/interest-rate.ts';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import { formatPence } from '../../core/money/format.ts';
import { formatCardDate } from '../../core/terms/term-dates.ts';
import {
  defaultInputs,
  type InterestTier,
  isFieldShown,
  TERM_TEMPLATES,
  type TermField,
  type TermType,
} from '../../core/terms/templates.ts';
import { penceToAmountText, parseAmountText } from '../../core/transactions/amount-text.ts';

/** One tier row of the tiered-interest editor, as typed. */
export type TierText = { min: string; max: string; rate: string };
export type FieldValue = string | boolean | TierText[];
export type FieldValues = Record<string, FieldValue>;

export type TermFormValues = {
  termType: TermType | '';
  label: string;
  fields: FieldValues;
  notes: string;
  notificationsEnabled: boolean;
};

const money = (text: string): unknown => {
  const parsed = parseAmountText(text);
  return parsed.ok ? parsed.pence : text;
};
const rate = (text: string): unknown => {
  const parsed = parseRatePercent(text);
  return parsed.ok ? parsed.bps : text;
};
const whole = (text: string): unknown => (/^\s*\d{1,9}\s*$/.test(text) ? Number(text) : text);
const list = (text: string, read: (part: string) => unknown): unknown[] =>
  text
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map(read);

function readTiers(rows: TierText[]): unknown[] {
  return rows
    .filter((row) => row.min.trim() || row.max.trim() || row.rate.trim())
    .map((row) => ({
      minPence: row.min.trim() ? money(row.min) : 0,
      maxPence: row.max.trim() ? money(row.max) : null,
      rateBps: rate(row.rate),
    }));
}

/** One field's value as core reads it; undefined when blank (a blank field is not saved). */
function readField(field: TermField, value: FieldValue | undefined): unknown {
  if (value === undefined) return undefined;
  if (field.kind === 'boolean') return value === true;
  if (field.kind === 'tiers') {
    const tiers = readTiers(Array.isArray(value) ? value : []);
    return tiers.length ? tiers : undefined;
  }
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return undefined;
  switch (field.kind) {
    case 'money':
      return money(text);
    case 'rate':
    case 'hundredths':
      return rate(text);
    case 'whole':
      return whole(text);
    case 'rate-list':
      return list(text, rate);
    case 'money-list':
      return list(text, money);
    default:
      return text;
  }
}

/** The inputs of the dialog's values (every field of the type, shown or not: core drops the hidden ones). */
export function readInputs(type: TermType, fields: FieldValues): Record<string, unknown> {
  const inputs: Record<string, unknown> = {};
  for (const field of TERM_TEMPLATES[type].fields) {
    const value = readField(field, fields[field.key]);
    if (value !== undefined) inputs[field.key] = value;
  }
  return inputs;
}

/** The fields the dialog shows now, given what is typed. */
export function shownFields(type: TermType, fields: FieldValues): TermField[] {
  const inputs = readInputs(type, fields);
  return TERM_TEMPLATES[type].fields.filter((field) => isFieldShown(field, inputs));
}

/** A saved (or default) input as the field's text. */
function fieldText(field: TermField, value: unknown): FieldValue {
  if (field.kind === 'boolean') return value === true;
  if (field.kind === 'tiers')
    return Array.isArray(value)
      ? (value as InterestTier[]).map((tier) => ({
          min: penceToAmountText(tier.minPence),
          max: tier.maxPence === null ? '' : penceToAmountText(tier.maxPence),
          rate: formatRateInput(tier.rateBps),
        }))
      : [];
  if (value === undefined || value === null) return '';
  switch (field.kind) {
    case 'money':
      return typeof value === 'number' ? penceToAmountText(value) : '';
    case 'rate':
    case 'hundredths':
      return typeof value === 'number' ? formatRateInput(value) : '';
    case 'rate-list':
      return Array.isArray(value) ? value.map((bps) => formatRateInput(bps as number)).join(', ') : '';
    case 'money-list':
      return Array.isArray(value) ? value.map((pence) => penceToAmountText(pence as number)).join(', ') : '';
    default:
      return String(value);
  }
}

/** Every field of the type as text, from saved inputs (or the type's defaults). */
export function fieldValuesOf(type: TermType, inputs: Record<string, unknown>): FieldValues {
  const values: FieldValues = {};
  for (const field of TERM_TEMPLATES[type].fields) values[field.key] = fieldText(field, inputs[field.key]);
  return values;
}

export function emptyTermForm(): TermFormValues {
  return { termType: '', label: '', fields: {}, notes: '', notificationsEnabled: true };
}

/**
 * A new type chosen: its fields start from its defaults and what the saver already entered on the
 * account (`known`, core's `knownTermInputs`); the label, notes and switch stay.
 */
export function withTermType(
  values: TermFormValues,
  type: TermType,
  known: Record<string, unknown> = {},
): TermFormValues {
  const inputs = { ...(defaultInputs(type) as Record<string, unknown>), ...known };
  return { ...values, termType: type, fields: fieldValuesOf(type, inputs) };
}

export function termFormOf(term: {
  termType: TermType;
  label: string;
  inputs: Record<string, unknown>;
  notes: string | null;
  notificationsEnabled: boolean;
}): TermFormValues {
  return {
    termType: term.termType,
    label: term.label,
    fields: fieldValuesOf(term.termType, term.inputs),
    notes: term.notes ?? '',
    notificationsEnabled: term.notificationsEnabled,
  };
}

/** What the dialog sends: core's `checkTerm` checks it in the browser and again on the server. */
export function draftOf(values: TermFormValues) {
  return {
    termType: values.termType,
    label: values.label.trim() || null,
    inputs: values.termType === '' ? {} : readInputs(values.termType, values.fields),
    notes: values.notes.trim() || null,
    notificationsEnabled: values.notificationsEnabled,
  };
}

/** A saved input as the card shows it (en-GB money and dates); null when it has none. */
export function inputText(field: TermField, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  switch (field.kind) {
    case 'money':
      return formatPence(value as number);
    case 'rate':
      return `${formatRateInput(value as number)}%`;
    case 'hundredths':
      return formatRateInput(value as number);
    case 'date':
      return formatCardDate(value as CalendarDate);
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'select':
      return field.options?.find((option) => option.value === value)?.label ?? String(value);
    case 'tiers':
      return (value as InterestTier[])
        .map(
          (tier) =>
            `${formatPence(tier.minPence)}${tier.maxPence === null ? ' or more' : ` to ${formatPence(tier.maxPence)}`}: ${formatRateInput(tier.rateBps)}%`,
        )
        .join('; ');
    case 'rate-list':
      return (value as number[]).map((bps) => `${formatRateInput(bps)}%`).join(', ');
    case 'money-list':
      return (value as number[]).map((pence) => formatPence(pence)).join(', ');
    default:
      return String(value);
  }
}

/** The term's saved inputs as label and text, in the template's order, shown fields only. */
export function inputRows(type: TermType, inputs: Record<string, unknown>): { label: string; text: string }[] {
  const rows: { label: string; text: string }[] = [];
  for (const field of TERM_TEMPLATES[type].fields) {
    if (!isFieldShown(field, inputs)) continue;
    const text = inputText(field, inputs[field.key]);
    if (text !== null) rows.push({ label: field.label.replace(/\s*\((%|£)\)$/, ''), text });
  }
  return rows;
}
