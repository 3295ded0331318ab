/**
 * The date formats UK banks export, read day first. A numeric date is never read month first
 * (US): 02/03/2026 is 2 March. Impossible dates (31/04/2026, 29/02/2027) are refused.
 */
import { type CalendarDate, isCalendarDate } from '../dates/calendar-date.ts';

export const DATE_FORMATS = [
  { id: 'dd/mm/yyyy', label: 'dd/mm/yyyy', example: '21/11/2026' },
  { id: 'dd/mm/yy', label: 'dd/mm/yy', example: '21/11/26' },
  { id: 'dd-mm-yyyy', label: 'dd-mm-yyyy', example: '21-11-2026' },
  { id: 'dd-mm-yy', label: 'dd-mm-yy', example: '21-11-26' },
  { id: 'dd.mm.yyyy', label: 'dd.mm.yyyy', example: '21.11.2026' },
  { id: 'dd.mm.yy', label: 'dd.mm.yy', example: '21.11.26' },
  { id: 'dd mmm yyyy', label: 'dd MMM yyyy', example: '21 Nov 2026' },
  { id: 'dd mmm yy', label: 'dd MMM yy', example: '21 Nov 26' },
  { id: 'yyyy-mm-dd', label: 'yyyy-mm-dd', example: '2026-11-21' },
] as const;

export type DateFormatId = (typeof DATE_FORMATS)[number]['id'];

export function isDateFormatId(value: string): value is DateFormatId {
  return DATE_FORMATS.some((f) => f.id === value);
}

export function dateFormatLabel(id: DateFormatId): string {
  return DATE_FORMATS.find((f) => f.id === id)!.label;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

// Day, month and year parts, one pattern per format. A month name may be short or full
// ("Nov", "November", "Sept"), and separated by spaces or dashes ("21-Nov-2026").
const PATTERNS: Record<DateFormatId, RegExp> = {
  'dd/mm/yyyy': /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/,
  'dd/mm/yy': /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/,
  'dd-mm-yyyy': /^(\d{1,2})-(\d{1,2})-(\d{4})$/,
  'dd-mm-yy': /^(\d{1,2})-(\d{1,2})-(\d{2})$/,
  'dd.mm.yyyy': /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/,
  'dd.mm.yy': /^(\d{1,2})\.(\d{1,2})\.(\d{2})$/,
  'dd mmm yyyy': /^(\d{1,2})[ -]([a-z]{3,9})\.?[ -](\d{4})$/i,
  'dd mmm yy': /^(\d{1,2})[ -]([a-z]{3,9})\.?[ -](\d{2})$/i,
  'yyyy-mm-dd': /^(\d{4})-(\d{1,2})-(\d{1,2})$/,
};

// Some exports add a time ("21/11/2026 14:05" or "2026-11-21T14:05:00"): the date is what counts.
const TRAILING_TIME = /(?:[ T]+\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)$/;

/**
 * A two-digit year: 00–79 are 2000–2079 and 80–99 are 1980–1999 (no bank export holds
 * transactions from before 1980 or after 2079).
 */
export function expandTwoDigitYear(yy: number): number {
  return yy < 80 ? 2000 + yy : 1900 + yy;
}

const FULL_MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
/** "nov", "november" and "sept" → 11, 11, 9. */
const MONTH_NUMBERS = new Map<string, number>([
  ...FULL_MONTHS.map((name, i) => [name, i + 1] as const),
  ...MONTHS.map((name, i) => [name, i + 1] as const),
  ['sept', 9],
]);

function monthNumber(name: string): number | null {
  return MONTH_NUMBERS.get(name.toLowerCase()) ?? null;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** `text` read in one format, as 'yyyy-MM-dd', or null when it is not that format or not a real date. */
export function parseDateAs(text: string, format: DateFormatId): CalendarDate | null {
  const trimmed = text.trim().replace(TRAILING_TIME, '');
  const match = PATTERNS[format].exec(trimmed);
  if (!match) return null;
  let day: number;
  let month: number | null;
  let year: number;
  if (format === 'yyyy-mm-dd') {
    [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else {
    day = Number(match[1]);
    month = format.includes('mmm') ? monthNumber(match[2]!) : Number(match[2]);
    year = match[3]!.length === 2 ? expandTwoDigitYear(Number(match[3])) : Number(match[3]);
  }
  if (month === null) return null;
  const date = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  return isCalendarDate(date) ? date : null;
}

/**
 * The format that reads every non-blank value of a date column (the first in DATE_FORMATS
 * order on a tie), or the one that reads the most when none reads them all; null when none
 * reads any.
 */
export function detectDateFormat(values: readonly string[]): DateFormatId | null {
  const samples = values.map((v) => v.trim()).filter((v) => v !== '');
  let best: { id: DateFormatId; count: number } | null = null;
  for (const { id } of DATE_FORMATS) {
    const count = samples.filter((v) => parseDateAs(v, id) !== null).length;
    if (count > 0 && (best === null || count > best.count)) best = { id, count };
    if (count === samples.length && count > 0) return id;
  }
  return best?.id ?? null;
}

/** A calendar date written in `format` (tests and examples: the inverse of parseDateAs). */
export function formatDateAs(
  date: CalendarDate,
  format: DateFormatId,
  options: { shortDayMonth?: boolean; fullMonthName?: boolean } = {},
): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const two = (n: number) => (options.shortDayMonth ? String(n) : pad(n));
  const yy = pad(y % 100);
  const name = (options.fullMonthName ? FULL_MONTHS : MONTHS)[m - 1]!;
  const monthName = name.charAt(0).toUpperCase() + name.slice(1);
  switch (format) {
    case 'dd/mm/yyyy':
      return `${two(d)}/${two(m)}/${y}`;
    case 'dd/mm/yy':
      return `${two(d)}/${two(m)}/${yy}`;
    case 'dd-mm-yyyy':
      return `${two(d)}-${two(m)}-${y}`;
    case 'dd-mm-yy':
      return `${two(d)}-${two(m)}-${yy}`;
    case 'dd.mm.yyyy':
      return `${two(d)}.${two(m)}.${y}`;
    case 'dd.mm.yy':
      return `${two(d)}.${two(m)}.${yy}`;
    case 'dd mmm yyyy':
      return `${two(d)} ${monthName} ${y}`;
    case 'dd mmm yy':
      return `${two(d)} ${monthName} ${yy}`;
    case 'yyyy-mm-dd':
      return date;
  }
}
