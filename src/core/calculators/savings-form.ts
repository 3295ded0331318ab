/**
 * The savings calculator's form (issue 29): what its query parameters hold, their defaults and
 * how they read into a calculation. Every field is a parameter, so the page's address reopens the
 * calculation; a missing parameter takes its default.
 */
import { formatRateInput } from '../accounts/interest-rate.ts';
import type { CalendarDate } from '../dates/calendar-date.ts';
import {
  type Read,
  problemsOf,
  readChoice,
  readMoney,
  readOptionalMoney,
  readRate,
  readWhole,
} from './calculator-inputs.ts';
import {
  COMPOUNDING_FREQUENCIES,
  type CompoundingFrequency,
  DEPOSIT_FREQUENCIES,
  type DepositFrequency,
  type SavingsGrowthInput,
} from './savings-growth.ts';
import { type SavingsTaxInput, TAX_BANDS, type TaxBand } from './savings-tax.ts';

export const RATE_KINDS = ['aer', 'gross'] as const;
export const AGE_GROUPS = ['under-65', '65-or-over'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

/** The form's fields as text, as the query parameters and the inputs hold them. */
export type SavingsForm = {
  start: string;
  deposit: string;
  every: DepositFrequency;
  rate: string;
  rateKind: (typeof RATE_KINDS)[number];
  compounding: CompoundingFrequency;
  years: string;
  months: string;
  band: TaxBand;
  otherIncome: string;
  age: AgeGroup;
};

export const SAVINGS_FORM_DEFAULTS: SavingsForm = {
  start: '10000',
  deposit: '200',
  every: 'monthly',
  rate: '4.5',
  rateKind: 'aer',
  compounding: 'monthly',
  years: '5',
  months: '0',
  band: 'basic',
  otherIncome: '',
  age: 'under-65',
};

export const MAX_TERM_YEARS = 50;

export const SAVINGS_FORM_MESSAGES = {
  years: `Enter the years as a whole number from 0 to ${MAX_TERM_YEARS}`,
  months: 'Enter the months as a whole number from 0 to 11',
  term: 'Enter a term of at least 1 month',
} as const;

/** The form from query parameters: each missing one at its default, a choice out of range at its default. */
export function savingsFormFrom(params: URLSearchParams): SavingsForm {
  const text = (key: keyof SavingsForm) => params.get(key) ?? SAVINGS_FORM_DEFAULTS[key];
  const d = SAVINGS_FORM_DEFAULTS;
  return {
    start: text('start'),
    deposit: text('deposit'),
    every: readChoice(params.get('every'), DEPOSIT_FREQUENCIES, d.every),
    rate: text('rate'),
    rateKind: readChoice(params.get('rateKind'), RATE_KINDS, d.rateKind),
    compounding: readChoice(params.get('compounding'), COMPOUNDING_FREQUENCIES, d.compounding),
    years: text('years'),
    months: text('months'),
    band: readChoice(params.get('band'), TAX_BANDS, d.band),
    otherIncome: text('otherIncome'),
    age: readChoice(params.get('age'), AGE_GROUPS, d.age),
  };
}

/** A calculation the form describes, ready for the rules. */
export type SavingsCalculation = { growth: SavingsGrowthInput; tax: SavingsTaxInput; isUnderCapAge: boolean };

export type SavingsFormResult =
  | { ok: true; calculation: SavingsCalculation }
  | { ok: false; problems: Partial<Record<keyof SavingsForm | 'term', string>> };

/** Reads the form into a calculation starting on `today`, or the message for each field that is wrong. */
export function readSavingsForm(form: SavingsForm, today: CalendarDate): SavingsFormResult {
  const start = readMoney(form.start);
  const deposit = form.every === 'none' ? ({ ok: true, value: 0 } as const) : readMoney(form.deposit, 0);
  const rate = readRate(form.rate);
  const years = readWhole(form.years, 0, MAX_TERM_YEARS, SAVINGS_FORM_MESSAGES.years, 0);
  const months = readWhole(form.months, 0, 11, SAVINGS_FORM_MESSAGES.months, 0);
  const otherIncome = readOptionalMoney(form.otherIncome);
  const reads: Record<string, Read<unknown>> = { start, deposit, rate, years, months, otherIncome };
  const problems = problemsOf(reads);
  const termMonths = years.ok && months.ok ? years.value * 12 + months.value : null;
  if (termMonths === 0) problems.term = SAVINGS_FORM_MESSAGES.term;
  if (!start.ok || !deposit.ok || !rate.ok || !otherIncome.ok || termMonths === null || termMonths === 0) {
    return { ok: false, problems };
  }
  return {
    ok: true,
    calculation: {
      growth: {
        startDate: today,
        startPence: start.value ?? 0,
        regularDepositPence: deposit.value ?? 0,
        depositFrequency: form.every,
        rate:
          form.rateKind === 'aer'
            ? { kind: 'aer', bps: rate.value }
            : { kind: 'gross', bps: rate.value, compounding: form.compounding },
        termMonths,
      },
      tax: { band: form.band, otherIncomePence: otherIncome.value },
      isUnderCapAge: form.age === 'under-65',
    },
  };
}

/** The query parameters of a form: every field, so a link keeps its meaning if the defaults change. */
export function savingsFormParams(form: SavingsForm): URLSearchParams {
  return new URLSearchParams(form);
}

/** One of the saver's accounts as the savings calculator starts from it. */
export type CalculatorAccount = {
  balancePence: number;
  interestRateBps: number;
  /** 'AER', 'Gross' or 'Net' (a net rate is read as gross: the calculator taxes it itself). */
  rateType: string;
  /** 'Monthly', 'Quarterly', 'Annually', 'On Demand', 'At Maturity'. */
  interestFrequency: string;
};

const COMPOUNDING_OF: Readonly<Record<string, CompoundingFrequency>> = {
  // Daily interest paid monthly is what the calculator's finest step gives.
  Daily: 'monthly',
  Monthly: 'monthly',
  Quarterly: 'quarterly',
  Annually: 'annually',
};

/** Pence as the form's pounds text: 1234567 → '12345.67', 1200000 → '12000'. */
export function poundsText(pence: number): string {
  const whole = Math.floor(Math.max(0, pence) / 100);
  const rest = Math.max(0, pence) % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}

/** The savings calculator's form started from an account: its balance, rate and how it pays, no deposits. */
export function savingsFormFromAccount(account: CalculatorAccount): SavingsForm {
  return {
    ...SAVINGS_FORM_DEFAULTS,
    start: poundsText(account.balancePence),
    deposit: '0',
    every: 'none',
    rate: formatRateInput(Math.max(0, account.interestRateBps)),
    rateKind: account.rateType === 'AER' ? 'aer' : 'gross',
    // Interest paid on demand or at maturity compounds once a year at most.
    compounding: COMPOUNDING_OF[account.interestFrequency] ?? 'annually',
  };
}
