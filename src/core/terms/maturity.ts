/**
 * When a fixed-term account matures (issue 24): the date typed on its `fixed_term` term when there
 * is one, else its opening date plus its term (`fixedTermEnd`, the rule Smart Pig reads too). Only
 * a fixed-term account (a type with a maturity: bonds, any type named "fixed") or one with a
 * `fixed_term` term matures; null for any other, and when neither date nor term is known. Every
 * screen that shows a maturity (the dashboard's "coming up", the account page, the list) reads this.
 */
import type { TermLengthUnit } from '../accounts/account-schema.ts';
import { typeFieldGroups } from '../accounts/account-type-fields.ts';
import type { CalendarDate } from '../dates/calendar-date.ts';
import { fixedTermEnd } from '../smart-pig/account-facts.ts';
import { daysBetween, formatCardDate } from './term-dates.ts';

export type MaturityFacts = {
  accountType: string;
  dateOpened: CalendarDate | null;
  termLengthValue: number | null;
  termLengthUnit: TermLengthUnit | null;
  /** The `fixed_term` term's end date, when the account has one. */
  fixedTermEndsOn: CalendarDate | null;
};

/** The account's maturity date, or null when it has none or it is not known. */
export function maturityDate(facts: MaturityFacts): CalendarDate | null {
  if (facts.fixedTermEndsOn === null && !typeFieldGroups(facts.accountType).includes('maturity')) return null;
  return fixedTermEnd(facts);
}

/** The account page's words: 'Matures on 15 Dec 2026 (in 17 days)', 'Matures today', 'Matured on 1 Nov 2026'. */
export function maturityWords(maturesOn: CalendarDate, today: CalendarDate): string {
  if (maturesOn === today) return 'Matures today';
  if (maturesOn < today) return `Matured on ${formatCardDate(maturesOn)}`;
  const days = daysBetween(today, maturesOn);
  return `Matures on ${formatCardDate(maturesOn)} (in ${days} ${days === 1 ? 'day' : 'days'})`;
}

/**
 * What a new term of `termType` can take from what the saver already entered on the account
 * (issue 24: the term form is prefilled, never asked twice): a fixed term's end date is the
 * account's maturity; a contributions cap's start and length are the account's opening date and
 * term; a withdrawal limit counted from opening starts on the opening date. Only known values.
 */
export function knownTermInputs(termType: string, facts: MaturityFacts): Record<string, unknown> {
  const known: Record<string, unknown> = {};
  if (termType === 'fixed_term') {
    const end = maturityDate({ ...facts, fixedTermEndsOn: null });
    if (end !== null) known.termEndDate = end;
  }
  if (termType === 'max_contributions_over_term') {
    if (facts.dateOpened !== null) known.termStartDate = facts.dateOpened;
    if (facts.termLengthValue !== null && facts.termLengthUnit !== null) {
      known.termLengthValue = facts.termLengthValue;
      known.termLengthUnit = facts.termLengthUnit;
    }
  }
  if (termType === 'withdrawal_limit' && facts.dateOpened !== null) known.openingDate = facts.dateOpened;
  return known;
}
