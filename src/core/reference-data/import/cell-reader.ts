/**
 * Reads one source row's cells, collecting a message for every bad value, as `RowReader` in
 * records.ts does for the data files (the same checks: FRN shape, allowed values, real dates).
 * Messages name the column as the sheet heads it: "FRN: '12a' is not a 6- or 7-digit FRN".
 */
import { isCalendarDate, type CalendarDate } from '../../dates/calendar-date.ts';
import { splitList } from '../records.ts';

/** FRNs on the FCA/PRA register are 6 or 7 digits. */
const FRN_SHAPE = /^\d{6,7}$/;
export const isFrn = (value: string) => FRN_SHAPE.test(value);

export class CellReader {
  readonly messages: string[] = [];
  private readonly cells: Readonly<Record<string, string>>;

  constructor(cells: Readonly<Record<string, string>>) {
    this.cells = cells;
  }

  fail(column: string, message: string): void {
    this.messages.push(`${column}: ${message}`);
  }

  optional(column: string): string | null {
    const value = this.cells[column] ?? '';
    return value === '' ? null : value;
  }

  required(column: string): string {
    const value = this.optional(column);
    if (value === null) this.fail(column, 'a value is required');
    return value ?? '';
  }

  oneOf<T extends string>(column: string, allowed: readonly T[]): T {
    const value = this.required(column);
    if (value !== '' && !(allowed as readonly string[]).includes(value))
      this.fail(column, `'${value}' is not one of ${allowed.join(', ')}`);
    return value as T;
  }

  optionalOneOf<T extends string>(column: string, allowed: readonly T[]): T | null {
    return this.optional(column) === null ? null : this.oneOf(column, allowed);
  }

  frn(column: string): string | null {
    const value = this.optional(column);
    if (value !== null && !FRN_SHAPE.test(value)) this.fail(column, `'${value}' is not a 6- or 7-digit FRN`);
    return value;
  }

  /** A '; '-separated list, blanks dropped; each item must be one of `allowed` when given. */
  list(column: string, allowed?: readonly string[]): string[] {
    const items = splitList(this.optional(column));
    for (const item of items) {
      if (allowed && !allowed.includes(item)) this.fail(column, `'${item}' is not one of ${allowed.join(', ')}`);
    }
    return items;
  }

  yesNo(column: string): boolean {
    return this.oneOf(column, ['yes', 'no']) === 'yes';
  }

  /** The spec's `confidence_score`: a whole number from 0 to 100. */
  score(column: string): number {
    const value = this.required(column);
    const score = Number(value);
    if (value !== '' && (!/^\d{1,3}$/.test(value) || score > 100))
      this.fail(column, `'${value}' is not a whole number from 0 to 100`);
    return score;
  }

  /** A real 'yyyy-MM-dd' date, not after `today` (a date to come is a typing slip). */
  date(column: string, today: CalendarDate): CalendarDate {
    const value = this.required(column);
    if (value === '') return value;
    if (!isCalendarDate(value)) this.fail(column, `'${value}' is not a yyyy-MM-dd date`);
    else if (value > today) this.fail(column, `${value} is after today (${today})`);
    return value;
  }

  /** An http(s) address, or blank. */
  url(column: string): string | null {
    const value = this.optional(column);
    if (value !== null && (!/^https?:\/\/\S+$/.test(value) || !URL.canParse(value)))
      this.fail(column, `'${value}' is not a web address starting http:// or https://`);
    return value;
  }
}
