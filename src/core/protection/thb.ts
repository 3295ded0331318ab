import type { CalendarDate } from '../dates/calendar-date.ts';
import { temporaryHighBalanceLimitOn } from './limits.ts';
import type { Pence, TemporaryHighBalance } from './types.ts';

/** How long a temporary high balance is protected after it is credited. */
export const TEMPORARY_HIGH_BALANCE_MONTHS = 6;

/** `date` plus `months` calendar months; a day past the month's end lands on its last day. */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** The date cover falls back to the standard limit: six months after the credited date. */
export function temporaryHighBalanceRevertsOn(thb: TemporaryHighBalance): CalendarDate {
  return addMonths(thb.creditedDate, TEMPORARY_HIGH_BALANCE_MONTHS);
}

/** Whether extra cover applies on `date`: from the credited date until (not on) the revert date. */
export function isTemporaryHighBalanceActive(thb: TemporaryHighBalance, date: CalendarDate): boolean {
  return thb.creditedDate <= date && date < temporaryHighBalanceRevertsOn(thb);
}

/**
 * Extra cover per life event, in pence: the THB limit of the credited date (as the issue words
 * it), with personal-injury compensation unlimited.
 */
export function temporaryHighBalanceCapPence(thb: TemporaryHighBalance): Pence {
  if (thb.lifeEvent === 'personal-injury') return Number.POSITIVE_INFINITY;
  return temporaryHighBalanceLimitOn(thb.creditedDate).amountPence;
}
