/**
 * A saver starts a calculator from one of their own accounts (issue 29): the account's page links
 * to the calculator with the account's terms already in the address.
 */
import type { TermLengthUnit } from '../../core/accounts/account-schema.ts';
import { formatRateInput } from '../../core/accounts/interest-rate.ts';
import { termBetween } from '../../core/calculators/maturity.ts';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import { maturityDate } from '../../core/terms/maturity.ts';
import { penceToAmountText } from '../../core/transactions/amount-text.ts';
import { paths } from '../app/paths.ts';
import { calculatorQuery } from './address-fields.ts';

export type MaturityAccount = {
  id: string;
  accountType: string;
  balancePence: number;
  interestRateBps: number;
  rateType: string;
  interestFrequency: string;
  interestPayoutMethod: string;
  earlyWithdrawalPenalty: number | null;
  earlyWithdrawalPenaltyType: string;
  hasRenewalOption: boolean;
  renewalRateBps: number | null;
  dateOpened: string | null;
  termLengthValue: number | null;
  termLengthUnit: string | null;
};

/** The account's `fixed_term` term, when recorded. */
export type FixedTermInputs = {
  termEndDate?: unknown;
  earlyAccessAllowed?: unknown;
  penaltyType?: unknown;
  penaltyAmount?: unknown;
};

function penaltyText(type: string, amount: number): string {
  return type === 'fixed_fee' ? penceToAmountText(amount) : formatRateInput(amount);
}

/**
 * The maturity calculator's address for a fixed-term account, or null when it does not mature.
 * Interest added to the account is in its balance already, so the term runs from today; interest
 * paid at maturity or paid away leaves the deposit as the balance, so it runs from the opening date.
 */
export function maturityCalculatorHref(account: MaturityAccount, term: FixedTermInputs | null, today: CalendarDate) {
  const typedEnd = typeof term?.termEndDate === 'string' ? term.termEndDate : null;
  const ends = maturityDate({
    accountType: account.accountType,
    dateOpened: account.dateOpened,
    termLengthValue: account.termLengthValue,
    termLengthUnit: account.termLengthUnit as TermLengthUnit | null,
    fixedTermEndsOn: typedEnd,
  });
  if (ends === null) return null;
  const added = account.interestPayoutMethod === 'Add to account' && account.interestFrequency !== 'At Maturity';
  const start = (added && today < ends) || !account.dateOpened ? today : account.dateOpened;
  const length = start < ends ? termBetween(start, ends) : { value: 1, unit: 'years' as const };
  const penaltyType = typeof term?.penaltyType === 'string' ? term.penaltyType : account.earlyWithdrawalPenaltyType;
  const penaltyAmount = typeof term?.penaltyAmount === 'number' ? term.penaltyAmount : account.earlyWithdrawalPenalty;
  const frequency = ['Monthly', 'Quarterly', 'Annually', 'At Maturity'].includes(account.interestFrequency)
    ? account.interestFrequency
    : 'Monthly';
  return `${paths.maturityCalculator()}?${calculatorQuery({
    account: account.id,
    amount: penceToAmountText(Math.max(0, account.balancePence)),
    start,
    term: length.value,
    unit: length.unit,
    rate: formatRateInput(account.interestRateBps),
    type: account.rateType === 'AER' ? 'AER' : 'Gross',
    freq: frequency,
    paid: added || account.interestFrequency === 'At Maturity' ? 'add' : 'out',
    penaltyType: term?.earlyAccessAllowed === false ? 'none' : penaltyAmount === null ? 'none' : penaltyType,
    penalty: penaltyAmount === null ? null : penaltyText(penaltyType, penaltyAmount),
    early: term?.earlyAccessAllowed === false ? 'no' : null,
    renew: account.hasRenewalOption && account.renewalRateBps !== null ? formatRateInput(account.renewalRateBps) : null,
  })}`;
}

export type PensionAccountFacts = {
  accountId: string;
  balancePence: number;
  record: {
    taxReliefMethod: string | null;
    accessAge: number;
    thresholdIncomePence: number | null;
    adjustedIncomePence: number | null;
    pclsTakenPence: number | null;
  } | null;
  /** The latest tax year's contributions (gross, pence), when any are recorded. */
  latestContribution: { employeePence: number; employerPence: number } | null;
  flexibleAccessDate: string | null;
};

const pounds = (pence: number | null) => (pence === null ? null : penceToAmountText(pence));

/**
 * The pension calculator's address for a pension account, from its record and its latest tax
 * year's contributions (the page finds the saver's age from their profile).
 */
export function pensionCalculatorHref(facts: PensionAccountFacts): string {
  const { record, latestContribution: c } = facts;
  const method =
    record?.taxReliefMethod === 'relief_at_source' || !record?.taxReliefMethod ? 'relief_at_source' : 'net_pay';
  // Recorded contributions are gross: at source the saver paid 80% of them.
  const monthly = c ? Math.round((c.employeePence * (method === 'relief_at_source' ? 0.8 : 1)) / 12) : null;
  return `${paths.pensionCalculator()}?${calculatorQuery({
    account: facts.accountId,
    retire: record?.accessAge ?? null,
    pot: pounds(Math.max(0, facts.balancePence)),
    monthly: pounds(monthly),
    employer: pounds(c ? Math.round(c.employerPence / 12) : null),
    method,
    threshold: pounds(record?.thresholdIncomePence ?? null),
    adjusted: pounds(record?.adjustedIncomePence ?? null),
    access: facts.flexibleAccessDate,
    taken: pounds(record?.pclsTakenPence ?? null),
  })}`;
}

/** The facts a pension's page has: its account, and its record with contributions (GET /api/accounts/{id}/pension). */
export function pensionFactsOf(
  account: { id: string; balancePence: number },
  view: {
    pension: PensionAccountFacts['record'];
    contributions: readonly { taxYear: number; employeePence: number; employerPence: number }[];
    flexibleAccessDate: string | null;
  },
): PensionAccountFacts {
  const latest = [...view.contributions].sort((a, b) => b.taxYear - a.taxYear)[0];
  return {
    accountId: account.id,
    balancePence: account.balancePence,
    record: view.pension,
    latestContribution: latest ? { employeePence: latest.employeePence, employerPence: latest.employerPence } : null,
    flexibleAccessDate: view.flexibleAccessDate,
  };
}
