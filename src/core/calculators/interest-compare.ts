/**
 * The interest calculator (issue 29): two to four accounts side by side for one sum of money. Each
 * account has an AER, perhaps an introductory bonus on top for its first months, a notice period or
 * a fixed term, and pays interest monthly or yearly. It answers: the interest over a chosen period,
 * how long until the balance reaches a target, and what the bonus's end does to a year's interest.
 * The month-by-month engine is the savings calculator's (`growMonthly`).
 */
import type { CalendarDate } from '../dates/calendar-date.ts';
import { growMonthly, type MonthPoint, monthlyGrossForAer } from './savings-growth.ts';

export const INTEREST_PAID = ['monthly', 'yearly'] as const;
export type InterestPaid = (typeof INTEREST_PAID)[number];

/** The longest any answer looks ahead: 50 years. */
export const MAX_COMPARE_MONTHS = 600;

export type CompareAccount = {
  name: string;
  /** The AER without the bonus, basis points. */
  aerBps: number;
  /** The introductory bonus on top of the AER, basis points (0 for none). */
  bonusBps: number;
  /** How many months from opening the bonus is paid (0 for none). */
  bonusMonths: number;
  /** Days of notice to take money out (0 for instant access). */
  noticeDays: number;
  /** Months the money is fixed for (0 for not fixed). */
  fixedMonths: number;
  paid: InterestPaid;
};

export type AccountComparison = {
  account: CompareAccount;
  /** Interest over the chosen period, pence. */
  interestPence: number;
  balancePence: number;
  /** Months until the balance first reaches the target; null when not within 50 years. */
  monthsToTarget: number | null;
  /** Interest in the first 12 months (the bonus's year), pence. */
  firstYearInterestPence: number;
  /**
   * When a bonus ends: the interest in the 12 months after it ends, pence (what a year is worth once
   * the bonus has gone); null without a bonus.
   */
  yearAfterBonusInterestPence: number | null;
  /** True when the chosen period ends before a fixed term does (the money cannot be taken out then). */
  isFixedPastPeriod: boolean;
};

/** The gross yearly rate an account earns in `month`, as a fraction: monthly payers at the AER's monthly equivalent. */
function yearlyRateOf(account: CompareAccount, month: number): number {
  const bps = account.aerBps + (month < account.bonusMonths ? account.bonusBps : 0);
  return account.paid === 'monthly' ? monthlyGrossForAer(bps) : bps / 10_000;
}

/** An account's balance month by month for `months`, from `depositPence` on `startDate`. */
export function accountGrowth(
  account: CompareAccount,
  depositPence: number,
  startDate: CalendarDate,
  months: number,
): MonthPoint[] {
  return growMonthly({
    startDate,
    startPence: depositPence,
    months,
    depositPence: () => 0,
    yearlyRate: (month) => yearlyRateOf(account, month),
    // Yearly payers are paid on each anniversary of opening, and when a bonus ends (the bank settles the bonus rate's interest).
    paysAfter: (month) =>
      account.paid === 'monthly' ||
      (month + 1) % 12 === 0 ||
      (account.bonusMonths > 0 && month + 1 === account.bonusMonths),
  });
}

function interestBetween(points: readonly MonthPoint[], from: number, to: number): number {
  return points.slice(from, to).reduce((sum, p) => sum + p.interestPence, 0);
}

/** Months until a balance first reaches `targetPence` (0 when the deposit already does); null when not within the run. */
function monthsToReach(points: readonly MonthPoint[], depositPence: number, targetPence: number | null): number | null {
  if (targetPence === null) return null;
  if (depositPence >= targetPence) return 0;
  const index = points.findIndex((p) => p.balancePence >= targetPence);
  return index === -1 ? null : index + 1;
}

/** Compares the accounts for `depositPence` over `periodMonths`, with the months each takes to reach `targetPence`. */
export function compareAccounts(input: {
  accounts: readonly CompareAccount[];
  depositPence: number;
  periodMonths: number;
  targetPence: number | null;
  startDate: CalendarDate;
}): AccountComparison[] {
  const { depositPence, startDate } = input;
  return input.accounts.map((account) => {
    // Each figure is a run that ends with its period, so interest still building up in a yearly period is paid into it.
    const period = accountGrowth(account, depositPence, startDate, input.periodMonths);
    const firstYear = accountGrowth(account, depositPence, startDate, 12);
    const hasBonus = account.bonusMonths > 0 && account.bonusBps > 0;
    const afterBonus = hasBonus ? accountGrowth(account, depositPence, startDate, account.bonusMonths + 12) : [];
    const toTarget =
      input.targetPence === null ? [] : accountGrowth(account, depositPence, startDate, MAX_COMPARE_MONTHS);
    return {
      account,
      interestPence: interestBetween(period, 0, period.length),
      balancePence: period.at(-1)?.balancePence ?? depositPence,
      monthsToTarget: monthsToReach(toTarget, depositPence, input.targetPence),
      firstYearInterestPence: interestBetween(firstYear, 0, 12),
      yearAfterBonusInterestPence: hasBonus
        ? interestBetween(afterBonus, account.bonusMonths, afterBonus.length)
        : null,
      isFixedPastPeriod: account.fixedMonths > input.periodMonths,
    };
  });
}
