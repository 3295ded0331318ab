// An ISA account's own record (001 §3 `isa_accounts`, issue 15): one per account, naming its
// provider (an HMRC ISA manager from the reference data) and the saver's choices. The provider's
// FCA and banking-group fields are read from `isa_providers` by join, not copied, so a corrected
// reference row corrects every ISA. The spec's `isa_flexible_ledger` and
// `contribution_plan_actual` are not stored: core works them out from the account's transactions
// (docs/decisions/0027-isa-and-pension-rules-in-core.md, 0030-isa-records.md).
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { BENEFICIAL_OWNERS, FUNDING_TYPES, ISA_TRANSFER_STATUSES } from '../../../core/isa/isa-record.ts';
import { ISA_TYPES } from '../../../core/isa/isa-types.ts';
import { accounts } from './accounts.ts';
import { user } from './auth.ts';
import { ownerPolicy } from './policies.ts';
import { isaProviders } from './reference.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const isaAccounts = pgTable(
  'isa_accounts',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    providerId: text('provider_id')
      .notNull()
      .references(() => isaProviders.id),
    isaType: text('isa_type', { enum: ISA_TYPES }).notNull().default('cash'),
    fundingType: text('funding_type', { enum: FUNDING_TYPES }).notNull().default('new_subscription'),
    isFlexible: boolean('is_flexible').notNull().default(false),
    plannedAnnualContributionPence: bigint('planned_annual_contribution_pence', { mode: 'number' })
      .notNull()
      .default(0),
    plannedTransferAmountPence: bigint('planned_transfer_amount_pence', { mode: 'number' }).notNull().default(0),
    beneficialOwner: text('beneficial_owner', { enum: BENEFICIAL_OWNERS }).notNull().default('you'),
    niNumberPresent: boolean('ni_number_present').notNull().default(true),
    maturityDate: date('maturity_date', { mode: 'string' }),
    transferStatus: text('transfer_status', { enum: ISA_TRANSFER_STATUSES }),
    /** The UK calendar date the transfer started (the spec's transfer_started_at; alerts count days). */
    transferStartedOn: date('transfer_started_on', { mode: 'string' }),
    transferExpectedSlaDays: integer('transfer_expected_sla_days'),
    /** Junior ISAs: the child whose £9,000 it uses (Junior ISAs naming the same child share it). */
    jisaChildName: text('jisa_child_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('isa_accounts_isa_type', sql`${t.isaType} in (${inList(ISA_TYPES)})`),
    check('isa_accounts_funding_type', sql`${t.fundingType} in (${inList(FUNDING_TYPES)})`),
    check('isa_accounts_beneficial_owner', sql`${t.beneficialOwner} in (${inList(BENEFICIAL_OWNERS)})`),
    check(
      'isa_accounts_transfer_status',
      sql`${t.transferStatus} is null or ${t.transferStatus} in (${inList(ISA_TRANSFER_STATUSES)})`,
    ),
    check(
      'isa_accounts_amounts',
      sql`${t.plannedAnnualContributionPence} between 0 and 100000000000 and ${t.plannedTransferAmountPence} between 0 and 100000000000`,
    ),
    check(
      'isa_accounts_sla_days',
      sql`${t.transferExpectedSlaDays} is null or ${t.transferExpectedSlaDays} between 1 and 365`,
    ),
    check('isa_accounts_jisa_child_name', sql`char_length(${t.jisaChildName}) between 1 and 80`),
    ownerPolicy('isa_accounts', t.userId),
  ],
).enableRLS();
