/** What the account page's two charts show (001 §2 item 9, §9 "Charts and insights"). */
import { hasActivity, type MonthlyTotals, type SummaryTransactionType, type TypeTotal } from './summary.ts';

/** The trends chart becomes scrollable with a brush past this many months with transactions. */
export const BRUSH_THRESHOLD_MONTHS = 6;

/** Months of the trends window in which anything happened. */
export function monthsWithActivity(monthly: readonly MonthlyTotals[]): number {
  return monthly.filter(hasActivity).length;
}

/** The brush shows when more than six months have transactions. */
export function showsBrush(monthly: readonly MonthlyTotals[]): boolean {
  return monthsWithActivity(monthly) > BRUSH_THRESHOLD_MONTHS;
}

/** The brush starts on the last six months (indices into the months, inclusive). */
export function brushRange(monthly: readonly MonthlyTotals[]): { startIndex: number; endIndex: number } {
  return {
    startIndex: Math.max(0, monthly.length - BRUSH_THRESHOLD_MONTHS),
    endIndex: Math.max(0, monthly.length - 1),
  };
}

export type PieSlice = TypeTotal & {
  /** Share of all the money moved, in tenths of a percent (125 = 12.5%); the slices add up to 1000. */
  perMille: number;
};

/**
 * The type pie: each type with money, its share of the total in tenths of a percent. Shares are
 * rounded by largest remainder, so the labels always add up to exactly 100.0%.
 */
export function pieSlices(totals: readonly TypeTotal[]): PieSlice[] {
  const withMoney = totals.filter((t) => t.totalPence > 0);
  const sum = withMoney.reduce((a, t) => a + t.totalPence, 0);
  if (sum === 0) return [];
  const exact = withMoney.map((t) => {
    // Integer division first: totals can be large, and the product must stay a safe integer.
    const scaled = t.totalPence * 1000;
    const floor = Number.isSafeInteger(scaled) ? Math.floor(scaled / sum) : Math.floor((t.totalPence / sum) * 1000);
    return { total: t, floor, remainder: t.totalPence / sum - floor / 1000 };
  });
  let left = 1000 - exact.reduce((a, e) => a + e.floor, 0);
  const order = [...exact].sort((a, b) => b.remainder - a.remainder);
  for (const e of order) {
    if (left <= 0) break;
    e.floor += 1;
    left -= 1;
  }
  return exact.map((e) => ({ ...e.total, perMille: e.floor }));
}

/** '12.5%' for 125 tenths of a percent. */
export function formatPerMille(perMille: number): string {
  return `${(perMille / 10).toFixed(1)}%`;
}

/** How each type is named on the page. */
export const TYPE_LABELS: Record<SummaryTransactionType, string> = {
  deposit: 'Deposits',
  withdrawal: 'Withdrawals',
  interest: 'Interest',
  fee: 'Fees',
  opening_balance: 'Opening balance',
  balance_update: 'Balance updates',
};
