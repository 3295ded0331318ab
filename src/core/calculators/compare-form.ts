/**
 * The interest calculator's form (issue 29): the sum, the period, an optional target and two to
 * four accounts, each field a query parameter (`a1rate`, `a2bonus`…) so the address reopens it.
 */
import {
  type Read,
  problemsOf,
  readChoice,
  readMoney,
  readOptionalMoney,
  readRate,
  readWhole,
} from './calculator-inputs.ts';
import { formatRateInput } from '../accounts/interest-rate.ts';
import { type CompareAccount, INTEREST_PAID, type InterestPaid, MAX_COMPARE_MONTHS } from './interest-compare.ts';
import { type CalculatorAccount, poundsText } from './savings-form.ts';

export const MIN_COMPARE_ACCOUNTS = 2;
export const MAX_COMPARE_ACCOUNTS = 4;
export const MAX_ACCOUNT_NAME = 40;

export type CompareAccountForm = {
  name: string;
  rate: string;
  bonus: string;
  bonusMonths: string;
  noticeDays: string;
  fixedMonths: string;
  paid: InterestPaid;
};

export type CompareForm = {
  deposit: string;
  period: string;
  target: string;
  accounts: CompareAccountForm[];
};

const blankAccount = (rate: string, paid: InterestPaid, bonus = '', bonusMonths = ''): CompareAccountForm => ({
  name: '',
  rate,
  bonus,
  bonusMonths,
  noticeDays: '',
  fixedMonths: '',
  paid,
});

/** A new account's fields. */
export const NEW_COMPARE_ACCOUNT: CompareAccountForm = blankAccount('', 'monthly');

export const COMPARE_FORM_DEFAULTS: CompareForm = {
  deposit: '10000',
  period: '12',
  target: '',
  accounts: [blankAccount('4.5', 'monthly'), blankAccount('3.75', 'yearly', '1', '12')],
};

export const COMPARE_FORM_MESSAGES = {
  period: `Enter the period in months, as a whole number from 1 to ${MAX_COMPARE_MONTHS}`,
  bonusMonths: 'Enter how many months the bonus lasts, as a whole number from 1 to 120',
  bonusMonthsMissing: 'Enter how many months the bonus lasts',
  noticeDays: 'Enter the notice in days, as a whole number from 0 to 365',
  fixedMonths: 'Enter the fixed term in months, as a whole number from 0 to 120',
  name: `Enter a name of at most ${MAX_ACCOUNT_NAME} characters`,
} as const;

const ACCOUNT_KEYS = ['name', 'rate', 'bonus', 'bonusMonths', 'noticeDays', 'fixedMonths', 'paid'] as const;

/** The parameter of an account's field: account 1's rate is `a1rate`. */
export const accountParam = (index: number, key: (typeof ACCOUNT_KEYS)[number]) => `a${index + 1}${key}`;

/** The form from query parameters; without any account parameter, the default two accounts. */
export function compareFormFrom(params: URLSearchParams): CompareForm {
  const d = COMPARE_FORM_DEFAULTS;
  const count = readWhole(
    params.get('accounts') ?? '',
    MIN_COMPARE_ACCOUNTS,
    MAX_COMPARE_ACCOUNTS,
    '',
    d.accounts.length,
  );
  const accounts = Array.from({ length: count.ok ? count.value : d.accounts.length }, (_, i) => {
    const fallback = d.accounts[i] ?? NEW_COMPARE_ACCOUNT;
    const text = (key: Exclude<(typeof ACCOUNT_KEYS)[number], 'paid'>) =>
      params.get(accountParam(i, key)) ?? fallback[key];
    return {
      name: text('name'),
      rate: text('rate'),
      bonus: text('bonus'),
      bonusMonths: text('bonusMonths'),
      noticeDays: text('noticeDays'),
      fixedMonths: text('fixedMonths'),
      paid: readChoice(params.get(accountParam(i, 'paid')), INTEREST_PAID, fallback.paid),
    };
  });
  return {
    deposit: params.get('deposit') ?? d.deposit,
    period: params.get('period') ?? d.period,
    target: params.get('target') ?? d.target,
    accounts,
  };
}

/**
 * The interest calculator started from one of the saver's accounts: its balance as the sum, the
 * account itself first (its name, rate and how often it pays), beside the default other account
 * for the saver to change.
 */
export function compareFormFromAccount(account: CalculatorAccount & { name: string }): CompareForm {
  const own: CompareAccountForm = {
    ...NEW_COMPARE_ACCOUNT,
    name: account.name.trim().slice(0, MAX_ACCOUNT_NAME),
    rate: formatRateInput(Math.max(0, account.interestRateBps)),
    paid: account.interestFrequency === 'Monthly' ? 'monthly' : 'yearly',
  };
  const other = { ...COMPARE_FORM_DEFAULTS.accounts[0]!, name: 'Another account' };
  return { ...COMPARE_FORM_DEFAULTS, deposit: poundsText(account.balancePence), accounts: [own, other] };
}

/** The query parameters of a form: every field. */
export function compareFormParams(form: CompareForm): URLSearchParams {
  const params = new URLSearchParams({
    deposit: form.deposit,
    period: form.period,
    target: form.target,
    accounts: String(form.accounts.length),
  });
  form.accounts.forEach((account, i) => {
    for (const key of ACCOUNT_KEYS) params.set(accountParam(i, key), account[key]);
  });
  return params;
}

export type CompareCalculation = {
  depositPence: number;
  periodMonths: number;
  targetPence: number | null;
  accounts: CompareAccount[];
};

export type CompareFormResult =
  | { ok: true; calculation: CompareCalculation }
  | { ok: false; problems: Record<string, string> };

/** The default name of the account at `index`: "Account 1". */
export const accountName = (account: Pick<CompareAccountForm, 'name'>, index: number) =>
  account.name.trim() || `Account ${index + 1}`;

function readAccount(form: CompareAccountForm, index: number): Record<string, Read<unknown>> {
  const bonus = readRate(form.bonus, 0);
  const hasBonus = bonus.ok && bonus.value > 0;
  const bonusMonths: Read<number> =
    hasBonus && form.bonusMonths.trim() === ''
      ? { ok: false, message: COMPARE_FORM_MESSAGES.bonusMonthsMissing }
      : readWhole(form.bonusMonths, hasBonus ? 1 : 0, 120, COMPARE_FORM_MESSAGES.bonusMonths, 0);
  return {
    [accountParam(index, 'name')]:
      form.name.trim().length > MAX_ACCOUNT_NAME
        ? { ok: false, message: COMPARE_FORM_MESSAGES.name }
        : { ok: true, value: null },
    [accountParam(index, 'rate')]: readRate(form.rate),
    [accountParam(index, 'bonus')]: bonus,
    [accountParam(index, 'bonusMonths')]: bonusMonths,
    [accountParam(index, 'noticeDays')]: readWhole(form.noticeDays, 0, 365, COMPARE_FORM_MESSAGES.noticeDays, 0),
    [accountParam(index, 'fixedMonths')]: readWhole(form.fixedMonths, 0, 120, COMPARE_FORM_MESSAGES.fixedMonths, 0),
  };
}

const readValue = <T>(read: Read<unknown> | undefined) => (read?.ok ? (read.value as T) : (undefined as T));

/** Reads the form into a comparison, or the message for each field (by parameter name) that is wrong. */
export function readCompareForm(form: CompareForm): CompareFormResult {
  const accountReads = form.accounts.map(readAccount);
  const reads: Record<string, Read<unknown>> = {
    deposit: readMoney(form.deposit),
    period: readWhole(form.period, 1, MAX_COMPARE_MONTHS, COMPARE_FORM_MESSAGES.period),
    target: readOptionalMoney(form.target),
    ...Object.assign({}, ...accountReads),
  };
  const problems = problemsOf(reads);
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return {
    ok: true,
    calculation: {
      depositPence: readValue<number>(reads.deposit),
      periodMonths: readValue<number>(reads.period),
      targetPence: readValue<number | null>(reads.target),
      accounts: form.accounts.map((account, i) => {
        const read = accountReads[i]!;
        const bonusBps = readValue<number>(read[accountParam(i, 'bonus')]);
        return {
          name: accountName(account, i),
          aerBps: readValue<number>(read[accountParam(i, 'rate')]),
          bonusBps,
          bonusMonths: bonusBps > 0 ? readValue<number>(read[accountParam(i, 'bonusMonths')]) : 0,
          noticeDays: readValue<number>(read[accountParam(i, 'noticeDays')]),
          fixedMonths: readValue<number>(read[accountParam(i, 'fixedMonths')]),
          paid: account.paid,
        };
      }),
    },
  };
}
