/**
 * The ISA records' reads and writes (issue 15). Every query names the signed-in user in its
 * WHERE clause as well as by row-level security (an admin's request would see everyone's rows).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import type { IsaDetailsPatch, IsaTransaction } from '../../core/isa/isa-record.ts';
import type { Tx } from '../db/client.ts';
import { preparedPerConnection, ONE_ROW } from '../db/prepared.ts';
import { accounts, isLiveAccount, isaAccounts, isaProviders, profiles, transactions } from '../db/schema/index.ts';

const providerColumns = {
  id: isaProviders.id,
  platformName: isaProviders.platformName,
  legalName: isaProviders.legalName,
  fcaReference: isaProviders.fcaReference,
  isaTypes: isaProviders.isaTypes,
  fscsCategory: isaProviders.fscsCategory,
  bankingGroupId: isaProviders.bankingGroupId,
  bankingGroupName: isaProviders.bankingGroupName,
  bankingGroupFrn: isaProviders.bankingGroupFrn,
  protectionBasis: isaProviders.protectionBasis,
  userMessage: isaProviders.userMessage,
  warnUserLevel: isaProviders.warnUserLevel,
  isActive: isaProviders.isActive,
};

const recordColumns = {
  providerId: isaAccounts.providerId,
  isaType: isaAccounts.isaType,
  fundingType: isaAccounts.fundingType,
  isFlexible: isaAccounts.isFlexible,
  plannedAnnualContributionPence: isaAccounts.plannedAnnualContributionPence,
  plannedTransferAmountPence: isaAccounts.plannedTransferAmountPence,
  beneficialOwner: isaAccounts.beneficialOwner,
  niNumberPresent: isaAccounts.niNumberPresent,
  maturityDate: isaAccounts.maturityDate,
  transferStatus: isaAccounts.transferStatus,
  transferStartedOn: isaAccounts.transferStartedOn,
  transferExpectedSlaDays: isaAccounts.transferExpectedSlaDays,
  jisaChildName: isaAccounts.jisaChildName,
  updatedAt: isaAccounts.updatedAt,
};

export type IsaProviderRow = {
  id: string;
  platformName: string;
  legalName: string;
  fcaReference: string | null;
  isaTypes: string[];
  fscsCategory: string;
  bankingGroupId: string | null;
  bankingGroupName: string | null;
  bankingGroupFrn: string | null;
  protectionBasis: string;
  userMessage: string | null;
  warnUserLevel: string;
  isActive: boolean;
};

export type IsaRecordRow = {
  [K in keyof typeof recordColumns]: (typeof isaAccounts.$inferSelect)[K];
};

export type IsaAccountView = {
  account: { id: string; name: string; accountType: string };
  record: IsaRecordRow | null;
  provider: IsaProviderRow | null;
};

/** One of the user's accounts with its ISA record and provider (null: not the user's account). One statement. */
export async function findIsaAccount(tx: Tx, forUserId: string, accountId: string): Promise<IsaAccountView | null> {
  const [row] = await tx
    .select({
      account: { id: accounts.id, name: accounts.name, accountType: accounts.accountType },
      record: { ...recordColumns },
      provider: { ...providerColumns },
    })
    .from(accounts)
    .leftJoin(isaAccounts, eq(isaAccounts.accountId, accounts.id))
    .leftJoin(isaProviders, eq(isaProviders.id, isaAccounts.providerId))
    .where(and(eq(accounts.id, accountId), eq(accounts.userId, forUserId), isLiveAccount));
  if (!row) return null;
  // drizzle gives a left join's object as null when all of its columns are null.
  return {
    account: row.account,
    record: row.record?.providerId ? (row.record as IsaRecordRow) : null,
    provider: row.provider?.id ? (row.provider as IsaProviderRow) : null,
  };
}

/** An ISA provider by its HMRC reference, active or not, or null. */
export async function findIsaProvider(tx: Tx, providerId: string): Promise<IsaProviderRow | null> {
  const [row] = await tx.select(providerColumns).from(isaProviders).where(eq(isaProviders.id, providerId));
  return row ?? null;
}

/**
 * Records the ISA's provider (a new record takes the spec's defaults, with `isaType`), and sets
 * the account's bank to the provider's name and banking group, in the request's transaction.
 */
export async function saveIsaProvider(
  tx: Tx,
  forUserId: string,
  accountId: string,
  provider: IsaProviderRow,
  isaType: IsaRecordRow['isaType'],
): Promise<void> {
  await tx
    .insert(isaAccounts)
    .values({ accountId, userId: forUserId, providerId: provider.id, isaType })
    .onConflictDoUpdate({ target: isaAccounts.accountId, set: { providerId: provider.id, updatedAt: sql`now()` } });
  // The provider holds the money: no bank reference stands beside it (protection reads the provider).
  await tx
    .update(accounts)
    .set({ bank: provider.platformName, bankId: null, bankingGroupId: provider.bankingGroupId, updatedAt: sql`now()` })
    .where(and(eq(accounts.id, accountId), eq(accounts.userId, forUserId)));
}

/** Changes the ISA record's fields; false when the account has no ISA record yet. */
export async function updateIsaDetails(
  tx: Tx,
  forUserId: string,
  accountId: string,
  patch: IsaDetailsPatch,
): Promise<boolean> {
  const rows = await tx
    .update(isaAccounts)
    .set({
      ...patch,
      ...(patch.jisaChildName !== undefined ? { jisaChildName: patch.jisaChildName || null } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(isaAccounts.accountId, accountId), eq(isaAccounts.userId, forUserId)))
    .returning({ accountId: isaAccounts.accountId });
  return rows.length > 0;
}

const userId = sql.placeholder('userId');
const firstDay = sql.placeholder('firstDay');
const lastDay = sql.placeholder('lastDay');

/**
 * The user's accounts whose type reads as an ISA (core decides which are), each with its ISA
 * record's fields (null without one) and its deposits, withdrawals and starting balance in the
 * tax year (the card says a starting balance uses no allowance, issue 24), and the
 * profile's date of birth: one statement, however many ISAs and transactions.
 */
const allowanceStatement = preparedPerConnection((tx) =>
  tx
    .select({
      id: accounts.id,
      name: accounts.name,
      accountType: accounts.accountType,
      isaType: isaAccounts.isaType,
      fundingType: isaAccounts.fundingType,
      isFlexible: isaAccounts.isFlexible,
      maturityDate: isaAccounts.maturityDate,
      transferStatus: isaAccounts.transferStatus,
      transferStartedOn: isaAccounts.transferStartedOn,
      transferExpectedSlaDays: isaAccounts.transferExpectedSlaDays,
      jisaChildName: isaAccounts.jisaChildName,
      transactions: sql<IsaTransaction[] | null>`(
        select json_agg(json_build_object('date', t.date, 'amountPence', t.amount_pence, 'type', t.type) order by t.date, t.id)
          from ${transactions} t
          where t.account_id = ${accounts.id} and t.user_id = ${userId}
            and t.date between ${firstDay}::date and ${lastDay}::date
            and t.type in ('deposit', 'withdrawal', 'opening_balance'))`,
      dateOfBirth: sql<
        string | null
      >`(select ${profiles.dateOfBirth}::text from ${profiles} where ${profiles.id} = ${userId})`,
    })
    // One row whatever exists: a user without ISAs still has their date of birth read.
    .from(ONE_ROW)
    .leftJoin(accounts, and(eq(accounts.userId, userId), isLiveAccount, sql`${accounts.accountType} ilike '%isa%'`))
    .leftJoin(isaAccounts, eq(isaAccounts.accountId, accounts.id))
    .orderBy(asc(accounts.createdAt), asc(accounts.id))
    .prepare('isa_allowance'),
);

export type IsaAllowanceRow = {
  id: string;
  name: string;
  accountType: string;
  isaType: IsaRecordRow['isaType'] | null;
  fundingType: IsaRecordRow['fundingType'] | null;
  isFlexible: boolean | null;
  maturityDate: string | null;
  transferStatus: string | null;
  transferStartedOn: string | null;
  transferExpectedSlaDays: number | null;
  jisaChildName: string | null;
  transactions: IsaTransaction[];
};

/** The user's ISA-typed accounts with their tax-year movements, and their date of birth. */
export async function readIsaAllowanceRows(
  tx: Tx,
  forUserId: string,
  range: { firstDay: CalendarDate; lastDay: CalendarDate },
): Promise<{ accounts: IsaAllowanceRow[]; dateOfBirth: CalendarDate | null }> {
  const rows = await allowanceStatement(tx).execute({ userId: forUserId, ...range });
  return {
    accounts: rows
      .filter((row) => row.id !== null)
      .map((row) => ({ ...(row as IsaAllowanceRow), transactions: row.transactions ?? [] })),
    dateOfBirth: rows[0]?.dateOfBirth ?? null,
  };
}
