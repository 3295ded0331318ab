/**
 * The dashboard's reads (`GET /api/dashboard`). First the versions its kept answer is keyed by
 * (ADR 0039); when no answer is kept for them, three named statements, whatever the user holds,
 * sent together (node-postgres pipelines them: one round trip on PostgreSQL):
 * - the protection picture's two (`readProtectionRows`: the accounts list's own statement and the
 *   alert dismissals), so the dashboard's figures are the Hub's and the list's; the accounts'
 *   ledger versions in it give the fingerprint the balance line is kept under;
 * - what is coming up and the newest transactions (`dashboard_extras`, below);
 * and, only when the server holds no line for that fingerprint (line-cache.ts), a fourth: the
 * total balance line over 12 months (`readUserLineFrom`, the balance line's own statement with a
 * window).
 */
import { sql } from 'drizzle-orm';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import type { TermLengthUnit } from '../../core/accounts/account-schema.ts';
import type { InterestScheduleItem } from '../../core/accounts/interest-schedule.ts';
import type { StandingOrderFrequency } from '../../core/standing-orders/schedule.ts';
import type { Tx } from '../db/client.ts';
import { preparedPerConnection, sentTogether } from '../db/prepared.ts';
import type { UserAccounts } from '../accounts/queries.ts';
import { type ProtectionRows, readProtectionRows } from '../protection/queries.ts';
import { ledgerFingerprint } from './line-cache.ts';

/** How many of the newest transactions across the accounts the dashboard lists. */
export const RECENT_TRANSACTIONS = 10;

const userId = sql.placeholder('userId');

/** The user's archived accounts (usually none; a partial index): what the user-wide reads leave out. */
const archivedAccountIds = sql`select x.id from accounts x where x.user_id = ${userId} and x.archived_at is not null`;

/** An account's interest settings, for accounts that pay interest (rate above 0). */
export type InterestTermsRow = {
  accountId: string;
  interestRateBps: number;
  interestFrequency: string;
  interestPaymentDay: number | null;
  interestPaymentMonth: number | null;
  dateOpened: string | null;
  annualInterestPayment: boolean;
  annualInterestDay: number | null;
  interimInterestSchedule: InterestScheduleItem[];
};

/** An active standing order's schedule and the last occurrence it paid. */
export type UpcomingOrderRow = {
  accountId: string;
  frequency: StandingOrderFrequency;
  startDate: string;
  endDate: string | null;
  paymentDay: number | null;
  maxPayments: number | null;
  amountPence: number;
  firstPaymentAmountPence: number | null;
  lastPaidDate: string | null;
};

export type RecentTransactionRow = {
  id: string;
  accountId: string;
  accountName: string;
  amountPence: number;
  date: string;
  type: string;
  notes: string | null;
};

/** A fixed-term account's maturity facts (`maturityDate`, issue 24). */
export type MaturityRow = {
  accountId: string;
  dateOpened: string | null;
  termLengthValue: number | null;
  termLengthUnit: TermLengthUnit | null;
  fixedTermEndsOn: string | null;
};

type ExtrasRow = {
  maturities: MaturityRow[] | null;
  interest: InterestTermsRow[] | null;
  orders: UpcomingOrderRow[] | null;
  recent: RecentTransactionRow[] | null;
};

/**
 * Three JSON arrays in one row: the interest settings of the accounts paying interest, the
 * active standing orders with their last paid occurrence (the unique (order, occurrence) index
 * answers it), and the newest transactions across the accounts (`recent_entries`, migration 0054:
 * the user-and-date index in its own order, stopping at the last one shown) with each one's
 * account name, looked up among the user's own accounts: joined on the id alone, the kept plan
 * scanned every saver's accounts (row-level security then dropped the others').
 */
const extrasStatement = preparedPerConnection((tx) =>
  tx
    .select({
      // The accounts that may mature: a term and an opening date, or a fixed-term term's end date.
      maturities: sql<MaturityRow[] | null>`(select json_agg(json_build_object(
          'accountId', a.id, 'dateOpened', a.date_opened, 'termLengthValue', a.term_length_value,
          'termLengthUnit', a.term_length_unit, 'fixedTermEndsOn', f.ends_on))
        from accounts a
        left join lateral (select max(case when jsonb_typeof(t.inputs -> 'termEndDate') = 'string'
            then t.inputs ->> 'termEndDate' end) as ends_on
          from account_terms t where t.account_id = a.id and t.user_id = ${userId} and t.term_type = 'fixed_term') f on true
        where a.user_id = ${userId} and a.archived_at is null
          and (f.ends_on is not null or (a.date_opened is not null and a.term_length_value is not null)))`.as(
        'maturities',
      ),
      interest: sql<InterestTermsRow[] | null>`(select json_agg(json_build_object(
          'accountId', a.id, 'interestRateBps', a.interest_rate_bps, 'interestFrequency', a.interest_frequency,
          'interestPaymentDay', a.interest_payment_day, 'interestPaymentMonth', a.interest_payment_month,
          'dateOpened', a.date_opened, 'annualInterestPayment', a.annual_interest_payment,
          'annualInterestDay', a.annual_interest_day, 'interimInterestSchedule', a.interim_interest_schedule))
        from accounts a where a.user_id = ${userId} and a.archived_at is null and a.interest_rate_bps > 0)`.as(
        'interest',
      ),
      orders: sql<UpcomingOrderRow[] | null>`(select json_agg(json_build_object(
          'accountId', o.account_id, 'frequency', o.frequency, 'startDate', o.start_date, 'endDate', o.end_date,
          'paymentDay', o.payment_day, 'maxPayments', o.max_payments, 'amountPence', o.amount_pence,
          'firstPaymentAmountPence', o.first_payment_amount_pence,
          'lastPaidDate', (select max(t.occurrence_date) from transactions t where t.standing_order_id = o.id)))
        from standing_orders o where o.user_id = ${userId} and o.is_active
          and o.account_id not in (${archivedAccountIds}))`.as('orders'),
      recent: sql<RecentTransactionRow[] | null>`(select json_agg(json_build_object(
          'id', r.entry_id, 'accountId', r.entry_account_id, 'accountName', a.name, 'amountPence', r.entry_amount_pence,
          'date', r.entry_date, 'type', r.entry_type, 'notes', r.entry_notes) order by r.entry_date desc, r.entry_id desc)
        from recent_entries(${userId}, ${sql.raw(String(RECENT_TRANSACTIONS))}) r
        join accounts a on a.id = r.entry_account_id and a.user_id = ${userId})`.as('recent'),
    })
    .from(sql`(select 1) as one`)
    .prepare('dashboard_extras'),
);

export type DashboardRows = ProtectionRows & {
  maturities: MaturityRow[];
  interest: InterestTermsRow[];
  orders: UpcomingOrderRow[];
  recent: RecentTransactionRow[];
  /** The fingerprint of the user's accounts and their ledger versions (line-cache.ts). */
  ledger: string;
};

/** Every account's ledger version (by id), as the accounts statement in this transaction read them. */
export function ledgerVersionsOf(accounts: UserAccounts): Map<string, string> {
  return new Map(accounts.rows.map((row) => [row.item.id, String(row.ledgerVersion)]));
}

/**
 * Everything the dashboard shows but its balance line: three statements, sent together; only the
 * extras when the protection rows are `kept` (protection/kept-rows.ts).
 */
export async function readDashboardRows(
  tx: Tx,
  forUserId: string,
  today: CalendarDate,
  kept?: ProtectionRows,
): Promise<DashboardRows> {
  const [protection, [extras]] = await sentTogether(tx, () =>
    Promise.all([
      kept ?? readProtectionRows(tx, forUserId, today),
      extrasStatement(tx).execute({ userId: forUserId }) as Promise<ExtrasRow[]>,
    ]),
  );
  return dashboardRowsOf(protection, {
    maturities: extras?.maturities ?? [],
    interest: extras?.interest ?? [],
    orders: (extras?.orders ?? []).map((o) => ({
      ...o,
      amountPence: Number(o.amountPence),
      firstPaymentAmountPence: o.firstPaymentAmountPence === null ? null : Number(o.firstPaymentAmountPence),
    })),
    recent: (extras?.recent ?? []).map((r) => ({ ...r, amountPence: Number(r.amountPence) })),
  });
}

/** What the dashboard shows but its line, from the protection rows and the extras (read, or kept). */
export function dashboardRowsOf(
  protection: ProtectionRows,
  extras: Pick<DashboardRows, 'maturities' | 'interest' | 'orders' | 'recent'>,
): DashboardRows {
  const { maturities, interest, orders, recent } = extras;
  return {
    ...protection,
    ledger: ledgerFingerprint(ledgerVersionsOf(protection.accounts)),
    maturities,
    interest,
    orders,
    recent,
  };
}
