/**
 * The account form's fields as the API carries them (001 §3), with the spec's defaults and
 * validation messages (001 §5). One schema for the server's check and the web form's, so both
 * say the same thing. Money is whole pence, rates basis points (4.35% is 435), dates 'yyyy-MM-dd'.
 */
import { z } from 'zod';
import { type CalendarDate, MONTH_NAMES } from '../dates/calendar-date.ts';
import { calendarDateSchema } from '../dates/calendar-date-schema.ts';
import { addMonths } from '../protection/thb.ts';
import { LIFE_EVENTS } from '../protection/types.ts';
import { accountTypeCategory, isIsaOrPension } from './account-type-category.ts';
import { MAX_RATE_BPS, parseRatePercent } from './interest-rate.ts';
import { DEFAULT_INTEREST_SCHEDULE, type InterestScheduleItem, InterestScheduleSchema } from './interest-schedule.ts';
import {
  INTEREST_DEFAULTS,
  INTEREST_FREQUENCIES,
  PAYOUT_METHODS,
  RATE_TYPES,
  frequencyOptions,
  paymentDayCount,
  showsPaymentDay,
  showsPaymentMonth,
} from './interest-settings.ts';

export const PENALTY_TYPES = ['percentage', 'fixed_fee', 'days_interest'] as const;
export type PenaltyType = (typeof PENALTY_TYPES)[number];

export const TERM_LENGTH_UNITS = ['days', 'months', 'years'] as const;
export type TermLengthUnit = (typeof TERM_LENGTH_UNITS)[number];

/** A joint account may have up to 10 holders (the database's rule); forms offer fewer. */
export const MAX_ACCOUNT_HOLDERS = 10;
/** £1,000,000,000: more than any one account holds; keeps every sum of pence exact. */
export const MAX_ACCOUNT_MONEY_PENCE = 1_000_000_000_00;
/** The next rate change may be picked from 2000 to ten years ahead (001 §5). */
export const EARLIEST_RATE_CHANGE = '2000-01-01';
export const RATE_CHANGE_YEARS_AHEAD = 10;

export const ACCOUNT_TEXT_LIMITS = {
  name: 100,
  accountNumber: 40,
  accountType: 100,
  terms: 5000,
  termsNotes: 5000,
} as const;

/** The spec's messages verbatim (001 §5), and ours in the same plain style for what it leaves open. */
export const ACCOUNT_MESSAGES = {
  nameRequired: 'Account name is required',
  bankRequired: 'Bank name is required',
  accountNumberRequired: 'Account number is required',
  accountTypeRequired: 'Account type is required',
  rateNegative: 'Interest rate cannot be negative',
  rateDecimals: 'Interest rate can have at most 2 decimal places',
  rateTooHigh: 'Interest rate must be 100% or less',
  rateNumber: 'Enter the interest rate as a number, like 4.35',
  frequency: 'Choose a payment frequency offered for this account type',
  rateType: 'Choose AER, Gross or Net',
  payoutMethod: 'Choose how interest is paid',
  paymentMonth: 'Choose the month interest is paid',
  paymentDay: 'Choose a day of the month from 1 to 31',
  paymentDayInMonth: (month: number) => `Choose a day that ${MONTH_NAMES[month - 1]} has every year`,
  date: 'Enter a real date, like 31/03/2027',
  nextRateChange: 'The next rate change must be between 01/01/2000 and ten years from today',
  dateOpened: 'The date opened must be today or in the past',
  money: 'Enter an amount of £0 or more, in pounds and pence',
  moneyTooLarge: 'Enter an amount of £1,000,000,000 or less',
  penaltyType: 'Choose a percentage, a fixed fee or days of interest',
  penalty: 'Enter the penalty as a number of 0 or more, with at most 2 decimal places',
  termLength: 'Enter the term length as a whole number and choose days, months or years',
  annualInterestDay: 'Choose a day of the month from 1 to 31',
  holders: `Choose from 1 to ${MAX_ACCOUNT_HOLDERS} account holders`,
  lifeEvent: 'Choose the life event the money came from',
  thbAmount: 'Enter the amount from the life event, more than £0',
  thbDate: 'Enter the date the money was credited, today or in the past',
  bankId: 'Choose a bank from the list',
  yesNo: 'Choose yes or no',
  tooLong: (label: string, max: number) => `${label} must be ${max} characters or fewer`,
} as const;

const ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A reference row's id (bank ids are UUIDs derived from the data, not random version-4 ones). */
export function isReferenceId(value: string): boolean {
  return ID_SHAPE.test(value);
}

const requiredText = (message: string, label: string, max: number) =>
  z.string(message).trim().min(1, message).max(max, ACCOUNT_MESSAGES.tooLong(label, max));

/** Optional text: trimmed; blank or absent is stored as null. */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .nullable()
    .transform((value) => value?.trim() || null)
    .pipe(z.string().max(max, ACCOUNT_MESSAGES.tooLong(label, max)).nullable());

const yesNo = z.boolean(ACCOUNT_MESSAGES.yesNo);
const referenceId = (message: string) => z.string(message).refine(isReferenceId, message).nullable();
const pence = z
  .number(ACCOUNT_MESSAGES.money)
  .int(ACCOUNT_MESSAGES.money)
  .min(0, ACCOUNT_MESSAGES.money)
  .max(MAX_ACCOUNT_MONEY_PENCE, ACCOUNT_MESSAGES.moneyTooLarge);
const rate = z
  .number(ACCOUNT_MESSAGES.rateNumber)
  .min(0, ACCOUNT_MESSAGES.rateNegative)
  .int(ACCOUNT_MESSAGES.rateDecimals)
  .max(MAX_RATE_BPS, ACCOUNT_MESSAGES.rateTooHigh);
/**
 * A rate typed on its own (the account page's Interest Settings) by the form's rules and
 * messages: basis points, or what to say. Blank is 0%.
 */
export function rateFromInput(text: string): { ok: true; bps: number } | { ok: false; message: string } {
  const parsed = parseRatePercent(text);
  if (!parsed.ok && parsed.reason !== 'empty')
    return {
      ok: false,
      message: parsed.reason === 'too-precise' ? ACCOUNT_MESSAGES.rateDecimals : ACCOUNT_MESSAGES.rateNumber,
    };
  const checked = rate.safeParse(parsed.ok ? parsed.bps : 0);
  return checked.success ? { ok: true, bps: checked.data } : { ok: false, message: checked.error.issues[0]!.message };
}
const day = (message: string) => z.number(message).int(message).min(1, message).max(31, message);
const calendarDate = calendarDateSchema(ACCOUNT_MESSAGES.date);

const TemporaryHighBalanceSchema = z.strictObject({
  lifeEvent: z.enum(LIFE_EVENTS, ACCOUNT_MESSAGES.lifeEvent),
  qualifyingPence: z
    .number(ACCOUNT_MESSAGES.thbAmount)
    .int(ACCOUNT_MESSAGES.thbAmount)
    .min(1, ACCOUNT_MESSAGES.thbAmount)
    .max(MAX_ACCOUNT_MONEY_PENCE, ACCOUNT_MESSAGES.moneyTooLarge),
  creditedDate: calendarDate,
});

/** The field schemas with the spec's defaults: an omitted field takes its default. */
function accountFieldShape() {
  return {
    name: requiredText(ACCOUNT_MESSAGES.nameRequired, 'Account name', ACCOUNT_TEXT_LIMITS.name),
    bankId: referenceId(ACCOUNT_MESSAGES.bankId).default(null),
    accountNumber: requiredText(
      ACCOUNT_MESSAGES.accountNumberRequired,
      'Account number',
      ACCOUNT_TEXT_LIMITS.accountNumber,
    ),
    accountType: requiredText(
      ACCOUNT_MESSAGES.accountTypeRequired,
      'Account type',
      ACCOUNT_TEXT_LIMITS.accountType,
    ).default('Savings'),
    isPlatformAccount: yesNo.default(false),
    platformBankReferenceId: referenceId(ACCOUNT_MESSAGES.bankId).default(null),
    interestRateBps: rate.default(INTEREST_DEFAULTS.interestRateBps),
    interestFrequency: z
      .enum(INTEREST_FREQUENCIES, ACCOUNT_MESSAGES.frequency)
      .default(INTEREST_DEFAULTS.interestFrequency),
    rateType: z.enum(RATE_TYPES, ACCOUNT_MESSAGES.rateType).default(INTEREST_DEFAULTS.rateType),
    nextRateChange: calendarDate.nullable().default(null),
    terms: optionalText('Notes', ACCOUNT_TEXT_LIMITS.terms).default(null),
    termsNotes: optionalText('Terms notes', ACCOUNT_TEXT_LIMITS.termsNotes).default(null),
    interestPaymentDay: day(ACCOUNT_MESSAGES.paymentDay).nullable().default(null),
    interestPaymentMonth: z
      .number(ACCOUNT_MESSAGES.paymentMonth)
      .int(ACCOUNT_MESSAGES.paymentMonth)
      .min(1, ACCOUNT_MESSAGES.paymentMonth)
      .max(12, ACCOUNT_MESSAGES.paymentMonth)
      .nullable()
      .default(null),
    interestPayoutMethod: z
      .enum(PAYOUT_METHODS, ACCOUNT_MESSAGES.payoutMethod)
      .default(INTEREST_DEFAULTS.interestPayoutMethod),
    rateChangeNotifications: yesNo.default(true),
    overdraftLimitPence: pence.nullable().default(null),
    overdraftInterestRateBps: rate.nullable().default(null),
    earlyWithdrawalPenalty: z
      .number(ACCOUNT_MESSAGES.penalty)
      .int(ACCOUNT_MESSAGES.penalty)
      .min(0, ACCOUNT_MESSAGES.penalty)
      .max(MAX_ACCOUNT_MONEY_PENCE, ACCOUNT_MESSAGES.penalty)
      .nullable()
      .default(null),
    earlyWithdrawalPenaltyType: z.enum(PENALTY_TYPES, ACCOUNT_MESSAGES.penaltyType).default('percentage'),
    hasRenewalOption: yesNo.default(false),
    renewalRateBps: rate.nullable().default(null),
    dateOpened: calendarDate.nullable().default(null),
    termLengthValue: z
      .number(ACCOUNT_MESSAGES.termLength)
      .int(ACCOUNT_MESSAGES.termLength)
      .min(1, ACCOUNT_MESSAGES.termLength)
      .max(9999, ACCOUNT_MESSAGES.termLength)
      .nullable()
      .default(null),
    termLengthUnit: z.enum(TERM_LENGTH_UNITS, ACCOUNT_MESSAGES.termLength).nullable().default(null),
    annualInterestPayment: yesNo.default(false),
    annualInterestDay: day(ACCOUNT_MESSAGES.annualInterestDay).nullable().default(null),
    interimInterestSchedule: InterestScheduleSchema.default(() =>
      DEFAULT_INTEREST_SCHEDULE.map((item) => ({ ...item })),
    ),
    enableSmartAlerts: yesNo.default(true),
    holders: z
      .number(ACCOUNT_MESSAGES.holders)
      .int(ACCOUNT_MESSAGES.holders)
      .min(1, ACCOUNT_MESSAGES.holders)
      .max(MAX_ACCOUNT_HOLDERS, ACCOUNT_MESSAGES.holders)
      .default(1),
    temporaryHighBalance: TemporaryHighBalanceSchema.nullable().default(null),
  };
}

/** The account's fields as sent (the full form): every field, each omitted one taking its default. */
export function accountFieldsObject() {
  return z.strictObject(accountFieldShape(), {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `This field cannot be set here: ${issue.keys.join(', ')}` : undefined,
  });
}

export type AccountFieldsInput = z.input<ReturnType<typeof accountFieldsObject>>;
export type AccountFields = z.output<ReturnType<typeof accountFieldsObject>>;

/**
 * A change to some fields (the detail page's single-field and group saves): any subset, at least
 * one, no defaults filled in. The handler merges it with the saved account and checks the whole.
 */
export function accountPatchObject() {
  type Shape = ReturnType<typeof accountFieldShape>;
  type WithoutDefault<T> = T extends z.ZodDefault<infer Inner> ? Inner : T;
  const shape = Object.fromEntries(
    Object.entries(accountFieldShape()).map(([key, schema]) => [
      key,
      (schema instanceof z.ZodDefault ? schema.removeDefault() : schema).optional(),
    ]),
  ) as { [K in keyof Shape]: z.ZodOptional<WithoutDefault<Shape[K]>> };
  return z
    .strictObject(shape, {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? `This field cannot be changed here: ${issue.keys.join(', ')}` : undefined,
    })
    .refine((value) => Object.keys(value).length > 0, 'Nothing to update');
}

export type AccountPatch = z.output<ReturnType<typeof accountPatchObject>>;

type Issue = { path: (keyof AccountFields | string)[]; message: string };

/**
 * The rules between fields (001 §4, §5, §9), given today's UK date: each broken rule once, at the
 * field to correct.
 */
export function accountRuleIssues(fields: AccountFields, today: CalendarDate): Issue[] {
  const issues: Issue[] = [];
  const category = accountTypeCategory(fields.accountType);
  // ISA and pension accounts take their provider on their own cards; everything else needs a bank.
  if (fields.bankId === null && !isIsaOrPension(category))
    issues.push({ path: ['bankId'], message: ACCOUNT_MESSAGES.bankRequired });
  if (!frequencyOptions(category).includes(fields.interestFrequency))
    issues.push({ path: ['interestFrequency'], message: ACCOUNT_MESSAGES.frequency });
  const { interestFrequency, interestPaymentMonth: month, interestPaymentDay: paymentDay } = fields;
  // A yearly payment date must exist every year: no 30 February, no 29 February.
  if (
    interestFrequency === 'Annually' &&
    month !== null &&
    paymentDay !== null &&
    paymentDay > paymentDayCount('Annually', month)
  ) {
    issues.push({ path: ['interestPaymentDay'], message: ACCOUNT_MESSAGES.paymentDayInMonth(month) });
  }
  const latestRateChange = addMonths(today, RATE_CHANGE_YEARS_AHEAD * 12);
  if (
    fields.nextRateChange !== null &&
    (fields.nextRateChange < EARLIEST_RATE_CHANGE || fields.nextRateChange > latestRateChange)
  ) {
    issues.push({ path: ['nextRateChange'], message: ACCOUNT_MESSAGES.nextRateChange });
  }
  if (fields.dateOpened !== null && fields.dateOpened > today)
    issues.push({ path: ['dateOpened'], message: ACCOUNT_MESSAGES.dateOpened });
  if ((fields.termLengthValue === null) !== (fields.termLengthUnit === null)) {
    issues.push({
      path: [fields.termLengthValue === null ? 'termLengthValue' : 'termLengthUnit'],
      message: ACCOUNT_MESSAGES.termLength,
    });
  }
  if (fields.temporaryHighBalance && fields.temporaryHighBalance.creditedDate > today) {
    issues.push({ path: ['temporaryHighBalance', 'creditedDate'], message: ACCOUNT_MESSAGES.thbDate });
  }
  return issues;
}

/**
 * What is stored: fields the form hides are cleared, so a hidden value never lingers (a platform
 * bank on an account no longer on a platform, a payment day for interest paid at maturity).
 */
export function normaliseAccountFields(fields: AccountFields): AccountFields {
  return {
    ...fields,
    platformBankReferenceId: fields.isPlatformAccount ? fields.platformBankReferenceId : null,
    interestPaymentMonth: showsPaymentMonth(fields.interestFrequency) ? fields.interestPaymentMonth : null,
    interestPaymentDay: showsPaymentDay(fields.interestFrequency) ? fields.interestPaymentDay : null,
    renewalRateBps: fields.hasRenewalOption ? fields.renewalRateBps : null,
    annualInterestDay: fields.annualInterestPayment ? fields.annualInterestDay : null,
  };
}

/** The whole form's check: field shapes, then the rules between fields; the output is what is stored. */
export function accountFieldsSchema(today: CalendarDate) {
  return accountFieldsObject()
    .superRefine((fields, ctx) => {
      for (const issue of accountRuleIssues(fields, today))
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    })
    .transform(normaliseAccountFields);
}

/** The defaults a new account form starts from (001 §3). */
export const ACCOUNT_DEFAULTS: Omit<AccountFields, 'name' | 'accountNumber'> = (() => {
  const {
    name: _name,
    accountNumber: _number,
    ...defaults
  } = accountFieldsObject().parse({ name: 'x', accountNumber: 'x' });
  return defaults;
})();

export type { InterestScheduleItem };
