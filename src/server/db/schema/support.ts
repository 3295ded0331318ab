import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgPolicy,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { appUser } from './policies.ts';

const currentUser = sql`current_setting('app.user_id', true)`;
const isAdmin = sql`current_setting('app.is_admin', true) = 'true'`;

/**
 * A saver's support ticket (issue 28, 002 §2 support routes). The owner reads and opens their own;
 * admin requests read and work all of them. What an owner may change on their own row (only the
 * status, by replying) is held by a trigger (drizzle/0042), not only by the routes.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    /** core/support CATEGORIES. */
    category: text('category').notNull(),
    /** open (waiting on support), awaiting_reply (waiting on the saver), resolved, closed. */
    status: text('status').notNull().default('open'),
    /** low, medium, high, urgent (set by admins). */
    priority: text('priority').notNull().default('medium'),
    assignedAdminId: text('assigned_admin_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last public message's time (an internal note does not move it). */
    lastReplyAt: timestamp('last_reply_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('support_tickets_id_user_unique').on(t.id, t.userId),
    index('support_tickets_user_idx').on(t.userId, t.lastReplyAt),
    index('support_tickets_status_idx').on(t.status, t.lastReplyAt),
    index('support_tickets_assigned_idx').on(t.assignedAdminId),
    check('support_tickets_status_check', sql`${t.status} in ('open', 'awaiting_reply', 'resolved', 'closed')`),
    check('support_tickets_priority_check', sql`${t.priority} in ('low', 'medium', 'high', 'urgent')`),
    pgPolicy('support_tickets_owner_read', {
      for: 'select',
      to: appUser,
      using: sql`${t.userId} = ${currentUser} or ${isAdmin}`,
    }),
    pgPolicy('support_tickets_owner_insert', {
      for: 'insert',
      to: appUser,
      withCheck: sql`(${t.userId} = ${currentUser} and ${t.assignedAdminId} is null) or ${isAdmin}`,
    }),
    pgPolicy('support_tickets_owner_update', {
      for: 'update',
      to: appUser,
      using: sql`${t.userId} = ${currentUser} or ${isAdmin}`,
      withCheck: sql`${t.userId} = ${currentUser} or ${isAdmin}`,
    }),
    pgPolicy('support_tickets_admin_delete', { for: 'delete', to: appUser, using: isAdmin }),
  ],
).enableRLS();

/**
 * A ticket's messages. `user_id` is the ticket's owner (tied to the ticket by a composite key), so
 * row-level security decides without a join: the owner reads the public messages of their own
 * tickets and writes only public messages as themselves; an internal note is an admin request's
 * alone, to read and to write. A saver's message is never internal (a check).
 */
export const supportTicketMessages = pgTable(
  'support_ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id').notNull(),
    userId: text('user_id').notNull(),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    /** saver or admin. */
    authorRole: text('author_role').notNull(),
    body: text('body').notNull(),
    isInternal: boolean('is_internal').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'support_ticket_messages_ticket_fk',
      columns: [t.ticketId, t.userId],
      foreignColumns: [supportTickets.id, supportTickets.userId],
    }).onDelete('cascade'),
    unique('support_ticket_messages_id_ticket_unique').on(t.id, t.ticketId),
    index('support_ticket_messages_ticket_idx').on(t.ticketId, t.createdAt),
    check('support_ticket_messages_role_check', sql`${t.authorRole} in ('saver', 'admin')`),
    check('support_ticket_messages_saver_public', sql`not (${t.isInternal} and ${t.authorRole} = 'saver')`),
    pgPolicy('support_ticket_messages_read', {
      for: 'select',
      to: appUser,
      using: sql`(${t.userId} = ${currentUser} and not ${t.isInternal}) or ${isAdmin}`,
    }),
    pgPolicy('support_ticket_messages_insert', {
      for: 'insert',
      to: appUser,
      withCheck: sql`(${t.userId} = ${currentUser} and ${t.authorId} = ${currentUser} and ${t.authorRole} = 'saver' and not ${t.isInternal}) or ${isAdmin}`,
    }),
    pgPolicy('support_ticket_messages_admin_update', {
      for: 'update',
      to: appUser,
      using: isAdmin,
      withCheck: isAdmin,
    }),
    pgPolicy('support_ticket_messages_admin_delete', { for: 'delete', to: appUser, using: isAdmin }),
  ],
).enableRLS();

/**
 * Files attached to a public message (an image or a PDF, checked by its bytes). The bytes live in
 * the file storage (bucket `support`, `{ownerId}/{id}.{ext}`, owned by the ticket's owner, as
 * avatars are); this row says which message they belong to. The owner sees the attachments of the
 * public messages of their own tickets: the policy asks the messages table, whose own policy hides
 * internal notes.
 */
export const supportTicketAttachments = pgTable(
  'support_ticket_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id').notNull(),
    messageId: uuid('message_id').notNull(),
    userId: text('user_id').notNull(),
    /** The name shown (the uploaded name, cleaned); never used to find the file. */
    fileName: text('file_name').notNull(),
    /** From the bytes: image/png, image/jpeg, image/webp, image/gif or application/pdf. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storagePath: text('storage_path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'support_ticket_attachments_ticket_fk',
      columns: [t.ticketId, t.userId],
      foreignColumns: [supportTickets.id, supportTickets.userId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'support_ticket_attachments_message_fk',
      columns: [t.messageId, t.ticketId],
      foreignColumns: [supportTicketMessages.id, supportTicketMessages.ticketId],
    }).onDelete('cascade'),
    index('support_ticket_attachments_message_idx').on(t.messageId),
    index('support_ticket_attachments_ticket_idx').on(t.ticketId),
    pgPolicy('support_ticket_attachments_read', {
      for: 'select',
      to: appUser,
      using: sql`(${t.userId} = ${currentUser} and exists (select 1 from support_ticket_messages m where m.id = ${t.messageId} and not m.is_internal)) or ${isAdmin}`,
    }),
    pgPolicy('support_ticket_attachments_insert', {
      for: 'insert',
      to: appUser,
      withCheck: sql`(${t.userId} = ${currentUser} and exists (select 1 from support_ticket_messages m where m.id = ${t.messageId} and not m.is_internal)) or ${isAdmin}`,
    }),
    pgPolicy('support_ticket_attachments_admin_delete', { for: 'delete', to: appUser, using: isAdmin }),
  ],
).enableRLS();
