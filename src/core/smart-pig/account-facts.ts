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
 *   today: the rate drops when the offer ends, to its `reversion_rate`.
 * - **rate after**: when a running fixed term ends first, the account's renewal rate (only with
 *   its renewal option on); when an introductory rate ends first, its reversion rate; else none.
 * - **money in**: a `max_contributions_over_term` term lets in up to its `max_amount` less the
 *   balance while its term runs, and nothing after; without one, a running fixed term takes no
 *   money (a bond is paid into when it opens), and anything else takes any amount. Regular
 *   savers, Junior ISAs and Lifetime ISAs never take a lump sum (`takesNoLumpSums`).
 * - **cash interest**: `earnsCashInterest` (stocks and shares ISAs and pensions earn none).
 */
import type { TermLengthUnit } from '../accounts/account-schema.ts';
import { accountTypeCategory } from '../accounts/account-type-category.ts';
import { typeFieldGroups } from '../accounts/account-type-fields.ts';
import { earnsCashInterest } from '../accounts/cash-interest.ts';
import type { Bps } from '../accounts/interest-rate.ts';
import { type NamedAccountFacts, pictureAccountOf } from '../accounts/protection-picture.ts';
import type { CalendarDate } from '../dates/calendar-date.ts';
import { addMonths } from '../protection/thb.ts';
import type { Pence } from '../protection/types.ts';
import type { FixedTerm, SmartPigAccount } from './types.ts';

/** A `max_contributions_over_term` term: money may go in up to `maxAmountPence` until the term ends. */
export type ContributionsTerm = {
  termStartDate: CalendarDate;
  termLengthValue: number;
  termLengthUnit: TermLengthUnit;
  maxAmountPence: Pence;
};

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
  /** That term's `reversion_rate`, when recorded. */
  introductoryReversionRateBps: Bps | null;
  /** The account's renewal option and rate (the Interest Settings card). */
  hasRenewalOption: boolean;
  renewalRateBps: Bps | null;
  /** The account's `max_contributions_over_term` term, when it has one. */
  contributionsTerm: ContributionsTerm | null;
};

const MS_PER_DAY = 86_400_000;

/** `date` plus `days` (Date.UTC here is calendar arithmetic, not a clock). */
function addDays(date: CalendarDate, days: number): CalendarDate {
  const start = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  return new Date(start + days * MS_PER_DAY).toISOString().slice(0, 10);
}

/** `start` plus a term's length. */
function termEnd(start: CalendarDate, length: number, unit: TermLengthUnit): CalendarDate {
  if (unit === 'days') return addDays(start, length);
  return addMonths(start, unit === 'years' ? length * 12 : length);
}

/** When a fixed term ends: the recorded end date, else the opening date plus the term's length. */
export function fixedTermEnd(
  facts: Pick<SmartPigAccountFacts, 'fixedTermEndsOn' | 'dateOpened' | 'termLengthValue' | 'termLengthUnit'>,
): CalendarDate | null {
  if (facts.fixedTermEndsOn) return facts.fixedTermEndsOn;
  const { dateOpened, termLengthValue: length, termLengthUnit: unit } = facts;
  if (!dateOpened || length === null || unit === null) return null;
  return termEnd(dateOpened, length, unit);
}

/**
 * Product kinds that never take a lump sum moved from the saver's other accounts: a regular saver
 * (monthly payments only), a Junior ISA (the child's money, with its own allowance) and a Lifetime
 * ISA (£4,000 a year, and a 25% charge on most withdrawals: no place to move savings for rate).
 */
export function takesNoLumpSums(accountType: string): boolean {
  return /\bregular\b|\bjunior\b|\bjisa\b|\blifetime\b|\blisa\b/i.test(accountType);
}

/**
 * The most money the account's terms let in on `date` (whole account, pence), or null for no
 * limit: a contributions term's maximum less the balance while it runs (nothing before it starts
 * or after it ends); else nothing into a fixed term that has not ended (or whose end is unknown).
 */
export function depositRoomPence(
  contributions: ContributionsTerm | null,
  fixedTerm: FixedTerm | null,
  balancePence: Pence,
  date: CalendarDate,
): Pence | null {
  if (contributions) {
    const { termStartDate: start, termLengthValue, termLengthUnit, maxAmountPence } = contributions;
    const open = start <= date && date < termEnd(start, termLengthValue, termLengthUnit);
    return open ? Math.max(0, maxAmountPence - Math.max(0, balancePence)) : 0;
  }
  if (fixedTerm && (fixedTerm.endsOn === null || fixedTerm.endsOn > date)) return 0;
  return null;
}

/** The rate after the current one ends: the renewal rate when a running fixed term ends first, the reversion rate when an introductory rate does. */
function rateAfter(
  facts: SmartPigAccountFacts,
  fixedTerm: FixedTerm | null,
  introEnds: CalendarDate | null,
): Bps | null {
  const fixedEnds = fixedTerm?.endsOn ?? null;
  if (introEnds !== null && (fixedEnds === null || introEnds <= fixedEnds)) return facts.introductoryReversionRateBps;
  return facts.hasRenewalOption ? facts.renewalRateBps : null;
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
  const activeIntroEnds = introEnds !== null && introEnds > date ? introEnds : null;
  const brand = (facts.bank?.bankName ?? facts.bankName)?.trim().toLowerCase();
  return {
    ...pictureAccountOf(facts),
    category: accountTypeCategory(facts.accountType),
    interestRateBps: facts.interestRateBps,
    noticeDays,
    fixedTerm,
    hasIntroductoryRate: activeIntroEnds !== null,
    introductoryRateEndsOn: activeIntroEnds,
    rateAfterBps: rateAfter(facts, fixedTerm, activeIntroEnds),
    earnsCashInterest: earnsCashInterest(facts.accountType),
    brandKey: brand || null,
    depositRoomPence: takesNoLumpSums(facts.accountType)
      ? 0
      : depositRoomPence(facts.contributionsTerm, fixedTerm, facts.balancePence, date),
  };
}
