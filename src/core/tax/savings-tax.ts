/**
 * The basic rate of income tax on savings interest, by date (facts.md §6): 20% until 5 April 2027,
 * 22% from 6 April 2027 (Budget 2025). Smart Pig's "estimated net gain" (002 §9: "factor 0.8") is a
 * year's extra interest after this tax; a year that straddles a change is taxed day by day at the
 * rate of each day, so the figure is right on both sides of 6 April 2027.
 */
import type { CalendarDate } from '../dates/calendar-date.ts';
import { addDays, daysBetween } from '../dates/day-count.ts';
import { type DatedFigure, figureOn } from '../dates/effective-dated.ts';
import { formatShortDate } from '../standing-orders/text.ts';

const BUDGET_2025 = 'Budget 2025 (OBR EFO Nov 2025): savings income tax rates rise by 2 points from 6 April 2027';

/** The basic rate of income tax on savings interest, percent. */
export const SAVINGS_BASIC_RATE_PERCENT: readonly DatedFigure[] = [
  { effectiveFrom: '2008-04-06', value: 20, source: 'HMRC income tax rates (basic rate 20% from 2008/09)' },
  { effectiveFrom: '2027-04-06', value: 22, source: BUDGET_2025 },
];

const YEAR_DAYS = 365;

export type YearAheadTax = {
  /** The year's tax as an average rate, basis points (2,000 = 20%). */
  basisPoints: number;
  /** "20% tax", or the rates and the day they change when the year straddles a change. */
  words: string;
};

/** The basic-rate tax on a year of interest starting on `from`: the rate of each day, averaged. */
export function yearAheadSavingsTax(from: CalendarDate): YearAheadTax {
  const end = addDays(from, YEAR_DAYS);
  const first = figureOn(SAVINGS_BASIC_RATE_PERCENT, from, 'basic rate of tax on savings').value;
  const change = SAVINGS_BASIC_RATE_PERCENT.find((row) => row.effectiveFrom > from && row.effectiveFrom < end);
  if (!change) return { basisPoints: first * 100, words: `${first}% tax` };
  const before = daysBetween(from, change.effectiveFrom);
  const basisPoints = Math.round(((before * first + (YEAR_DAYS - before) * change.value) * 100) / YEAR_DAYS);
  return {
    basisPoints,
    words: `tax at ${first}%, and ${change.value}% from ${formatShortDate(change.effectiveFrom)}`,
  };
}

/** `grossPence` of a year's interest after `tax`, rounded toward zero (pence). */
export function afterSavingsTax(grossPence: number, tax: YearAheadTax): number {
  return Math.trunc((grossPence * (10_000 - tax.basisPoints)) / 10_000) || 0;
}
