/**
 * Account term rows (001 §7 "Terms": select by account oldest first, insert, update with
 * updated_at, delete). Every query names the signed-in user's id as well as row-level security
 * binding it: an admin's request sees every row through RLS, and "my terms" must still mean the
 * caller's own.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import type { TermEvent } from '../../core/terms/events.ts';
import type { TermFields } from '../../core/terms/term-schema.ts';
import type { TermType } from '../../core/terms/templates.ts';
import type { FactTransaction } from '../../core/terms/status.ts';
import { balanceColumnsOf, balanceOnDaySql } from '../balance/balance-on-day-sql.ts';
import type { Tx } from '../db/client.ts';
import { rowsOf } from '../db/rls.ts';
import { accounts, isLiveAccount, accountTerms } from '../db/schema/index.ts';

/** A term as stored, with its times as ISO text. */
export type TermRow = {
  id: string;
  accountId: string;
  termType: TermType;
  label: string;
  inputs: unknown;
  historicalEvents: unknown;
  notificationsEnabled: boolean;
  notes: string | null;
  inputsSavedOn: CalendarDate;
  createdAt: string;
  updatedAt: string;
};

/** What the card's statuses need to know about the account, and its terms. */
export type AccountTermsRead = {
  accountType: string;
  openedOn: CalendarDate | null;
  balancePence: number;
  terms: TermRow[];
  /** The account's deposits and withdrawals from `since` (or the terms' own earliest start). */
  transactions: FactTransaction[];
};

type RawRead = {
  account_id: string;
  account_name: string;
  account_type: string;
  opened_on: string | null;
  balance_pence: number | string;
  terms: TermRow[] | string | null;
  transactions: [string, 'deposit' | 'withdrawal', number][] | string | null;
};

const parsed = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

/**
 * The user's accounts that `accountFilter` picks (a condition on `a`), each with its terms (oldest
 * first) and the deposits and withdrawals their statuses read, however many terms there are: the
 * transactions from the earlier of `since` (12 months before today: every period that moves with
 * today starts after it) and the terms' own fixed starts (`tracked_from`), read by the
 * account-and-date index, and only when the account has a term. Columns as `RawRead`.
 */
export function termAccountsSelect(
  userId: string | SQL,
  since: CalendarDate | SQL,
  today: CalendarDate | SQL,
  accountFilter: SQL,
): SQL {
  // The balance is money today: entries dated after it are scheduled (ADR 0044).
  return sql`
      select a.id as account_id, a.name as account_name, a.account_type, a.date_opened::text as opened_on,
        ${balanceOnDaySql(balanceColumnsOf('a'), today)} as balance_pence,
        (select json_agg(json_build_object(
            'id', t.id, 'accountId', t.account_id, 'termType', t.term_type, 'label', t.label,
            'inputs', t.inputs, 'historicalEvents', t.historical_events,
            'notificationsEnabled', t.notifications_enabled, 'notes', t.notes,
            'inputsSavedOn', t.inputs_saved_on::text,
            'createdAt', t.created_at, 'updatedAt', t.updated_at
          ) order by t.created_at, t.id)
          from account_terms t where t.account_id = a.id and t.user_id = ${userId}) as terms,
        (select json_agg(json_build_array(x.date::text, x.type, x.amount_pence))
          from transactions x
          where x.account_id = a.id and x.user_id = ${userId} and x.type in ('deposit', 'withdrawal')
            and exists (select 1 from account_terms e where e.account_id = a.id and e.user_id = ${userId})
            and x.date >= least(${since}::date,
              (select min(f.tracked_from) from account_terms f where f.account_id = a.id and f.user_id = ${userId}))
        ) as transactions
      from accounts a where a.user_id = ${userId} and a.archived_at is null and ${accountFilter}`;
}

/** An account's row of `termAccountsSelect`, read. */
export function termAccountsRead(row: RawRead): AccountTermsRead & { accountId: string; accountName: string } {
  const terms = parsed(row.terms) ?? [];
  return {
    accountId: row.account_id,
    accountName: row.account_name,
    accountType: row.account_type,
    openedOn: row.opened_on,
    balancePence: Number(row.balance_pence),
    terms: terms.map((t) => ({
      ...t,
      createdAt: new Date(t.createdAt).toISOString(),
      updatedAt: new Date(t.updatedAt).toISOString(),
    })),
    transactions: (parsed(row.transactions) ?? []).map(([date, type, amountPence]) => ({
      date,
      type,
      amountPence: Number(amountPence),
    })),
  };
}

export type TermAccountRow = RawRead;

/** The account, its terms and the transactions they read (`termAccountsSelect`); null when the user has no such account. */
export async function readAccountTerms(
  tx: Tx,
  { userId, accountId, since, today }: { userId: string; accountId: string; since: CalendarDate; today: CalendarDate },
): Promise<AccountTermsRead | null> {
  const [row] = rowsOf<RawRead>(await tx.execute(termAccountsSelect(userId, since, today, sql`a.id = ${accountId}`)));
  return row ? termAccountsRead(row) : null;
}

/** The account's type, or null when the user has no such account. */
export async function findAccountType(
  tx: Tx,
  { userId, accountId }: { userId: string; accountId: string },
): Promise<string | null> {
  const [row] = await tx
    .select({ accountType: accounts.accountType })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.userId, userId), isLiveAccount));
  return row?.accountType ?? null;
}

/** A term of the user's with its account's type (for an edit's check), or null. */
export async function findTermForWrite(
  tx: Tx,
  { userId, id }: { userId: string; id: string },
): Promise<{ accountId: string; termType: TermType; inputs: unknown; accountType: string } | null> {
  const [row] = await tx
    .select({
      accountId: accountTerms.accountId,
      termType: accountTerms.termType,
      inputs: accountTerms.inputs,
      accountType: accounts.accountType,
    })
    .from(accountTerms)
    .innerJoin(accounts, and(eq(accounts.id, accountTerms.accountId), isLiveAccount))
    .where(and(eq(accountTerms.id, id), eq(accountTerms.userId, userId)))
    // Mark deposited reads the inputs and appends: two at once must both land.
    .for('update', { of: accountTerms });
  return row ?? null;
}

type SavedFields = { term: TermFields; trackedFrom: CalendarDate | null; savedOn: CalendarDate };

const fieldsOf = ({ term, trackedFrom, savedOn }: SavedFields) => ({
  termType: term.termType,
  label: term.label,
  inputs: term.inputs as Record<string, unknown>,
  notes: term.notes,
  notificationsEnabled: term.notificationsEnabled,
  trackedFrom,
  inputsSavedOn: savedOn,
});

export async function insertTerm(
  tx: Tx,
  { userId, accountId, ...saved }: SavedFields & { userId: string; accountId: string },
): Promise<string> {
  const [row] = await tx
    .insert(accountTerms)
    .values({ ...fieldsOf(saved), userId, accountId })
    .returning({ id: accountTerms.id });
  return row!.id;
}

/** Saves the whole dialog; the term's events stay. */
export async function updateTerm(tx: Tx, { userId, id, ...saved }: SavedFields & { userId: string; id: string }) {
  await tx
    .update(accountTerms)
    .set({ ...fieldsOf(saved), updatedAt: sql`now()` })
    .where(and(eq(accountTerms.id, id), eq(accountTerms.userId, userId)));
}

/** The most events a term keeps (the table's check): the oldest go first. */
export const MAX_STORED_EVENTS = 1000;

/** Adds an event at the end of the term's list, dropping the oldest beyond the limit. */
export async function appendTermEvent(tx: Tx, { userId, id, event }: { userId: string; id: string; event: TermEvent }) {
  const appended = sql`${accountTerms.historicalEvents} || jsonb_build_array(${JSON.stringify(event)}::jsonb)`;
  await tx
    .update(accountTerms)
    .set({
      historicalEvents: sql`case when jsonb_array_length(${appended}) > ${MAX_STORED_EVENTS}
        then jsonb_path_query_array(${appended}, ${`$[last - ${MAX_STORED_EVENTS - 1} to last]`}::jsonpath)
        else ${appended} end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(accountTerms.id, id), eq(accountTerms.userId, userId)));
}

/** The notifications switch; returns the term's account, or null when the user has no such term. */
export async function setTermNotifications(
  tx: Tx,
  { userId, id, enabled }: { userId: string; id: string; enabled: boolean },
): Promise<string | null> {
  const [row] = await tx
    .update(accountTerms)
    .set({ notificationsEnabled: enabled, updatedAt: sql`now()` })
    .where(and(eq(accountTerms.id, id), eq(accountTerms.userId, userId)))
    .returning({ accountId: accountTerms.accountId });
  return row?.accountId ?? null;
}

/** Deletes the term with its events; returns its account, or null when the user has no such term. */
export async function deleteTerm(tx: Tx, { userId, id }: { userId: string; id: string }): Promise<string | null> {
  const [row] = await tx
    .delete(accountTerms)
    .where(and(eq(accountTerms.id, id), eq(accountTerms.userId, userId)))
    .returning({ accountId: accountTerms.accountId });
  return row?.accountId ?? null;
}
