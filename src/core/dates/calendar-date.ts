/** A business date, 'yyyy-MM-dd' (STYLE.md: dates). */
export type CalendarDate = string;

const SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/**
 * Whether `value` is a real 'yyyy-MM-dd' date (no 31 April, no 29 February outside leap years).
 * Year 0000 is not one: AD 1 follows 1 BC, and PostgreSQL's date refuses it.
 */
export function isCalendarDate(value: string): value is CalendarDate {
  const match = SHAPE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!);
}

/**
 * The dates SavvyPig takes from a saver: 1900 to 2099. A saver's records fall well inside, and
 * no date outside them reaches the schedules and the database, where a year like 0001 or 9999
 * made a standing order pay in antiquity or a schedule run past what a date can hold.
 */
export const EARLIEST_SUPPORTED_DATE: CalendarDate = '1900-01-01';
export const LATEST_SUPPORTED_DATE: CalendarDate = '2099-12-31';
export const SUPPORTED_YEARS = `${EARLIEST_SUPPORTED_DATE.slice(0, 4)} to ${LATEST_SUPPORTED_DATE.slice(0, 4)}`;

/** A real date in the supported years. */
export function isSupportedDate(value: string): value is CalendarDate {
  return isCalendarDate(value) && value >= EARLIEST_SUPPORTED_DATE && value <= LATEST_SUPPORTED_DATE;
}

/** The calendar date in the UK at `instant` (the edge computes "today" once and passes it in). */
const londonDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

// The last minute formatted, and its date: every request asks, and many ask in the same minute.
let lastMinute = Number.NaN;
let lastDate = '';

export function calendarDateInLondon(instant: Date): CalendarDate {
  // The UK's offsets from UTC are whole hours, so a UTC minute falls on one London date.
  const minute = Math.floor(instant.getTime() / 60_000);
  if (minute === lastMinute) return lastDate;
  // One formatter for the process: building one costs more than the formatting (docs/performance.md).
  const parts = londonDate.formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${part('year')}-${part('month')}-${part('day')}`;
  lastMinute = minute;
  lastDate = date;
  return date;
}

/** Month names in en-GB, January first (index = month number − 1). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
