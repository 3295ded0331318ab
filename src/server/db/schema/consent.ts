import { bigserial, index, jsonb, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { ownerAppendOnlyPolicies } from './policies.ts';

export const consentSyncStatusEnum = pgEnum('consent_sync_status', ['pending', 'completed', 'failed']);

export type ConsentFlags = { essential: boolean; analytics: boolean; functional: boolean; marketing: boolean };

/**
 * The spec's `consent_audit_log` (002 §3): one row per change of a signed-in user's cookie
 * choices. The newest row is the user's current choice.
 */
export const consentAuditLog = pgTable(
  'consent_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    consentData: jsonb('consent_data')
      .$type<ConsentFlags & { version: string; dntRespected: boolean; timestamp: string }>()
      .notNull(),
    changeSource: text('change_source').notNull(),
    hubspotContactId: text('hubspot_contact_id'),
    syncStatus: consentSyncStatusEnum('sync_status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    errorDetails: text('error_details'),
  },
  (t) => [
    index('consent_audit_log_user_idx').on(t.userId, t.createdAt),
    ...ownerAppendOnlyPolicies('consent_audit_log', t.userId),
  ],
).enableRLS();
