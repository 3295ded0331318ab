import { format, isValid, parse } from 'date-fns';
import { enGB } from 'date-fns/locale';

/** The formats a typed date may take; the first is how dates are shown (000 §5: dd/MM/yyyy). */
const TYPED_FORMATS = ['dd/MM/yyyy', 'd/M/yyyy', 'dd-MM-yyyy', 'd-M-yyyy', 'dd.MM.yyyy', 'd.M.yyyy', 'yyyy-MM-dd'];

/** A stored 'yyyy-MM-dd' as 'dd/MM/yyyy'; anything else unchanged (so a half-typed value stays put). */
export function displayDate(stored: string): string {
  const date = parse(stored, 'yyyy-MM-dd', new Date(2000, 0, 1));
  return /^\d{4}-\d{2}-\d{2}$/.test(stored) && isValid(date) ? format(date, 'dd/MM/yyyy') : stored;
}

/** A stored 'yyyy-MM-dd' as running text shows it ('21 Nov 2026', DESIGN.md); anything else unchanged. */
export function proseDate(stored: string): string {
  const date = storedToDate(stored);
  return date ? format(date, 'd MMM yyyy', { locale: enGB }) : stored;
}

/**
 * What the user typed, as 'yyyy-MM-dd', when it is a real date in one of the accepted forms
 * within the years allowed; otherwise null.
 */
export function parseTypedDate(text: string, range: { fromYear: number; toYear: number }): string | null {
  const trimmed = text.trim();
  for (const pattern of TYPED_FORMATS) {
    const date = parse(trimmed, pattern, new Date(2000, 0, 1));
    // date-fns accepts '1/2/85' for 'd/M/yyyy' as year 85: require four typed digits of year.
    if (!isValid(date) || !/\d{4}/.test(trimmed)) continue;
    const year = date.getFullYear();
    if (year < range.fromYear || year > range.toYear) return null;
    return format(date, 'yyyy-MM-dd');
  }
  return null;
}

/** A 'yyyy-MM-dd' as a local Date (noon, so no time zone moves it to another day). */
export function storedToDate(stored: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(stored)) return undefined;
  const date = parse(stored, 'yyyy-MM-dd', new Date(2000, 0, 1, 12));
  return isValid(date) ? date : undefined;
}

export function dateToStored(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}
