/**
 * How savings grow, month by month (issue 29): a starting sum, regular deposits and interest at a
 * rate given as AER or as a gross rate with how often it compounds. Money is whole pence: interest
 * builds up unrounded through each interest period and is paid rounded to the nearest penny
 * (`roundPence`), as a bank credits it, the part of a penny left over carried to the next period;
 * the balance is then whole pence again.
 *
 * Timing: deposits go in at the start of a month (the first on the day the savings start, with the
 * starting sum); an interest period earns simple interest on each month's opening balance, and the
 * interest is paid at its end (and at the end of the term, for a part period).
 */
import { addMonths } from '../protection/thb.ts';
import type { CalendarDate } from '../dates/calendar-date.ts';
import type { InterestPayment } from './savings-tax.ts';

export const COMPOUNDING_FREQUENCIES = ['monthly', 'quarterly', 'annually'] as const;
export type CompoundingFrequency = (typeof COMPOUNDING_FREQUENCIES)[number];

export const DEPOSIT_FREQUENCIES = ['none', 'monthly', 'annually'] as const;
export type DepositFrequency = (typeof DEPOSIT_FREQUENCIES)[number];

/** Months in each interest period. */
export const MONTHS_PER_PERIOD: Readonly<Record<CompoundingFrequency, number>> = {
  monthly: 1,
  quarterly: 3,
  annually: 12,
};

/**
 * The rate: an AER (interest paid monthly at the rate that compounds to the AER over a year), or a
 * gross rate paid `compounding` (monthly: gross ÷ 12 each month; quarterly: ÷ 4; annually: all).
 */
export type GrowthRate =
  | { kind: 'aer'; bps: number }
  | { kind: 'gross'; bps: number; compounding: CompoundingFrequency };

/** Interest is paid in whole pence, rounded to the nearest penny (half a penny up): the one rounding rule here. */
export function roundPence(pence: number): number {
  return Math.round(pence);
}

/** The yearly rate, as a fraction, that paid monthly compounds to `aerBps` over a year: 12 × ((1 + AER)^(1/12) − 1). */
export function monthlyGrossForAer(aerBps: number): number {
  return 12 * ((1 + aerBps / 10_000) ** (1 / 12) - 1);
}

/** The AER, as a fraction, of a gross rate paid `timesPerYear` times a year: (1 + gross/n)^n − 1. */
export function aerOfGross(grossBps: number, timesPerYear: number): number {
  return (1 + grossBps / 10_000 / timesPerYear) ** timesPerYear - 1;
}

/** A month-by-month plan the engine runs: month 0 is the first month. */
export type GrowthPlan = {
  startDate: CalendarDate;
  startPence: number;
  months: number;
  /** Paid in at the start of `month`, pence. */
  depositPence: (month: number) => number;
  /** The gross yearly rate (a fraction) earned during `month`: that month earns balance × rate ÷ 12. */
  yearlyRate: (month: number) => number;
  /** Whether interest is paid at the end of `month` (it always is at the end of the term). */
  paysAfter: (month: number) => boolean;
};

/** The balance at the end of one month, after any interest paid then. */
export type MonthPoint = {
  month: number;
  /** The day after the month's end: when its interest is paid. */
  date: CalendarDate;
  depositPence: number;
  interestPence: number;
  balancePence: number;
};

/** Runs a plan: every month's deposit, interest paid and closing balance, pence. */
export function growMonthly(plan: GrowthPlan): MonthPoint[] {
  const points: MonthPoint[] = [];
  let balance = plan.startPence;
  let accrued = 0;
  for (let month = 0; month < plan.months; month++) {
    const deposit = plan.depositPence(month);
    balance += deposit;
    accrued += (balance * plan.yearlyRate(month)) / 12;
    const pays = plan.paysAfter(month) || month === plan.months - 1;
    const interest = pays ? roundPence(accrued) : 0;
    // What rounding left over (under half a penny either way) is carried into the next period, so a
    // year of monthly payments at an AER adds up to the AER's interest, not a penny short.
    if (pays) accrued -= interest;
    balance += interest;
    points.push({
      month,
      date: addMonths(plan.startDate, month + 1),
      depositPence: deposit,
      interestPence: interest,
      balancePence: balance,
    });
  }
  return points;
}

/** One year of the savings (the last may be part of a year). */
export type GrowthYear = {
  /** 1 for the first year. */
  year: number;
  months: number;
  openingPence: number;
  depositsPence: number;
  interestPence: number;
  closingPence: number;
};

/** A month-by-month run summed up a year at a time. */
export function yearsOf(startPence: number, points: readonly MonthPoint[]): GrowthYear[] {
  const years: GrowthYear[] = [];
  let opening = startPence;
  for (let i = 0; i < points.length; i += 12) {
    const slice = points.slice(i, i + 12);
    const closing = slice.at(-1)!.balancePence;
    years.push({
      year: i / 12 + 1,
      months: slice.length,
      openingPence: opening,
      depositsPence: slice.reduce((sum, p) => sum + p.depositPence, 0),
      interestPence: slice.reduce((sum, p) => sum + p.interestPence, 0),
      closingPence: closing,
    });
    opening = closing;
  }
  return years;
}

export type SavingsGrowthInput = {
  startDate: CalendarDate;
  startPence: number;
  regularDepositPence: number;
  depositFrequency: DepositFrequency;
  rate: GrowthRate;
  termMonths: number;
};

export type SavingsGrowth = {
  points: MonthPoint[];
  years: GrowthYear[];
  /** The interest payments with their dates (what the tax is worked out from). */
  payments: InterestPayment[];
  /** The regular deposits (not the starting sum). */
  depositsPence: number;
  interestPence: number;
  finalPence: number;
  /** The rate's AER in basis points, two decimals of a percent (rounded). */
  aerBps: number;
};

function depositRule(input: SavingsGrowthInput): (month: number) => number {
  if (input.depositFrequency === 'monthly') return () => input.regularDepositPence;
  if (input.depositFrequency === 'annually') return (month) => (month % 12 === 0 ? input.regularDepositPence : 0);
  return () => 0;
}

/** The savings calculator: the balance month by month and year by year, pence. */
export function savingsGrowth(input: SavingsGrowthInput): SavingsGrowth {
  const { rate } = input;
  const every = rate.kind === 'aer' ? 1 : MONTHS_PER_PERIOD[rate.compounding];
  const yearly = rate.kind === 'aer' ? monthlyGrossForAer(rate.bps) : rate.bps / 10_000;
  const regular = depositRule(input);
  const points = growMonthly({
    startDate: input.startDate,
    startPence: input.startPence,
    months: input.termMonths,
    depositPence: regular,
    yearlyRate: () => yearly,
    paysAfter: (month) => (month + 1) % every === 0,
  });
  const depositsPence = points.reduce((sum, p) => sum + p.depositPence, 0);
  const interestPence = points.reduce((sum, p) => sum + p.interestPence, 0);
  const aer = rate.kind === 'aer' ? rate.bps / 10_000 : aerOfGross(rate.bps, 12 / every);
  return {
    points,
    years: yearsOf(input.startPence, points),
    payments: points
      .filter((p) => p.interestPence !== 0)
      .map((p) => ({ date: p.date, interestPence: p.interestPence })),
    depositsPence,
    interestPence,
    finalPence: points.at(-1)?.balancePence ?? 0,
    aerBps: Math.round(aer * 10_000),
  };
}
