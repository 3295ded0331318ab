/** en-GB labels of the balance line and its table. */
import { monthName } from '../../core/account-summary/months.ts';
import type { BalanceSeriesGranularity } from '../../core/balance/balance-series.ts';
import { shortMonth } from '../account-detail/chart-format.ts';
import { displayDate } from '../ui/date-format.ts';

/** An axis tick: '21/11/2026' for daily points, 'Nov 26' for month ends. */
export function pointTick(date: string, granularity: BalanceSeriesGranularity): string {
  return granularity === 'day' ? displayDate(date) : shortMonth(date.slice(0, 7));
}

/** A point's name in the tooltip: '21/11/2026', or 'End of October 2026' for a month end. */
export function pointName(date: string, granularity: BalanceSeriesGranularity, isLast: boolean): string {
  return granularity === 'month' && !isLast ? `End of ${monthName(date.slice(0, 7))}` : displayDate(date);
}

/** What each point is, under the chart and in its table's caption. */
export function pointsNote(granularity: BalanceSeriesGranularity): string {
  return granularity === 'day'
    ? 'The balance at the end of each day.'
    : 'The balance at the end of each month, and on the last day shown.';
}
