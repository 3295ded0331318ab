/**
 * An account as the API sends it (the contract in docs/api: `Account`), and the user's accounts
 * with their protection in a constant number of statements. The one mapping for the accounts list,
 * the account page (GET /api/accounts/{id}) and every save's answer: they cannot disagree.
 */
import { accountCap } from '../../core/accounts/account-cap.ts';
import {
  type AccountProtectionSummary,
  accountProtectionSummaries,
  PROTECTION_STATUSES,
} from '../../core/accounts/account-protection.ts';
import type { AccountFields } from '../../core/accounts/account-schema.ts';
import { accountTypeCategory, ACCOUNT_CATEGORIES } from '../../core/accounts/account-type-category.ts';
import { type InterestScheduleItem, InterestScheduleSchema } from '../../core/accounts/interest-schedule.ts';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import { LIFE_EVENTS, type LifeEvent, type TemporaryHighBalance } from '../../core/protection/types.ts';
import { TIERS, type Tier } from '../../core/subscriptions/tier.ts';
import type { Tx } from '../db/client.ts';
import type { InterestScheduleItem as StoredScheduleItem } from '../db/schema/index.ts';
import { z } from '../http/route.ts';
import { AccountsProtectionSchema, accountsProtectionJson } from './accounts-protection-json.ts';
import { protectionFactsOf, userAccountsProtection } from './protection-facts.ts';
import { type AccountRow, type UserAccounts, listUserAccounts } from './queries.ts';

// The stored schedule type (db schema) and core's are one shape; this fails to compile if they part.
const sameSchedule = (item: StoredScheduleItem): InterestScheduleItem => item;
void sameSchedule;

const BankLicenceSchema = z.object({ bankName: z.string(), legalName: z.string(), frn: z.string().nullable() });

export const AccountSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    bank: z.string().nullable(),
    bankId: z.string().nullable(),
    bankingGroupId: z.string().nullable(),
    accountNumber: z.string(),
    accountType: z.string(),
    category: z.enum(ACCOUNT_CATEGORIES),
    isPlatformAccount: z.boolean(),
    platformBankReferenceId: z.string().nullable(),
    interestRateBps: z.number().int().openapi({ description: 'Hundredths of a percent: 4.35% is 435' }),
    interestFrequency: z.string(),
    rateType: z.string(),
    nextRateChange: z.string().nullable(),
    terms: z.string().nullable().openapi({ description: 'Shown as Notes' }),
    termsNotes: z.string().nullable(),
    balancePence: z.number().int(),
    interestPaymentDay: z.number().int().nullable(),
    interestPaymentMonth: z.number().int().nullable(),
    interestPayoutMethod: z.string(),
    rateChangeNotifications: z.boolean(),
    overdraftLimitPence: z.number().int().nullable(),
    overdraftInterestRateBps: z.number().int().nullable(),
    earlyWithdrawalPenalty: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'Hundredths of the penalty unit: percent, pence or days' }),
    earlyWithdrawalPenaltyType: z.string(),
    hasRenewalOption: z.boolean(),
    renewalRateBps: z.number().int().nullable(),
    dateOpened: z.string().nullable(),
    termLengthValue: z.number().int().nullable(),
    termLengthUnit: z.string().nullable(),
    annualInterestPayment: z.boolean(),
    annualInterestDay: z.number().int().nullable(),
    interimInterestSchedule: InterestScheduleSchema,
    enableSmartAlerts: z.boolean(),
    holders: z.number().int(),
    temporaryHighBalance: z
      .object({ lifeEvent: z.enum(LIFE_EVENTS), qualifyingPence: z.number().int(), creditedDate: z.string() })
      .nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    licence: BankLicenceSchema.nullable().openapi({ description: 'The licence the chosen bank sits under' }),
    platformBank: BankLicenceSchema.extend({ id: z.string() })
      .nullable()
      .openapi({ description: 'For a platform account: the bank holding the deposits' }),
    protection: z.object({
      status: z.enum(PROTECTION_STATUSES),
      uncoveredPence: z.number().int().nullable(),
      reason: z.string().nullable(),
    }),
    maturityDate: z.string().nullable().openapi({
      example: '2027-04-28',
      description:
        'yyyy-MM-dd: when a fixed-term account matures (the end date on its fixed-term term, else its opening date plus its term); null when it has none or it is not known',
    }),
  })
  .openapi('Account');

export type Account = z.infer<typeof AccountSchema>;

/** An account as the accounts list shows it: the whole account is GET /api/accounts/{id}. */
export const AccountListItemSchema = AccountSchema.pick({
  id: true,
  name: true,
  bank: true,
  accountNumber: true,
  accountType: true,
  category: true,
  isPlatformAccount: true,
  interestRateBps: true,
  rateType: true,
  balancePence: true,
  licence: true,
  platformBank: true,
  protection: true,
  maturityDate: true,
}).openapi('AccountListItem');

export type AccountListItem = z.infer<typeof AccountListItemSchema>;

export const AccountCapSchema = z.object({
  count: z.number().int(),
  max: z.number().int().nullable().openapi({ description: 'How many accounts the user may keep; null: no limit' }),
  tier: z.enum(TIERS),
  source: z
    .enum(['tier', 'admin'])
    .openapi({ description: "Where the cap comes from: the plan, or an admin's max_accounts" }),
});

export const AccountListSchema = z
  .object({
    accounts: z.array(AccountListItemSchema),
    totalBalancePence: z
      .number()
      .int()
      .openapi({ description: 'The whole balances added up (joint accounts in full)' }),
    cap: AccountCapSchema,
    protection: AccountsProtectionSchema,
  })
  .openapi('AccountList');

export type AccountList = z.infer<typeof AccountListSchema>;

function temporaryHighBalanceOf(row: AccountRow): TemporaryHighBalance | null {
  if (row.thbLifeEvent === null || row.thbQualifyingPence === null || row.thbCreditedDate === null) return null;
  return {
    lifeEvent: row.thbLifeEvent as LifeEvent,
    qualifyingPence: row.thbQualifyingPence,
    creditedDate: row.thbCreditedDate,
  };
}

/**
 * An account or list item as the API sends it: the accounts statement's JSON (built by
 * PostgreSQL) with its category and protection filled in, in place (the keys are already there,
 * so their order stays).
 */
function judged<T extends { accountType: string; category: unknown; protection: unknown }>(
  json: T,
  protection: AccountProtectionSummary,
) {
  json.category = accountTypeCategory(json.accountType);
  json.protection = protection;
  return json as T & { category: Account['category']; protection: Account['protection'] };
}

/** A stored account's editable fields, as the form schema reads them (to merge a partial change). */
export function storedAccountFields(row: AccountRow): AccountFields {
  return {
    name: row.name,
    bankId: row.bankId,
    accountNumber: row.accountNumber,
    accountType: row.accountType,
    isPlatformAccount: row.isPlatformAccount,
    platformBankReferenceId: row.platformBankReferenceId,
    interestRateBps: row.interestRateBps,
    interestFrequency: row.interestFrequency as AccountFields['interestFrequency'],
    rateType: row.rateType as AccountFields['rateType'],
    nextRateChange: row.nextRateChange,
    terms: row.terms,
    termsNotes: row.termsNotes,
    interestPaymentDay: row.interestPaymentDay,
    interestPaymentMonth: row.interestPaymentMonth,
    interestPayoutMethod: row.interestPayoutMethod as AccountFields['interestPayoutMethod'],
    rateChangeNotifications: row.rateChangeNotifications,
    overdraftLimitPence: row.overdraftLimitPence,
    overdraftInterestRateBps: row.overdraftInterestRateBps,
    earlyWithdrawalPenalty: row.earlyWithdrawalPenalty,
    earlyWithdrawalPenaltyType: row.earlyWithdrawalPenaltyType as AccountFields['earlyWithdrawalPenaltyType'],
    hasRenewalOption: row.hasRenewalOption,
    renewalRateBps: row.renewalRateBps,
    dateOpened: row.dateOpened,
    termLengthValue: row.termLengthValue,
    termLengthUnit: row.termLengthUnit as AccountFields['termLengthUnit'],
    annualInterestPayment: row.annualInterestPayment,
    annualInterestDay: row.annualInterestDay,
    interimInterestSchedule: row.interimInterestSchedule,
    enableSmartAlerts: row.enableSmartAlerts,
    holders: row.holders,
    temporaryHighBalance: temporaryHighBalanceOf(row),
  };
}

/** Each account's protection, the engine run over all the user's accounts with any admin override. */
function protectionByAccount(accounts: UserAccounts, today: CalendarDate): Map<string, AccountProtectionSummary> {
  return accountProtectionSummaries(protectionFactsOf(accounts), today, accounts.override ?? undefined);
}

/**
 * The account `accountId` as the API sends it, judged among all the user's accounts (by
 * `summaries` when the caller has worked them out already); null when it is not theirs.
 * `accounts` must have been read with `accountId` asked for whole.
 */
export function findAccountJson(
  accounts: UserAccounts,
  accountId: string,
  today: CalendarDate,
  summaries?: Map<string, AccountProtectionSummary>,
): Account | null {
  const account = accounts.rows.find((r) => r.item.id === accountId)?.account;
  return account ? judged(account, (summaries ?? protectionByAccount(accounts, today)).get(accountId)!) : null;
}

/**
 * The user's accounts in creation order, each with its protection from the engine run over all of
 * them on `today` (with the admin's deposit limit override), their total, the account cap, and
 * the protection totals and shared licences the Protection Hub would show (the same picture code
 * on the same rows): one statement, however many accounts.
 */
export async function loadAccountsView(
  tx: Tx,
  user: { userId: string; tier: Tier },
  today: CalendarDate,
): Promise<AccountList> {
  return accountsViewOf(await listUserAccounts(tx, user.userId, today), user, today);
}

/** The list from its rows (`listUserAccounts`'), without the database. */
export function accountsViewOf(
  accounts: Awaited<ReturnType<typeof listUserAccounts>>,
  user: { tier: Tier },
  today: CalendarDate,
): AccountList {
  // One run of the engine for the rows' chips and the totals and licences above them.
  const { summaries, picture } = userAccountsProtection(accounts, today);
  // A copy of each item: the rows may be shared (protection/kept-rows.ts).
  const list = accounts.rows.map(({ item }) => judged({ ...item }, summaries.get(item.id)!));
  const cap = accountCap({ tier: user.tier, maxAccounts: accounts.maxAccounts });
  return {
    accounts: list,
    totalBalancePence: list.reduce((sum, account) => sum + account.balancePence, 0),
    cap: { count: list.length, max: cap.max, tier: user.tier, source: cap.source },
    protection: accountsProtectionJson(picture),
  };
}
