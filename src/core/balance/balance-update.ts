/**
 * "Update balance" (issue 13 §1, ADR 0022): the saver says what the bank shows on a day, and the
 * app records it as a balance statement. Its rules and every text about statements, shared by
 * the API (src/server/balance) and the page (src/web/account-detail).
 */
import { type CalendarDate, isSupportedDate, SUPPORTED_YEARS } from '../dates/calendar-date.ts';
import { formatPence } from '../money/format.ts';
import { MAX_TRANSACTION_PENCE } from '../transactions/amount-text.ts';
import type { BalanceStatementType, EntryStanding } from './balance-rule.ts';

export const BALANCE_UPDATE_MESSAGES = {
  balance: 'Enter the balance your bank shows, for example 1,234.56 (or -50.00 when overdrawn)',
  balanceTooLarge: 'The balance must be at most £1,000,000,000.00 either way',
  date: `Enter a real date in the years ${SUPPORTED_YEARS}`,
  future: 'The date cannot be after today',
} as const;

export const MAX_STATED_BALANCE_PENCE = MAX_TRANSACTION_PENCE;

export type BalanceUpdateInput = { date: CalendarDate; balancePence: number };
export type BalanceUpdateProblem = { field: 'balancePence' | 'date'; message: string };

/** The first problem with a balance update, or null; `today` is the UK date. */
export function balanceUpdateProblem(input: BalanceUpdateInput, today: CalendarDate): BalanceUpdateProblem | null {
  if (!Number.isSafeInteger(input.balancePence))
    return { field: 'balancePence', message: BALANCE_UPDATE_MESSAGES.balance };
  if (Math.abs(input.balancePence) > MAX_STATED_BALANCE_PENCE)
    return { field: 'balancePence', message: BALANCE_UPDATE_MESSAGES.balanceTooLarge };
  if (!isSupportedDate(input.date)) return { field: 'date', message: BALANCE_UPDATE_MESSAGES.date };
  if (input.date > today) return { field: 'date', message: BALANCE_UPDATE_MESSAGES.future };
  return null;
}

/** '£120.00 more than your entries showed', '… less …', 'the same as your entries showed'; null for none. */
export function adjustmentWords(adjustmentPence: number | null): string | null {
  if (adjustmentPence === null) return null;
  if (adjustmentPence === 0) return 'the same as your entries showed';
  const size = formatPence(Math.abs(adjustmentPence));
  return adjustmentPence > 0 ? `${size} more than your entries showed` : `${size} less than your entries showed`;
}

/** The notice after saving: 'Balance updated to £25,120.00 — £120.00 more than your entries showed'. */
export function balanceUpdatedNotice(balancePence: number, adjustmentPence: number | null): string {
  const words = adjustmentWords(adjustmentPence);
  return `Balance updated to ${formatPence(balancePence)}${words ? ` — ${words}` : ''}`;
}

/** What the statement a balance starts from is called in the notes beside the entries before it. */
const STATEMENT_NAMES: Record<BalanceStatementType, string> = {
  opening_balance: 'your starting balance',
  balance_update: 'your balance update',
};

/**
 * The note beside a listed entry, by its standing and the type of the account's latest statement:
 * 'before your starting balance: already counted' for history; null for an entry that counts.
 */
export function standingNote(standing: EntryStanding, latestStatementType: BalanceStatementType | null): string | null {
  if (standing === 'before-statement')
    return `before ${STATEMENT_NAMES[latestStatementType ?? 'opening_balance']}: already counted`;
  if (standing === 'replaced-statement')
    return `replaced by ${STATEMENT_NAMES[latestStatementType ?? 'balance_update']}`;
  return null;
}
