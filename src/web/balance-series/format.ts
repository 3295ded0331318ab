/** en-GB labels of the balance line and its table. */
import { monthName } from '../../core/account-summary/months.ts';
import type { BalanceSeriesGranularity, TrackingStart } from '../../core/balance/balance-series.ts';
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

/**
 * The value axis's range: the chart's own ('auto') for a line that moves; for a flat line (one
 * point, or a balance that never changed), from zero to the balance, so the axis shows a scale
 * rather than the same figure at every tick.
 */
export function balanceAxisDomain(values: readonly number[]): [number, number] | ['auto', 'auto'] {
  if (values.length === 0) return ['auto', 'auto'];
  const low = Math.min(...values);
  const high = Math.max(...values);
  if (low !== high) return ['auto', 'auto'];
  if (low === 0) return [0, 100];
  return low > 0 ? [0, low] : [low, 0];
}

/**
 * Why a total line starts where it does: 'Tracking starts 01/11/2026 for 7 accounts: the total
 * starts there.' (ADR 0033); without a later start, that each account counts from its first
 * transaction.
 */
export function trackingStartNote(start: TrackingStart | undefined): string {
  if (!start) return 'Each account counts from its first transaction.';
  const accounts = start.accountCount === 1 ? '1 account' : `${start.accountCount} accounts`;
  return start.isOneDate
    ? `Tracking starts ${displayDate(start.date)} for ${accounts}: the total starts there.`
    : `Tracking starts later for ${accounts}, the last on ${displayDate(start.date)}: the total starts there.`;
}
