/**
 * The metric cards (002 §3 "Metrics"; issue 16): money at risk, the extra interest the
 * recommendations would earn and what is left after basic-rate tax (the spec's factor 0.8: 20% tax;
 * 22% from 6 April 2027, day by day: `core/tax/savings-tax.ts`), licences above 90% of
 * their limit, the total, the balance-weighted average rate, protected money and how many banking
 * groups hold money. Figures are the saver's (their share of joint accounts), from the same
 * protection engine run as the Hub, so the two never disagree.
 */
import type { CalendarDate } from '../dates/calendar-date.ts';
import { calculateExposure, type ExposureReport } from '../protection/exposure.ts';
import type { DepositLimitOverride } from '../protection/limits.ts';
import { afterSavingsTax, type YearAheadTax, yearAheadSavingsTax } from '../tax/savings-tax.ts';
import type { Recommendation, SmartPigAccount, SmartPigMetrics } from './types.ts';

/**
 * The balance-weighted average rate (basis points, rounded to the nearest one) of accounts holding
 * money that earn cash interest (stocks and shares ISAs and pensions are left out: they have no
 * rate), weighted by the saver's share; 0 when nothing is held.
 */
export function averageRateBps(accounts: readonly SmartPigAccount[], report: ExposureReport): number {
  let weighted = 0;
  let total = 0;
  report.accounts.forEach((protection, index) => {
    const share = protection.sharePence;
    if (share <= 0 || !accounts[index]!.earnsCashInterest) return;
    weighted += share * accounts[index]!.interestRateBps;
    total += share;
  });
  return total === 0 ? 0 : Math.round(weighted / total);
}

/**
 * What following `recommendations` adds to the saver's interest after tax. ISA interest is tax
 * free: a move into an ISA keeps its whole gain and no longer pays tax on the interest the money
 * earned where it was (a year at its current rate); other gains pay tax at `tax`. ISA money only
 * moves into another ISA, so no move takes money out of an ISA's shelter.
 */
export function netGainPence(
  accounts: readonly SmartPigAccount[],
  recommendations: readonly Recommendation[],
  tax: YearAheadTax,
): number {
  const isas = new Set(accounts.filter((a) => a.category === 'isa').map((a) => a.input.id));
  let taxable = 0;
  let taxFree = 0;
  for (const r of recommendations) {
    if (r.toAccount === null || !isas.has(r.toAccount.id)) {
      taxable += r.projectedGainPence;
      continue;
    }
    taxFree += r.projectedGainPence;
    if (r.fromAccount !== null && !isas.has(r.fromAccount.id)) {
      const interestLeft = Math.trunc((r.amountPence * (r.currentRateBps ?? 0)) / 10_000);
      taxFree += interestLeft - afterSavingsTax(interestLeft, tax);
    }
  }
  return afterSavingsTax(taxable, tax) + taxFree;
}

/** The metrics from an exposure report of `accounts` (same order) and the recommendations made for them. */
export function metricsFromReport(
  accounts: readonly SmartPigAccount[],
  report: ExposureReport,
  recommendations: readonly Recommendation[],
): SmartPigMetrics {
  const extra = recommendations.reduce((sum, r) => sum + r.projectedGainPence, 0);
  const tax = yearAheadSavingsTax(report.date);
  const { totals } = report;
  return {
    unprotectedDepositsPence: totals.unprotectedPence,
    potentialExtraInterestPence: extra,
    estimatedNetGainPence: netGainPence(accounts, recommendations, tax),
    netGainTax: tax.words,
    projectedBreaches: report.institutions.filter(
      (l) => l.alertLevel === 'projected-breach' || l.alertLevel === 'over-limit',
    ).length,
    totalBalancePence: totals.totalPence,
    averageRateBps: averageRateBps(accounts, report),
    protectedBalancePence: totals.protectedPence + totals.governmentBackedPence,
    bankingGroupCount: report.institutionCount,
  };
}

/** The metric cards for `accounts` on `date` (UK), with any admin override of the deposit limit. */
export function smartPigMetrics(
  accounts: readonly SmartPigAccount[],
  recommendations: readonly Recommendation[],
  date: CalendarDate,
  override?: DepositLimitOverride,
): SmartPigMetrics {
  const report = calculateExposure(
    accounts.map((a) => a.input),
    date,
    override,
  );
  return metricsFromReport(accounts, report, recommendations);
}
