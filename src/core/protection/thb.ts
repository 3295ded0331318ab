import type { CalendarDate } from '../dates/calendar-date.ts';
import { temporaryHighBalanceLimitOn } from './limits.ts';
import type { Pence, TemporaryHighBalance } from './types.ts';

/** How long a temporary high balance is protected after it is credited. */
export const TEMPORARY_HIGH_BALANCE_MONTHS = 6;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** `date` plus `months` calendar months; a day past the month's end lands on its last day. */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  // Integer arithmetic rather than Date: this runs for every temporary high balance on every calculation.
  const year = Number(date.slice(0, 4));
  const monthIndex = Number(date.slice(5, 7)) - 1 + months;
  const targetYear = year + Math.floor(monthIndex / 12);
  const targetMonth = (((monthIndex % 12) + 12) % 12) + 1;
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(targetYear, targetMonth));
  return `${targetYear}-${String(targetMonth).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
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
