import { type CalendarDate, isCalendarDate } from '../dates/calendar-date.ts';
import type { Pence } from './types.ts';

/** One row of a limit table: the amount in force from `effectiveFrom` until the next row. */
export type DatedLimit = { effectiveFrom: CalendarDate; amountPence: Pence; source: string };

// Limits are law that changes on a date, so they are data keyed by effective date
// (STYLE.md: money). The engine answers "what if the firm failed on this date".

/** FSCS deposit limit per person per PRA-authorised firm. */
export const DEPOSIT_LIMITS: readonly DatedLimit[] = [
  { effectiveFrom: '2017-01-30', amountPence: 85_000_00, source: 'PRA PS1/17' },
  { effectiveFrom: '2025-12-01', amountPence: 120_000_00, source: 'PRA PS24/25' },
];

/** Temporary high balance limit per life event (personal-injury compensation has no limit). */
export const TEMPORARY_HIGH_BALANCE_LIMITS: readonly DatedLimit[] = [
  { effectiveFrom: '2017-01-30', amountPence: 1_000_000_00, source: 'PRA PS1/17' },
  { effectiveFrom: '2025-12-01', amountPence: 1_400_000_00, source: 'PRA PS24/25' },
];

/** FSCS investment limit per person per firm; not raised with the deposit limit. */
export const INVESTMENT_LIMITS: readonly DatedLimit[] = [
  { effectiveFrom: '2017-01-30', amountPence: 50_000_00, source: 'FSCS (limit from 1 January 2010)' },
  { effectiveFrom: '2019-04-01', amountPence: 85_000_00, source: 'FSCS, failures from 1 April 2019' },
];

/** The earliest date the tables answer for. */
export const EARLIEST_LIMIT_DATE: CalendarDate = '2017-01-30';

/**
 * An admin's override of the deposit limit now in force (the spec's `fscs_protection` setting).
 * `setOn`: the UK date it was set, when known: it is in force from then (never "since" the law's
 * date), and a day before it keeps the law.
 */
export type DepositLimitOverride = { depositPence: Pence; setOn?: CalendarDate };

export type AppliedLimit = {
  amountPence: Pence;
  effectiveFrom: CalendarDate;
  /** True when an admin override replaced the law's figure: screens must say so. */
  isOverride: boolean;
};

export type LimitsOnDate = {
  date: CalendarDate;
  deposit: AppliedLimit;
  temporaryHighBalance: AppliedLimit;
  investment: AppliedLimit;
};

function rowOn(table: readonly DatedLimit[], date: CalendarDate): { row: DatedLimit; isLatest: boolean } {
  let index = -1;
  // ISO dates compare correctly as strings.
  for (let i = 0; i < table.length; i++) if (table[i]!.effectiveFrom <= date) index = i;
  if (index < 0) throw new RangeError(`No protection limit is recorded before ${table[0]?.effectiveFrom}: ${date}`);
  return { row: table[index]!, isLatest: index === table.length - 1 };
}

function applied(table: readonly DatedLimit[], date: CalendarDate): AppliedLimit {
  const { row } = rowOn(table, date);
  return { amountPence: row.amountPence, effectiveFrom: row.effectiveFrom, isOverride: false };
}

/** The deposit limit in force on `date` (pence), with an override applied to the current law only. */
export function depositLimitOn(date: CalendarDate, override?: DepositLimitOverride): AppliedLimit {
  const { row, isLatest } = rowOn(DEPOSIT_LIMITS, date);
  // The override stands in for today's figure only: a date under an older row, or before the
  // override was set, keeps the law. It is in force from the day it was set, not the law's date.
  if (override && isLatest && (override.setOn === undefined || override.setOn <= date))
    return { amountPence: override.depositPence, effectiveFrom: override.setOn ?? row.effectiveFrom, isOverride: true };
  return { amountPence: row.amountPence, effectiveFrom: row.effectiveFrom, isOverride: false };
}

/** Temporary high balance limit per life event on `date` (pence). */
export function temporaryHighBalanceLimitOn(date: CalendarDate): AppliedLimit {
  return applied(TEMPORARY_HIGH_BALANCE_LIMITS, date);
}

/** Every protection limit in force on `date`, in pence; throws RangeError before 30 January 2017. */
export function limitsOn(date: CalendarDate, override?: DepositLimitOverride): LimitsOnDate {
  if (override && (!Number.isSafeInteger(override.depositPence) || override.depositPence < 0)) {
    throw new RangeError(`Deposit limit override must be whole, non-negative pence: ${override.depositPence}`);
  }
  return {
    date,
    deposit: depositLimitOn(date, override),
    temporaryHighBalance: temporaryHighBalanceLimitOn(date),
    investment: applied(INVESTMENT_LIMITS, date),
  };
}

/**
 * The most a joint account can have covered at one firm when its holders have nothing else
 * there, in pence: each holder's share counts against their own limit (the spec's 170000 text).
 */
export function jointAccountCoverPence(limit: AppliedLimit, holders: number): Pence {
  return limit.amountPence * holders;
}

/** The messages for an "as at" date that cannot be answered. */
export const AS_AT_MESSAGES = {
  notADate: 'Enter the date as dd/mm/yyyy',
  tooEarly: `The limits are known from ${formatDay(EARLIEST_LIMIT_DATE)}: choose that date or a later one`,
  future: 'Choose today or an earlier date',
} as const;

function formatDay(date: CalendarDate): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;
}

/**
 * Whether protection can be worked out "as at" `date` (yyyy-MM-dd) on `today`: a real date from
 * the first tabled limit (30 January 2017) to today. The checker and the Protection Hub both ask.
 */
export function asAtDateProblem(date: string, today: CalendarDate): string | null {
  if (!isCalendarDate(date)) return AS_AT_MESSAGES.notADate;
  if (date < EARLIEST_LIMIT_DATE) return AS_AT_MESSAGES.tooEarly;
  if (date > today) return AS_AT_MESSAGES.future;
  return null;
}
