/**
 * Standing order processing (001 §9): every occurrence due up to today and not yet paid becomes
 * one deposit, at most 50 per order per run. 'Process Now' runs it for one account; the scheduled job
 * (jobs.ts) for every account with an active order.
 *
 * Exactly once, however many runs meet (two tabs, two app instances, the job): each payment row
 * carries (standing_order_id, occurrence_date), unique together, and is inserted with
 * ON CONFLICT DO NOTHING, so a second insert of the same occurrence is a no-op and only rows
 * really inserted are counted. Each run also locks the account rows it processes (in id order)
 * until it commits (the scheduled job commits batch by batch), so runs on the same account queue
 * behind each other and the second reads the first's payments before working out what is due:
 * its count and its cap warnings are then right too. The balance follows from the database's
 * triggers; nothing here writes it.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import { paymentNotes } from '../../core/standing-orders/payment-notes.ts';
import { duePayments, type StandingOrderFrequency } from '../../core/standing-orders/schedule.ts';
import { capWarning } from '../../core/standing-orders/text.ts';
import { publishAccountChanged } from '../accounts/account-events.ts';
import type { Tx } from '../db/client.ts';
import { rowsOf } from '../db/rls.ts';

export type ProcessResult = {
  /** Payments added by this run (not those another run added first). */
  processed: number;
  /** One per order that hit the 50-payment cap, naming it and the counts. */
  warnings: string[];
  /** The accounts that gained payments, by owner. */
  changed: Map<string, string[]>;
};

type DueOrderRow = {
  id: string;
  account_id: string;
  user_id: string;
  payee_name: string;
  amount_pence: number | string;
  frequency: StandingOrderFrequency;
  start_date: string;
  end_date: string | null;
  payment_day: number | null;
  max_payments: number | null;
  first_payment_amount_pence: number | string | null;
  last_paid: string | null;
};

/** One order's payments for the insert: ids and notes once, then the dates and amounts side by side. */
type OrderPayments = { o: string; a: string; u: string; n: string; d: CalendarDate[]; p: number[] };

/** JSON text for a `json` parameter: one parameter however many values (PGlite and PostgreSQL alike). */
const asJson = (value: unknown) => sql`${JSON.stringify(value)}::json`;

/**
 * `column` is one of these ids, as one array probed in the column's index: as a set from the JSON,
 * the planner took any list for a hundred rows and scanned the whole table (process-reads.test.ts).
 */
const isOneOf = (column: SQL, ids: readonly string[]) =>
  sql`${column} = any (array(select value::uuid from json_array_elements_text(${asJson(ids)})))`;

/** The active orders of these (already locked) accounts that may have something due, and the last occurrence each has paid. */
async function loadOrders(tx: Tx, accountIds: readonly string[], today: CalendarDate): Promise<DueOrderRow[]> {
  return rowsOf<DueOrderRow>(
    await tx.execute(sql`
      select so.id, so.account_id, so.user_id, so.payee_name, so.amount_pence, so.frequency,
        so.start_date::text as start_date, so.end_date::text as end_date, so.payment_day, so.max_payments,
        so.first_payment_amount_pence,
        (select max(t.occurrence_date) from transactions t where t.standing_order_id = so.id)::text as last_paid
      from standing_orders so
      where ${isOneOf(sql`so.account_id`, accountIds)}
        and so.is_active and so.start_date <= ${today}::date
      order by so.account_id, so.id`),
  );
}

/**
 * Inserts the payments in one statement; returns how many rows each account really gained (a
 * payment another run made first is skipped by ON CONFLICT and not counted). The accounts are
 * locked by the caller, so two runs never insert for the same account at once.
 */
async function insertPayments(
  tx: Tx,
  orders: readonly OrderPayments[],
): Promise<{ account_id: string; user_id: string; inserted: number }[]> {
  if (orders.length === 0) return [];
  return rowsOf(
    await tx.execute(sql`
      with inserted as (
        insert into transactions (account_id, user_id, amount_pence, date, type, notes, standing_order_id, occurrence_date)
        select r.a, r.u, x.p, x.d, 'deposit', r.n, r.o, x.d
        from json_to_recordset(${asJson(orders)}) as r(o uuid, a uuid, u text, n text, d date[], p bigint[])
          cross join lateral unnest(r.d, r.p) as x(d, p)
        on conflict (standing_order_id, occurrence_date) do nothing
        returning account_id, user_id)
      select account_id, user_id, count(*)::int as inserted from inserted group by account_id, user_id`),
  );
}

/** Works out and inserts what is due on accounts this transaction has locked. */
export async function processLockedAccounts(
  tx: Tx,
  accountIds: readonly string[],
  today: CalendarDate,
): Promise<ProcessResult> {
  const result: ProcessResult = { processed: 0, warnings: [], changed: new Map() };
  if (accountIds.length === 0) return result;
  const payments: OrderPayments[] = [];
  for (const row of await loadOrders(tx, accountIds, today)) {
    const order = {
      frequency: row.frequency,
      startDate: row.start_date,
      endDate: row.end_date,
      paymentDay: row.payment_day,
      maxPayments: row.max_payments,
      amountPence: Number(row.amount_pence),
      firstPaymentAmountPence: row.first_payment_amount_pence === null ? null : Number(row.first_payment_amount_pence),
    };
    const due = duePayments(order, { today, lastPaidDate: row.last_paid });
    if (due.payments.length === 0) continue;
    payments.push({
      o: row.id,
      a: row.account_id,
      u: row.user_id,
      n: paymentNotes(row.payee_name, row.id),
      d: due.payments.map((p) => p.occurrenceDate),
      p: due.payments.map((p) => p.amountPence),
    });
    if (due.capped) result.warnings.push(capWarning(order, due.payments.length, due.overdueCount));
  }
  for (const { account_id, user_id, inserted } of await insertPayments(tx, payments)) {
    result.processed += Number(inserted);
    result.changed.set(user_id, [...(result.changed.get(user_id) ?? []), account_id]);
  }
  return result;
}

// A realtime payload must stay small (realtime/hub.ts): name at most this many accounts per event.
const ACCOUNTS_PER_EVENT = 25;

/**
 * Tells each owner's open tabs which of their accounts gained payments. The events are sent
 * together: on PostgreSQL the connection pipelines them (db/client.ts), so a batch of a thousand
 * owners costs about one round trip, not a thousand.
 */
export async function publishChanged(tx: Tx, changed: ProcessResult['changed']): Promise<void> {
  const events: Promise<void>[] = [];
  for (const [userId, accountIds] of changed) {
    for (let i = 0; i < accountIds.length; i += ACCOUNTS_PER_EVENT) {
      events.push(publishAccountChanged(tx, userId, accountIds.slice(i, i + ACCOUNTS_PER_EVENT)));
    }
  }
  await Promise.all(events);
}

/**
 * 'Process Now' for one of the user's accounts: null when the user has no such account. Locks the
 * account first, so a second run on it (another tab, another instance, the job) waits for this
 * one and then finds its payments made.
 */
export async function processAccount(
  tx: Tx,
  { userId, accountId, today }: { userId: string; accountId: string; today: CalendarDate },
): Promise<Omit<ProcessResult, 'changed'> | null> {
  const locked = rowsOf(
    await tx.execute(
      sql`select id from accounts where id = ${accountId}::uuid and user_id = ${userId} and archived_at is null for update`,
    ),
  );
  if (locked.length === 0) return null;
  const { processed, warnings, changed } = await processLockedAccounts(tx, [accountId], today);
  await publishChanged(tx, changed);
  return { processed, warnings };
}

/** How many accounts one step of the scheduled run locks, processes and commits. */
export const ACCOUNTS_PER_BATCH = 500;

/** Runs one batch in a transaction of its own and commits it (the job runner's `step`). */
export type InOwnTransaction = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

type BatchResult = Omit<ProcessResult, 'changed'> & { accounts: number; lastCandidate: string };

/** The next batch after `after`: its accounts locked (in id order), their due payments added, their owners told. Null when none is left. */
async function processNextBatch(
  tx: Tx,
  { today, after, batchSize }: { today: CalendarDate; after: string; batchSize: number },
): Promise<BatchResult | null> {
  const candidates = rowsOf<{ account_id: string }>(
    await tx.execute(sql`
      select distinct so.account_id from standing_orders so
      where so.is_active and so.start_date <= ${today}::date and so.account_id > ${after}::uuid
      order by so.account_id limit ${batchSize}`),
  ).map((r) => r.account_id);
  if (candidates.length === 0) return null;
  const batch = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select id from accounts where ${isOneOf(sql`id`, candidates)}
        and archived_at is null
      order by id for update`),
  ).map((r) => r.id);
  const { processed, warnings, changed } = await processLockedAccounts(tx, batch, today);
  await publishChanged(tx, changed);
  return { processed, warnings, accounts: batch.length, lastCandidate: candidates.at(-1)! };
}

/**
 * The scheduled run over every user's accounts with an active order that has started: batches
 * of accounts in id order (each batch locked in that order, so it never deadlocks with 'Process
 * Now' or another run), a few set-based statements per batch however many payments it adds.
 * Each batch commits on its own (docs/decisions/0019): its accounts are locked only while it
 * runs, and a failure in a later batch keeps the earlier ones' payments. Repeating a batch is
 * safe: it adds only what is still due, and the unique occurrence keeps each payment once.
 */
export async function processAllAccounts(
  inOwnTransaction: InOwnTransaction,
  { today, batchSize = ACCOUNTS_PER_BATCH }: { today: CalendarDate; batchSize?: number },
): Promise<Omit<ProcessResult, 'changed'> & { accounts: number }> {
  const total = { processed: 0, warnings: [] as string[], accounts: 0 };
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const from = after;
    const batch = await inOwnTransaction((tx) => processNextBatch(tx, { today, after: from, batchSize }));
    if (batch === null) break;
    after = batch.lastCandidate;
    total.processed += batch.processed;
    total.warnings.push(...batch.warnings);
    total.accounts += batch.accounts;
  }
  return total;
}
