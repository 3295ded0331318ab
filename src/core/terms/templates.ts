/**
 * The term types and their templates as data (001 §5 "Term templates"): for each type, the
 * fields the Add/Edit Term dialog shows, in order, with their kind, unit, whether they are
 * required, their choices and defaults, and when a field is shown. The dialog draws itself from
 * this, the check (`term-schema.ts`) validates against it, and the status (`status.ts`) reads
 * the typed inputs it describes.
 *
 * Keys are ours (camelCase, units in the name, as everywhere in the API); `specName` is the
 * spec's field name. Money is whole pence, rates and percentages are basis points (4.35% is 435),
 * dates 'yyyy-MM-dd'.
 */
import type { CalendarDate } from '../dates/calendar-date.ts';
import { PERIOD_KINDS, PERIOD_LABELS, type PeriodKind } from './periods.ts';

export const SAVINGS_TERM_TYPES = [
  'withdrawal_limit',
  'fixed_term',
  'tiered_interest',
  'intro_rate',
  'minimum_deposit',
  'notice_period',
  'max_contributions_over_term',
] as const;
export const ISA_TERM_TYPES = [
  'annual_allowance',
  'flexible_isa',
  'bonus_rate_isa',
  'lifetime_isa_penalty',
  'transfer_restrictions',
] as const;
export const PENSION_TERM_TYPES = [
  'access_age',
  'contribution_limits',
  'drawdown_monitoring',
  'protected_lump_sum',
  'charges',
] as const;
export const TERM_TYPES = [...SAVINGS_TERM_TYPES, ...ISA_TERM_TYPES, ...PENSION_TERM_TYPES] as const;
export type TermType = (typeof TERM_TYPES)[number];
export type TermGroup = 'savings' | 'isa' | 'pension';

export function isTermType(value: unknown): value is TermType {
  return typeof value === 'string' && (TERM_TYPES as readonly string[]).includes(value);
}

/** One band of a tiered rate: balances from `minPence` up to `maxPence` (none: no upper bound) earn `rateBps`. */
export type InterestTier = { minPence: number; maxPence: number | null; rateBps: number };

export const PENALTY_TYPES = ['percentage', 'fixed_fee', 'days_interest'] as const;
export const TERM_LENGTH_UNITS = ['days', 'months', 'years'] as const;
export const DEPOSIT_FREQUENCIES = ['monthly', 'quarterly'] as const;
export const PAYMENT_FREQUENCIES = ['weekly', 'monthly', 'quarterly', 'annually'] as const;
export const DRAWDOWN_FREQUENCIES = ['monthly', 'quarterly', 'annually'] as const;
export const SPLIT_TYPES = ['equal', 'custom_percentage', 'custom_amounts'] as const;
export const LISA_WITHDRAWAL_PURPOSES = ['property', 'retirement', 'terminal_illness'] as const;

/** The inputs each term type stores (all optional in storage: a required field is checked on save). */
export type TermInputsByType = {
  withdrawal_limit: {
    maxWithdrawals: number;
    period: PeriodKind;
    penalty: string;
    openingDate: CalendarDate;
    unknownOpeningDate: boolean;
    estimatedOpeningMonth: number;
    estimatedOpeningYear: number;
  };
  fixed_term: {
    termEndDate: CalendarDate;
    earlyAccessAllowed: boolean;
    penaltyType: (typeof PENALTY_TYPES)[number];
    /** Hundredths of the penalty type's unit, as the account's own penalty (basis points, pence or hundredths of a day). */
    penaltyAmount: number;
  };
  tiered_interest: { tiers: InterestTier[] };
  intro_rate: { startDate: CalendarDate; endDate: CalendarDate; bonusRateBps: number; reversionRateBps: number };
  minimum_deposit: {
    amountPence: number;
    frequency: (typeof DEPOSIT_FREQUENCIES)[number];
    firstDueDate: CalendarDate;
  };
  notice_period: { noticeDays: number };
  max_contributions_over_term: {
    termStartDate: CalendarDate;
    termLengthValue: number;
    termLengthUnit: (typeof TERM_LENGTH_UNITS)[number];
    maxAmountPence: number;
    paymentAmountPence: number;
    paymentFrequency: (typeof PAYMENT_FREQUENCIES)[number];
    splitType: (typeof SPLIT_TYPES)[number];
    installmentsCount: number;
    customPercentagesBps: number[];
    customAmountsPence: number[];
  };
  annual_allowance: { taxYear: string; maxAllowancePence: number; depositedToDatePence: number };
  flexible_isa: { isFlexible: boolean };
  bonus_rate_isa: { startDate: CalendarDate; endDate: CalendarDate; bonusRateBps: number; reversionRateBps: number };
  lifetime_isa_penalty: { withdrawalPurpose: (typeof LISA_WITHDRAWAL_PURPOSES)[number] };
  transfer_restrictions: { lockEndDate: CalendarDate; transferConditions: string };
  access_age: { accessAge: number };
  contribution_limits: { annualCapPence: number; contributedToDatePence: number };
  drawdown_monitoring: {
    drawdownStarted: boolean;
    startDate: CalendarDate;
    frequency: (typeof DRAWDOWN_FREQUENCIES)[number];
    amountPence: number;
  };
  protected_lump_sum: { percentageAllowedBps: number; protectedAmountPence: number };
  charges: { annualFeeBps: number; adminFeePence: number };
};

/** A term's inputs as stored: any of its type's fields may be missing. */
export type TermInputs<T extends TermType = TermType> = Partial<TermInputsByType[T]>;

/**
 * What a field holds:
 * - `money`: whole pence, 0 or more (`min` raises the floor);
 * - `rate`: basis points from 0 to 10,000 (0% to 100%, two decimals);
 * - `hundredths`: a whole number of hundredths, 0 or more (the fixed-term penalty);
 * - `whole`: a whole number from `min` to `max` (`max: 'this-year'` is today's year);
 * - `date`, `boolean`, `text`, `select` (one of `options`), `tax-year` ('2026/27');
 * - `tiers`, `rate-list`, `money-list`: lists of the above.
 */
export type FieldKind =
  | 'money'
  | 'rate'
  | 'hundredths'
  | 'whole'
  | 'date'
  | 'boolean'
  | 'text'
  | 'select'
  | 'tax-year'
  | 'tiers'
  | 'rate-list'
  | 'money-list';

/** A field is shown when every condition holds: the field `key` has the value `equals`. */
export type ShowCondition = { key: string; equals: string | boolean };

export type FieldOption = { value: string; label: string };

export type TermField<K extends string = string> = {
  key: K;
  specName: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  /** What the number counts, for the dialog's suffix ('withdrawals', 'days', 'years of age'). */
  unit?: string;
  options?: readonly FieldOption[];
  defaultValue?: string | number | boolean;
  min?: number;
  max?: number | 'this-year';
  shownWhen?: readonly ShowCondition[];
  /** Help under the field, where the label alone is not enough. */
  hint?: string;
};

export type TermTemplate<T extends TermType = TermType> = {
  type: T;
  group: TermGroup;
  /** The select's text, and the label a term gets when none is typed. */
  label: string;
  /** One sentence under the select saying what the term tracks. */
  description: string;
  fields: readonly TermField<keyof TermInputsByType[T] & string>[];
};

const options = (pairs: Record<string, string>): FieldOption[] =>
  Object.entries(pairs).map(([value, label]) => ({ value, label }));

const ROLLING: ShowCondition = { key: 'period', equals: 'rolling_year_from_opening' };

const rateFields = (required: boolean) =>
  [
    { key: 'startDate', specName: 'start_date', label: 'Start date', kind: 'date', required },
    { key: 'endDate', specName: 'end_date', label: 'End date', kind: 'date', required },
    { key: 'bonusRateBps', specName: 'bonus_rate', label: 'Bonus rate (%)', kind: 'rate', required },
    {
      key: 'reversionRateBps',
      specName: 'reversion_rate',
      label: 'Rate after the bonus ends (%)',
      kind: 'rate',
      required,
    },
  ] as const;

/** Every template, in the order of `TERM_TYPES`. */
export const TERM_TEMPLATES: { readonly [T in TermType]: TermTemplate<T> } = {
  withdrawal_limit: {
    type: 'withdrawal_limit',
    group: 'savings',
    label: 'Withdrawal limit',
    description: 'How many withdrawals the account allows in a period, and what another one costs.',
    fields: [
      {
        key: 'maxWithdrawals',
        specName: 'max_withdrawals',
        label: 'Withdrawals allowed',
        kind: 'whole',
        required: true,
        unit: 'withdrawals',
        min: 0,
        max: 366,
      },
      {
        key: 'period',
        specName: 'period',
        label: 'Period',
        kind: 'select',
        required: true,
        options: PERIOD_KINDS.map((value) => ({ value, label: PERIOD_LABELS[value] })),
      },
      {
        key: 'penalty',
        specName: 'penalty',
        label: 'Penalty for another withdrawal',
        kind: 'text',
        required: false,
        hint: "For example: 90 days' interest, or the account closes",
      },
      {
        key: 'openingDate',
        specName: 'opening_date',
        label: 'Account opening date',
        kind: 'date',
        required: false,
        shownWhen: [ROLLING, { key: 'unknownOpeningDate', equals: false }],
        hint: 'Leave blank to use the date opened saved on the account',
      },
      {
        key: 'unknownOpeningDate',
        specName: 'unknown_opening_date',
        label: 'I don’t know the exact opening date',
        kind: 'boolean',
        required: false,
        defaultValue: false,
        shownWhen: [ROLLING],
      },
      {
        key: 'estimatedOpeningMonth',
        specName: 'estimated_opening_month',
        label: 'Estimated opening month',
        kind: 'whole',
        required: false,
        min: 1,
        max: 12,
        shownWhen: [ROLLING, { key: 'unknownOpeningDate', equals: true }],
      },
      {
        key: 'estimatedOpeningYear',
        specName: 'estimated_opening_year',
        label: 'Estimated opening year',
        kind: 'whole',
        required: false,
        min: 2000,
        max: 'this-year',
        shownWhen: [ROLLING, { key: 'unknownOpeningDate', equals: true }],
      },
    ],
  },
  fixed_term: {
    type: 'fixed_term',
    group: 'savings',
    label: 'Fixed term',
    description: 'The date the fixed term ends, and whether money can come out before then.',
    fields: [
      { key: 'termEndDate', specName: 'term_end_date', label: 'Term end date', kind: 'date', required: true },
      {
        key: 'earlyAccessAllowed',
        specName: 'early_access_allowed',
        label: 'Early access allowed',
        kind: 'boolean',
        required: false,
        defaultValue: false,
      },
      {
        key: 'penaltyType',
        specName: 'penalty_type',
        label: 'Early access penalty type',
        kind: 'select',
        required: false,
        options: options({ percentage: 'Percentage', fixed_fee: 'Fixed fee', days_interest: "Days' interest" }),
      },
      {
        key: 'penaltyAmount',
        specName: 'penalty_amount',
        label: 'Early access penalty',
        kind: 'hundredths',
        required: false,
        hint: "A percentage, an amount in pounds or a number of days' interest, as the type says",
      },
    ],
  },
  tiered_interest: {
    type: 'tiered_interest',
    group: 'savings',
    label: 'Tiered interest',
    description: 'Different rates for different balances.',
    fields: [{ key: 'tiers', specName: 'tiers', label: 'Tiers', kind: 'tiers', required: false }],
  },
  intro_rate: {
    type: 'intro_rate',
    group: 'savings',
    label: 'Introductory rate',
    description: 'A bonus rate for a time, then the rate the account falls back to.',
    fields: rateFields(true),
  },
  minimum_deposit: {
    type: 'minimum_deposit',
    group: 'savings',
    label: 'Minimum deposit',
    description: 'An amount to pay in every month or quarter to keep the account’s rate.',
    fields: [
      {
        key: 'amountPence',
        specName: 'amount',
        label: 'Minimum deposit (£)',
        kind: 'money',
        required: true,
        min: 1,
      },
      {
        key: 'frequency',
        specName: 'frequency',
        label: 'How often',
        kind: 'select',
        required: true,
        options: options({ monthly: 'Every month', quarterly: 'Every quarter' }),
      },
      {
        key: 'firstDueDate',
        specName: 'first_due_date',
        label: 'First deposit due',
        kind: 'date',
        required: false,
        hint: 'Leave blank if the deposit is due by the end of each calendar month or quarter',
      },
    ],
  },
  notice_period: {
    type: 'notice_period',
    group: 'savings',
    label: 'Notice period',
    description: 'How many days’ notice the account needs before a withdrawal.',
    fields: [
      {
        key: 'noticeDays',
        specName: 'notice_days',
        label: 'Notice period',
        kind: 'whole',
        required: true,
        unit: 'days',
        min: 0,
        max: 3650,
      },
    ],
  },
  max_contributions_over_term: {
    type: 'max_contributions_over_term',
    group: 'savings',
    label: 'Maximum contributions over the term',
    description: 'The most you may pay in over the account’s term, and your plan for paying it in.',
    fields: [
      { key: 'termStartDate', specName: 'term_start_date', label: 'Term start date', kind: 'date', required: true },
      {
        key: 'termLengthValue',
        specName: 'term_length_value',
        label: 'Term length',
        kind: 'whole',
        required: true,
        min: 1,
        max: 9999,
      },
      {
        key: 'termLengthUnit',
        specName: 'term_length_unit',
        label: 'Term length unit',
        kind: 'select',
        required: true,
        options: options({ days: 'Days', months: 'Months', years: 'Years' }),
      },
      {
        key: 'maxAmountPence',
        specName: 'max_amount',
        label: 'Maximum over the term (£)',
        kind: 'money',
        required: true,
        min: 1,
      },
      {
        key: 'paymentAmountPence',
        specName: 'payment_amount',
        label: 'Planned payment (£)',
        kind: 'money',
        required: false,
      },
      {
        key: 'paymentFrequency',
        specName: 'payment_frequency',
        label: 'Planned payment frequency',
        kind: 'select',
        required: false,
        options: options({ weekly: 'Weekly', monthly: 'Monthly', quarterly: 'Quarterly', annually: 'Annually' }),
      },
      {
        key: 'splitType',
        specName: 'split_type',
        label: 'How payments are split',
        kind: 'select',
        required: false,
        options: options({
          equal: 'Equal instalments',
          custom_percentage: 'Custom percentages',
          custom_amounts: 'Custom amounts',
        }),
      },
      {
        key: 'installmentsCount',
        specName: 'installments_count',
        label: 'Number of instalments',
        kind: 'whole',
        required: false,
        min: 1,
        max: 1000,
      },
      {
        key: 'customPercentagesBps',
        specName: 'custom_percentages',
        label: 'Instalment percentages',
        kind: 'rate-list',
        required: false,
        shownWhen: [{ key: 'splitType', equals: 'custom_percentage' }],
      },
      {
        key: 'customAmountsPence',
        specName: 'custom_amounts',
        label: 'Instalment amounts',
        kind: 'money-list',
        required: false,
        shownWhen: [{ key: 'splitType', equals: 'custom_amounts' }],
      },
    ],
  },
  annual_allowance: {
    type: 'annual_allowance',
    group: 'isa',
    label: 'Annual ISA allowance',
    description: 'How much of the tax year’s ISA allowance this account has used.',
    fields: [
      {
        key: 'taxYear',
        specName: 'tax_year',
        label: 'Tax year',
        kind: 'tax-year',
        required: false,
        hint: 'Like 2026/27. Leave blank for the current tax year',
      },
      {
        key: 'maxAllowancePence',
        specName: 'max_allowance',
        label: 'Allowance (£)',
        kind: 'money',
        required: true,
        min: 1,
        defaultValue: 2_000_000,
      },
      {
        key: 'depositedToDatePence',
        specName: 'deposited_to_date',
        label: 'Paid in so far this tax year (£)',
        kind: 'money',
        required: false,
        hint: 'Only needed if some payments are not recorded as deposits here',
      },
    ],
  },
  flexible_isa: {
    type: 'flexible_isa',
    group: 'isa',
    label: 'Flexible ISA',
    description: 'Whether money taken out can be put back in the same tax year without using allowance.',
    fields: [
      {
        key: 'isFlexible',
        specName: 'is_flexible',
        label: 'This ISA is flexible',
        kind: 'boolean',
        required: true,
        defaultValue: false,
      },
    ],
  },
  bonus_rate_isa: {
    type: 'bonus_rate_isa',
    group: 'isa',
    label: 'ISA bonus rate',
    description: 'A bonus rate for a time, then the rate the ISA falls back to.',
    fields: rateFields(false),
  },
  lifetime_isa_penalty: {
    type: 'lifetime_isa_penalty',
    group: 'isa',
    label: 'Lifetime ISA withdrawal charge',
    description: 'What the money is for: other withdrawals pay the government withdrawal charge.',
    fields: [
      {
        key: 'withdrawalPurpose',
        specName: 'withdrawal_purpose',
        label: 'Saving for',
        kind: 'select',
        required: false,
        options: options({
          property: 'A first home',
          retirement: 'Retirement (from age 60)',
          terminal_illness: 'Terminal illness',
        }),
      },
    ],
  },
  transfer_restrictions: {
    type: 'transfer_restrictions',
    group: 'isa',
    label: 'Transfer restrictions',
    description: 'When the ISA can be transferred out, and on what conditions.',
    fields: [
      { key: 'lockEndDate', specName: 'lock_end_date', label: 'Locked until', kind: 'date', required: false },
      {
        key: 'transferConditions',
        specName: 'transfer_conditions',
        label: 'Transfer conditions',
        kind: 'text',
        required: false,
      },
    ],
  },
  access_age: {
    type: 'access_age',
    group: 'pension',
    label: 'Access age',
    description: 'The age from which you can take money from this pension.',
    fields: [
      {
        key: 'accessAge',
        specName: 'access_age',
        label: 'Access age',
        kind: 'whole',
        required: true,
        unit: 'years of age',
        min: 50,
        max: 75,
        defaultValue: 55,
      },
    ],
  },
  contribution_limits: {
    type: 'contribution_limits',
    group: 'pension',
    label: 'Contribution limit',
    description: 'The most you mean to pay into this pension in a tax year, and how much you have.',
    fields: [
      {
        key: 'annualCapPence',
        specName: 'annual_cap',
        label: 'Yearly limit (£)',
        kind: 'money',
        required: true,
        min: 1,
      },
      {
        key: 'contributedToDatePence',
        specName: 'contributed_to_date',
        label: 'Paid in so far this tax year (£)',
        kind: 'money',
        required: false,
        hint: 'Only needed if some payments are not recorded as deposits here',
      },
    ],
  },
  drawdown_monitoring: {
    type: 'drawdown_monitoring',
    group: 'pension',
    label: 'Drawdown',
    description: 'Income you take from this pension.',
    fields: [
      {
        key: 'drawdownStarted',
        specName: 'drawdown_started',
        label: 'Drawdown has started',
        kind: 'boolean',
        required: false,
        defaultValue: false,
      },
      { key: 'startDate', specName: 'start_date', label: 'Start date', kind: 'date', required: false },
      {
        key: 'frequency',
        specName: 'frequency',
        label: 'How often',
        kind: 'select',
        required: false,
        options: options({ monthly: 'Monthly', quarterly: 'Quarterly', annually: 'Annually' }),
      },
      { key: 'amountPence', specName: 'amount', label: 'Amount each time (£)', kind: 'money', required: false },
    ],
  },
  protected_lump_sum: {
    type: 'protected_lump_sum',
    group: 'pension',
    label: 'Protected tax-free lump sum',
    description: 'A tax-free lump sum above the usual 25% that this pension protects.',
    fields: [
      {
        key: 'percentageAllowedBps',
        specName: 'percentage_allowed',
        label: 'Tax-free percentage (%)',
        kind: 'rate',
        required: true,
      },
      {
        key: 'protectedAmountPence',
        specName: 'protected_amount',
        label: 'Protected amount (£)',
        kind: 'money',
        required: false,
      },
    ],
  },
  charges: {
    type: 'charges',
    group: 'pension',
    label: 'Charges',
    description: 'What the pension costs each year.',
    fields: [
      {
        key: 'annualFeeBps',
        specName: 'annual_fee_percentage',
        label: 'Yearly charge (% of the pot)',
        kind: 'rate',
        required: false,
      },
      { key: 'adminFeePence', specName: 'admin_fee', label: 'Yearly admin fee (£)', kind: 'money', required: false },
    ],
  },
};

export function termTemplate<T extends TermType>(type: T): TermTemplate<T> {
  return TERM_TEMPLATES[type];
}

/** The template's label: what a term without a typed label is called. */
export function termTypeLabel(type: TermType): string {
  return TERM_TEMPLATES[type].label;
}

/**
 * The term types offered on an account, by its category (`accountTypeCategory`): an ISA gets
 * the savings terms and the ISA ones (a cash ISA can have a withdrawal limit or a fixed term), a
 * pension the pension terms, every other account the savings terms.
 */
export function termTypesFor(category: string): readonly TermType[] {
  if (category === 'isa') return [...SAVINGS_TERM_TYPES, ...ISA_TERM_TYPES];
  if (category === 'pension') return PENSION_TERM_TYPES;
  return SAVINGS_TERM_TYPES;
}

/** Whether `field` is shown given the other inputs (a missing boolean reads as false). */
export function isFieldShown(field: TermField, inputs: Readonly<Record<string, unknown>>): boolean {
  return (field.shownWhen ?? []).every(
    (condition) =>
      (inputs[condition.key] ?? (typeof condition.equals === 'boolean' ? false : null)) === condition.equals,
  );
}

/** The inputs a new term of `type` starts from: each field's default. */
export function defaultInputs<T extends TermType>(type: T): TermInputs<T> {
  const inputs: Record<string, unknown> = {};
  for (const field of TERM_TEMPLATES[type].fields)
    if (field.defaultValue !== undefined) inputs[field.key] = field.defaultValue;
  return inputs as TermInputs<T>;
}
