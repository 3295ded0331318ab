import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgPolicy, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { appUser } from './policies.ts';

const isAdmin = sql`current_setting('app.is_admin', true) = 'true'`;

/**
 * The CMS-managed footer (000 §4 "CMS footer", issue 30, ADR 0062). `content` is the spec's
 * structured object ({ logoUrl, backgroundColor, textColor, links, copyrightText }) or a string of
 * raw HTML, sanitised when saved (a JSON string given by an admin is parsed into the object before
 * it is stored). At most one row is active: the partial unique index refuses a second, so two
 * activations at once cannot both win. Anyone may read the active footer; only an admin writes.
 */
export const cmsFooters = pgTable(
  'cms_footers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    content: jsonb('content').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cms_footers_one_active_idx').on(t.isActive).where(sql`${t.isActive}`),
    index('cms_footers_updated_idx').on(t.updatedAt),
    pgPolicy('cms_footers_read_active', { for: 'select', to: appUser, using: sql`${t.isActive}` }),
    pgPolicy('cms_footers_admin_all', { for: 'all', to: appUser, using: isAdmin, withCheck: isAdmin }),
  ],
).enableRLS();
