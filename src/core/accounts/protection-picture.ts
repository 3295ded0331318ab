/**
 * A signed-in saver's protection picture from their accounts as stored: each account turned into
 * the engine's input exactly as the accounts list and the account page turn it
 * (`protectionInput`), so the Hub and those screens cannot disagree.
 */
import type { CalendarDate } from '../dates/calendar-date.ts';
import type { DepositLimitOverride } from '../protection/limits.ts';
import { calculateExposure } from '../protection/exposure.ts';
import { type PictureAccount, type ProtectionPicture, protectionPicture } from '../protection/picture.ts';
import {
  type AccountProtectionFacts,
  type AccountProtectionSummary,
  protectionInput,
  summariesOfReport,
} from './account-protection.ts';

export type NamedAccountFacts = AccountProtectionFacts & { name: string };

/**
 * One stored account as the picture needs it: the engine's input, its name, the brand and firm to
 * show. Smart Pig builds on the same mapping, so its figures match the Hub's.
 */
export function pictureAccountOf(account: NamedAccountFacts): PictureAccount {
  const { input, unknownReason } = protectionInput(account);
  const holder = account.isPlatformAccount ? account.platformBank : account.bank;
  return {
    input,
    name: account.name,
    bankName: holder?.bankName ?? (account.bankName?.trim() || null),
    legalName: holder?.legalName ?? null,
    unknownReason,
  };
}

/** The picture of `accounts` (in the order the saver added them) on `date` (UK), with any admin override. */
export function userProtectionPicture(
  accounts: readonly NamedAccountFacts[],
  date: CalendarDate,
  override?: DepositLimitOverride,
): ProtectionPicture {
  return protectionPicture(accounts.map(pictureAccountOf), date, override);
}

/**
 * Each account's own answer (the accounts list's chips) and the whole picture, from one run of
 * the engine: what the accounts list and the account page show together.
 */
export function userProtectionView(
  accounts: readonly NamedAccountFacts[],
  date: CalendarDate,
  override?: DepositLimitOverride,
): { summaries: Map<string, AccountProtectionSummary>; picture: ProtectionPicture } {
  const prepared = accounts.map(pictureAccountOf);
  const report = calculateExposure(
    prepared.map((p) => p.input),
    date,
    override,
  );
  return {
    summaries: summariesOfReport(prepared, report),
    picture: protectionPicture(prepared, date, override, report),
  };
}
