/**
 * INTERIM (issue 5, helper B): the contract's `Account` JSON and the row → JSON mapping, written
 * here because `src/server/accounts/account-json.ts` (helper A) did not exist yet on this branch.
 * When A's module is merged, import its schema and mapper in routes.ts and delete this file.
 */
import { accountTypeCategory, type AccountCategory } from '../../core/accounts/account-type-category.ts';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import { bankProtectionCategory, type BankProtectionFacts } from '../../core/protection/bank-category.ts';
import { calculateExposure, type AccountProtection } from '../../core/protection/exposure.ts';
import type { DepositLimitOverride } from '../../core/protection/limits.ts';
import type { AccountInput, LifeEvent, ProtectionCategory } from '../../core/protection/types.ts';
import { z } from '../http/route.ts';
import type { UserAccountRow } from './queries.ts';

const LicenceSchema = z.object({ bankName: z.string(), legalName: z.string(), frn: z.string().nullable() });

export const AccountSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    bank: z.string().nullable(),
    bankId: z.string().nullable(),
    bankingGroupId: z.string().nullable(),
    accountNumber: z.string(),
    accountType: z.string(),
    category: z.enum(['savings', 'current', 'bond', 'isa', 'pension', 'other']),
    isPlatformAccount: z.boolean(),
    platformBankReferenceId: z.string().nullable(),
    interestRateBps: z.number().int(),
    interestFrequency: z.string(),
    rateType: z.string(),
    nextRateChange: z.string().nullable(),
    terms: z.string().nullable(),
    termsNotes: z.string().nullable(),
    balancePence: z.number().int(),
    interestPaymentDay: z.number().int().nullable(),
    interestPaymentMonth: z.number().int().nullable(),
    interestPayoutMethod: z.string(),
    rateChangeNotifications: z.boolean(),
    overdraftLimitPence: z.number().int().nullable(),
    overdraftInterestRateBps: z.number().int().nullable(),
    earlyWithdrawalPenalty: z.number().int().nullable(),
    earlyWithdrawalPenaltyType: z.string(),
    hasRenewalOption: z.boolean(),
    renewalRateBps: z.number().int().nullable(),
    dateOpened: z.string().nullable(),
    termLengthValue: z.number().int().nullable(),
    termLengthUnit: z.string().nullable(),
    annualInterestPayment: z.boolean(),
    annualInterestDay: z.number().int().nullable(),
    interimInterestSchedule: z.array(z.record(z.string(), z.unknown())),
    enableSmartAlerts: z.boolean(),
    holders: z.number().int(),
    temporaryHighBalance: z.object({ lifeEvent: z.string(), qualifyingPence: z.number().int(), creditedDate: z.string() }).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    licence: LicenceSchema.nullable(),
    platformBank: LicenceSchema.extend({ id: z.string() }).nullable(),
    protection: z.object({
      status: z.enum(['covered-in-full', 'partly-covered', 'not-fscs', 'unknown-bank']),
      uncoveredPence: z.number().int().nullable(),
      reason: z.string().nullable(),
    }),
  })
  .openapi('Account');

export type AccountJson = z.infer<typeof AccountSchema>;

/** A joined bank; drizzle types a left join's columns as nullable one by one. */
type Bank = BankProtectionFacts & { bankName: string; legalName: string; frn: string | null };
type BankFacts = Bank | null;

function bankOf(joined: UserAccountRow['bank']): BankFacts {
  if (!joined || joined.bankName === null || joined.legalName === null) return null;
  return joined as Bank;
}

/** The engine's category for the account's money: what the account is, then where it is held. */
function protectionCategory(category: AccountCategory, accountType: string, bank: BankFacts): ProtectionCategory | null {
  const type = accountType.toLowerCase();
  if (category === 'isa' && type.includes('stocks')) return 'investment';
  if (category === 'isa' && type.includes('innovative')) return 'ifisa';
  if (category === 'pension') return 'investment';
  if (!bank) return 'deposit';
  return bankProtectionCategory(bank);
}

function engineInput(row: UserAccountRow): AccountInput {
  const { account } = row;
  // A platform holds no deposits itself: the bank it places them with is the one that counts.
  const holder = bankOf(account.isPlatformAccount ? row.platformBank : row.bank);
  const category = protectionCategory(accountTypeCategory(account.accountType), account.accountType, holder);
  const frn = holder?.frn?.trim();
  const input: AccountInput = {
    id: account.id,
    balancePence: account.balancePence,
    institution:
      !holder || category === null ? null : frn ? { kind: 'frn', frn, legalName: holder.legalName, brandName: holder.bankName } : { kind: 'bank-name', bankName: holder.legalName },
    holders: account.holders,
    category: category ?? 'deposit',
  };
  if (account.thbLifeEvent && account.thbQualifyingPence && account.thbCreditedDate) {
    input.temporaryHighBalance = { lifeEvent: account.thbLifeEvent as LifeEvent, qualifyingPence: account.thbQualifyingPence, creditedDate: account.thbCreditedDate };
  }
  return input;
}

function protectionJson(protection: AccountProtection | undefined): AccountJson['protection'] {
  if (!protection) return { status: 'unknown-bank', uncoveredPence: null, reason: null };
  if (protection.status === 'partly-covered') return { status: protection.status, uncoveredPence: protection.institutionUncoveredPence, reason: null };
  if (protection.status === 'not-fscs') return { status: protection.status, uncoveredPence: null, reason: protection.reason };
  return { status: protection.status, uncoveredPence: null, reason: null };
}

/** The admin's deposit limit override from the `fscs_protection` setting (whole pounds), or none. */
export function limitOverrideOf(value: unknown): DepositLimitOverride | undefined {
  const limit = (value as { limit?: unknown } | null | undefined)?.limit;
  return typeof limit === 'number' && Number.isSafeInteger(limit) && limit > 0 ? { depositPence: limit * 100 } : undefined;
}

const licenceOf = (bank: BankFacts) => (bank ? { bankName: bank.bankName, legalName: bank.legalName, frn: bank.frn } : null);

function accountJson(row: UserAccountRow, protection: AccountProtection | undefined): AccountJson {
  const { account } = row;
  const platform = bankOf(row.platformBank);
  return {
    id: account.id,
    name: account.name,
    bank: account.bank,
    bankId: account.bankId,
    bankingGroupId: account.bankingGroupId,
    accountNumber: account.accountNumber,
    accountType: account.accountType,
    category: accountTypeCategory(account.accountType),
    isPlatformAccount: account.isPlatformAccount,
    platformBankReferenceId: account.platformBankReferenceId,
    interestRateBps: account.interestRateBps,
    interestFrequency: account.interestFrequency,
    rateType: account.rateType,
    nextRateChange: account.nextRateChange,
    terms: account.terms,
    termsNotes: account.termsNotes,
    balancePence: account.balancePence,
    interestPaymentDay: account.interestPaymentDay,
    interestPaymentMonth: account.interestPaymentMonth,
    interestPayoutMethod: account.interestPayoutMethod,
    rateChangeNotifications: account.rateChangeNotifications,
    overdraftLimitPence: account.overdraftLimitPence,
    overdraftInterestRateBps: account.overdraftInterestRateBps,
    earlyWithdrawalPenalty: account.earlyWithdrawalPenalty,
    earlyWithdrawalPenaltyType: account.earlyWithdrawalPenaltyType,
    hasRenewalOption: account.hasRenewalOption,
    renewalRateBps: account.renewalRateBps,
    dateOpened: account.dateOpened,
    termLengthValue: account.termLengthValue,
    termLengthUnit: account.termLengthUnit,
    annualInterestPayment: account.annualInterestPayment,
    annualInterestDay: account.annualInterestDay,
    interimInterestSchedule: account.interimInterestSchedule as unknown as Record<string, unknown>[],
    enableSmartAlerts: account.enableSmartAlerts,
    holders: account.holders,
    temporaryHighBalance:
      account.thbLifeEvent && account.thbQualifyingPence !== null && account.thbCreditedDate
        ? { lifeEvent: account.thbLifeEvent, qualifyingPence: account.thbQualifyingPence, creditedDate: account.thbCreditedDate }
        : null,
    createdAt: account.createdAt.toISOString(),
    updatedAt: account.updatedAt.toISOString(),
    licence: licenceOf(bankOf(row.bank)),
    platformBank: platform && account.platformBankReferenceId ? { id: account.platformBankReferenceId, bankName: platform.bankName, legalName: platform.legalName, frn: platform.frn } : null,
    protection: protectionJson(protection),
  };
}

/**
 * The account `accountId` as JSON, its protection worked out across all the user's accounts
 * (brands sharing a licence share one limit); null when it is not among them.
 */
export function findAccountJson(rows: readonly UserAccountRow[], accountId: string, today: CalendarDate): AccountJson | null {
  const row = rows.find((r) => r.account.id === accountId);
  if (!row) return null;
  const report = calculateExposure(rows.map(engineInput), today, limitOverrideOf(rows[0]?.limitOverride));
  return accountJson(row, report.accounts.find((p) => p.accountId === accountId));
}
