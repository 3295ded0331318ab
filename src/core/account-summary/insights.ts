/**
 * The transactions section's insights: short sentences about the last 12 months, worked out
 * from the same figures as the charts (no extra query). The spec names the feature and its
 * failure messages but not its sentences; these say only what the figures show, never advice.
 */
import { formatPence } from '../money/format.ts';
import { monthName } from './months.ts';
import { hasActivity, type MonthlyTotals, type SummaryCards } from './summary.ts';

export type InsightTone = 'success' | 'warning' | 'info';
export type TransactionInsight = { id: string; tone: InsightTone; message: string };

const sum = (monthly: readonly MonthlyTotals[], pick: (m: MonthlyTotals) => number) =>
  monthly.reduce((a, m) => a + pick(m), 0);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Insights for the window in `monthly` (oldest first), most telling first; none when nothing happened. */
export function transactionInsights(monthly: readonly MonthlyTotals[], summary: SummaryCards): TransactionInsight[] {
  if (!monthly.some(hasActivity)) return [];
  const span = `over the last ${plural(monthly.length, 'month', 'months')}`;
  const insights: TransactionInsight[] = [];

  const net = sum(monthly, (m) => m.netPence);
  if (net > 0)
    insights.push({ id: 'net', tone: 'success', message: `Your balance grew by ${formatPence(net)} ${span}.` });
  else if (net < 0)
    insights.push({ id: 'net', tone: 'warning', message: `Your balance fell by ${formatPence(-net)} ${span}.` });
  else insights.push({ id: 'net', tone: 'info', message: `Money in and out balanced exactly ${span}.` });

  const interest = sum(monthly, (m) => m.interestPence);
  if (interest > 0) {
    insights.push({
      id: 'interest',
      tone: 'success',
      message: `You earned ${formatPence(interest)} in interest ${span}, ${formatPence(summary.avgMonthlyInterestPence)} a month on average in the months it was paid.`,
    });
  } else {
    insights.push({ id: 'interest', tone: 'info', message: `No interest has been recorded ${span}.` });
  }

  const fees = sum(monthly, (m) => m.feesPence);
  if (fees > 0)
    insights.push({ id: 'fees', tone: 'warning', message: `You paid ${formatPence(fees)} in fees ${span}.` });

  const outMonths = monthly.filter((m) => m.withdrawalsPence + m.feesPence > m.depositsPence + m.interestPence).length;
  if (outMonths > 0) {
    insights.push({
      id: 'money-out',
      tone: 'info',
      message: `More money went out than came in during ${plural(outMonths, 'month', 'months')} of the last ${monthly.length}.`,
    });
  }

  const best = monthly.reduce<MonthlyTotals | null>(
    (top, m) => (m.depositsPence > 0 && (!top || m.depositsPence > top.depositsPence) ? m : top),
    null,
  );
  if (best) {
    insights.push({
      id: 'top-month',
      tone: 'info',
      message: `Your largest month for deposits was ${monthName(best.month)}, with ${formatPence(best.depositsPence)} paid in.`,
    });
  }
  return insights;
}
