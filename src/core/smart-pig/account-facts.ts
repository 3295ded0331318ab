/**
 * Smart Pig's account from what is stored about it. The protection side is the Hub's mapping
 * (`pictureAccountOf`), so Smart Pig's figures match the Hub's; the rest says whether money may move
 * in or out:
 * - **fixed term**: a type with a maturity (bonds, any type named "fixed": `typeFieldGroups`) is
 *   fixed. It ends on the `fixed_term` term's `term_end_date` when one is recorded, else on
 *   `date_opened` plus `term_length_value` `term_length_unit`; with neither, the end is unknown
 *   and the money counts as locked.
 * - **notice**: the `notice_period` term's `notice_days` when recorded; a type named "notice"
 *   without one has an unknown notice (null); anything else is easy access (0).
 * - **introductory rate**: an `intro_rate` (or ISA `bonus_rate_isa`) term whose `end_date` is after
 *   today: the rate drops when the offer ends.
 */
import type { TermLengthUnit } from '../accounts/account-schema.ts';
import { accountTypeCategory } from '../accounts/account-type-category.ts';
import { typeFieldGroups } from '../accounts/account-type-fields.ts';
import type { Bps } from '../accounts/interest-rate.ts';
import { type NamedAccountFacts, pictureAccountOf } from '../accounts/protection-picture.ts';
import type { CalendarDate } from '../dates/calendar-date.ts';
import { addMonths } from '../protection/thb.ts';
import type { FixedTerm, SmartPigAccount } from './types.ts';

export type SmartPigAccountFacts = NamedAccountFacts & {
  interestRateBps: Bps;
  dateOpened: CalendarDate | null;
  termLengthValue: number | null;
  termLengthUnit: TermLengthUnit | null;
  /** The `notice_period` term's `notice_days`, when the account has one. */
  noticeDays: number | null;
  /** The `fixed_term` term's `term_end_date`, when the account has one. */
  fixedTermEndsOn: CalendarDate | null;
  /** The `intro_rate` (or `bonus_rate_isa`) term's `end_date`, when the account has one. */
  introductoryRateEndsOn: CalendarDate | null;
};

const MS_PER_DAY = 86_400_000;

/** `date` plus `days` (Date.UTC here is calendar arithmetic, not a clock). */
function addDays(date: CalendarDate, days: number): CalendarDate {
  const start = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  return new Date(start + days * MS_PER_DAY).toISOString().slice(0, 10);
}

/** When a fixed term ends: the recorded end date, else the opening date plus the term's length. */
export function fixedTermEnd(
  facts: Pick<SmartPigAccountFacts, 'fixedTermEndsOn' | 'dateOpened' | 'termLengthValue' | 'termLengthUnit'>,
): CalendarDate | null {
  if (facts.fixedTermEndsOn) return facts.fixedTermEndsOn;
  const { dateOpened, termLengthValue: length, termLengthUnit: unit } = facts;
  if (!dateOpened || length === null || unit === null) return null;
  if (unit === 'days') return addDays(dateOpened, length);
  return addMonths(dateOpened, unit === 'years' ? length * 12 : length);
}

function isFixedTermType(accountType: string): boolean {
  return typeFieldGroups(accountType).includes('maturity');
}

function isNoticeType(accountType: string): boolean {
  return /\bnotice\b/i.test(accountType);
}

/** Smart Pig's view of one stored account on `date` (UK). */
export function smartPigAccount(facts: SmartPigAccountFacts, date: CalendarDate): SmartPigAccount {
  const fixedTerm: FixedTerm | null =
    isFixedTermType(facts.accountType) || facts.fixedTermEndsOn ? { endsOn: fixedTermEnd(facts) } : null;
  const noticeDays = facts.noticeDays ?? (isNoticeType(facts.accountType) ? null : 0);
  const introEnds = facts.introductoryRateEndsOn;
  return {
    ...pictureAccountOf(facts),
    category: accountTypeCategory(facts.accountType),
    interestRateBps: facts.interestRateBps,
    noticeDays,
    fixedTerm,
    hasIntroductoryRate: introEnds !== null && introEnds > date,
    introductoryRateEndsOn: introEnds !== null && introEnds > date ? introEnds : null,
  };
}
