/**
 * "Estimated tax on your savings interest this tax year" (issue 29, ADR 0056): the interest the
 * saver's own accounts have paid since 6 April, plus what their balances would earn at today's
 * rates to 5 April, taxed by the savings calculator's rules at the band they chose in Settings.
 * - ISAs pay no tax and are left out; so are accounts that earn no cash interest (pensions).
 * - A joint account's interest is shared equally between its holders: the saver is taxed on their share.
 * - The projection is simple interest, balance × rate × days left ÷ 365, rounded down, with no
 *   deposits or withdrawals to come; other income is not asked, so the personal allowance and the
 *   starting rate are taken as used (the estimate never understates the tax).
 */
import { accountTypeCategory } from '../accounts/account-type-category.ts';
import { earnsCashInterest } from '../accounts/cash-interest.ts';
import type { CalendarDate } from '../dates/calendar-date.ts';
import { daysBetween } from '../dates/day-count.ts';
import { type TaxYear, taxYearOf } from '../dates/tax-year.ts';
import { savingsTaxForYear, type TaxBand, type TaxYearSavingsTax } from './savings-tax.ts';

/** One of the saver's accounts with the interest it has paid in the tax year so far (pence). */
export type EstimateAccount = {
  accountType: string;
  balancePence: number;
  interestRateBps: number;
  holders: number;
  interestThisYearPence: number;
};

export type SavingsTaxEstimate = {
  taxYear: TaxYear;
  /** Days from tomorrow to 5 April, both included. */
  daysLeft: number;
  /** The saver's share of interest paid since 6 April, pence. */
  earnedPence: number;
  /** The saver's share of interest to come by 5 April at today's balances and rates, pence. */
  projectedPence: number;
  /** How many accounts are counted, and how many ISAs are left out. */
  accountCount: number;
  isaCount: number;
  /** Null until the saver chooses a band in Settings. */
  tax: TaxYearSavingsTax | null;
};

const YEAR_DAYS = 365;

/** The saver's share of an amount on a joint account, rounded down (pence). */
function shareOf(pence: number, holders: number): number {
  return Math.floor(pence / Math.max(1, holders));
}

/** The estimate for the tax year `today` is in (pence), at `band` (null: not chosen yet). */
export function estimateSavingsTaxThisYear(
  accounts: readonly EstimateAccount[],
  band: TaxBand | null,
  today: CalendarDate,
): SavingsTaxEstimate {
  const taxYear = taxYearOf(today);
  const daysLeft = daysBetween(today, taxYear.lastDay);
  let earnedPence = 0;
  let projectedPence = 0;
  let accountCount = 0;
  let isaCount = 0;
  for (const account of accounts) {
    if (accountTypeCategory(account.accountType) === 'isa') {
      isaCount++;
      continue;
    }
    if (!earnsCashInterest(account.accountType)) continue;
    accountCount++;
    earnedPence += shareOf(Math.max(0, account.interestThisYearPence), account.holders);
    const yearInterest = Math.max(0, account.balancePence) * account.interestRateBps * daysLeft;
    projectedPence += shareOf(Math.floor(yearInterest / (10_000 * YEAR_DAYS)), account.holders);
  }
  return {
    taxYear,
    daysLeft,
    earnedPence,
    projectedPence,
    accountCount,
    isaCount,
    tax:
      band === null ? null : savingsTaxForYear(taxYear, earnedPence + projectedPence, { band, otherIncomePence: null }),
  };
}
