import { sql } from 'drizzle-orm';
import { check, index, integer, pgPolicy, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { appUser } from './policies.ts';

const isAdmin = sql`current_setting('app.is_admin', true) = 'true'`;

/**
 * A CMS content page (issue 30, ADR 0061), shown at `/{slug}` once published. The row holds the
 * page as it is now; `body_html` is sanitised when saved (and again when shown). Anyone may read a
 * published page; only an admin reads drafts or writes.
 */
export const contentPages = pgTable(
  'content_pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    metaDescription: text('meta_description').notNull().default(''),
    bodyHtml: text('body_html').notNull().default(''),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('content_pages_slug_idx').on(t.slug),
    index('content_pages_updated_idx').on(t.updatedAt),
    check('content_pages_status_check', sql`${t.status} in ('draft', 'published')`),
    pgPolicy('content_pages_read_published', { for: 'select', to: appUser, using: sql`${t.status} = 'published'` }),
    pgPolicy('content_pages_admin_all', { for: 'all', to: appUser, using: isAdmin, withCheck: isAdmin }),
  ],
).enableRLS();

/**
 * Every saved state of a content page, numbered from 1; restoring one saves it again as the
 * newest. Admins only.
 */
export const contentPageVersions = pgTable(
  'content_page_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => contentPages.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    metaDescription: text('meta_description').notNull(),
    bodyHtml: text('body_html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('content_page_versions_page_version_idx').on(t.pageId, t.version),
    pgPolicy('content_page_versions_admin_all', { for: 'all', to: appUser, using: isAdmin, withCheck: isAdmin }),
  ],
).enableRLS();
