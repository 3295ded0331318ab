import { z } from 'zod';
import type { CalendarDate } from '../dates/calendar-date.ts';
import { calendarDateSchema } from '../dates/calendar-date-schema.ts';

/**
 * The interim interest schedule (001 §3): when interest is paid besides the usual frequency, as a
 * list of items of three kinds.
 * - offset: once, a number of days, weeks, months or years after the account opened;
 * - recurring: every N units, optionally only `count` times;
 * - custom: on listed dates.
 * `dayOfMonth` null means "on the interest payment day".
 */
export const SCHEDULE_UNITS = ['days', 'weeks', 'months', 'years'] as const;
export type ScheduleUnit = (typeof SCHEDULE_UNITS)[number];

export const SCHEDULE_KINDS = ['offset', 'recurring', 'custom'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

export type InterestScheduleItem =
  | { kind: 'offset'; offsetValue: number; offsetUnit: ScheduleUnit; dayOfMonth: number | null }
  | { kind: 'recurring'; unit: ScheduleUnit; every: number; count: number | null; dayOfMonth: number | null }
  | { kind: 'custom'; dates: CalendarDate[] };

/** The spec's default: one annual offset, 12 months after opening, on the payment day. */
export const DEFAULT_INTEREST_SCHEDULE: readonly InterestScheduleItem[] = [
  { kind: 'offset', offsetValue: 12, offsetUnit: 'months', dayOfMonth: null },
];

export const MAX_SCHEDULE_ITEMS = 12;
export const MAX_CUSTOM_DATES = 60;
/** The largest offset, interval or count: 999 of any unit is well beyond any product's term. */
export const MAX_SCHEDULE_NUMBER = 999;

export const SCHEDULE_MESSAGES = {
  kind: 'Choose after a period, repeating or on set dates',
  unit: 'Choose days, weeks, months or years',
  offsetValue: `Enter how long after opening, as a whole number from 1 to ${MAX_SCHEDULE_NUMBER}`,
  every: `Enter how often, as a whole number from 1 to ${MAX_SCHEDULE_NUMBER}`,
  count: `Enter how many payments, as a whole number from 1 to ${MAX_SCHEDULE_NUMBER}, or leave it empty`,
  dayOfMonth: 'Enter a day of the month from 1 to 31, or leave it empty for the payment day',
  noDates: 'Add at least one date',
  date: 'Enter a real date, like 31/03/2027',
  repeatedDate: 'Each date can be listed only once',
  tooManyDates: `Add at most ${MAX_CUSTOM_DATES} dates`,
  tooManyItems: `Add at most ${MAX_SCHEDULE_ITEMS} schedule entries`,
} as const;

const wholeNumber = (message: string) =>
  z.number(message).int(message).min(1, message).max(MAX_SCHEDULE_NUMBER, message);
const unit = z.enum(SCHEDULE_UNITS, SCHEDULE_MESSAGES.unit);
const dayOfMonth = z
  .number(SCHEDULE_MESSAGES.dayOfMonth)
  .int(SCHEDULE_MESSAGES.dayOfMonth)
  .min(1, SCHEDULE_MESSAGES.dayOfMonth)
  .max(31, SCHEDULE_MESSAGES.dayOfMonth)
  .nullable();

const OffsetItemSchema = z.strictObject({
  kind: z.literal('offset'),
  offsetValue: wholeNumber(SCHEDULE_MESSAGES.offsetValue),
  offsetUnit: unit,
  dayOfMonth,
});

const RecurringItemSchema = z.strictObject({
  kind: z.literal('recurring'),
  unit,
  every: wholeNumber(SCHEDULE_MESSAGES.every),
  count: wholeNumber(SCHEDULE_MESSAGES.count).nullable(),
  dayOfMonth,
});

const CustomItemSchema = z.strictObject({
  kind: z.literal('custom'),
  dates: z
    .array(calendarDateSchema(SCHEDULE_MESSAGES.date), SCHEDULE_MESSAGES.noDates)
    .min(1, SCHEDULE_MESSAGES.noDates)
    .max(MAX_CUSTOM_DATES, SCHEDULE_MESSAGES.tooManyDates)
    .refine((dates) => new Set(dates).size === dates.length, SCHEDULE_MESSAGES.repeatedDate)
    // Kept in date order ('yyyy-MM-dd' strings sort as dates).
    .transform((dates) => [...dates].sort()),
});

export const InterestScheduleItemSchema = z.discriminatedUnion(
  'kind',
  [OffsetItemSchema, RecurringItemSchema, CustomItemSchema],
  {
    error: () => SCHEDULE_MESSAGES.kind,
  },
);

export const InterestScheduleSchema = z
  .array(InterestScheduleItemSchema)
  .max(MAX_SCHEDULE_ITEMS, SCHEDULE_MESSAGES.tooManyItems);

const UNIT_NAMES: Readonly<Record<ScheduleUnit, [string, string]>> = {
  days: ['day', 'days'],
  weeks: ['week', 'weeks'],
  months: ['month', 'months'],
  years: ['year', 'years'],
};

function count(n: number, unitName: ScheduleUnit): string {
  const [one, many] = UNIT_NAMES[unitName];
  return `${n} ${n === 1 ? one : many}`;
}

function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${['th', 'st', 'nd', 'rd'][day % 10] ?? 'th'}`;
}

function onDay(day: number | null): string {
  return day === null ? 'on the payment day' : `on the ${ordinal(day)}`;
}

function shortDate(date: CalendarDate): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** One schedule item in plain English, e.g. '12 months after opening, on the payment day'. */
export function describeScheduleItem(item: InterestScheduleItem): string {
  switch (item.kind) {
    case 'offset':
      return `${count(item.offsetValue, item.offsetUnit)} after opening, ${onDay(item.dayOfMonth)}`;
    case 'recurring': {
      const every = item.every === 1 ? `Every ${UNIT_NAMES[item.unit][0]}` : `Every ${count(item.every, item.unit)}`;
      const times = item.count === null ? '' : `, ${item.count === 1 ? 'once' : `${item.count} times`}`;
      const day = item.unit === 'months' || item.unit === 'years' ? `, ${onDay(item.dayOfMonth)}` : '';
      return `${every}${day}${times}`;
    }
    case 'custom':
      return `On ${item.dates.map(shortDate).join(', ')}`;
  }
}
