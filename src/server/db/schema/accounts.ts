// The account area (001 §3): a user's accounts, their transactions and standing orders, and the
// admin-kept list of account types. Money is integer pence; interest rates are hundredths of a
// percent (4.35% is 435). The balance is kept by database triggers from the account's transactions:
// the latest stated balance plus the entries from its date (drizzle/0014_balance_statements.sql,
// docs/decisions/0022-a-stated-balance-is-true-on-its-date.md).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgPolicy,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { TRANSACTION_TYPES } from '../../../core/transactions/transaction-types.ts';
import { user } from './auth.ts';
import { ownerPolicy, appUser } from './policies.ts';
import { bankReferences, bankingGroups } from './reference.ts';

const isAdmin = sql`current_setting('app.is_admin', true) = 'true'`;

/** The spec's interim interest schedule item (001 §3): offset, recurring or custom dates. */
export type InterestScheduleItem =
  | {
      kind: 'offset';
      offsetValue: number;
      offsetUnit: 'days' | 'weeks' | 'months' | 'years';
      dayOfMonth: number | null;
    }
  | {
      kind: 'recurring';
      unit: 'days' | 'weeks' | 'months' | 'years';
      every: number;
      count: number | null;
      dayOfMonth: number | null;
    }
  | { kind: 'custom'; dates: string[] };

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The bank's display name as the user chose it (or the spec's free text when no reference). */
    bank: text('bank'),
    bankId: uuid('bank_id').references(() => bankReferences.id, { onDelete: 'set null' }),
    bankingGroupId: text('banking_group_id').references(() => bankingGroups.id, { onDelete: 'set null' }),
    accountNumber: text('account_number').notNull(),
    accountType: text('account_type').notNull().default('Savings'),
    isPlatformAccount: boolean('is_platform_account').notNull().default(false),
    platformBankReferenceId: uuid('platform_bank_reference_id').references(() => bankReferences.id, {
      onDelete: 'set null',
    }),
    /** Hundredths of a percent: 4.35% is 435. */
    interestRateBps: integer('interest_rate_bps').notNull().default(0),
    interestFrequency: text('interest_frequency').notNull().default('Monthly'),
    rateType: text('rate_type').notNull().default('AER'),
    nextRateChange: date('next_rate_change', { mode: 'string' }),
    /** Shown as Notes in the Interest Settings card. */
    terms: text('terms'),
    termsNotes: text('terms_notes'),
    /** The latest balance statement plus the entries from its date (else the sum), kept by triggers; never written by the app. */
    balancePence: bigint('balance_pence', { mode: 'number' }).notNull().default(0),
    /**
     * Counts every write to the account's transactions, kept by the same trigger as the balance;
     * never written by the app. What was computed from the transactions is still true while it is
     * unchanged (the dashboard's balance line, docs/decisions/0033-the-dashboard-line-cache.md).
     */
    ledgerVersion: bigint('ledger_version', { mode: 'number' }).notNull().default(0),
    /**
     * The dates of the account's first and latest entries (null without entries), kept by the
     * same trigger; never written by the app. A latest entry after today means scheduled entries
     * (`balanceOnDaySql`); a first entry before today, history the dashboard's kept line holds.
     */
    firstEntryDate: date('first_entry_date', { mode: 'string' }),
    latestEntryDate: date('latest_entry_date', { mode: 'string' }),
    interestPaymentDay: smallint('interest_payment_day'),
    interestPaymentMonth: smallint('interest_payment_month'),
    interestPayoutMethod: text('interest_payout_method').notNull().default('Add to account'),
    rateChangeNotifications: boolean('rate_change_notifications').notNull().default(true),
    overdraftLimitPence: bigint('overdraft_limit_pence', { mode: 'number' }),
    overdraftInterestRateBps: integer('overdraft_interest_rate_bps'),
    /** Hundredths of the penalty's unit: a percentage (250 = 2.50%), pence for a fixed fee, or days of interest ×100. */
    earlyWithdrawalPenalty: bigint('early_withdrawal_penalty', { mode: 'number' }),
    earlyWithdrawalPenaltyType: text('early_withdrawal_penalty_type').notNull().default('percentage'),
    hasRenewalOption: boolean('has_renewal_option').notNull().default(false),
    renewalRateBps: integer('renewal_rate_bps'),
    dateOpened: date('date_opened', { mode: 'string' }),
    termLengthValue: integer('term_length_value'),
    termLengthUnit: text('term_length_unit'),
    annualInterestPayment: boolean('annual_interest_payment').notNull().default(false),
    annualInterestDay: smallint('annual_interest_day'),
    interimInterestSchedule: jsonb('interim_interest_schedule')
      .$type<InterestScheduleItem[]>()
      .notNull()
      .default(sql`'[{"kind":"offset","offsetValue":12,"offsetUnit":"months","dayOfMonth":null}]'::jsonb`),
    enableSmartAlerts: boolean('enable_smart_alerts').notNull().default(true),
    /** Protection (issue 4 engine): how many people hold the account (1 sole, 2+ joint). */
    holders: smallint('holders').notNull().default(1),
    /** A qualifying temporary high balance: the life event, the qualifying amount and when it was credited. */
    thbLifeEvent: text('thb_life_event'),
    thbQualifyingPence: bigint('thb_qualifying_pence', { mode: 'number' }),
    thbCreditedDate: date('thb_credited_date', { mode: 'string' }),
    /**
     * Set when a downgrade archived the account (over the lower tier's cap): it is then hidden from
     * every list and figure, its standing orders do not run, and it does not count towards the cap;
     * nothing of it is deleted, and an upgrade restores it (src/server/accounts/archive.ts).
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('accounts_user_created_idx').on(t.userId, t.createdAt, t.id),
    // Few accounts are archived: the reads that leave them out look them up here.
    index('accounts_user_archived_idx').on(t.userId, t.archivedAt).where(sql`archived_at is not null`),
    index('accounts_type_idx').on(t.accountType),
    // The field rules (holders 1–10, a rate not below 0, a payment day 1–31 and month 1–12, a
    // Temporary High Balance whole or absent) are checked by the accounts' row trigger, refused
    // as a violated check constraint of the same name: migration 0060, ADR 0080.
    ownerPolicy('accounts', t.userId),
  ],
).enableRLS();

/**
 * The condition every read of a user's accounts adds (the shared predicate): archived accounts
 * (a downgrade) are hidden from lists, figures, alerts and runs. Raw SQL over the alias `a`
 * writes `a.archived_at is null`. Only the data export and the restore read archived accounts.
 */
export const isLiveAccount = sql`${accounts.archivedAt} is null`;

/** The stored types (core's list: the database's check constraint names the same ones). */
export { TRANSACTION_TYPES };

export const standingOrders = pgTable(
  'standing_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    payeeName: text('payee_name').notNull().default('Standing order'),
    amountPence: bigint('amount_pence', { mode: 'number' }).notNull(),
    frequency: text('frequency', { enum: ['daily', 'weekly', 'monthly', 'quarterly', 'annually'] }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    paymentDay: smallint('payment_day'),
    maxPayments: integer('max_payments'),
    firstPaymentAmountPence: bigint('first_payment_amount_pence', { mode: 'number' }),
    isActive: boolean('is_active').notNull().default(true),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('standing_orders_account_idx').on(t.accountId, t.createdAt),
    index('standing_orders_active_idx').on(t.userId).where(sql`is_active`),
    check('standing_orders_amount_positive', sql`${t.amountPence} > 0`),
    check(
      'standing_orders_first_amount_positive',
      sql`${t.firstPaymentAmountPence} is null or ${t.firstPaymentAmountPence} > 0`,
    ),
    check('standing_orders_max_payments_positive', sql`${t.maxPayments} is null or ${t.maxPayments} > 0`),
    check(
      'standing_orders_payment_day_monthly',
      sql`${t.paymentDay} is null or (${t.frequency} = 'monthly' and ${t.paymentDay} between 1 and 28)`,
    ),
    check('standing_orders_end_after_start', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    ownerPolicy('standing_orders', t.userId),
  ],
).enableRLS();

export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The account and its owner are one foreign key, (account_id, user_id) → accounts (migration
     * 0007's transactions_account_owner_fk, deleted with the account): it also holds the user, whose
     * accounts go with them (migration 0061).
     */
    accountId: uuid('account_id').notNull(),
    userId: text('user_id').notNull(),
    /** Signed: withdrawals and fees are negative; a balance update is the balance stated, of either sign. */
    amountPence: bigint('amount_pence', { mode: 'number' }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    type: text('type', { enum: TRANSACTION_TYPES }).notNull(),
    notes: text('notes'),
    /** A standing-order payment: the order and the occurrence it pays (unique together: exactly once). */
    standingOrderId: uuid('standing_order_id').references(() => standingOrders.id, { onDelete: 'set null' }),
    occurrenceDate: date('occurrence_date', { mode: 'string' }),
    /** A transaction an Open Banking sync imported: the provider's id for it (one per account, never twice). */
    providerTransactionId: text('provider_transaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transactions_account_date_idx').on(t.accountId, t.date.desc(), t.id.desc()),
    index('transactions_user_date_idx').on(t.userId, t.date.desc(), t.id.desc()),
    // The account's balance statements, latest first (ADR 0022): the balance starts from the first.
    index('transactions_account_statement_idx')
      .on(t.accountId, t.date.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.type} in ('opening_balance', 'balance_update')`),
    uniqueIndex('transactions_standing_order_occurrence_unique').on(t.standingOrderId, t.occurrenceDate),
    uniqueIndex('transactions_provider_id_unique')
      .on(t.accountId, t.providerTransactionId)
      .where(sql`${t.providerTransactionId} is not null`),
    // The sign rule (withdrawals and fees not above 0, deposits, interest and opening balances not
    // below 0, a balance update either way) and a standing order's payment carrying its occurrence
    // are checked by the transactions' row trigger, refused as a violated check constraint of the
    // same name (transactions_sign_matches_type, transactions_order_has_occurrence): migration
    // 0062, ADR 0081.
    ownerPolicy('transactions', t.userId),
  ],
).enableRLS();

/** A standing order of a live account (see `isLiveAccount`). */
export const isOrderInLiveAccount = sql`${standingOrders.accountId} not in
  (select x.id from accounts x where x.user_id = ${standingOrders.userId} and x.archived_at is not null)`;

/** A transaction of a live account (see `isLiveAccount`): for reads of the user's transactions across accounts. */
export const isInLiveAccount = sql`${transactions.accountId} not in
  (select x.id from accounts x where x.user_id = ${transactions.userId} and x.archived_at is not null)`;

/** Admin-kept list of account types (001 §3, 002): everyone signed in reads, only admins write. */
export const accountTypes = pgTable(
  'account_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    sortOrder: integer('sort_order').notNull().default(999),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_types_name_unique').on(sql`lower(${t.name})`).where(sql`is_active`),
    pgPolicy('account_types_read_all', { for: 'select', to: appUser, using: sql`true` }),
    pgPolicy('account_types_admin_all', { for: 'all', to: appUser, using: isAdmin, withCheck: isAdmin }),
  ],
).enableRLS();

/**
 * Per account, month and transaction type: the sum and count of the account's transactions,
 * kept by the same statement triggers as the balance (drizzle/0009_account_monthly_totals_rules.sql),
 * so the account page reads a few dozen rows instead of every transaction (docs/performance.md).
 */
export const accountMonthlyTotals = pgTable(
  'account_monthly_totals',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The first day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    type: text('type', { enum: TRANSACTION_TYPES }).notNull(),
    totalPence: bigint('total_pence', { mode: 'number' }).notNull(),
    transactionCount: integer('transaction_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.month, t.type] }), ownerPolicy('account_monthly_totals', t.userId)],
).enableRLS();
