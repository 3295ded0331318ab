/**
 * The account form's values as typed (text for amounts and rates, the picked bank options) and
 * their conversion to the API's fields, checked by the same schema the server uses. Each problem
 * is reported at the field the user can correct.
 */
import type { FieldErrors, Resolver } from 'react-hook-form';
import { canCountStartingBalanceAsPaidIn, startingBalanceEntry } from '../../core/isa/starting-balance.ts';
import {
  ACCOUNT_DEFAULTS,
  ACCOUNT_MESSAGES,
  type AccountFields,
  accountFieldsSchema,
  type PenaltyType,
} from '../../core/accounts/account-schema.ts';
import { formatRateInput, parseRatePercent } from '../../core/accounts/interest-rate.ts';
import type { InterestScheduleItem, ScheduleKind, ScheduleUnit } from '../../core/accounts/interest-schedule.ts';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import { parseMoneyInput } from '../checker/money-input.ts';
import type { BankOption } from '../reference/types.ts';
import type { Account } from './api.ts';

/** One interim interest schedule entry being edited: every kind's fields, as typed. */
export type ScheduleDraft = {
  kind: ScheduleKind;
  offsetValue: string;
  offsetUnit: ScheduleUnit;
  unit: ScheduleUnit;
  every: string;
  count: string;
  dayOfMonth: string;
  dates: string[];
};

export type AccountFormValues = {
  name: string;
  accountNumber: string;
  accountType: string;
  bank: BankOption | null;
  isPlatformAccount: boolean;
  platformBank: BankOption | null;
  interestRate: string;
  rateType: string;
  interestFrequency: string;
  interestPayoutMethod: string;
  interestPaymentMonth: string;
  interestPaymentDay: string;
  nextRateChange: string;
  terms: string;
  rateChangeNotifications: boolean;
  holders: string;
  hasTemporaryHighBalance: boolean;
  thbLifeEvent: string;
  thbAmount: string;
  thbCreditedDate: string;
  startingBalance: string;
  startingBalanceDate: string;
  /** A Cash ISA's starting balance paid in this tax year: recorded as a deposit (`startingBalanceEntry`). */
  startingBalancePaidIn: boolean;
  overdraftLimit: string;
  overdraftInterestRate: string;
  earlyWithdrawalPenalty: string;
  earlyWithdrawalPenaltyType: string;
  hasRenewalOption: boolean;
  renewalRate: string;
  dateOpened: string;
  termLengthValue: string;
  termLengthUnit: string;
  annualInterestPayment: boolean;
  annualInterestDay: string;
  enableSmartAlerts: boolean;
  termsNotes: string;
  interimInterestSchedule: ScheduleDraft[];
};

/** What a valid form gives: the fields to save, and for a new account its starting balance. */
export type AccountFormOutput = {
  fields: AccountFields;
  startingBalancePence: number | null;
  startingBalanceDate: CalendarDate | null;
  startingBalancePaidIn: boolean;
};

export const STARTING_BALANCE_MESSAGES = {
  negative: 'Starting balance cannot be negative',
  date: 'Enter the date of the starting balance, today or in the past',
} as const;

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
const pounds = (pence: number | null) => (pence === null ? '' : (pence / 100).toFixed(2));

export function scheduleToDrafts(items: readonly InterestScheduleItem[]): ScheduleDraft[] {
  // biome-ignore lint/suspicious/useIterableCallbackReturn: the switch covers every kind, and TypeScript checks that it does.
  return items.map((item) => {
    const blank: ScheduleDraft = {
      kind: item.kind,
      offsetValue: '',
      offsetUnit: 'months',
      unit: 'months',
      every: '',
      count: '',
      dayOfMonth: '',
      dates: [],
    };
    switch (item.kind) {
      case 'offset':
        return {
          ...blank,
          offsetValue: String(item.offsetValue),
          offsetUnit: item.offsetUnit,
          dayOfMonth: text(item.dayOfMonth),
        };
      case 'recurring':
        return {
          ...blank,
          unit: item.unit,
          every: String(item.every),
          count: text(item.count),
          dayOfMonth: text(item.dayOfMonth),
        };
      case 'custom':
        return { ...blank, dates: [...item.dates] };
    }
  });
}

/** A new entry of a kind, as the editor adds it. */
export function newScheduleDraft(kind: ScheduleKind): ScheduleDraft {
  const defaults: Record<ScheduleKind, Partial<ScheduleDraft>> = {
    offset: { offsetValue: '12', offsetUnit: 'months' },
    recurring: { every: '1', unit: 'months' },
    custom: { dates: [''] },
  };
  return {
    kind,
    offsetValue: '',
    offsetUnit: 'months',
    unit: 'months',
    every: '',
    count: '',
    dayOfMonth: '',
    dates: [],
    ...defaults[kind],
  };
}

/** A whole number as typed; blank is null, anything else not a whole number is NaN (the schema says why). */
function wholeNumber(value: string): number | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** One entry as the API takes it (numbers left for the schema to check). */
export function draftToScheduleItem(draft: ScheduleDraft): unknown {
  switch (draft.kind) {
    case 'offset':
      return {
        kind: 'offset',
        offsetValue: wholeNumber(draft.offsetValue) ?? Number.NaN,
        offsetUnit: draft.offsetUnit,
        dayOfMonth: wholeNumber(draft.dayOfMonth),
      };
    case 'recurring':
      return {
        kind: 'recurring',
        unit: draft.unit,
        every: wholeNumber(draft.every) ?? Number.NaN,
        count: wholeNumber(draft.count),
        dayOfMonth: wholeNumber(draft.dayOfMonth),
      };
    case 'custom':
      return { kind: 'custom', dates: draft.dates.map((d) => d.trim()) };
  }
}

/** The penalty as stored (hundredths of its unit) shown in its own unit: 2.5 (%), 50.00 (£), 90 (days). */
function penaltyText(hundredths: number | null, type: string): string {
  if (hundredths === null) return '';
  return type === 'fixed_fee' ? pounds(hundredths) : formatRateInput(hundredths);
}

export function emptyAccountForm(today: CalendarDate): AccountFormValues {
  const d = ACCOUNT_DEFAULTS;
  return {
    name: '',
    accountNumber: '',
    accountType: d.accountType,
    bank: null,
    isPlatformAccount: d.isPlatformAccount,
    platformBank: null,
    interestRate: '',
    rateType: d.rateType,
    interestFrequency: d.interestFrequency,
    interestPayoutMethod: d.interestPayoutMethod,
    interestPaymentMonth: '',
    interestPaymentDay: '',
    nextRateChange: '',
    terms: '',
    rateChangeNotifications: d.rateChangeNotifications,
    holders: String(d.holders),
    hasTemporaryHighBalance: false,
    thbLifeEvent: '',
    thbAmount: '',
    thbCreditedDate: '',
    startingBalance: '',
    startingBalanceDate: today,
    startingBalancePaidIn: false,
    overdraftLimit: '',
    overdraftInterestRate: '',
    earlyWithdrawalPenalty: '',
    earlyWithdrawalPenaltyType: d.earlyWithdrawalPenaltyType,
    hasRenewalOption: d.hasRenewalOption,
    renewalRate: '',
    dateOpened: '',
    termLengthValue: '',
    termLengthUnit: '',
    annualInterestPayment: d.annualInterestPayment,
    annualInterestDay: '',
    enableSmartAlerts: d.enableSmartAlerts,
    termsNotes: '',
    interimInterestSchedule: scheduleToDrafts(d.interimInterestSchedule),
  };
}

/** A saved account in the form, with its banks as the pickers hold them. */
export function accountToFormValues(
  account: Account,
  banks: { bank: BankOption | null; platformBank: BankOption | null },
): AccountFormValues {
  const thb = account.temporaryHighBalance;
  return {
    name: account.name,
    accountNumber: account.accountNumber,
    accountType: account.accountType,
    bank: banks.bank,
    isPlatformAccount: account.isPlatformAccount,
    platformBank: banks.platformBank,
    interestRate: formatRateInput(account.interestRateBps),
    rateType: account.rateType,
    interestFrequency: account.interestFrequency,
    interestPayoutMethod: account.interestPayoutMethod,
    interestPaymentMonth: text(account.interestPaymentMonth),
    interestPaymentDay: text(account.interestPaymentDay),
    nextRateChange: account.nextRateChange ?? '',
    terms: account.terms ?? '',
    rateChangeNotifications: account.rateChangeNotifications,
    holders: String(account.holders),
    hasTemporaryHighBalance: thb !== null,
    thbLifeEvent: thb?.lifeEvent ?? '',
    thbAmount: thb ? pounds(thb.qualifyingPence) : '',
    thbCreditedDate: thb?.creditedDate ?? '',
    startingBalance: '',
    startingBalanceDate: '',
    startingBalancePaidIn: false,
    overdraftLimit: pounds(account.overdraftLimitPence),
    overdraftInterestRate:
      account.overdraftInterestRateBps === null ? '' : formatRateInput(account.overdraftInterestRateBps),
    earlyWithdrawalPenalty: penaltyText(account.earlyWithdrawalPenalty, account.earlyWithdrawalPenaltyType),
    earlyWithdrawalPenaltyType: account.earlyWithdrawalPenaltyType,
    hasRenewalOption: account.hasRenewalOption,
    renewalRate: account.renewalRateBps === null ? '' : formatRateInput(account.renewalRateBps),
    dateOpened: account.dateOpened ?? '',
    termLengthValue: text(account.termLengthValue),
    termLengthUnit: account.termLengthUnit ?? '',
    annualInterestPayment: account.annualInterestPayment,
    annualInterestDay: text(account.annualInterestDay),
    enableSmartAlerts: account.enableSmartAlerts,
    termsNotes: account.termsNotes ?? '',
    interimInterestSchedule: scheduleToDrafts(account.interimInterestSchedule),
  };
}

type Problem = { path: string; message: string };

/** A typed rate as basis points: blank is `blank`; a problem is reported at `path`. */
function rateOf(value: string, path: string, blank: number | null, problems: Problem[]): number | null {
  const parsed = parseRatePercent(value);
  if (parsed.ok) return parsed.bps;
  if (parsed.reason === 'empty') return blank;
  problems.push({
    path,
    message: parsed.reason === 'too-precise' ? ACCOUNT_MESSAGES.rateDecimals : ACCOUNT_MESSAGES.rateNumber,
  });
  return null;
}

/** Typed money as pence: blank is null; a problem is reported at `path`. */
function penceOf(
  value: string,
  path: string,
  problems: Problem[],
  negative: string = ACCOUNT_MESSAGES.money,
): number | null {
  const parsed = parseMoneyInput(value);
  if (parsed.ok) return parsed.pence;
  if (parsed.reason === 'empty') return null;
  if (parsed.reason === 'zero') return 0;
  problems.push({
    path,
    message:
      parsed.reason === 'too-large'
        ? ACCOUNT_MESSAGES.moneyTooLarge
        : value.trim().startsWith('-')
          ? negative
          : ACCOUNT_MESSAGES.money,
  });
  return null;
}

function penaltyOf(value: string, type: string, problems: Problem[]): number | null {
  if (type === 'fixed_fee') return penceOf(value, 'earlyWithdrawalPenalty', problems, ACCOUNT_MESSAGES.penalty);
  const parsed = parseRatePercent(value);
  if (parsed.ok) return parsed.bps;
  if (parsed.reason !== 'empty') problems.push({ path: 'earlyWithdrawalPenalty', message: ACCOUNT_MESSAGES.penalty });
  return null;
}

/** Where an API field's problem is shown in the form. */
const FORM_PATH: Readonly<Record<string, string>> = {
  bankId: 'bank',
  platformBankReferenceId: 'platformBank',
  interestRateBps: 'interestRate',
  overdraftLimitPence: 'overdraftLimit',
  overdraftInterestRateBps: 'overdraftInterestRate',
  renewalRateBps: 'renewalRate',
  'temporaryHighBalance.lifeEvent': 'thbLifeEvent',
  'temporaryHighBalance.qualifyingPence': 'thbAmount',
  'temporaryHighBalance.creditedDate': 'thbCreditedDate',
  startingBalancePence: 'startingBalance',
};

/** The form field a server or schema problem at `apiPath` belongs to. */
export function formPathOf(apiPath: string): string {
  return FORM_PATH[apiPath] ?? apiPath;
}

/**
 * Checks the whole form: the typed text first (a rate that is not a number), then the account
 * schema shared with the server (the spec's messages). `isNew`: the starting balance is asked for.
 */
export function validateAccountForm(
  values: AccountFormValues,
  { today, isNew }: { today: CalendarDate; isNew: boolean },
): { ok: true; output: AccountFormOutput } | { ok: false; problems: Problem[] } {
  const problems: Problem[] = [];
  const penaltyType = values.earlyWithdrawalPenaltyType as PenaltyType;
  const input = {
    name: values.name,
    accountNumber: values.accountNumber,
    accountType: values.accountType,
    bankId: values.bank?.id ?? null,
    isPlatformAccount: values.isPlatformAccount,
    platformBankReferenceId: values.isPlatformAccount ? (values.platformBank?.id ?? null) : null,
    interestRateBps: rateOf(values.interestRate, 'interestRate', 0, problems),
    rateType: values.rateType,
    interestFrequency: values.interestFrequency,
    interestPayoutMethod: values.interestPayoutMethod,
    interestPaymentMonth: wholeNumber(values.interestPaymentMonth),
    interestPaymentDay: wholeNumber(values.interestPaymentDay),
    nextRateChange: values.nextRateChange.trim() || null,
    terms: values.terms,
    rateChangeNotifications: values.rateChangeNotifications,
    holders: wholeNumber(values.holders) ?? 1,
    temporaryHighBalance: values.hasTemporaryHighBalance
      ? {
          lifeEvent: values.thbLifeEvent,
          qualifyingPence: penceOf(values.thbAmount, 'thbAmount', problems) ?? 0,
          creditedDate: values.thbCreditedDate.trim(),
        }
      : null,
    overdraftLimitPence: penceOf(values.overdraftLimit, 'overdraftLimit', problems),
    overdraftInterestRateBps: rateOf(values.overdraftInterestRate, 'overdraftInterestRate', null, problems),
    earlyWithdrawalPenalty: penaltyOf(values.earlyWithdrawalPenalty, penaltyType, problems),
    earlyWithdrawalPenaltyType: penaltyType,
    hasRenewalOption: values.hasRenewalOption,
    renewalRateBps: values.hasRenewalOption ? rateOf(values.renewalRate, 'renewalRate', null, problems) : null,
    dateOpened: values.dateOpened.trim() || null,
    termLengthValue: wholeNumber(values.termLengthValue),
    termLengthUnit: values.termLengthUnit || null,
    annualInterestPayment: values.annualInterestPayment,
    annualInterestDay: values.annualInterestPayment ? wholeNumber(values.annualInterestDay) : null,
    enableSmartAlerts: values.enableSmartAlerts,
    termsNotes: values.termsNotes,
    interimInterestSchedule: values.interimInterestSchedule.map(draftToScheduleItem),
  };

  let startingBalancePence: number | null = null;
  let startingBalanceDate: CalendarDate | null = null;
  if (isNew) {
    startingBalancePence = penceOf(
      values.startingBalance,
      'startingBalance',
      problems,
      STARTING_BALANCE_MESSAGES.negative,
    );
    const date = values.startingBalanceDate.trim();
    if (startingBalancePence !== null) {
      if (date === '' || !/^\d{4}-\d{2}-\d{2}$/.test(date) || date > today)
        problems.push({ path: 'startingBalanceDate', message: STARTING_BALANCE_MESSAGES.date });
      else startingBalanceDate = date;
    }
  }
  // The box counts only on a Cash ISA with a starting balance; a date before this tax year is refused.
  const startingBalancePaidIn =
    isNew &&
    values.startingBalancePaidIn &&
    startingBalancePence !== null &&
    canCountStartingBalanceAsPaidIn(values.accountType);
  if (startingBalancePaidIn && startingBalanceDate !== null) {
    const entry = startingBalanceEntry({
      accountType: values.accountType,
      amountPence: startingBalancePence ?? 0,
      date: startingBalanceDate,
      today,
      isPaidInThisTaxYear: true,
    });
    if (!entry.ok) problems.push({ path: 'startingBalanceDate', message: entry.message });
  }

  const parsed = accountFieldsSchema(today).safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = formPathOf(issue.path.map(String).join('.'));
      // A text problem already reported at this field says more than the schema's.
      if (!problems.some((p) => p.path === path)) problems.push({ path, message: issue.message });
    }
  }
  if (problems.length > 0 || !parsed.success) return { ok: false, problems };
  return {
    ok: true,
    output: { fields: parsed.data, startingBalancePence, startingBalanceDate, startingBalancePaidIn },
  };
}

/** The fields in the order the form shows them, so the first problem is the one focused. */
export const FORM_FIELD_ORDER = [
  'name',
  'accountType',
  'bank',
  'platformBank',
  'accountNumber',
  'startingBalance',
  'startingBalanceDate',
  'startingBalancePaidIn',
  'interestRate',
  'rateType',
  'interestFrequency',
  'interestPayoutMethod',
  'interestPaymentMonth',
  'interestPaymentDay',
  'nextRateChange',
  'terms',
  'holders',
  'thbLifeEvent',
  'thbAmount',
  'thbCreditedDate',
] as const;

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  keys.slice(0, -1).forEach((key, i) => {
    const nextIsIndex = /^\d+$/.test(keys[i + 1]!);
    node[key] ??= nextIsIndex ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
  node[keys[keys.length - 1]!] = value;
}

/** react-hook-form's resolver for the account form. */
export function accountFormResolver(options: {
  today: CalendarDate;
  isNew: boolean;
}): Resolver<AccountFormValues, unknown, AccountFormOutput> {
  return (values) => {
    const result = validateAccountForm(values, options);
    if (result.ok) return { values: result.output, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const problem of result.problems)
      setPath(errors, problem.path || 'root', { type: 'validate', message: problem.message });
    return { values: {}, errors: errors as FieldErrors<AccountFormValues> };
  };
}
