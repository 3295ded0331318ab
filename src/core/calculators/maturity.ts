/**
 * The maturity calculator (issue 29, Big Pig): what a fixed-term account pays at maturity, what
 * closing it early would leave after its penalty, and what the money earns next if it is renewed
 * or moved. Money is whole pence; rates are basis points (4.35% is 435).
 *
 * The interest rule, as UK banks state it for fixed-rate bonds: interest is worked out daily on
 * the balance at the gross rate over a 365-day year (Actual/365, leap years included) and paid on
 * each payment day, rounded to the nearest penny when it is paid (`roundPence`, the one rounding).
 * Payment days are every 1, 3 or 12 months from the start; interest "at maturity" is added once a
 * year on each anniversary and paid with the money at maturity, so a two-year bond's AER equals
 * its gross rate; a term's last payment is on the maturity day whatever the frequency. Interest
 * added to the account earns interest from then on; interest paid out (to another account) does not.
 */
import type { CalendarDate } from '../dates/calendar-date.ts';
import { addDays, daysBetween } from '../dates/day-count.ts';
import { taxYearOf } from '../dates/tax-year.ts';
import { addMonths } from '../protection/thb.ts';

export const MATURITY_FREQUENCIES = ['Monthly', 'Quarterly', 'Annually', 'At Maturity'] as const;
export type MaturityFrequency = (typeof MATURITY_FREQUENCIES)[number];
export const MATURITY_RATE_TYPES = ['AER', 'Gross'] as const;
export type MaturityRateType = (typeof MATURITY_RATE_TYPES)[number];
export const MATURITY_TERM_UNITS = ['days', 'months', 'years'] as const;
export type MaturityTermUnit = (typeof MATURITY_TERM_UNITS)[number];
export const MATURITY_PENALTY_TYPES = ['none', 'percentage', 'fixed_fee', 'days_interest'] as const;
export type MaturityPenaltyType = (typeof MATURITY_PENALTY_TYPES)[number];

/** Months between payment days; interest at maturity is added yearly. */
const MONTHS_BETWEEN: Readonly<Record<MaturityFrequency, number>> = {
  Monthly: 1,
  Quarterly: 3,
  Annually: 12,
  'At Maturity': 12,
};

const DAYS_IN_YEAR = 365;

export type MaturityInput = {
  depositPence: number;
  startDate: CalendarDate;
  termValue: number;
  termUnit: MaturityTermUnit;
  rateBps: number;
  rateType: MaturityRateType;
  frequency: MaturityFrequency;
  /** True: interest is added to the account (and earns interest); false: paid out to another account. */
  compounds: boolean;
  /** The early withdrawal penalty: basis points of the amount taken, pence, or hundredths of a day's interest. */
  penaltyType: MaturityPenaltyType;
  penaltyAmount: number;
  /** A day to test closing early (before maturity), or null. */
  closeOn: CalendarDate | null;
  /** The rate offered to renew for another term, and the best rate elsewhere, AER basis points; null if not known. */
  renewalRateBps: number | null;
  elsewhereRateBps: number | null;
};

export type InterestPaymentRow = { date: CalendarDate; interestPence: number; balancePence: number };

export type EarlyClose = {
  date: CalendarDate;
  /** The balance on that day, with interest worked out up to it. */
  valuePence: number;
  penaltyPence: number;
  /** What the account pays out after the penalty (never below zero). */
  receivePence: number;
  /** What closing early costs against waiting for maturity. */
  shortfallPence: number;
  words: string;
};

export type NextStep = { rateBps: number; yearInterestPence: number };

export type MaturityResult = {
  maturityDate: CalendarDate;
  termDays: number;
  /** The gross rate paid each period, and the AER it comes to (both basis points, AER rounded). */
  grossRate: number;
  aerBps: number;
  payments: InterestPaymentRow[];
  interestPence: number;
  /** Interest paid out along the way (not in the account at maturity). */
  paidOutPence: number;
  /** What the account holds on the maturity day. */
  maturityBalancePence: number;
  /** Interest by the tax year it is paid in (taxable then). */
  interestByTaxYear: { taxYear: string; interestPence: number }[];
  earlyClose: EarlyClose | null;
  renew: NextStep | null;
  move: NextStep | null;
};

/** Interest is paid in whole pence, rounded to the nearest penny (half a penny up): the one rounding here. */
export function roundInterestPence(pence: number): number {
  return Math.round(pence);
}

/** The day a term of `value` `unit` from `start` ends. */
export function termEndDate(start: CalendarDate, value: number, unit: MaturityTermUnit): CalendarDate {
  if (unit === 'days') return addDays(start, value);
  return addMonths(start, unit === 'years' ? value * 12 : value);
}

/**
 * The term from `start` to `end` in the plainest unit: whole years, else whole months, else days
 * (a bond's page gives its dates; the calculator asks for a term).
 */
export function termBetween(start: CalendarDate, end: CalendarDate): { value: number; unit: MaturityTermUnit } {
  const months =
    (Number(end.slice(0, 4)) - Number(start.slice(0, 4))) * 12 + Number(end.slice(5, 7)) - Number(start.slice(5, 7));
  if (months > 0 && addMonths(start, months) === end) {
    return months % 12 === 0 ? { value: months / 12, unit: 'years' } : { value: months, unit: 'months' };
  }
  return { value: Math.max(1, daysBetween(start, end)), unit: 'days' };
}

/** The gross yearly rate (a fraction) paid `timesPerYear` times that compounds to `aerBps`: n × ((1 + AER)^(1/n) − 1). */
export function grossForAer(aerBps: number, timesPerYear: number): number {
  return timesPerYear * ((1 + aerBps / 10_000) ** (1 / timesPerYear) - 1);
}

/** The payment days from `start` to `end`: every `months` months, and always `end`. */
function paymentDays(start: CalendarDate, end: CalendarDate, months: number): CalendarDate[] {
  const days: CalendarDate[] = [];
  for (let k = 1; ; k++) {
    const day = addMonths(start, k * months);
    if (day >= end) break;
    days.push(day);
  }
  days.push(end);
  return days;
}

function penaltyPence(input: MaturityInput, valuePence: number, balancePence: number, gross: number): number {
  switch (input.penaltyType) {
    case 'none':
      return 0;
    case 'percentage':
      return roundInterestPence((valuePence * input.penaltyAmount) / 10_000);
    case 'fixed_fee':
      return input.penaltyAmount;
    case 'days_interest':
      return roundInterestPence((balancePence * gross * input.penaltyAmount) / 100 / DAYS_IN_YEAR);
  }
}

/** A year's interest on `pence` at an AER (the rate a year's compounding comes to). */
function yearAt(pence: number, rateBps: number | null): NextStep | null {
  if (rateBps === null) return null;
  return { rateBps, yearInterestPence: roundInterestPence((pence * rateBps) / 10_000) };
}

/** The maturity calculator: payments, the maturity value, an early close and the next year's interest, pence. */
export function maturityOf(input: MaturityInput): MaturityResult {
  const maturityDate = termEndDate(input.startDate, input.termValue, input.termUnit);
  const months = MONTHS_BETWEEN[input.frequency];
  const timesPerYear = 12 / months;
  const gross = input.rateType === 'AER' ? grossForAer(input.rateBps, timesPerYear) : input.rateBps / 10_000;
  const aer = input.rateType === 'AER' ? input.rateBps / 10_000 : (1 + gross / timesPerYear) ** timesPerYear - 1;
  // Interest at maturity is paid with the money, so it always stays in the account until then.
  const compounds = input.compounds || input.frequency === 'At Maturity';

  const payments: InterestPaymentRow[] = [];
  let balance = input.depositPence;
  let paidOut = 0;
  let from = input.startDate;
  let earlyClose: EarlyClose | null = null;
  const closeOn =
    input.closeOn !== null && input.closeOn > input.startDate && input.closeOn < maturityDate ? input.closeOn : null;
  for (const day of paymentDays(input.startDate, maturityDate, months)) {
    if (closeOn !== null && earlyClose === null && closeOn < day) {
      const accrued = roundInterestPence((balance * gross * daysBetween(from, closeOn)) / DAYS_IN_YEAR);
      earlyClose = {
        date: closeOn,
        valuePence: balance + accrued,
        penaltyPence: 0,
        receivePence: 0,
        shortfallPence: 0,
        words: '',
      };
      earlyClose.penaltyPence = penaltyPence(input, balance + accrued, balance, gross);
    }
    const interest = roundInterestPence((balance * gross * daysBetween(from, day)) / DAYS_IN_YEAR);
    if (compounds) balance += interest;
    else paidOut += interest;
    payments.push({ date: day, interestPence: interest, balancePence: balance });
    from = day;
  }
  const interestPence = payments.reduce((sum, p) => sum + p.interestPence, 0);
  if (earlyClose) {
    // Interest already paid out stays paid; what the account holds on the day is what closing returns.
    const paidBefore = payments
      .filter((p) => p.date <= earlyClose!.date && !compounds)
      .reduce((s, p) => s + p.interestPence, 0);
    earlyClose.receivePence = Math.max(0, earlyClose.valuePence - earlyClose.penaltyPence);
    earlyClose.shortfallPence = balance + paidOut - (earlyClose.receivePence + paidBefore);
    earlyClose.words =
      earlyClose.penaltyPence > earlyClose.valuePence - input.depositPence
        ? 'The penalty is more than the interest earned by then: closing early would take some of the money you put in.'
        : 'The penalty comes out of the interest earned by then.';
  }
  const byYear = new Map<string, number>();
  for (const p of payments) {
    const label = taxYearOf(p.date).label;
    byYear.set(label, (byYear.get(label) ?? 0) + p.interestPence);
  }
  return {
    maturityDate,
    termDays: daysBetween(input.startDate, maturityDate),
    grossRate: gross,
    aerBps: Math.round(aer * 10_000),
    payments,
    interestPence,
    paidOutPence: paidOut,
    maturityBalancePence: balance,
    interestByTaxYear: [...byYear].map(([taxYear, pence]) => ({ taxYear, interestPence: pence })),
    earlyClose,
    renew: yearAt(balance, input.renewalRateBps),
    move: yearAt(balance, input.elsewhereRateBps),
  };
}
