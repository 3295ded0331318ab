// What the dashboard's kept answers are keyed by (docs/decisions/0039-the-dashboard-answer-cache.md):
// a version per user, bumped by triggers (statement triggers; a row trigger for an account's update,
// ADR 0082) on every table whose rows change what the
// user's dashboard shows, and one version of the reference data the protection picture reads
// (banks, licences, providers, limits and the admin's override). Only those triggers write them
// (they run as the tables' owner, drizzle/…_dashboard_versions_rules.sql): app_user may only read.
import { sql } from 'drizzle-orm';
import { bigint, check, pgPolicy, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { appUser } from './policies.ts';

export const userDataVersions = pgTable(
  'user_data_versions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    pgPolicy('user_data_versions_owner_read', {
      for: 'select',
      to: appUser,
      using: sql`${t.userId} = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true'`,
    }),
  ],
).enableRLS();

export const referenceDataVersion = pgTable(
  'reference_data_version',
  {
    /** Always 1: one row. */
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    check('reference_data_version_one_row', sql`${t.id} = 1`),
    pgPolicy('reference_data_version_read_all', { for: 'select', to: appUser, using: sql`true` }),
  ],
).enableRLS();
