/**
 * "In a cash ISA instead" beside the savings calculator's tax: the same savings in a cash ISA pay
 * no tax, but only so much can go in each tax year: £20,000, and from 6 April 2027 £12,000 into
 * cash ISAs for savers under 65 (facts.md §3; the figures are core/isa's dated tables).
 */
import type { CalendarDate } from '../dates/calendar-date.ts';
import { type TaxYear, taxYearOf } from '../dates/tax-year.ts';
import { isaFiguresFor } from '../isa/isa-figures.ts';
import { addMonths } from '../protection/thb.ts';
import type { MonthPoint } from './savings-growth.ts';

/** What goes into the ISA in one tax year against the cash ISA limit that applies, pence. */
export type CashIsaYear = {
  taxYear: TaxYear;
  paidInPence: number;
  limitPence: number;
  /** True when the £12,000 cash limit for savers under 65 is the one that applies. */
  isUnderAgeCap: boolean;
  overPence: number;
};

/** The cash ISA limit for a tax year, pence: the overall limit, or the cash cap for a saver under its age. */
export function cashIsaLimitFor(
  taxYear: TaxYear,
  isUnderCapAge: boolean,
): { limitPence: number; isUnderAgeCap: boolean } {
  const figures = isaFiguresFor(taxYear);
  if (figures.cashCap && isUnderCapAge) return { limitPence: figures.cashCap.limitPence.value, isUnderAgeCap: true };
  return { limitPence: figures.allowancePence.value, isUnderAgeCap: false };
}

/**
 * The money paid in each tax year (the starting sum on `startDate`, each deposit at the start of
 * its month) against that year's cash ISA limit; `isUnderCapAge` is whether the saver is under 65.
 */
export function cashIsaYears(
  startDate: CalendarDate,
  startPence: number,
  points: readonly MonthPoint[],
  isUnderCapAge: boolean,
): CashIsaYear[] {
  const paid = new Map<number, { taxYear: TaxYear; paidInPence: number }>();
  const add = (date: CalendarDate, pence: number) => {
    const taxYear = taxYearOf(date);
    const entry = paid.get(taxYear.startYear) ?? { taxYear, paidInPence: 0 };
    entry.paidInPence += pence;
    paid.set(taxYear.startYear, entry);
  };
  add(startDate, startPence);
  for (const point of points) if (point.depositPence > 0) add(addMonths(startDate, point.month), point.depositPence);
  return [...paid.values()]
    .sort((a, b) => a.taxYear.startYear - b.taxYear.startYear)
    .map(({ taxYear, paidInPence }) => {
      const { limitPence, isUnderAgeCap } = cashIsaLimitFor(taxYear, isUnderCapAge);
      return { taxYear, paidInPence, limitPence, isUnderAgeCap, overPence: Math.max(0, paidInPence - limitPence) };
    });
}
