/**
 * The account area's reads and writes. Hot reads are named prepared statements, built once per
 * pooled connection (PostgreSQL parses and plans each once per connection), and every query is
 * scoped to the signed-in user by its WHERE clause as well as by row-level security: on an admin
 * route RLS would show an admin everyone's rows.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DepositLimitOverride } from '../../core/protection/limits.ts';
import { preparedPerConnection } from '../db/prepared.ts';
import type { Tx } from '../db/client.ts';
import { accounts, accountTypes, appSettings, bankReferences, transactions, userSettings } from '../db/schema/index.ts';
import { FSCS_PROTECTION_SETTING, depositLimitOverrideOf } from '../reference/queries.ts';

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

/**
 * Every account of one user with its bank and platform bank, in creation order, and the admin's
 * deposit limit override (an uncorrelated subquery: read once): one statement, the accounts list's
 * and the account page's (protection is worked out across all the user's accounts).
 */
const listStatement = preparedPerConnection((tx) =>
  tx
    .select({
      account: accounts,
      bank: bankFacts(bank),
      platformBank: bankFacts(platformBank),
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
export type AccountListRow = { account: AccountRow; bank: BankFactsRow | null; platformBank: BankFactsRow | null };
/** A user's accounts, and the deposit limit their protection is judged against when an admin has overridden it. */
export type UserAccounts = { rows: AccountListRow[]; override: DepositLimitOverride | null };

/**
 * The user's accounts. The statement is handed to the driver before this first awaits, so a
 * caller can send it in one socket write with others (the account page does).
 */
export async function listUserAccounts(tx: Tx, forUserId: string): Promise<UserAccounts> {
  const rows = await listStatement(tx).execute({ userId: forUserId });
  // Each row also carries the override; nothing reads it from the rows.
  return { rows: rows as AccountListRow[], override: depositLimitOverrideOf(rows[0]?.limitOverride) };
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
