// Notifications (issue 16; docs/decisions/0035-notification-dismissals-and-digest.md): the
// dismissals that follow the user across devices, the kinds they want in a daily e-mail digest,
// and one row per user and UK day a digest was decided, whose key makes the send exactly once.
// Only the owner (or an admin) sees their rows (docs/decisions/0005-access-rules-and-rls.md).
import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { ownerPolicy } from './policies.ts';

export const notificationDismissals = pgTable(
  'notification_dismissals',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The notification's id, which names the figures it stated: a change of figures is a new id. */
    notificationId: text('notification_id').notNull(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.notificationId] }),
    check('notification_dismissals_sizes', sql`length(${t.notificationId}) <= 300`),
    ownerPolicy('notification_dismissals', t.userId),
  ],
).enableRLS();

export const notificationDigestPreferences = pgTable(
  'notification_digest_preferences',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The notification kinds the user wants e-mailed in the daily digest; empty: no digest. */
    kinds: text('kinds').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('notification_digest_preferences_kinds', sql`cardinality(${t.kinds}) <= 20`),
    ownerPolicy('notification_digest_preferences', t.userId),
  ],
).enableRLS();

export const notificationDigestSends = pgTable(
  'notification_digest_sends',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The UK day the digest is for. */
    day: date('day', { mode: 'string' }).notNull(),
    /** How many notifications it listed; 0: nothing to send that day, so no e-mail. */
    notificationCount: integer('notification_count').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), ownerPolicy('notification_digest_sends', t.userId)],
).enableRLS();
