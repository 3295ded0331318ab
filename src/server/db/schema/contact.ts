import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { adminReadPolicies } from './policies.ts';

/** The spec's `contact_inquiries`: written by the public contact form, read by admins. */
export const contactInquiries = pgTable(
  'contact_inquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email').notNull(),
    phone: text('phone'),
    company: text('company'),
    inquiryType: text('inquiry_type').notNull().default('general'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    priority: text('priority').notNull().default('medium'),
    status: text('status').notNull().default('new'),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    isExistingUser: boolean('is_existing_user').notNull().default(false),
    responseMethod: text('response_method'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    submitterIp: text('submitter_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    hubspotContactId: text('hubspot_contact_id'),
    lifecycleStage: text('lifecycle_stage'),
    hubspotDealId: text('hubspot_deal_id'),
    hubspotTicketId: text('hubspot_ticket_id'),
    hubspotSyncedAt: timestamp('hubspot_synced_at', { withTimezone: true }),
  },
  (t) => [index('contact_inquiries_created_idx').on(t.createdAt), ...adminReadPolicies('contact_inquiries')],
).enableRLS();
