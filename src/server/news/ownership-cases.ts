/**
 * The authorisation harness's cases (src/server/http/authorisation.test.ts) for the admin news
 * feed and house ad routes: a feed or campaign exists (no saver owns one). Only an admin changes,
 * tests or removes it; the signed-in subscriber and another user get 403 like any non-admin. The
 * feed's address is on loopback, which the harness's server refuses to fetch: its test answers at
 * once with the refusal as the outcome.
 */
import { adCampaigns, newsFeeds } from '../db/schema/index.ts';
import type { TestServer } from '../test/server.ts';

let made = 0;

async function aFeed(server: TestServer): Promise<string> {
  made += 1;
  const [row] = await server.deps.database.db
    .insert(newsFeeds)
    .values({ url: `http://127.0.0.1:9/harness-${made}.xml`, title: 'Harness News' })
    .returning({ id: newsFeeds.id });
  return `/api/admin/news/feeds/${row!.id}`;
}

async function aCampaign(server: TestServer): Promise<string> {
  const [row] = await server.deps.database.db
    .insert(adCampaigns)
    .values({
      title: 'Harness',
      body: 'Harness ad',
      link: 'https://example.com/',
      startsOn: '2026-01-01',
      endsOn: '2026-12-31',
    })
    .returning({ id: adCampaigns.id });
  return `/api/admin/ads/${row!.id}`;
}

const adminCase = (setup: (server: TestServer) => Promise<string>, json?: unknown) => ({
  setup,
  otherStatus: 403 as const,
  ownerStatus: 403 as const,
  adminAllowed: true,
  json,
});

export const ADMIN_NEWS_OWNERSHIP_CASES = {
  'PATCH /api/admin/news/feeds/:id': adminCase(aFeed, { isEnabled: false }),
  'DELETE /api/admin/news/feeds/:id': adminCase(aFeed),
  'POST /api/admin/news/feeds/:id/test': adminCase(async (server) => `${await aFeed(server)}/test`),
  'PATCH /api/admin/ads/:id': adminCase(aCampaign, { isActive: false }),
  'DELETE /api/admin/ads/:id': adminCase(aCampaign),
};
