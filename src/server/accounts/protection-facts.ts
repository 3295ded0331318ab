/**
 * The user's accounts as the protection engine reads them: one mapping from the accounts
 * statement's rows, for each account's own answer (the accounts list, the account page) and for
 * the whole picture (the Protection Hub, the list's totals and licences, the account page's
 * Protection card). None of them can judge an account differently.
 */
import type { AccountProtectionSummary } from '../../core/accounts/account-protection.ts';
import {
  type NamedAccountFacts,
  userProtectionPicture,
  userProtectionView,
} from '../../core/accounts/protection-picture.ts';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import type { ProtectionPicture } from '../../core/protection/picture.ts';
import type { UserAccounts } from './queries.ts';

/** Each of the user's accounts' protection facts, named, in the order they added them. */
export function protectionFactsOf({ rows }: UserAccounts): NamedAccountFacts[] {
  return rows.map(({ item, holders, temporaryHighBalance, bank, platformBank, pension, referenceWithdrawn }) => ({
    id: item.id,
    name: item.name,
    balancePence: item.balancePence,
    holders,
    accountType: item.accountType,
    isPlatformAccount: item.isPlatformAccount,
    bankName: item.bank,
    bank,
    platformBank,
    pension,
    temporaryHighBalance,
    referenceWithdrawn,
  }));
}

/** The user's protection picture on `today` (UK), with the admin's deposit limit override when one is set. */
export function userAccountsPicture(accounts: UserAccounts, today: CalendarDate): ProtectionPicture {
  return userProtectionPicture(protectionFactsOf(accounts), today, accounts.override ?? undefined);
}

/** Each account's own answer and the whole picture on `today`, from one run of the engine. */
export function userAccountsProtection(
  accounts: UserAccounts,
  today: CalendarDate,
): { summaries: Map<string, AccountProtectionSummary>; picture: ProtectionPicture } {
  return userProtectionView(protectionFactsOf(accounts), today, accounts.override ?? undefined);
}
