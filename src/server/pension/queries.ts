/**
 * The pension records' reads and writes (issue 15, 001 §7 "ISA and pension records"). Every query
 * names the signed-in user in its WHERE clause as well as by row-level security (an admin's
 * request would see everyone's rows).
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import type { DrawdownEventType, PensionRecordInput } from '../../core/pension/pension-record.ts';
import type { PensionTransferStatus } from '../../core/pension/scheme-types.ts';
import type { SchemeType } from '../../core/reference-data/spec-mapping.ts';
import type { Tx } from '../db/client.ts';
import { preparedPerConnection } from '../db/prepared.ts';
import {
  accounts,
  isLiveAccount,
  pensionAccounts,
  pensionContributions,
  pensionDrawdownEvents,
  pensionProviders,
  pensionTransfers,
  profiles,
} from '../db/schema/index.ts';

const providerColumns = {
  id: pensionProviders.id,
  providerDisplayName: pensionProviders.providerDisplayName,
  legalEntityName: pensionProviders.legalEntityName,
  regulator: pensionProviders.regulator,
  frn: pensionProviders.frn,
  category: pensionProviders.category,
  coverageTag: pensionProviders.coverageTag,
  typicalSchemeType: pensionProviders.typicalSchemeType,
  protectionBasis: pensionProviders.protectionBasis,
  displayMessage: pensionProviders.displayMessage,
  userMessage: pensionProviders.userMessage,
  warnUserLevel: pensionProviders.warnUserLevel,
  confidenceScore: pensionProviders.confidenceScore,
  isActive: pensionProviders.isActive,
};

export type PensionProviderRow = {
  id: string;
  providerDisplayName: string;
  legalEntityName: string;
  regulator: string;
  frn: string | null;
  category: string;
  coverageTag: string;
  typicalSchemeType: string | null;
  protectionBasis: string;
  displayMessage: string | null;
  userMessage: string | null;
  warnUserLevel: string;
  confidenceScore: number;
  isActive: boolean;
};

const recordColumns = {
  providerId: pensionAccounts.providerId,
  schemeType: pensionAccounts.schemeType,
  policyReference: pensionAccounts.policyReference,
  employerLink: pensionAccounts.employerLink,
  employerName: pensionAccounts.employerName,
  employerContributionPolicy: pensionAccounts.employerContributionPolicy,
  taxReliefMethod: pensionAccounts.taxReliefMethod,
  annualAllowancePence: pensionAccounts.annualAllowancePence,
  thresholdIncomePence: pensionAccounts.thresholdIncomePence,
  adjustedIncomePence: pensionAccounts.adjustedIncomePence,
  flexibleAccessOn: pensionAccounts.flexibleAccessOn,
  crystallised: pensionAccounts.crystallised,
  crystallisedMethod: pensionAccounts.crystallisedMethod,
  pclsTakenPence: pensionAccounts.pclsTakenPence,
  pclsRemainingPence: pensionAccounts.pclsRemainingPence,
  accessAge: pensionAccounts.accessAge,
  transferSlaDays: pensionAccounts.transferSlaDays,
  protectionCategory: pensionAccounts.protectionCategory,
  ruleVersion: pensionAccounts.ruleVersion,
  updatedAt: pensionAccounts.updatedAt,
};

export type PensionRecordRow = {
  [K in keyof typeof recordColumns]: (typeof pensionAccounts.$inferSelect)[K];
};

export type ContributionRow = {
  id: string;
  accountId: string;
  taxYear: number;
  employeePence: number;
  employerPence: number;
  schemeType: SchemeType | null;
  updatedAt: string;
};
export type DrawdownRow = {
  id: string;
  accountId: string;
  eventDate: CalendarDate;
  eventType: DrawdownEventType;
  amountPence: number;
  notes: string | null;
};
export type TransferRow = {
  id: string;
  status: PensionTransferStatus;
  startedAt: string;
  lastUpdateAt: string;
  completedAt: string | null;
  notes: string | null;
};

export type PensionAccountView = {
  account: { id: string; name: string; accountType: string };
  record: PensionRecordRow | null;
  provider: PensionProviderRow | null;
  /** Every contribution of the user's pensions (the allowance is the person's), tax year descending. */
  contributions: ContributionRow[];
  /** Every drawdown event of the user's pensions (flexible access is the person's), newest first. */
  drawdowns: DrawdownRow[];
  /** This account's transfers, newest first. */
  transfers: TransferRow[];
  /** The other pension records' flexible access days. */
  flexibleAccessDays: CalendarDate[];
  /** The highest incomes any of the user's pension records gives. */
  thresholdIncomePence: number | null;
  adjustedIncomePence: number | null;
  dateOfBirth: CalendarDate | null;
};

/**
 * The columns of a pension account's view (`PensionAccountView`) for the user `u` (a value or a
 * placeholder): the record, the provider, this account's transfers, and the user's pension
 * contributions, drawdown events, flexible access days, incomes and date of birth. Selected from
 * `accounts` left-joined to its record and provider (`pensionAccountsFrom`).
 */
function pensionViewColumns(u: SQL) {
  return {
    account: { id: accounts.id, name: accounts.name, accountType: accounts.accountType },
    record: recordColumns,
    provider: providerColumns,
    contributions: sql<ContributionRow[] | null>`(
        select json_agg(json_build_object('id', c.id, 'accountId', c.account_id, 'taxYear', c.tax_year,
          'employeePence', c.employee_pence, 'employerPence', c.employer_pence, 'schemeType', p.scheme_type,
          'updatedAt', c.updated_at) order by c.tax_year desc, c.account_id)
          from ${pensionContributions} c left join ${pensionAccounts} p on p.account_id = c.account_id
          where c.user_id = ${u})`,
    drawdowns: sql<DrawdownRow[] | null>`(
        select json_agg(json_build_object('id', d.id, 'accountId', d.account_id, 'eventDate', d.event_date,
          'eventType', d.event_type, 'amountPence', d.amount_pence, 'notes', d.notes) order by d.event_date desc, d.created_at desc)
          from ${pensionDrawdownEvents} d where d.user_id = ${u})`,
    transfers: sql<TransferRow[] | null>`(
        select json_agg(json_build_object('id', t.id, 'status', t.status, 'startedAt', t.started_at,
          'lastUpdateAt', t.last_update_at, 'completedAt', t.completed_at, 'notes', t.notes) order by t.started_at desc, t.id)
          from ${pensionTransfers} t where t.account_id = ${accounts.id} and t.user_id = ${u})`,
    others: sql<{ f: CalendarDate | null; ti: number | null; ai: number | null } | null>`(
        select json_build_object('f', min(o.flexible_access_on), 'ti', max(o.threshold_income_pence), 'ai', max(o.adjusted_income_pence))
          from ${pensionAccounts} o where o.user_id = ${u})`,
    dateOfBirth: sql<
      string | null
    >`(select ${profiles.dateOfBirth}::text from ${profiles} where ${profiles.id} = ${u})`,
  };
}

type PensionViewRow = {
  [K in keyof ReturnType<typeof pensionViewColumns>]: ReturnType<typeof pensionViewColumns>[K] extends SQL<infer T>
    ? T
    : unknown;
};

function pensionAccountsFrom(tx: Tx, u: SQL) {
  return tx
    .select(pensionViewColumns(u))
    .from(accounts)
    .leftJoin(pensionAccounts, eq(pensionAccounts.accountId, accounts.id))
    .leftJoin(pensionProviders, eq(pensionProviders.id, pensionAccounts.providerId));
}

function pensionViewOf(row: PensionViewRow & Pick<PensionAccountView, 'account'>): PensionAccountView {
  const others = row.others;
  return {
    account: row.account,
    // drizzle gives a left join's object as null when all of its columns are null.
    record: (row.record as PensionRecordRow | null)?.providerId ? (row.record as PensionRecordRow) : null,
    provider: (row.provider as PensionProviderRow | null)?.id ? (row.provider as PensionProviderRow) : null,
    contributions: (row.contributions ?? []).map((c) => ({
      ...c,
      employeePence: Number(c.employeePence),
      employerPence: Number(c.employerPence),
    })),
    drawdowns: (row.drawdowns ?? []).map((d) => ({ ...d, amountPence: Number(d.amountPence) })),
    transfers: row.transfers ?? [],
    flexibleAccessDays: others?.f ? [others.f] : [],
    thresholdIncomePence: others?.ti == null ? null : Number(others.ti),
    adjustedIncomePence: others?.ai == null ? null : Number(others.ai),
    dateOfBirth: row.dateOfBirth,
  };
}

/**
 * One of the user's accounts with its pension view (null: not the user's account). One
 * statement, however many rows hang off it.
 */
export async function findPensionAccount(
  tx: Tx,
  forUserId: string,
  accountId: string,
): Promise<PensionAccountView | null> {
  const [row] = await pensionAccountsFrom(tx, sql`${forUserId}`).where(
    and(eq(accounts.id, accountId), eq(accounts.userId, forUserId), isLiveAccount),
  );
  return row ? pensionViewOf(row) : null;
}

/**
 * Every pension of the user (an account with a pension record, transfer, drawdown event or
 * contribution: only pension accounts have them) with its view, in one statement prepared once
 * per connection: the notifications' read (ADR 0035). A pension with none of them has no alert
 * of its own; the saver's MPAA and taper come with the pension whose record or event gives them.
 */
const userPensionsStatement = preparedPerConnection((tx) => {
  const u = sql`${sql.placeholder('userId')}`;
  const has = (table: SQL) =>
    sql`exists (select 1 from ${table} x where x.account_id = ${accounts.id} and x.user_id = ${u})`;
  return pensionAccountsFrom(tx, u)
    .where(
      and(
        eq(accounts.userId, sql.placeholder('userId')),
        isLiveAccount,
        sql`(${pensionAccounts.accountId} is not null or ${has(sql`${pensionTransfers}`)}
          or ${has(sql`${pensionDrawdownEvents}`)} or ${has(sql`${pensionContributions}`)})`,
      ),
    )
    .orderBy(accounts.name, accounts.id)
    .prepare('user_pensions');
});

export async function readUserPensions(tx: Tx, forUserId: string): Promise<PensionAccountView[]> {
  const rows = await userPensionsStatement(tx).execute({ userId: forUserId });
  return rows.map(pensionViewOf);
}

/** A pension provider by id, active or not, or null. */
export async function findPensionProvider(tx: Tx, providerId: string): Promise<PensionProviderRow | null> {
  const [row] = await tx.select(providerColumns).from(pensionProviders).where(eq(pensionProviders.id, providerId));
  return row ?? null;
}

/** The provider holds the money: the account's bank is its name, with no bank reference beside it. */
async function setAccountBank(tx: Tx, forUserId: string, accountId: string, provider: PensionProviderRow) {
  await tx
    .update(accounts)
    .set({ bank: provider.providerDisplayName, bankId: null, bankingGroupId: null, updatedAt: sql`now()` })
    .where(and(eq(accounts.id, accountId), eq(accounts.userId, forUserId)));
}

export type PensionRecordWrite = Omit<PensionRecordInput, 'providerId'> & {
  protectionCategory: PensionRecordRow['protectionCategory'];
};

/** Saves the whole record (insert or replace) and sets the account's bank to the provider, in the request's transaction. */
export async function savePensionRecord(
  tx: Tx,
  forUserId: string,
  accountId: string,
  provider: PensionProviderRow,
  values: PensionRecordWrite,
): Promise<void> {
  await tx
    .insert(pensionAccounts)
    .values({ ...values, accountId, userId: forUserId, providerId: provider.id })
    .onConflictDoUpdate({
      target: pensionAccounts.accountId,
      set: { ...values, providerId: provider.id, updatedAt: sql`now()` },
    });
  await setAccountBank(tx, forUserId, accountId, provider);
}

/**
 * Changes only the provider (the card's selector): a new record takes the defaults with
 * `insert`'s scheme type and category; an existing one keeps its scheme type and takes `update`'s category.
 */
export async function savePensionProvider(
  tx: Tx,
  forUserId: string,
  accountId: string,
  provider: PensionProviderRow,
  insert: Pick<PensionRecordWrite, 'schemeType' | 'protectionCategory'>,
  update: Pick<PensionRecordWrite, 'protectionCategory'>,
): Promise<void> {
  await tx
    .insert(pensionAccounts)
    .values({ ...insert, accountId, userId: forUserId, providerId: provider.id })
    .onConflictDoUpdate({
      target: pensionAccounts.accountId,
      set: { providerId: provider.id, protectionCategory: update.protectionCategory, updatedAt: sql`now()` },
    });
  await setAccountBank(tx, forUserId, accountId, provider);
}

/** Records a tax year's contributions, replacing any already recorded for the account and year. */
export async function upsertContribution(
  tx: Tx,
  forUserId: string,
  accountId: string,
  values: { taxYear: number; employeePence: number; employerPence: number },
): Promise<void> {
  await tx
    .insert(pensionContributions)
    .values({ ...values, accountId, userId: forUserId })
    .onConflictDoUpdate({
      target: [pensionContributions.accountId, pensionContributions.taxYear],
      set: { employeePence: values.employeePence, employerPence: values.employerPence, updatedAt: sql`now()` },
    });
}

export async function insertDrawdown(
  tx: Tx,
  forUserId: string,
  accountId: string,
  values: { eventDate: CalendarDate; eventType: DrawdownEventType; amountPence: number; notes: string | null },
): Promise<void> {
  await tx.insert(pensionDrawdownEvents).values({ ...values, accountId, userId: forUserId });
}

export async function insertTransfer(
  tx: Tx,
  forUserId: string,
  accountId: string,
  notes: string | null,
  now: Date,
): Promise<string> {
  const [row] = await tx
    .insert(pensionTransfers)
    .values({ accountId, userId: forUserId, notes, startedAt: now, lastUpdateAt: now })
    .returning({ id: pensionTransfers.id });
  return row!.id;
}

/**
 * Sets a transfer's status: stamps the last update time and the notes, and the completion time
 * when complete (cleared otherwise). False when the transfer is not this account's.
 */
export async function updateTransferStatus(
  tx: Tx,
  forUserId: string,
  accountId: string,
  transferId: string,
  change: { status: PensionTransferStatus; notes?: string | null | undefined },
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(pensionTransfers)
    .set({
      status: change.status,
      lastUpdateAt: now,
      completedAt: change.status === 'complete' ? now : null,
      ...(change.notes === undefined ? {} : { notes: change.notes }),
    })
    .where(
      and(
        eq(pensionTransfers.id, transferId),
        eq(pensionTransfers.accountId, accountId),
        eq(pensionTransfers.userId, forUserId),
      ),
    )
    .returning({ id: pensionTransfers.id });
  return rows.length > 0;
}
