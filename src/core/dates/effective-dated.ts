/**
 * Figures that change in law on a date, kept as tables of rows each in force from its
 * `effectiveFrom` until the next row (STYLE.md: money; as the protection limits in
 * core/protection/limits.ts). Tables are ordered by `effectiveFrom`, earliest first.
 */
import type { CalendarDate } from './calendar-date.ts';

/** One row of a dated table: `value` is in force from `effectiveFrom` until the next row's date. */
export type DatedFigure<T = number> = {
  effectiveFrom: CalendarDate;
  value: T;
  /** Where the figure comes from, as data/reference cites it. */
  source: string;
};

/** The row in force on `date`, or null when the table starts after it. */
export function findFigureOn<T>(table: readonly DatedFigure<T>[], date: CalendarDate): DatedFigure<T> | null {
  let found: DatedFigure<T> | null = null;
  // ISO dates compare correctly as strings.
  for (const row of table) if (row.effectiveFrom <= date) found = row;
  return found;
}

/** The row in force on `date`; throws RangeError when the table has none that early (an invariant: callers check the earliest date). */
export function figureOn<T>(table: readonly DatedFigure<T>[], date: CalendarDate, name: string): DatedFigure<T> {
  const row = findFigureOn(table, date);
  if (!row) throw new RangeError(`No ${name} is recorded before ${table[0]?.effectiveFrom}: ${date}`);
  return row;
}

/** One figure as applied, with where it comes from, so a screen can cite it. */
export type AppliedFigure = { value: number; effectiveFrom: CalendarDate; source: string };

/** A table row as an applied figure. */
export function appliedFigure(row: DatedFigure): AppliedFigure {
  return { value: row.value, effectiveFrom: row.effectiveFrom, source: row.source };
}
