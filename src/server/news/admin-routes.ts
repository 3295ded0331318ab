/**
 * The admin's news feeds and house ad campaigns (issue 29, ADR 0058): list, add, test (fetch now),
 * enable or disable, and remove a feed; list, add, change and remove a campaign. Every change is
 * written to the admin audit log in the same transaction.
 */
import { count, desc, eq, getTableColumns } from 'drizzle-orm';
import { isSupportedDate } from '../../core/dates/calendar-date.ts';
import { CAMPAIGN_LIMITS, CAMPAIGN_MESSAGES } from '../../core/news/campaigns.ts';
import { recordAdminAction } from '../admin/audit-log.ts';
import { adCampaigns, newsFeeds, newsItems } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { sessionOf, txOf } from '../http/access.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import type { Context } from 'hono';
import { feedFetchSettings } from './jobs.ts';
import { type FeedRow, loadFeed, storeFeedOutcome } from './refresh.ts';

export const FEED_SUBJECT = 'news_feed';
export const CAMPAIGN_SUBJECT = 'ad_campaign';

export const FEED_MESSAGES = {
  notFound: 'Feed not found',
  url: 'Feed address must be an http:// or https:// URL',
  title: 'Source name is required',
  duplicate: 'That feed is already in the list',
  nothing: 'Change at least one field',
} as const;

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const body = <T extends z.ZodType>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true,
});
const iso = (date: Date | null) => date?.toISOString() ?? null;

const httpUrl = (message: string, max: number) =>
  z
    .string(message)
    .trim()
    .max(max, message)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
      } catch {
        return false;
      }
    }, message);

const text = (label: string, empty: string, max: number) =>
  z.string(`${label} must be text`).trim().min(1, empty).max(max, `${label} must be ${max} characters or fewer`);

const FeedSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    title: z.string(),
    isEnabled: z.boolean(),
    lastFetchedAt: z.string().nullable(),
    lastSuccessAt: z.string().nullable(),
    lastError: z.string().nullable(),
    itemCount: z.number().int(),
    createdAt: z.string(),
  })
  .openapi('AdminNewsFeed');
export type AdminNewsFeed = z.infer<typeof FeedSchema>;

const FeedInputSchema = z
  .strictObject({
    url: httpUrl(FEED_MESSAGES.url, 2000),
    title: text('Source name', FEED_MESSAGES.title, 100),
  })
  .openapi('AdminNewsFeedInput', { example: { url: 'https://example.com/feed.xml', title: 'Example News' } });

const FeedUpdateSchema = z
  .strictObject({
    isEnabled: z.boolean('Enabled must be true or false'),
    title: text('Source name', FEED_MESSAGES.title, 100),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, FEED_MESSAGES.nothing)
  .openapi('AdminNewsFeedUpdate', { example: { isEnabled: false } });

const OutcomeSchema = z
  .object({
    status: z.enum(['fetched', 'not-modified', 'failed']),
    itemCount: z.number().int().optional(),
    newItems: z.number().int().optional(),
    error: z.string().optional(),
  })
  .openapi('NewsFeedOutcome');

const date = (message: string) =>
  z.string(message).refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isSupportedDate(value), message);

const CampaignSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    body: z.string(),
    link: z.string(),
    startsOn: z.string(),
    endsOn: z.string(),
    isActive: z.boolean(),
    createdAt: z.string(),
  })
  .openapi('AdminAdCampaign');
export type AdminAdCampaign = z.infer<typeof CampaignSchema>;

const campaignFields = {
  title: text('Title', CAMPAIGN_MESSAGES.title, CAMPAIGN_LIMITS.title),
  body: text('Text', CAMPAIGN_MESSAGES.body, CAMPAIGN_LIMITS.body),
  link: httpUrl(CAMPAIGN_MESSAGES.link, CAMPAIGN_LIMITS.link),
  startsOn: date(CAMPAIGN_MESSAGES.startsOn),
  endsOn: date(CAMPAIGN_MESSAGES.endsOn),
  isActive: z.boolean('Active must be true or false'),
};

const CampaignInputSchema = z
  .strictObject(campaignFields)
  .refine((value) => value.endsOn >= value.startsOn, { message: CAMPAIGN_MESSAGES.endsBeforeStart, path: ['endsOn'] })
  .openapi('AdminAdCampaignInput', {
    example: {
      title: 'Check your protection',
      body: 'See how much of your savings the FSCS covers.',
      link: 'https://savvypig.example/features/fscs-protection-checker',
      startsOn: '2026-12-01',
      endsOn: '2026-12-31',
      isActive: true,
    },
  });

const CampaignUpdateSchema = z
  .strictObject(campaignFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, CAMPAIGN_MESSAGES.nothing)
  .openapi('AdminAdCampaignUpdate', { example: { isActive: false } });

const IdParam = (message: string) => z.object({ id: z.uuid(message).openapi({ param: { name: 'id', in: 'path' } }) });

type CampaignRow = typeof adCampaigns.$inferSelect;
const campaignJson = ({ updatedAt: _u, createdAt, ...row }: CampaignRow): AdminAdCampaign => ({
  ...row,
  createdAt: createdAt.toISOString(),
});

const feedJson = (row: FeedRow, itemCount: number): AdminNewsFeed => ({
  id: row.id,
  url: row.url,
  title: row.title,
  isEnabled: row.isEnabled,
  lastFetchedAt: iso(row.lastFetchedAt),
  lastSuccessAt: iso(row.lastSuccessAt),
  lastError: row.lastError,
  itemCount,
  createdAt: row.createdAt.toISOString(),
});

const actorOf = (c: Context<AppEnv>) => {
  const admin = sessionOf(c);
  return { userId: admin.userId, email: admin.email };
};

/** The fields of `update` whose value differs from `row`'s, as they were and as they become. */
function changesOf<R extends Record<string, unknown>>(row: R, update: Partial<R>) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(update)) {
    if (value === undefined || row[key] === value) continue;
    before[key] = row[key];
    after[key] = value;
  }
  return { before, after };
}

async function lockedFeed(c: Context<AppEnv>, id: string): Promise<FeedRow> {
  const [row] = await txOf(c).select().from(newsFeeds).where(eq(newsFeeds.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', FEED_MESSAGES.notFound);
  return row;
}

async function itemCountOf(c: Context<AppEnv>, feedId: string): Promise<number> {
  const [row] = await txOf(c).select({ n: count() }).from(newsItems).where(eq(newsItems.feedId, feedId));
  return row?.n ?? 0;
}

function feedRoutes(deps: Deps) {
  const app = createRouter();
  const FeedId = IdParam(FEED_MESSAGES.notFound);

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: '/api/admin/news/feeds',
      summary: 'The news feeds, oldest first, each with its last fetch, last error and item count',
      responses: { 200: json(z.object({ feeds: z.array(FeedSchema) }), 'Every feed') },
    }),
    async (c) => {
      const rows = await txOf(c)
        .select({ ...getTableColumns(newsFeeds), itemCount: count(newsItems.id) })
        .from(newsFeeds)
        .leftJoin(newsItems, eq(newsItems.feedId, newsFeeds.id))
        .groupBy(newsFeeds.id)
        .orderBy(newsFeeds.createdAt, newsFeeds.id);
      return c.json({ feeds: rows.map(({ itemCount, ...row }) => feedJson(row, itemCount)) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'post',
      path: '/api/admin/news/feeds',
      summary: 'Adds a feed (enabled); the next refresh or a test fetches it; audited',
      request: { body: body(FeedInputSchema) },
      responses: {
        201: json(z.object({ feed: FeedSchema }), 'The feed'),
        409: { description: 'That address is already a feed' },
      },
    }),
    async (c) => {
      const input = c.req.valid('json');
      const tx = txOf(c);
      const [saved] = await tx.insert(newsFeeds).values(input).onConflictDoNothing().returning();
      if (!saved) throw new AppError('CONFLICT', FEED_MESSAGES.duplicate);
      await recordAdminAction(tx, actorOf(c), {
        action: 'news_feed.create',
        subjectType: FEED_SUBJECT,
        subjectId: saved.id,
        before: null,
        after: input,
      });
      return c.json({ feed: feedJson(saved, 0) }, 201);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'patch',
      path: '/api/admin/news/feeds/{id}',
      summary: 'Enables or disables a feed, or renames its source; audited',
      description: 'A disabled feed is not fetched and its items leave the news page until it is enabled again.',
      request: { params: FeedId, body: body(FeedUpdateSchema) },
      responses: { 200: json(z.object({ feed: FeedSchema }), 'The feed'), 404: { description: 'No such feed' } },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const update = c.req.valid('json');
      const tx = txOf(c);
      const row = await lockedFeed(c, id);
      const { before, after } = changesOf(row, update);
      if (Object.keys(after).length === 0) return c.json({ feed: feedJson(row, await itemCountOf(c, id)) }, 200);
      const [saved] = await tx
        .update(newsFeeds)
        .set({ ...update, updatedAt: deps.clock.now() })
        .where(eq(newsFeeds.id, id))
        .returning();
      await recordAdminAction(tx, actorOf(c), {
        action: 'news_feed.update',
        subjectType: FEED_SUBJECT,
        subjectId: id,
        before,
        after,
      });
      return c.json({ feed: feedJson(saved!, await itemCountOf(c, id)) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'delete',
      path: '/api/admin/news/feeds/{id}',
      summary: 'Removes a feed and its items; audited',
      request: { params: FeedId },
      responses: { 204: { description: 'Removed' }, 404: { description: 'No such feed' } },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const tx = txOf(c);
      const row = await lockedFeed(c, id);
      await tx.delete(newsFeeds).where(eq(newsFeeds.id, id));
      await recordAdminAction(tx, actorOf(c), {
        action: 'news_feed.delete',
        subjectType: FEED_SUBJECT,
        subjectId: id,
        before: { url: row.url, title: row.title, isEnabled: row.isEnabled },
        after: null,
      });
      return c.body(null, 204);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'post',
      path: '/api/admin/news/feeds/{id}/test',
      summary: 'Fetches a feed now (as the refresh job does) and stores what it gave; audited',
      description:
        'The answer says whether the fetch worked, and if not, why; the feed keeps its items when it fails. A disabled feed may be tested too.',
      request: { params: FeedId },
      responses: {
        200: json(z.object({ feed: FeedSchema, outcome: OutcomeSchema }), 'The feed after the fetch, and its outcome'),
        404: { description: 'No such feed' },
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const tx = txOf(c);
      const row = await lockedFeed(c, id);
      const loaded = await loadFeed(row, feedFetchSettings(deps.config), deps.clock.now());
      const outcome = await storeFeedOutcome(tx, id, loaded, deps.clock.now());
      const [saved] = await tx.select().from(newsFeeds).where(eq(newsFeeds.id, id));
      await recordAdminAction(tx, actorOf(c), {
        action: 'news_feed.test',
        subjectType: FEED_SUBJECT,
        subjectId: id,
        before: null,
        after: outcome,
      });
      return c.json({ feed: feedJson(saved!, await itemCountOf(c, id)), outcome }, 200);
    },
  );
  return app;
}

function campaignRoutes(deps: Deps) {
  const app = createRouter();
  const CampaignId = IdParam(CAMPAIGN_MESSAGES.notFound);

  async function lockedCampaign(c: Context<AppEnv>, id: string): Promise<CampaignRow> {
    const [row] = await txOf(c).select().from(adCampaigns).where(eq(adCampaigns.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND', CAMPAIGN_MESSAGES.notFound);
    return row;
  }

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: '/api/admin/ads',
      summary: 'The house ad campaigns, latest start first',
      responses: { 200: json(z.object({ campaigns: z.array(CampaignSchema) }), 'Every campaign') },
    }),
    async (c) => {
      const rows = await txOf(c)
        .select()
        .from(adCampaigns)
        .orderBy(desc(adCampaigns.startsOn), desc(adCampaigns.createdAt));
      return c.json({ campaigns: rows.map(campaignJson) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'post',
      path: '/api/admin/ads',
      summary: 'Adds a house ad campaign; audited',
      request: { body: body(CampaignInputSchema) },
      responses: { 201: json(z.object({ campaign: CampaignSchema }), 'The campaign') },
    }),
    async (c) => {
      const input = c.req.valid('json');
      const tx = txOf(c);
      const [saved] = await tx.insert(adCampaigns).values(input).returning();
      await recordAdminAction(tx, actorOf(c), {
        action: 'ad_campaign.create',
        subjectType: CAMPAIGN_SUBJECT,
        subjectId: saved!.id,
        before: null,
        after: input,
      });
      return c.json({ campaign: campaignJson(saved!) }, 201);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'patch',
      path: '/api/admin/ads/{id}',
      summary: 'Changes a house ad campaign; audited',
      request: { params: CampaignId, body: body(CampaignUpdateSchema) },
      responses: {
        200: json(z.object({ campaign: CampaignSchema }), 'The campaign'),
        404: { description: 'No such campaign' },
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const update = c.req.valid('json');
      const tx = txOf(c);
      const row = await lockedCampaign(c, id);
      if ((update.endsOn ?? row.endsOn) < (update.startsOn ?? row.startsOn))
        throw new AppError('VALIDATION_FAILED', CAMPAIGN_MESSAGES.endsBeforeStart);
      const { before, after } = changesOf(row, update);
      if (Object.keys(after).length === 0) return c.json({ campaign: campaignJson(row) }, 200);
      const [saved] = await tx
        .update(adCampaigns)
        .set({ ...update, updatedAt: deps.clock.now() })
        .where(eq(adCampaigns.id, id))
        .returning();
      await recordAdminAction(tx, actorOf(c), {
        action: 'ad_campaign.update',
        subjectType: CAMPAIGN_SUBJECT,
        subjectId: id,
        before,
        after,
      });
      return c.json({ campaign: campaignJson(saved!) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'delete',
      path: '/api/admin/ads/{id}',
      summary: 'Removes a house ad campaign; audited',
      request: { params: CampaignId },
      responses: { 204: { description: 'Removed' }, 404: { description: 'No such campaign' } },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const tx = txOf(c);
      const row = await lockedCampaign(c, id);
      await tx.delete(adCampaigns).where(eq(adCampaigns.id, id));
      const { createdAt: _c, updatedAt: _u, id: _id, ...before } = row;
      await recordAdminAction(tx, actorOf(c), {
        action: 'ad_campaign.delete',
        subjectType: CAMPAIGN_SUBJECT,
        subjectId: id,
        before,
        after: null,
      });
      return c.body(null, 204);
    },
  );
  return app;
}

export function adminNewsRoutes(deps: Deps) {
  const app = createRouter();
  app.route('/', feedRoutes(deps));
  app.route('/', campaignRoutes(deps));
  return app;
}
