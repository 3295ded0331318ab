import { boolean, date, pgEnum, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { ownerPolicy, ownerReadAdminWritePolicies } from './policies.ts';

/** The spec's `profiles`: one row per user, keyed by the user's id. */
export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    avatarUrl: text('avatar_url'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    town: text('town'),
    county: text('county'),
    postcode: text('postcode'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    mobileNumber: text('mobile_number'),
    profession: text('profession'),
    companyName: text('company_name'),
    marketingOptIn: boolean('marketing_opt_in').notNull().default(false),
    leadSource: text('lead_source'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    lastSignoutAt: timestamp('last_signout_at', { withTimezone: true }),
    lastAutoLogoutAt: timestamp('last_auto_logout_at', { withTimezone: true }),
    hubspotContactId: text('hubspot_contact_id'),
    hubspotSyncedAt: timestamp('hubspot_synced_at', { withTimezone: true }),
    hubspotLifecycleStage: text('hubspot_lifecycle_stage'),
    hubspotLeadScore: text('hubspot_lead_score'),
    hubspotLastActivityDate: timestamp('hubspot_last_activity_date', { withTimezone: true }),
  },
  (t) => [ownerPolicy('profiles', t.id)],
).enableRLS();

export const roleEnum = pgEnum('app_role', ['subscriber', 'admin']);

/** The one source of truth for who is an admin (the spec's `is_admin`). */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: roleEnum('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] }), ...ownerReadAdminWritePolicies('user_roles', t.userId)],
).enableRLS();
