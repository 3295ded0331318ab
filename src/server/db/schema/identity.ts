import { boolean, date, integer, pgEnum, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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

export const currencyEnum = pgEnum('currency', ['GBP', 'USD', 'EUR']);

/** The saver's income tax band for the dashboard's tax estimate (core/calculators/savings-tax.ts TAX_BANDS). */
export const savingsTaxBandEnum = pgEnum('savings_tax_band', ['basic', 'higher', 'additional']);

/**
 * The spec's `user_settings` (002 §3), one row per user, created with the user. The owner may
 * change only their preferences (dark mode, notifications, login notifications, currency, the
 * tax band of the savings tax estimate); a
 * trigger (drizzle/0003_identity_rules.sql) refuses any other column unless the request is an
 * admin's. `two_factor_enabled` mirrors better-auth's flag on "user"; setting `suspended` ends
 * the user's sessions.
 */
export const userSettings = pgTable(
  'user_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** An admin's cap on the user's accounts; null means the tier's cap applies (core/accounts/account-cap.ts). */
    maxAccounts: integer('max_accounts'),
    isAdFree: boolean('is_ad_free').notNull().default(false),
    hasIsas: boolean('has_isas').notNull().default(false),
    hasPensions: boolean('has_pensions').notNull().default(false),
    hasMaturityCalculator: boolean('has_maturity_calculator').notNull().default(false),
    hasMaturityNotifications: boolean('has_maturity_notifications').notNull().default(false),
    hasRssNews: boolean('has_rss_news').notNull().default(false),
    hasPensionCalculator: boolean('has_pension_calculator').notNull().default(false),
    hasOpenBanking: boolean('has_open_banking').notNull().default(false),
    darkModeEnabled: boolean('dark_mode_enabled').notNull().default(false),
    notificationsEnabled: boolean('notifications_enabled').notNull().default(true),
    loginNotificationsEnabled: boolean('login_notifications_enabled').notNull().default(true),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    suspended: boolean('suspended').notNull().default(false),
    suspensionReason: text('suspension_reason'),
    defaultCurrency: currencyEnum('default_currency').notNull().default('GBP'),
    /** The income tax band the saver chose for the tax estimate on their savings interest; null until they choose (issue 29). */
    savingsTaxBand: savingsTaxBandEnum('savings_tax_band'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [ownerPolicy('user_settings', t.userId)],
).enableRLS();

/** Presence (the spec's channel `online:{userId}`): refreshed every 30 s by a signed-in tab. */
export const presence = pgTable(
  'presence',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    onlineAt: timestamp('online_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: ['online', 'away'] })
      .notNull()
      .default('online'),
  },
  (t) => [ownerPolicy('presence', t.userId)],
).enableRLS();
