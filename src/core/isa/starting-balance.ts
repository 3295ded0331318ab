/**
 * A Cash ISA's starting balance the saver paid in this tax year (issue 24): the account form's
 * "Paid in this tax year" box records it as a deposit, the entry that counts towards the
 * allowance (`isaMovementsOf`); without it the starting balance is a stated balance, taken as
 * money from before or moved in from another ISA, and uses none. The ISA card says the same
 * (`startingBalanceWords`).
 */
import { accountTypeCategory } from '../accounts/account-type-category.ts';
import type { CalendarDate } from '../dates/calendar-date.ts';
import { taxYearOf } from '../dates/tax-year.ts';
import { formatCardDate } from '../terms/term-dates.ts';
import { isaTypeOfAccountType } from './isa-record.ts';

export const STARTING_BALANCE_PAID_IN_LABEL = 'Paid in this tax year';

/** Whether an account of this type offers the box: a Cash ISA. */
export function canCountStartingBalanceAsPaidIn(accountType: string): boolean {
  return accountTypeCategory(accountType) === 'isa' && isaTypeOfAccountType(accountType) === 'cash';
}

export type StartingBalanceEntry =
  | { ok: true; type: 'opening_balance' | 'deposit' }
  | { ok: false; reason: 'not-a-cash-isa' | 'before-this-tax-year'; message: string };

/**
 * The type of the entry a starting balance of `amountPence` dated `date` becomes: a deposit when
 * the saver says it was paid in this tax year (a £0 one pays in nothing and stays a statement),
 * else a starting balance. Refused for an account that is not a Cash ISA, or a date before the
 * tax year `today` is in.
 */
export function startingBalanceEntry(input: {
  accountType: string;
  amountPence: number;
  date: CalendarDate;
  today: CalendarDate;
  isPaidInThisTaxYear: boolean;
}): StartingBalanceEntry {
  if (!input.isPaidInThisTaxYear) return { ok: true, type: 'opening_balance' };
  if (!canCountStartingBalanceAsPaidIn(input.accountType))
    return {
      ok: false,
      reason: 'not-a-cash-isa',
      message: 'Only a Cash ISA’s starting balance can count as paid in this tax year',
    };
  const year = taxYearOf(input.today);
  if (input.date < year.firstDay)
    return {
      ok: false,
      reason: 'before-this-tax-year',
      message: `A starting balance paid in this tax year is dated from ${formatCardDate(year.firstDay)}`,
    };
  return { ok: true, type: input.amountPence > 0 ? 'deposit' : 'opening_balance' };
}
