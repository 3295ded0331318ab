import { sql } from 'drizzle-orm';
import { boolean, date, index, pgPolicy, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { appUser } from './policies.ts';

const isAdmin = sql`current_setting('app.is_admin', true) = 'true'`;
/** Any signed-in request (the routes gate by plan; ADR 0058). */
const isSignedIn = sql`coalesce(current_setting('app.user_id', true), '') <> ''`;

/**
 * The RSS/Atom feeds an admin chose for /news (issue 29, ADR 0058). The fetch job keeps the
 * validators for a conditional GET (ETag, Last-Modified) and the last fetch's outcome for the
 * admin screen. Signed-in users may read a feed's row (the news page names its source); only an
 * admin writes.
 */
export const newsFeeds = pgTable(
  'news_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    title: text('title').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('news_feeds_url_idx').on(t.url),
    pgPolicy('news_feeds_signed_in_read', { for: 'select', to: appUser, using: isSignedIn }),
    pgPolicy('news_feeds_admin_all', { for: 'all', to: appUser, using: isAdmin, withCheck: isAdmin }),
  ],
).enableRLS();

/**
 * One item of a feed, as plain text (never the feed's HTML). De-duplicated by link across every
 * feed and by guid within its feed: the job inserts with ON CONFLICT DO NOTHING.
 */
export const newsItems = pgTable(
  'news_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    feedId: uuid('feed_id')
      .notNull()
      .references(() => newsFeeds.id, { onDelete: 'cascade' }),
    guid: text('guid'),
    link: text('link'),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('news_items_link_idx').on(t.link).where(sql`${t.link} is not null`),
    uniqueIndex('news_items_guid_idx').on(t.feedId, t.guid).where(sql`${t.guid} is not null`),
    index('news_items_published_idx').on(t.publishedAt),
    pgPolicy('news_items_signed_in_read', { for: 'select', to: appUser, using: isSignedIn }),
    pgPolicy('news_items_admin_all', { for: 'all', to: appUser, using: isAdmin, withCheck: isAdmin }),
  ],
).enableRLS();

/**
 * A house ad (issue 29): shown in the "Sponsored" slot to Piglet and Boar between its start and
 * end dates (London calendar dates, both inclusive) while active. No third-party ad code exists.
 */
export const adCampaigns = pgTable(
  'ad_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ad_campaigns_dates_idx').on(t.startsOn, t.endsOn),
    pgPolicy('ad_campaigns_signed_in_read', { for: 'select', to: appUser, using: isSignedIn }),
    pgPolicy('ad_campaigns_admin_all', { for: 'all', to: appUser, using: isAdmin, withCheck: isAdmin }),
  ],
).enableRLS();
