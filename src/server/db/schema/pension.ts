// A pension account's own records (001 §3, issue 15): the pension record (one per account, naming
// its provider from the reference data), contributions per tax year, drawdown events and
// transfers. The provider's FRN, confidence and warnings are read from `pension_providers` by
// join, not copied. Amounts are pence in whole pounds. docs/decisions/0034-pension-records.md.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  COVERAGE_TAGS,
  CRYSTALLISED_METHODS,
  DRAWDOWN_EVENT_TYPES,
  PENSION_DEFAULTS,
  TAX_RELIEF_METHODS,
} from '../../../core/pension/pension-record.ts';
import { PENSION_TRANSFER_STATUSES, SCHEME_TYPES } from '../../../core/pension/scheme-types.ts';
import { accounts } from './accounts.ts';
import { user } from './auth.ts';
import { ownerPolicy } from './policies.ts';
import { pensionProviders } from './reference.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const pence = (name: string) => bigint(name, { mode: 'number' });
const MAX = sql.raw('100000000000');

const accountId = () =>
  uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });
const userId = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

export const pensionAccounts = pgTable(
  'pension_accounts',
  {
    accountId: accountId().primaryKey(),
    userId: userId(),
    providerId: text('provider_id')
      .notNull()
      .references(() => pensionProviders.id),
    schemeType: text('scheme_type', { enum: SCHEME_TYPES }).notNull().default(PENSION_DEFAULTS.schemeType),
    policyReference: text('policy_reference'),
    employerLink: boolean('employer_link').notNull().default(false),
    employerName: text('employer_name'),
    employerContributionPolicy: text('employer_contribution_policy'),
    taxReliefMethod: text('tax_relief_method', { enum: TAX_RELIEF_METHODS }),
    annualAllowancePence: pence('annual_allowance_pence').notNull().default(PENSION_DEFAULTS.annualAllowancePence),
    /** This tax year's incomes, for the taper (null: not given, so no taper is worked out). */
    thresholdIncomePence: pence('threshold_income_pence'),
    adjustedIncomePence: pence('adjusted_income_pence'),
    /** The day the saver first flexibly accessed any pension (starts the MPAA); drawdown events add to it. */
    flexibleAccessOn: date('flexible_access_on', { mode: 'string' }),
    crystallised: boolean('crystallised').notNull().default(false),
    crystallisedMethod: text('crystallised_method', { enum: CRYSTALLISED_METHODS }),
    pclsTakenPence: pence('pcls_taken_pence'),
    pclsRemainingPence: pence('pcls_remaining_pence'),
    accessAge: smallint('access_age').notNull().default(PENSION_DEFAULTS.accessAge),
    transferSlaDays: integer('transfer_sla_days').notNull().default(PENSION_DEFAULTS.transferSlaDays),
    /** The spec's fscs_ppf_category: set from the scheme type and provider (pensionProtectionCategory). */
    protectionCategory: text('protection_category', { enum: COVERAGE_TAGS }).notNull(),
    ruleVersion: text('rule_version').notNull().default(PENSION_DEFAULTS.ruleVersion),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('pension_accounts_scheme_type', sql`${t.schemeType} in (${inList(SCHEME_TYPES)})`),
    check(
      'pension_accounts_tax_relief_method',
      sql`${t.taxReliefMethod} is null or ${t.taxReliefMethod} in (${inList(TAX_RELIEF_METHODS)})`,
    ),
    check(
      'pension_accounts_crystallised_method',
      sql`${t.crystallisedMethod} is null or ${t.crystallisedMethod} in (${inList(CRYSTALLISED_METHODS)})`,
    ),
    check('pension_accounts_protection_category', sql`${t.protectionCategory} in (${inList(COVERAGE_TAGS)})`),
    check(
      'pension_accounts_annual_allowance',
      sql`${t.annualAllowancePence} between 0 and ${MAX} and ${t.annualAllowancePence} % 100000 = 0`,
    ),
    check(
      'pension_accounts_amounts',
      sql`coalesce(${t.thresholdIncomePence}, 0) between 0 and ${MAX} and coalesce(${t.adjustedIncomePence}, 0) between 0 and ${MAX} and coalesce(${t.pclsTakenPence}, 0) between 0 and ${MAX} and coalesce(${t.pclsRemainingPence}, 0) between 0 and ${MAX}`,
    ),
    // The user's other pension records (their flexible access day and incomes) are read by user.
    index('pension_accounts_user_idx').on(t.userId),
    check('pension_accounts_access_age', sql`${t.accessAge} between 50 and 75`),
    check('pension_accounts_sla_days', sql`${t.transferSlaDays} between 1 and 365`),
    check(
      'pension_accounts_employer',
      sql`${t.employerLink} or (${t.employerName} is null and ${t.employerContributionPolicy} is null)`,
    ),
    ownerPolicy('pension_accounts', t.userId),
  ],
).enableRLS();

/** One row per account and tax year (the year's start: 2026 is 2026/27); saving again replaces it. */
export const pensionContributions = pgTable(
  'pension_contributions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId(),
    userId: userId(),
    taxYear: smallint('tax_year').notNull(),
    /** Gross: the saver's contributions with basic-rate relief added. */
    employeePence: pence('employee_pence').notNull().default(0),
    employerPence: pence('employer_pence').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pension_contributions_account_year').on(t.accountId, t.taxYear),
    index('pension_contributions_user_idx').on(t.userId),
    check('pension_contributions_tax_year', sql`${t.taxYear} between 2000 and 2100`),
    check(
      'pension_contributions_amounts',
      sql`${t.employeePence} between 0 and ${MAX} and ${t.employerPence} between 0 and ${MAX}`,
    ),
    ownerPolicy('pension_contributions', t.userId),
  ],
).enableRLS();

export const pensionDrawdownEvents = pgTable(
  'pension_drawdown_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId(),
    userId: userId(),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    eventType: text('event_type', { enum: DRAWDOWN_EVENT_TYPES }).notNull(),
    amountPence: pence('amount_pence').notNull(),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pension_drawdown_events_account_idx').on(t.accountId, t.eventDate),
    index('pension_drawdown_events_user_idx').on(t.userId),
    check('pension_drawdown_events_type', sql`${t.eventType} in (${inList(DRAWDOWN_EVENT_TYPES)})`),
    check('pension_drawdown_events_amount', sql`${t.amountPence} between 0 and ${MAX}`),
    ownerPolicy('pension_drawdown_events', t.userId),
  ],
).enableRLS();

export const pensionTransfers = pgTable(
  'pension_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId(),
    userId: userId(),
    status: text('status', { enum: PENSION_TRANSFER_STATUSES }).notNull().default('new'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastUpdateAt: timestamp('last_update_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    notes: text('notes'),
  },
  (t) => [
    index('pension_transfers_account_idx').on(t.accountId, t.startedAt),
    index('pension_transfers_user_idx').on(t.userId),
    check('pension_transfers_status', sql`${t.status} in (${inList(PENSION_TRANSFER_STATUSES)})`),
    check('pension_transfers_completed', sql`(${t.status} = 'complete') = (${t.completedAt} is not null)`),
    ownerPolicy('pension_transfers', t.userId),
  ],
).enableRLS();
