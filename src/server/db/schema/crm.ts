// The CRM (HubSpot) sync: its queue, the shared rate window and the Sync Users runs (ADR 0063).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgPolicy,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { consentAuditLog } from './consent.ts';
import { contactInquiries } from './contact.ts';
import { appUser } from './policies.ts';

const isAdmin = sql`current_setting('app.is_admin', true) = 'true'`;

export const crmSyncStatusEnum = pgEnum('crm_sync_status', ['pending', 'processing', 'completed', 'failed']);

/** What an item asks the CRM to do (the spec's sync_type). */
export const crmSyncTypeEnum = pgEnum('crm_sync_type', [
  'profile_update',
  'consent_update',
  'contact_inquiry',
  'contact_delete',
  'user_sync',
  'test_contact',
]);

/**
 * The spec's `hubspot_sync_queue` (002 §3): one row per change to send, written in the same
 * transaction as the change. `subject_key` (the contact's lower-cased e-mail) orders each contact's
 * items: one at a time, oldest first. The user's row may go (account deletion): `user_id` is set
 * null and the payload keeps what the erasure needs. Savers never read it; only an admin's request
 * (and the server's own worker, as the login role) does.
 */
export const hubspotSyncQueue = pgTable(
  'hubspot_sync_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    subjectKey: text('subject_key').notNull(),
    syncType: crmSyncTypeEnum('sync_type').notNull(),
    status: crmSyncStatusEnum('status').notNull().default('pending'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    retryCount: integer('retry_count').notNull().default(0),
    maxRetries: integer('max_retries').notNull().default(5),
    /** When the item is next due (a retry's backoff or a 429's Retry-After moves it on). */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** Measured: how long the last attempt took, from claim to result. */
    processingMs: integer('processing_ms'),
    errorDetails: text('error_details'),
    lockedBy: text('locked_by'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    hubspotContactId: text('hubspot_contact_id'),
    consentAuditId: bigint('consent_audit_id', { mode: 'number' }).references(() => consentAuditLog.id, {
      onDelete: 'set null',
    }),
    contactInquiryId: uuid('contact_inquiry_id').references(() => contactInquiries.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('hubspot_sync_queue_due_idx').on(t.scheduledAt).where(sql`status = 'pending'`),
    index('hubspot_sync_queue_subject_idx').on(t.subjectKey, t.id),
    index('hubspot_sync_queue_user_idx').on(t.userId),
    index('hubspot_sync_queue_created_idx').on(t.createdAt),
    pgPolicy('hubspot_sync_queue_admin_all', { for: 'all', to: appUser, using: isAdmin, withCheck: isAdmin }),
  ],
).enableRLS();

/**
 * The provider's rate limit shared by every instance: one row per request sent in the window
 * (sliding, not fixed), and `crm_rate_state` for a pause every instance honours after a 429.
 * Server tables: not granted to app_user.
 */
export const crmRateRequests = pgTable(
  'crm_rate_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('crm_rate_requests_key_idx').on(t.key, t.sentAt)],
);

export const crmRateState = pgTable('crm_rate_state', {
  key: text('key').primaryKey(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

export type SyncUsersResultRow = {
  email: string;
  status: 'created' | 'exists' | 'updated' | 'error' | 'skipped';
  hubspotId: string | null;
  error: string | null;
  reason: string | null;
};

/** One run of Sync Users (all users, 20 a page): its progress, counts and the first 100 result rows. */
export const crmSyncRuns = pgTable(
  'crm_sync_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status', { enum: ['running', 'completed', 'failed'] })
      .notNull()
      .default('running'),
    forceUpdate: boolean('force_update').notNull().default(false),
    startedBy: text('started_by').references(() => user.id, { onDelete: 'set null' }),
    page: integer('page').notNull().default(0),
    pageSize: integer('page_size').notNull().default(20),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    counts: jsonb('counts').$type<Record<SyncUsersResultRow['status'], number>>().notNull(),
    results: jsonb('results').$type<SyncUsersResultRow[]>().notNull().default([]),
    hasMore: boolean('has_more').notNull().default(true),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('crm_sync_runs_started_idx').on(t.startedAt),
    pgPolicy('crm_sync_runs_admin_all', { for: 'all', to: appUser, using: isAdmin, withCheck: isAdmin }),
  ],
).enableRLS();
