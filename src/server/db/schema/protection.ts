// The Protection Hub's alert dismissals (002 §4, §9): a dismissed alert stays hidden for 7 days,
// or until its figures change (its signature). One row per user and alert, replaced on each
// dismissal; only the owner (or an admin) sees it (docs/decisions/0005-access-rules-and-rls.md).
import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { ownerPolicy } from './policies.ts';

export const protectionAlertDismissals = pgTable(
  'protection_alert_dismissals',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The alert's id: the licence's exposure key ('deposit|frn:169628'). */
    alertId: text('alert_id').notNull(),
    /** The alert's figures when it was dismissed. */
    signature: text('signature').notNull(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.alertId] }),
    check('protection_alert_dismissals_sizes', sql`length(${t.alertId}) <= 1000 and length(${t.signature}) <= 200`),
    ownerPolicy('protection_alert_dismissals', t.userId),
  ],
).enableRLS();
