// An account's terms (001 §3 account_terms; issue 15): the rules of an account a saver tracks on
// the Terms and Conditions card. `inputs` is the term template's fields in core's shape
// (src/core/terms/templates.ts: camelCase keys, pence, basis points, 'yyyy-MM-dd'), checked by
// core's `checkTerm` before every write; `historical_events` the term's events (Mark deposited
// appends one), read with core's `readStoredEvents`. Only the owner (or an admin's request) sees a
// row (docs/decisions/0005-access-rules-and-rls.md); a composite key ties it to its account's owner
// (drizzle/…_account_terms_rules.sql).
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { TERM_TYPES } from '../../../core/terms/templates.ts';
import { accounts } from './accounts.ts';
import { user } from './auth.ts';
import { ownerPolicy } from './policies.ts';

/** A stored event (core's `TermEvent`). */
export type StoredTermEvent = {
  type: string;
  date: string;
  amountPence: number | null;
  description: string | null;
};

export const accountTerms = pgTable(
  'account_terms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    termType: text('term_type', { enum: TERM_TYPES }).notNull(),
    label: text('label').notNull(),
    inputs: jsonb('inputs').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    historicalEvents: jsonb('historical_events').$type<StoredTermEvent[]>().notNull().default(sql`'[]'::jsonb`),
    notificationsEnabled: boolean('notifications_enabled').notNull().default(true),
    notes: text('notes'),
    /**
     * The earliest date the term's status can need transactions from when that does not move with
     * today (a contributions term's start, a named tax year's 6 April); null when every period the
     * term judges lies within the last 12 months. The list reads the account's transactions from
     * the earliest of these and 12 months ago, in one statement (src/server/terms/queries.ts).
     */
    trackedFrom: date('tracked_from', { mode: 'string' }),
    /**
     * The UK date the inputs were last saved (create or edit; Mark deposited and the notifications
     * switch leave it): a "paid in so far" figure belongs to the tax year it was typed in (ADR 0028).
     */
    inputsSavedOn: date('inputs_saved_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('account_terms_account_created_idx').on(t.accountId, t.createdAt, t.id),
    check(
      'account_terms_type_known',
      sql`${t.termType} in (${sql.raw(TERM_TYPES.map((type) => `'${type}'`).join(', '))})`,
    ),
    check(
      'account_terms_sizes',
      sql`length(${t.label}) <= 100 and (${t.notes} is null or length(${t.notes}) <= 5000)
        and jsonb_typeof(${t.inputs}) = 'object' and jsonb_typeof(${t.historicalEvents}) = 'array'
        and jsonb_array_length(${t.historicalEvents}) <= 1000`,
    ),
    ownerPolicy('account_terms', t.userId),
  ],
).enableRLS();
