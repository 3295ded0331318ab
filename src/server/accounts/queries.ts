/**
 * The account area's reads and writes. Hot reads are named prepared statements, built once per
 * pooled connection (PostgreSQL parses and plans each once per connection), and every query is
 * scoped to the signed-in user by its WHERE clause as well as by row-level security: on an admin
 * route RLS would show an admin everyone's rows.
 */
import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ProtectionBank } from '../../core/accounts/account-protection.ts';
import type { DepositLimitOverride } from '../../core/protection/limits.ts';
import type { TemporaryHighBalance } from '../../core/protection/types.ts';
import { jsonObject } from '../db/json-object.ts';
import { preparedPerConnection } from '../db/prepared.ts';
import type { Tx } from '../db/client.ts';
import { accounts, accountTypes, appSettings, bankReferences, transactions, userSettings } from '../db/schema/index.ts';
import { FSCS_PROTECTION_SETTING, depositLimitOverrideOf } from '../reference/queries.ts';
import type { Account, AccountListItem } from './account-json.ts';

const bank = alias(bankReferences, 'bank');
const platformBank = alias(bankReferences, 'platform_bank');

function bankFacts(table: typeof bankReferences | typeof bank | typeof platformBank) {
  return {
    id: table.id,
    bankName: table.bankName,
    legalName: table.bankingGroupName,
    frn: table.bankFrn,
    type: table.type,
    protectionBasis: table.protectionBasis,
    isCrownDependency: table.isCrownDependency,
  };
}

const userId = sql.placeholder('userId');

/** A joined bank's licence as the account JSON shows it, or null when none is joined. */
function licenceJson(table: typeof bank | typeof platformBank, withId: boolean): SQL {
  const licence = jsonObject({ ...(withId ? { id: table.id } : {}), bankName: table.bankName, legalName: table.bankingGroupName, frn: table.bankFrn });
  return sql`case when ${table.id} is null then null else ${licence} end`;
}

/** A joined bank as the protection engine reads it, or null when none is joined. */
function protectionBankJson(table: typeof bank | typeof platformBank): SQL {
  const { id, ...facts } = bankFacts(table);
  return sql`case when ${id} is null then null else ${jsonObject(facts)} end`;
}

const a = getTableColumns(accounts);

// Only when all three parts are there, like the form's reading of the columns.
const temporaryHighBalanceJson = sql`case when ${a.thbLifeEvent} is not null and ${a.thbQualifyingPence} is not null and ${a.thbCreditedDate} is not null
    then ${jsonObject({ lifeEvent: a.thbLifeEvent, qualifyingPence: a.thbQualifyingPence, creditedDate: a.thbCreditedDate })} end`;

/**
 * The account as the API sends it (`Account` in account-json.ts, keys in its order), built by
 * PostgreSQL: `category` and `protection` are null here and filled in by account-json.ts (core
 * decides both). A test holds it to the row-by-row mapping it replaced.
 */
const accountJson = jsonObject({
  id: a.id,
  name: a.name,
  bankId: a.bankId,
  accountNumber: a.accountNumber,
  accountType: a.accountType,
  isPlatformAccount: a.isPlatformAccount,
  platformBankReferenceId: a.platformBankReferenceId,
  interestRateBps: a.interestRateBps,
  interestFrequency: a.interestFrequency,
  rateType: a.rateType,
  nextRateChange: a.nextRateChange,
  terms: a.terms,
  termsNotes: a.termsNotes,
  interestPaymentDay: a.interestPaymentDay,
  interestPaymentMonth: a.interestPaymentMonth,
  interestPayoutMethod: a.interestPayoutMethod,
  rateChangeNotifications: a.rateChangeNotifications,
  overdraftLimitPence: a.overdraftLimitPence,
  overdraftInterestRateBps: a.overdraftInterestRateBps,
  earlyWithdrawalPenalty: a.earlyWithdrawalPenalty,
  earlyWithdrawalPenaltyType: a.earlyWithdrawalPenaltyType,
  hasRenewalOption: a.hasRenewalOption,
  renewalRateBps: a.renewalRateBps,
  dateOpened: a.dateOpened,
  termLengthValue: a.termLengthValue,
  termLengthUnit: a.termLengthUnit,
  annualInterestPayment: a.annualInterestPayment,
  annualInterestDay: a.annualInterestDay,
  interimInterestSchedule: a.interimInterestSchedule,
  enableSmartAlerts: a.enableSmartAlerts,
  holders: a.holders,
  temporaryHighBalance: temporaryHighBalanceJson,
  bank: a.bank,
  bankingGroupId: a.bankingGroupId,
  category: sql`null`,
  balancePence: a.balancePence,
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
  licence: licenceJson(bank, false),
  platformBank: licenceJson(platformBank, true),
  protection: sql`null`,
});

/**
 * The account as the accounts list shows it (`AccountListItem` in account-json.ts, keys in its
 * order): what the list's row needs and no more, so 100 accounts stay a small answer.
 */
const listItemJson = jsonObject({
  id: a.id,
  name: a.name,
  bank: a.bank,
  accountNumber: a.accountNumber,
  accountType: a.accountType,
  category: sql`null`,
  isPlatformAccount: a.isPlatformAccount,
  interestRateBps: a.interestRateBps,
  rateType: a.rateType,
  balancePence: a.balancePence,
  licence: licenceJson(bank, false),
  platformBank: licenceJson(platformBank, true),
  protection: sql`null`,
});

const fullAccountId = sql.placeholder('fullAccountId');

/**
 * Every account of one user with what the protection engine needs of it (protection is judged
 * across all of a user's accounts: brands sharing a licence share one limit), in creation order:
 * each as the list's item, and the one account `fullAccountId` names (if any) also whole; and the
 * admin's deposit limit override (an uncorrelated subquery: read once). One statement, the
 * accounts list's, the account page's and every save's; a few columns a row, not the ~50 drizzle
 * would map one by one.
 */
const listStatement = preparedPerConnection((tx) =>
  tx
    .select({
      item: sql<AccountListItemDraft>`${listItemJson}`,
      account: sql<AccountDraft | null>`case when ${a.id} = ${fullAccountId}::uuid then ${accountJson} end`,
      holders: sql<number>`${a.holders}`,
      temporaryHighBalance: sql<TemporaryHighBalance | null>`${temporaryHighBalanceJson}`,
      bank: sql<ProtectionBank | null>`${protectionBankJson(bank)}`,
      platformBank: sql<ProtectionBank | null>`${protectionBankJson(platformBank)}`,
      limitOverride: sql<unknown>`(select ${appSettings.value} from ${appSettings} where ${appSettings.key} = ${FSCS_PROTECTION_SETTING})`,
    })
    .from(accounts)
    .leftJoin(bank, eq(bank.id, accounts.bankId))
    .leftJoin(platformBank, eq(platformBank.id, accounts.platformBankReferenceId))
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt), asc(accounts.id))
    .prepare('accounts_list'),
);

export type AccountRow = typeof accounts.$inferSelect;
/** A bank reference's licence and protection facts (a left join: drizzle types each column nullable; the row is all or nothing). */
export type BankFactsRow = { id: string; bankName: string; legalName: string; frn: string | null; type: string; protectionBasis: string; isCrownDependency: boolean };
type Unjudged<T extends { category: unknown; protection: unknown }> = Omit<T, 'category' | 'protection'> & {
  category: T['category'] | null;
  protection: T['protection'] | null;
};
/** An account as the API sends it, but for `category` and `protection` (null until account-json.ts fills them in). */
export type AccountDraft = Unjudged<Account>;
export type AccountListItemDraft = Unjudged<AccountListItem>;
export type AccountListRow = {
  item: AccountListItemDraft;
  /** Only on the row of the account asked for whole. */
  account: AccountDraft | null;
  holders: number;
  temporaryHighBalance: TemporaryHighBalance | null;
  bank: ProtectionBank | null;
  platformBank: ProtectionBank | null;
};
/** A user's accounts, and the deposit limit their protection is judged against when an admin has overridden it. */
export type UserAccounts = { rows: AccountListRow[]; override: DepositLimitOverride | null };

/**
 * The user's accounts, and `fullAccountId`'s whole (null: none). The statement is handed to the
 * driver before this first awaits, so a caller can send it in one socket write with others (the
 * account page does).
 */
export async function listUserAccounts(tx: Tx, forUserId: string, wholeAccountId: string | null = null): Promise<UserAccounts> {
  const rows = await listStatement(tx).execute({ userId: forUserId, fullAccountId: wholeAccountId });
  // Each row also carries the override; nothing reads it from the rows.
  return { rows, override: depositLimitOverrideOf(rows[0]?.limitOverride) };
}

/**
 * What the list's cap needs besides the accounts, in one statement: an admin's cap on the user's
 * accounts, and how many accounts the user has.
 */
const contextStatement = preparedPerConnection((tx) =>
  tx
    .select({
      maxAccounts: sql<number | null>`(select ${userSettings.maxAccounts} from ${userSettings} where ${userSettings.userId} = ${userId})`,
      accountCount: sql<number>`(select count(*)::int from ${accounts} where ${accounts.userId} = ${userId})`,
    })
    // One row whatever exists: a user without a settings row still has their accounts counted.
    .from(sql`(values (1)) as one (x)`)
    .prepare('accounts_context'),
);

export type AccountsContext = { maxAccounts: number | null; accountCount: number };

export async function accountsContext(tx: Tx, forUserId: string): Promise<AccountsContext> {
  const [row] = await contextStatement(tx).execute({ userId: forUserId });
  return { maxAccounts: row?.maxAccounts ?? null, accountCount: Number(row?.accountCount ?? 0) };
}

/**
 * Holds new-account creation for one user until this transaction ends, so two requests at once
 * cannot both see room under the cap and both insert.
 */
export async function lockAccountCreation(tx: Tx, forUserId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`accounts:${forUserId}`}, 0))`);
}

/** One of the user's accounts, locked for the change about to be made, or null (unknown or someone else's). */
export async function findAccountForUpdate(tx: Tx, forUserId: string, accountId: string): Promise<AccountRow | null> {
  const [row] = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.userId, forUserId)))
    .for('update');
  return row ?? null;
}

/** The active account type with this name in any case, as the admin spelt it, or null. */
export async function findActiveAccountType(tx: Tx, name: string): Promise<string | null> {
  const [row] = await tx
    .select({ name: accountTypes.name })
    .from(accountTypes)
    .where(and(eq(accountTypes.isActive, true), sql`lower(${accountTypes.name}) = lower(${name})`))
    .limit(1);
  return row?.name ?? null;
}

export type ReferenceBank = BankFactsRow & { bankingGroupId: string; isActive: boolean };

/** The bank references with these ids, active or not, by id. */
export async function banksByIds(tx: Tx, ids: readonly string[]): Promise<Map<string, ReferenceBank>> {
  if (ids.length === 0) return new Map();
  const rows: ReferenceBank[] = await tx
    .select({ ...bankFacts(bankReferences), bankingGroupId: bankReferences.bankingGroupId, isActive: bankReferences.isActive })
    .from(bankReferences)
    .where(inArray(bankReferences.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

type AccountWrite = Omit<typeof accounts.$inferInsert, 'id' | 'userId' | 'balancePence' | 'createdAt' | 'updatedAt'>;

export async function insertAccount(tx: Tx, forUserId: string, values: AccountWrite): Promise<string> {
  const [row] = await tx
    .insert(accounts)
    .values({ ...values, userId: forUserId })
    .returning({ id: accounts.id });
  return row!.id;
}

export async function updateAccount(tx: Tx, forUserId: string, accountId: string, values: AccountWrite): Promise<void> {
  await tx
    .update(accounts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(accounts.id, accountId), eq(accounts.userId, forUserId)));
}

/** The account's starting balance as its first transaction (the balance is the sum of transactions). */
export async function insertOpeningBalance(tx: Tx, forUserId: string, accountId: string, amountPence: number, date: string): Promise<void> {
  await tx.insert(transactions).values({ accountId, userId: forUserId, amountPence, date, type: 'opening_balance', notes: 'Starting balance' });
}

/** Deletes one of the user's accounts; its transactions and standing orders go with it (foreign keys cascade). */
export async function deleteAccount(tx: Tx, forUserId: string, accountId: string): Promise<boolean> {
  const deleted = await tx
    .delete(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.userId, forUserId)))
    .returning({ id: accounts.id });
  return deleted.length > 0;
}
