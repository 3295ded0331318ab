// Smart Pig's constraints (002 §3 "Smart Pig constraints", issue 16), one row per user, kept on
// the server so they follow the saver across devices. No row means the spec's defaults
// (core/smart-pig/preferences.ts). Only the owner (or an admin) sees it
// (docs/decisions/0005-access-rules-and-rls.md).
import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { ownerPolicy } from './policies.ts';

export const smartPigPreferences = pgTable(
  'smart_pig_preferences',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    keepFullFscsCover: boolean('keep_full_fscs_cover').notNull().default(true),
    avoidTeaserRates: boolean('avoid_teaser_rates').notNull().default(true),
    /** The longest notice (days) accepted on an account money moves into: the slider's 0–95. */
    maxNoticeDays: smallint('max_notice_days').notNull().default(0),
    /** The longest fixed term (months) accepted on an account money moves into: the slider's 0–60. */
    maxFixedMonths: smallint('max_fixed_months').notNull().default(12),
    useIsaFirst: boolean('use_isa_first').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'smart_pig_preferences_ranges',
      sql`${t.maxNoticeDays} between 0 and 95 and ${t.maxFixedMonths} between 0 and 60`,
    ),
    ownerPolicy('smart_pig_preferences', t.userId),
  ],
).enableRLS();
