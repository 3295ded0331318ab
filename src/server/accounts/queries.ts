/**
 * The account area's reads and writes. Hot reads are named prepared statements, built once per
 * pooled connection (PostgreSQL parses and plans each once per connection), and every query is
 * scoped to the signed-in user by its WHERE clause as well as by row-level security: on an admin
 * route RLS would show an admin everyone's rows.
 */
import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import type { PensionProtection, ProtectionBank } from '../../core/accounts/account-protection.ts';
import type { TermLengthUnit } from '../../core/accounts/account-schema.ts';
import { maturityDate } from '../../core/terms/maturity.ts';
import type { CoverageTag } from '../../core/reference-data/spec-mapping.ts';
import type { DepositLimitOverride } from '../../core/protection/limits.ts';
import type { LifeEvent, TemporaryHighBalance } from '../../core/protection/types.ts';
import { jsonObject } from '../db/json-object.ts';
import { named, preparedPerConnection, rawRows, ONE_ROW } from '../db/prepared.ts';
import { balanceOnDaySql } from '../balance/balance-on-day-sql.ts';
import type { Tx } from '../db/client.ts';
import {
  accounts,
  accountTerms,
  accountTypes,
  appSettings,
  bankingGroups,
  bankReferences,
  isaAccounts,
  isaProviders,
  isLiveAccount,
  pensionAccounts,
  pensionProviders,
  transactions,
  userSettings,
} from '../db/schema/index.ts';
import { FSCS_PROTECTION_SETTING, depositLimitOverrideOf } from '../reference/queries.ts';
import { timeOrderedId } from '../transactions/time-ordered-id.ts';
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
  const licence = jsonObject({
    ...(withId ? { id: table.id } : {}),
    bankName: table.bankName,
    legalName: table.bankingGroupName,
    frn: table.bankFrn,
  });
  return sql`case when ${table.id} is null then null else ${licence} end`;
}

const a = getTableColumns(accounts);

/**
 * What the account holds on the UK today (ADR 0044): entries dated after it are scheduled, not
 * money today. The stored balance counts every entry; `balanceOnDaySql` answers it when nothing
 * is dated after the day, else core's `balanceOnDay` on the day (`account_balance_on`, migration 0036).
 */
const balanceToday = balanceOnDaySql(a, sql.placeholder('today'));

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
  balancePence: balanceToday,
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
  licence: licenceJson(bank, false),
  platformBank: licenceJson(platformBank, true),
  protection: sql`null`,
});

const fullAccountId = sql.placeholder('fullAccountId');

/** A joined bank's licence and protection facts as plain columns, `prefix`ed (all null when none is joined). */
function bankColumns(table: typeof bank | typeof platformBank, prefix: string) {
  const facts = bankFacts(table);
  return Object.fromEntries(
    Object.entries(facts).map(([key, column]) => [`${prefix}_${key}`, named(column, `${prefix}_${key}`)]),
  );
}

/**
 * The platform account's bank, looked up by its key per account. As a plain join the planner reads
 * every bank reference into a hash (most accounts have no platform bank, so it expects few
 * lookups to cost more): half the statement's time with 100 accounts. `offset 0` keeps the
 * subquery from being flattened back into that join; its columns are the table's, so
 * `platformBank`'s references still name them.
 */
const platformBankLookup = sql`lateral (select ${sql.join(
  [...Object.values(bankFacts(bankReferences)), bankReferences.isActive].map((column) => sql.identifier(column.name)),
  sql`, `,
)} from ${bankReferences} where ${bankReferences.id} = ${accounts.platformBankReferenceId} offset 0) as ${sql.identifier('platform_bank')}`;

/**
 * An ISA's provider as the protection engine sees a bank (all null without one): its name, the
 * deposit taker or firm behind it (a banking-group provider's licence, else the provider's own
 * synthetic group: its FCA reference), its group's type and its protection basis.
 */
const isaProviderColumns = {
  isa_id: named(isaProviders.id, 'isa_id'),
  isa_bankName: named(isaProviders.platformName, 'isa_bankName'),
  isa_legalName: named(sql`coalesce(${isaProviders.bankingGroupName}, ${isaProviders.legalName})`, 'isa_legalName'),
  isa_frn: named(isaProviders.bankingGroupFrn, 'isa_frn'),
  isa_type: named(bankingGroups.type, 'isa_type'),
  isa_protectionBasis: named(isaProviders.protectionBasis, 'isa_protectionBasis'),
  isa_isCrownDependency: named(sql`false`, 'isa_isCrownDependency'),
};

/**
 * A pension's record and its provider (all null without a record), looked up per account like
 * `platformBankLookup` (two primary keys; `offset 0` keeps it a lookup): the provider's name,
 * legal entity and FRN for its licence, and the record's protection category (ADR 0034).
 */
const pensionLookup = sql`lateral (select ${pensionProviders.id} as id, ${pensionProviders.providerDisplayName} as bank_name,
    ${pensionProviders.legalEntityName} as legal_name, ${pensionProviders.frn} as frn, ${pensionAccounts.protectionCategory} as category,
    ${pensionProviders.isActive} as is_active
  from ${pensionAccounts} join ${pensionProviders} on ${pensionProviders.id} = ${pensionAccounts.providerId}
  where ${pensionAccounts.accountId} = ${accounts.id} offset 0) as pension`;

const pensionColumns = {
  pension_id: named(sql`pension.id`, 'pension_id'),
  pension_bankName: named(sql`pension.bank_name`, 'pension_bankName'),
  pension_legalName: named(sql`pension.legal_name`, 'pension_legalName'),
  pension_frn: named(sql`pension.frn`, 'pension_frn'),
  pension_category: named(sql`pension.category`, 'pension_category'),
};

/**
 * Every account of one user with what the list shows and what the protection engine needs of it
 * (protection is judged across all of a user's accounts: brands sharing a licence share one
 * limit), in creation order; the one account `fullAccountId` names (if any) also whole, as JSON;
 * the admin's deposit limit override and the admin's cap on the user's accounts (uncorrelated
 * subqueries: read once). One statement,
 * the accounts list's, the account page's and every save's. Plain columns read raw and mapped by
 * hand: half PostgreSQL's cost of building each row's JSON, and none of drizzle's per-field work.
 */
const listStatement = preparedPerConnection((tx) =>
  tx
    .select({
      id: named(a.id, 'id'),
      name: named(a.name, 'name'),
      bank: named(a.bank, 'bank'),
      accountNumber: named(a.accountNumber, 'account_number'),
      accountType: named(a.accountType, 'account_type'),
      isPlatformAccount: named(a.isPlatformAccount, 'is_platform_account'),
      interestRateBps: named(a.interestRateBps, 'interest_rate_bps'),
      rateType: named(a.rateType, 'rate_type'),
      balancePence: named(balanceToday, 'balance_pence'),
      holders: named(a.holders, 'holders'),
      thbLifeEvent: named(a.thbLifeEvent, 'thb_life_event'),
      thbQualifyingPence: named(a.thbQualifyingPence, 'thb_qualifying_pence'),
      thbCreditedDate: named(a.thbCreditedDate, 'thb_credited_date'),
      ledgerVersion: named(a.ledgerVersion, 'ledger_version'),
      dateOpened: named(a.dateOpened, 'date_opened'),
      termLengthValue: named(a.termLengthValue, 'term_length_value'),
      termLengthUnit: named(a.termLengthUnit, 'term_length_unit'),
      // The end date typed on a fixed-term term (`maturityDate`): one look-up by the account's index.
      fixedTermEndsOn: named(
        sql`(select max(case when jsonb_typeof(t.inputs -> 'termEndDate') = 'string' then t.inputs ->> 'termEndDate' end)
          from ${accountTerms} t where t.account_id = ${a.id} and t.user_id = ${userId} and t.term_type = 'fixed_term')`,
        'fixed_term_ends_on',
      ),
      ...bankColumns(bank, 'bank'),
      ...bankColumns(platformBank, 'platform'),
      ...isaProviderColumns,
      ...pensionColumns,
      // A bank or provider withdrawn from the reference data (cleared, or gone from the source).
      referenceWithdrawn: named(
        sql`coalesce(not ${bank.isActive}, false) or coalesce(not platform_bank.is_active, false)
          or coalesce(not ${isaProviders.isActive}, false) or coalesce(not ${bankingGroups.isActive}, false)
          or coalesce(not pension.is_active, false)`,
        'reference_withdrawn',
      ),
      account: named(sql`case when ${a.id} = ${fullAccountId}::uuid then ${accountJson} end`, 'account'),
      limitOverride: named(
        sql`(select ${appSettings.value} from ${appSettings} where ${appSettings.key} = ${FSCS_PROTECTION_SETTING})`,
        'limit_override',
      ),
      maxAccounts: named(
        sql`(select ${userSettings.maxAccounts} from ${userSettings} where ${userSettings.userId} = ${userId})`,
        'max_accounts',
      ),
    })
    // One row whatever exists: a user without accounts still learns their cap (the row's account columns are null).
    .from(ONE_ROW)
    .leftJoin(accounts, and(eq(accounts.userId, userId), isLiveAccount))
    .leftJoin(bank, eq(bank.id, accounts.bankId))
    .leftJoin(platformBankLookup, sql`true`)
    // An ISA's provider holds its money as a bank does (ADR 0030): two joins on primary keys.
    .leftJoin(isaAccounts, eq(isaAccounts.accountId, accounts.id))
    .leftJoin(isaProviders, eq(isaProviders.id, isaAccounts.providerId))
    .leftJoin(bankingGroups, eq(bankingGroups.id, isaProviders.bankingGroupId))
    .leftJoin(pensionLookup, sql`true`)
    .orderBy(asc(accounts.createdAt), asc(accounts.id))
    .prepare('accounts_list'),
);

type BankFactColumns<P extends string> = {
  [K in keyof BankFactsRow as `${P}_${K}`]: BankFactsRow[K] | null;
};

/** A row of the list statement as the driver gives it (`named` columns). */
type RawAccountRow = {
  /** Null on the one row of a user without accounts. */
  id: string;
  name: string;
  bank: string | null;
  account_number: string;
  account_type: string;
  is_platform_account: boolean;
  interest_rate_bps: number;
  rate_type: string;
  balance_pence: number;
  holders: number;
  thb_life_event: string | null;
  thb_qualifying_pence: number | null;
  thb_credited_date: string | null;
  /** A bigint, as the driver gives it. */
  ledger_version: string;
  date_opened: string | null;
  term_length_value: number | null;
  term_length_unit: string | null;
  fixed_term_ends_on: string | null;
  reference_withdrawn: boolean;
  account: AccountDraft | null;
  limit_override: unknown;
  max_accounts: number | null;
  pension_id: string | null;
  pension_bankName: string | null;
  pension_legalName: string | null;
  pension_frn: string | null;
  pension_category: CoverageTag | null;
} & BankFactColumns<'bank'> &
  BankFactColumns<'platform'> &
  BankFactColumns<'isa'>;

function licenceOf(row: RawAccountRow, prefix: 'bank' | 'platform' | 'isa') {
  return row[`${prefix}_id`] === null
    ? null
    : { bankName: row[`${prefix}_bankName`]!, legalName: row[`${prefix}_legalName`]!, frn: row[`${prefix}_frn`] };
}

function protectionBankOf(row: RawAccountRow, prefix: 'bank' | 'platform' | 'isa'): ProtectionBank | null {
  const licence = licenceOf(row, prefix);
  return (licence && {
    ...licence,
    type: row[`${prefix}_type`]!,
    protectionBasis: row[`${prefix}_protectionBasis`]!,
    isCrownDependency: row[`${prefix}_isCrownDependency`]!,
  }) as ProtectionBank | null;
}

/** The list's item (keys in `AccountListItem`'s order) and the engine's facts of one raw row. */
function listRowOf(row: RawAccountRow): AccountListRow {
  const platform = licenceOf(row, 'platform');
  const maturesOn = maturityDate({
    accountType: row.account_type,
    dateOpened: row.date_opened,
    termLengthValue: row.term_length_value,
    termLengthUnit: row.term_length_unit as TermLengthUnit | null,
    fixedTermEndsOn: row.fixed_term_ends_on,
  });
  return {
    item: {
      id: row.id,
      name: row.name,
      bank: row.bank,
      accountNumber: row.account_number,
      accountType: row.account_type,
      category: null,
      isPlatformAccount: row.is_platform_account,
      interestRateBps: row.interest_rate_bps,
      rateType: row.rate_type,
      balancePence: row.balance_pence,
      licence: licenceOf(row, 'bank'),
      platformBank: platform && { id: row.platform_id!, ...platform },
      protection: null,
      maturityDate: maturesOn,
    },
    // The whole account carries the same maturity as its list item.
    account: row.account && { ...row.account, maturityDate: maturesOn },
    ledgerVersion: row.ledger_version,
    holders: row.holders,
    temporaryHighBalance:
      row.thb_life_event !== null && row.thb_qualifying_pence !== null && row.thb_credited_date !== null
        ? {
            lifeEvent: row.thb_life_event as LifeEvent,
            qualifyingPence: row.thb_qualifying_pence,
            creditedDate: row.thb_credited_date,
          }
        : null,
    // An ISA's provider, once recorded, is where its money is (the ISA card sets the bank's name to it).
    bank: protectionBankOf(row, 'isa') ?? protectionBankOf(row, 'bank'),
    platformBank: protectionBankOf(row, 'platform'),
    referenceWithdrawn: row.reference_withdrawn,
    pension:
      row.pension_id === null
        ? null
        : {
            category: row.pension_category!,
            provider: { bankName: row.pension_bankName!, legalName: row.pension_legalName!, frn: row.pension_frn },
          },
  };
}

export type AccountRow = typeof accounts.$inferSelect;
/** A bank reference's licence and protection facts (a left join: drizzle types each column nullable; the row is all or nothing). */
export type BankFactsRow = {
  id: string;
  bankName: string;
  legalName: string;
  frn: string | null;
  type: string;
  protectionBasis: string;
  isCrownDependency: boolean;
};
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
  /** Bumped by every write to the account's transactions (0021): what was computed from them holds while it is unchanged. */
  ledgerVersion: string;
  holders: number;
  temporaryHighBalance: TemporaryHighBalance | null;
  bank: ProtectionBank | null;
  platformBank: ProtectionBank | null;
  pension: PensionProtection | null;
  /** The bank or provider the account is linked to has left the reference data (ADR 0052). */
  referenceWithdrawn: boolean;
};
/**
 * A user's accounts, the deposit limit their protection is judged against when an admin has
 * overridden it, and an admin's cap on how many accounts they may keep (null: the tier's).
 */
export type UserAccounts = {
  rows: AccountListRow[];
  override: DepositLimitOverride | null;
  maxAccounts: number | null;
};

/**
 * The user's accounts, and `fullAccountId`'s whole (null: none). The statement is handed to the
 * driver before this first awaits, so a caller can send it in one socket write with others (the
 * account page does).
 */
export async function listUserAccounts(
  tx: Tx,
  forUserId: string,
  today: CalendarDate,
  wholeAccountId: string | null = null,
): Promise<UserAccounts> {
  const raw = await rawRows<RawAccountRow>(listStatement(tx), {
    userId: forUserId,
    fullAccountId: wholeAccountId,
    today,
  });
  // Each row also carries the override and the cap; nothing reads them from the rows.
  const first = raw[0];
  return {
    rows: raw.filter((row) => row.id !== null).map(listRowOf),
    override: depositLimitOverrideOf(first?.limit_override),
    maxAccounts: first?.max_accounts ?? null,
  };
}

/**
 * What adding an account needs to check the cap, in one statement: an admin's cap on the user's
 * accounts, and how many accounts the user has.
 */
const contextStatement = preparedPerConnection((tx) =>
  tx
    .select({
      maxAccounts: sql<
        number | null
      >`(select ${userSettings.maxAccounts} from ${userSettings} where ${userSettings.userId} = ${userId})`,
      accountCount: sql<number>`(select count(*)::int from ${accounts} where ${accounts.userId} = ${userId} and ${isLiveAccount})`,
    })
    // One row whatever exists: a user without a settings row still has their accounts counted.
    .from(ONE_ROW)
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
    .where(and(eq(accounts.id, accountId), eq(accounts.userId, forUserId), isLiveAccount))
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
    .select({
      ...bankFacts(bankReferences),
      bankingGroupId: bankReferences.bankingGroupId,
      isActive: bankReferences.isActive,
    })
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

/**
 * The account's starting balance: its first balance statement (ADR 0022). A time-ordered id, as
 * every transaction the app adds has, so it lists in the order it was added among its date's.
 */
export async function insertOpeningBalance(
  tx: Tx,
  forUserId: string,
  accountId: string,
  amountPence: number,
  date: string,
  // A Cash ISA's starting balance paid in this tax year is a deposit (`startingBalanceEntry`).
  type: 'opening_balance' | 'deposit' = 'opening_balance',
): Promise<void> {
  await tx.insert(transactions).values({
    id: timeOrderedId(),
    accountId,
    userId: forUserId,
    amountPence,
    date,
    type,
    notes: 'Starting balance',
  });
}

/** Deletes one of the user's accounts; its transactions and standing orders go with it (foreign keys cascade). */
export async function deleteAccount(tx: Tx, forUserId: string, accountId: string): Promise<boolean> {
  const deleted = await tx
    .delete(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.userId, forUserId), isLiveAccount))
    .returning({ id: accounts.id });
  return deleted.length > 0;
}
