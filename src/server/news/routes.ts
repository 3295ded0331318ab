/**
 * The saver's news (issue 29, ADR 0058): the newest items of the enabled feeds, for the plans that
 * include `rssNews` (the gate reads core's one feature list); and the "Sponsored" slot's house ad,
 * for the plans that are not ad-free (none for Big Pig).
 */
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { FEATURE_LABELS, FEATURE_TIERS, tierRequiredMessage } from '../../core/subscriptions/features.ts';
import { adCampaigns, newsFeeds, newsItems } from '../db/schema/index.ts';
import { sessionOf, txOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { requireFeature } from '../http/require-tier.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';

/** How many items the news page shows. */
export const NEWS_PAGE_SIZE = 50;

export const NEWS_MESSAGES = {
  needsBoar: tierRequiredMessage(FEATURE_LABELS.rssNews, FEATURE_TIERS.rssNews),
} as const;

const NewsItemSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    link: z.string().nullable(),
    summary: z.string().openapi({ description: 'Plain text: the feed’s HTML is never passed on' }),
    publishedAt: z.string(),
    source: z.string(),
  })
  .openapi('NewsItem');
export type NewsItem = z.infer<typeof NewsItemSchema>;

const SponsoredSchema = z
  .object({ id: z.string(), title: z.string(), body: z.string(), link: z.string() })
  .openapi('SponsoredAd');
export type SponsoredAd = z.infer<typeof SponsoredSchema>;

export function newsRoutes(deps: Deps) {
  const app = createRouter();

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/news',
      summary: 'The newest items of the enabled news feeds, newest first (Boar and up)',
      responses: {
        200: {
          description: `Up to ${NEWS_PAGE_SIZE} items`,
          content: { 'application/json': { schema: z.object({ items: z.array(NewsItemSchema) }) } },
        },
        403: { description: 'The plan does not include the news feed' },
      },
    }),
    async (c) => {
      requireFeature(sessionOf(c), 'rssNews', NEWS_MESSAGES.needsBoar);
      const rows = await txOf(c)
        .select({
          id: newsItems.id,
          title: newsItems.title,
          link: newsItems.link,
          summary: newsItems.summary,
          publishedAt: newsItems.publishedAt,
          source: newsFeeds.title,
        })
        .from(newsItems)
        .innerJoin(newsFeeds, and(eq(newsFeeds.id, newsItems.feedId), eq(newsFeeds.isEnabled, true)))
        .orderBy(desc(newsItems.publishedAt), desc(newsItems.id))
        .limit(NEWS_PAGE_SIZE);
      return c.json({ items: rows.map((row) => ({ ...row, publishedAt: row.publishedAt.toISOString() })) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/sponsored',
      summary: "The house ad for the signed-in user's Sponsored slot: null when their plan is ad-free",
      description: 'One active campaign whose dates include today (London), chosen at random; no third-party content.',
      responses: {
        200: {
          description: 'The ad, or null',
          content: { 'application/json': { schema: z.object({ ad: SponsoredSchema.nullable() }) } },
        },
      },
    }),
    async (c) => {
      if (sessionOf(c).features.adFree) return c.json({ ad: null }, 200);
      const today = calendarDateInLondon(deps.clock.now());
      const [ad] = await txOf(c)
        .select({ id: adCampaigns.id, title: adCampaigns.title, body: adCampaigns.body, link: adCampaigns.link })
        .from(adCampaigns)
        .where(and(eq(adCampaigns.isActive, true), lte(adCampaigns.startsOn, today), gte(adCampaigns.endsOn, today)))
        .orderBy(sql`random()`)
        .limit(1);
      return c.json({ ad: ad ?? null }, 200);
    },
  );

  return app;
}
