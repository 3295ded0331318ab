import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgPolicy, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appUser } from './policies.ts';

const isAdmin = sql`current_setting('app.is_admin', true) = 'true'`;

/**
 * Every admin action (issue 28): who, what, on what, when, the row before and after. Written in
 * the same transaction as the action (src/server/admin/audit-log.ts), so an action that rolls back
 * leaves no entry and no entry is missing. Append-only: app_user may read and insert, never update
 * or delete (migration 0041's grants). The admin is kept by id and e-mail without a foreign key:
 * the log outlives the admin's account.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: text('admin_id').notNull(),
    adminEmail: text('admin_email').notNull(),
    /** What was done, dotted: 'user.update', 'user.suspend', 'contact.update', 'ticket.reply'… */
    action: text('action').notNull(),
    /** What it was done to: 'user', 'contact_inquiry', 'support_ticket', 'bank_reference'… */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The order entries were written in (migration 0050): two entries of one save can share a
     * `created_at` where the clock ticks coarsely (PGlite's), and a random id would then order them
     * by chance.
     */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('admin_audit_log_created_idx').on(t.createdAt),
    index('admin_audit_log_subject_idx').on(t.subjectType, t.subjectId, t.createdAt),
    pgPolicy('admin_audit_log_admin_read', { for: 'select', to: appUser, using: isAdmin }),
    pgPolicy('admin_audit_log_admin_insert', { for: 'insert', to: appUser, withCheck: isAdmin }),
  ],
).enableRLS();
