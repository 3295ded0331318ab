import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredTier } from '../../core/subscriptions/access.ts';
import { adminAuditLog, newsItems, subscriptions } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { type FakeFeedServer, GOOD_FEED_ETAG, startFakeFeedServer } from '../test/fake-feed-server.ts';
import { createTestServer, grantAdmin, signUpAndSignIn, type TestServer } from '../test/server.ts';
import {
  type AdminAdCampaign,
  type AdminNewsFeed,
  CAMPAIGN_SUBJECT,
  FEED_MESSAGES,
  FEED_SUBJECT,
} from './admin-routes.ts';
import { NEWS_REFRESH_JOB } from './jobs.ts';
import { NEWS_MESSAGES, type NewsItem, type SponsoredAd } from './routes.ts';

type Person = { cookie: string; userId: string };
type Outcome = { status: string; itemCount?: number; newItems?: number; error?: string };

describe.each(testDatabaseKinds())('news feeds and house ads on %s', (kind) => {
  let server: TestServer;
  let feeds: FakeFeedServer;
  let admin: Person;
  let piglet: Person;
  let boar: Person;
  let bigPig: Person;
  const now = new Date('2026-11-28T12:00:00Z');

  const call = (who: Person, path: string, method = 'GET', json?: unknown) =>
    server.request(path, { method, cookie: who.cookie, ...(json === undefined ? {} : { json }) });
  const ok = async <T>(res: Response, status = 200): Promise<T> => {
    expect(res.status, await res.clone().text()).toBe(status);
    return (status === 204 ? undefined : await res.json()) as T;
  };
  const refusal = async (res: Response, status: number) => {
    expect(res.status, await res.clone().text()).toBe(status);
    return ((await res.json()) as { error: { message: string } }).error.message;
  };
  const giveTier = (who: Person, tier: StoredTier) =>
    server.deps.database.db
      .update(subscriptions)
      .set(
        tier === 'piglet'
          ? { paymentStatus: 'trial_expired', tier: 'piglet', trialExpiresAt: new Date(now.getTime() - 86_400_000) }
          : {
              paymentStatus: 'active',
              tier,
              trialTier: null,
              trialExpiresAt: new Date(now.getTime() - 86_400_000),
              billingCycle: 'monthly',
              currentPeriodEnd: new Date(now.getTime() + 20 * 86_400_000),
            },
      )
      .where(eq(subscriptions.userId, who.userId));
  const addFeed = async (path: string, title: string) =>
    (
      await ok<{ feed: AdminNewsFeed }>(
        await call(admin, '/api/admin/news/feeds', 'POST', { url: feeds.url(path), title }),
        201,
      )
    ).feed;
  const testFeed = async (id: string) =>
    ok<{ feed: AdminNewsFeed; outcome: Outcome }>(await call(admin, `/api/admin/news/feeds/${id}/test`, 'POST'));
  const feedList = async () => (await ok<{ feeds: AdminNewsFeed[] }>(await call(admin, '/api/admin/news/feeds'))).feeds;
  const newsOf = async (who: Person) => (await ok<{ items: NewsItem[] }>(await call(who, '/api/news'))).items;
  const sponsoredFor = async (who: Person) =>
    (await ok<{ ad: SponsoredAd | null }>(await call(who, '/api/sponsored'))).ad;
  const audit = (subjectId: string) =>
    server.deps.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.subjectId, subjectId));

  beforeAll(async () => {
    feeds = await startFakeFeedServer({ slowMs: 3_000 });
    server = await createTestServer(kind, { NEWS_FEEDS_ALLOW_PRIVATE: 'true', NEWS_FEEDS_TIMEOUT_MS: '500' });
    server.clock.set(now);
    admin = await signUpAndSignIn(server, { email: 'news-admin@example.com' });
    await grantAdmin(server, admin.userId);
    piglet = await signUpAndSignIn(server, { email: 'news-piglet@example.com' });
    boar = await signUpAndSignIn(server, { email: 'news-boar@example.com' });
    bigPig = await signUpAndSignIn(server, { email: 'news-bigpig@example.com' });
    await giveTier(piglet, 'piglet');
    await giveTier(boar, 'boar');
    await giveTier(bigPig, 'bigpig');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await feeds?.close();
  });

  it('adds a feed, tests it, and shows its items newest first to Boar with their source, as plain text', async () => {
    const feed = await addFeed('/good.xml', 'Local Savings News');
    expect(feed).toMatchObject({ isEnabled: true, lastFetchedAt: null, lastError: null, itemCount: 0 });
    expect((await audit(feed.id)).map((e) => [e.action, e.subjectType])).toEqual([['news_feed.create', FEED_SUBJECT]]);

    const tested = await testFeed(feed.id);
    expect(tested.outcome).toEqual({ status: 'fetched', itemCount: 3, newItems: 3 });
    expect(tested.feed).toMatchObject({ itemCount: 3, lastError: null, lastFetchedAt: now.toISOString() });

    const { items } = await ok<{ items: NewsItem[] }>(await call(boar, '/api/news'));
    expect(items.map((i) => [i.title, i.publishedAt, i.source])).toEqual([
      ['ISA season starts early', '2026-11-27T07:30:00.000Z', 'Local Savings News'],
      ['Fixed bonds: what a 1-year term pays', '2026-11-26T12:00:00.000Z', 'Local Savings News'],
      ['Savings rates edge down', '2026-11-25T08:00:00.000Z', 'Local Savings News'],
    ]);
    expect(items[0]!.summary).toBe('Providers launch new ISAs & bonuses £50.');
    expect(JSON.stringify(items)).not.toMatch(/<script|onerror|javascript:/);
  });

  it('keeps the items on a 304 to its conditional GET, and adds no duplicate on a second fetch', async () => {
    const [feed] = (await ok<{ feeds: AdminNewsFeed[] }>(await call(admin, '/api/admin/news/feeds'))).feeds;
    const again = await testFeed(feed!.id);
    expect(again.outcome).toEqual({ status: 'not-modified' });
    expect(feeds.lastHeaders.get('/good.xml')?.['if-none-match']).toBe(GOOD_FEED_ETAG);
    expect(again.feed.itemCount).toBe(3);
    // A feed behind a redirect gives the same stories: their links are already here.
    const moved = await addFeed('/redirect-good', 'Same News, Moved');
    expect((await testFeed(moved.id)).outcome).toEqual({ status: 'fetched', itemCount: 3, newItems: 0 });
  });

  it('records why a feed failed for the admin and keeps the items of the others on the page', async () => {
    const broken = await addFeed('/malformed.xml', 'Broken News');
    expect((await testFeed(broken.id)).outcome).toEqual({
      status: 'failed',
      error: 'The feed is not valid RSS or Atom',
    });
    expect((await feedList()).find((f) => f.id === broken.id)).toMatchObject({
      lastError: 'The feed is not valid RSS or Atom',
      lastFetchedAt: now.toISOString(),
      itemCount: 0,
    });
    expect(await newsOf(boar)).toHaveLength(3);
  });

  it('refuses a feed on a private address unless the setting allows it', async () => {
    const local = await addFeed('/atom.xml', 'Atom News');
    server.deps.config.NEWS_FEEDS_ALLOW_PRIVATE = false;
    try {
      const { outcome, feed } = await testFeed(local.id);
      expect(outcome.status).toBe('failed');
      expect(outcome.error).toMatch(/^Refused: 127\.0\.0\.1 resolves to a private or reserved address/);
      expect(feed.lastError).toBe(outcome.error);
    } finally {
      server.deps.config.NEWS_FEEDS_ALLOW_PRIVATE = true;
    }
  });

  it('refreshes every enabled feed in the job: a slow feed times out and records it, the rest are stored', async () => {
    const slow = await addFeed('/slow.xml', 'Slow News');
    await server.deps.jobs.enqueue({ name: NEWS_REFRESH_JOB, key: `news-test-${kind}` });
    expect(await server.deps.jobs.runDue(5)).toBeGreaterThanOrEqual(1);
    const list = await feedList();
    expect(list.find((f) => f.id === slow.id)?.lastError).toBe('The feed did not answer within 0.5 seconds');
    expect(list.find((f) => f.title === 'Atom News')).toMatchObject({ lastError: null, itemCount: 1 });
    expect((await newsOf(boar)).map((i) => i.source)).toEqual([
      'Atom News',
      'Local Savings News',
      'Local Savings News',
      'Local Savings News',
    ]);
  });

  it('hides a disabled feed’s items, and removes a feed with its items; each change audited', async () => {
    const atom = (await feedList()).find((f) => f.title === 'Atom News')!;
    const disabled = await ok<{ feed: AdminNewsFeed }>(
      await call(admin, `/api/admin/news/feeds/${atom.id}`, 'PATCH', { isEnabled: false }),
    );
    expect(disabled.feed.isEnabled).toBe(false);
    expect((await newsOf(boar)).map((i) => i.source)).not.toContain('Atom News');
    await ok(await call(admin, `/api/admin/news/feeds/${atom.id}`, 'DELETE'), 204);
    expect(await server.deps.database.db.select().from(newsItems).where(eq(newsItems.feedId, atom.id))).toEqual([]);
    expect((await audit(atom.id)).map((e) => e.action).sort()).toEqual([
      'news_feed.create',
      'news_feed.delete',
      'news_feed.test',
      'news_feed.update',
    ]);
    expect(await refusal(await call(admin, `/api/admin/news/feeds/${atom.id}`, 'DELETE'), 404)).toBe(
      FEED_MESSAGES.notFound,
    );
  });

  it('refuses a bad feed address, a duplicate and an empty change with a clear message', async () => {
    for (const url of ['ftp://example.com/feed', 'not a url', 'http://user:pw@example.com/feed'])
      expect(await refusal(await call(admin, '/api/admin/news/feeds', 'POST', { url, title: 'X' }), 400)).toBe(
        FEED_MESSAGES.url,
      );
    expect(
      await refusal(
        await call(admin, '/api/admin/news/feeds', 'POST', { url: feeds.url('/good.xml'), title: 'Again' }),
        409,
      ),
    ).toBe(FEED_MESSAGES.duplicate);
    const [first] = await feedList();
    expect(await refusal(await call(admin, `/api/admin/news/feeds/${first!.id}`, 'PATCH', {}), 400)).toBe(
      FEED_MESSAGES.nothing,
    );
  });

  it('serves the news to Boar and Big Pig only; a Piglet is told the plan it needs', async () => {
    expect(await newsOf(bigPig)).toHaveLength(3);
    expect(await refusal(await call(piglet, '/api/news'), 403)).toBe(NEWS_MESSAGES.needsBoar);
    expect(NEWS_MESSAGES.needsBoar).toBe('The RSS news feed requires Boar tier or higher');
    // The feeds' admin routes are an admin's alone.
    expect((await call(boar, '/api/admin/news/feeds')).status).toBe(403);
  });

  it('shows a live house ad to Piglet and Boar, none to Big Pig, and only between its dates while active', async () => {
    expect(await sponsoredFor(boar)).toBeNull();
    const fields = {
      title: 'Check your protection',
      body: 'See how much of your savings the FSCS covers.',
      link: 'https://savvypig.example/features/fscs-protection-checker',
      startsOn: '2026-11-01',
      endsOn: '2026-11-28',
      isActive: true,
    };
    const { campaign } = await ok<{ campaign: AdminAdCampaign }>(
      await call(admin, '/api/admin/ads', 'POST', fields),
      201,
    );
    expect(campaign).toMatchObject(fields);
    const shown = { id: campaign.id, title: fields.title, body: fields.body, link: fields.link };
    expect(await sponsoredFor(piglet)).toEqual(shown);
    expect(await sponsoredFor(boar)).toEqual(shown);
    expect(await sponsoredFor(bigPig)).toBeNull();
    expect(await sponsoredFor(admin)).toBeNull();

    // Its last day is today in London; one that ended yesterday or starts tomorrow is not shown.
    await ok(await call(admin, `/api/admin/ads/${campaign.id}`, 'PATCH', { endsOn: '2026-11-27' }));
    expect(await sponsoredFor(boar)).toBeNull();
    await ok(
      await call(admin, `/api/admin/ads/${campaign.id}`, 'PATCH', { startsOn: '2026-11-29', endsOn: '2026-12-31' }),
    );
    expect(await sponsoredFor(boar)).toBeNull();
    await ok(await call(admin, `/api/admin/ads/${campaign.id}`, 'PATCH', { startsOn: '2026-11-28' }));
    expect(await sponsoredFor(boar)).toEqual(shown);
    await ok(await call(admin, `/api/admin/ads/${campaign.id}`, 'PATCH', { isActive: false }));
    expect(await sponsoredFor(boar)).toBeNull();

    const { campaigns } = await ok<{ campaigns: AdminAdCampaign[] }>(await call(admin, '/api/admin/ads'));
    expect(campaigns.map((c) => c.isActive)).toEqual([false]);
    await ok(await call(admin, `/api/admin/ads/${campaign.id}`, 'DELETE'), 204);
    const entries = await audit(campaign.id);
    expect(entries.every((e) => e.subjectType === CAMPAIGN_SUBJECT)).toBe(true);
    expect(entries.map((e) => e.action).sort()).toEqual([
      'ad_campaign.create',
      'ad_campaign.delete',
      ...Array.from({ length: 4 }, () => 'ad_campaign.update'),
    ]);
  });

  it('refuses a campaign with bad fields or dates in the wrong order, writing nothing', async () => {
    const good = {
      title: 'T',
      body: 'B',
      link: 'https://savvypig.example/',
      startsOn: '2026-12-01',
      endsOn: '2026-12-31',
      isActive: true,
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, title: '  ' }, 'Title is required'],
      [{ ...good, link: 'javascript:alert(1)' }, 'Link must be an http:// or https:// address'],
      [{ ...good, startsOn: '2026-13-01' }, 'Start date must be a date (YYYY-MM-DD)'],
      [{ ...good, endsOn: '2026-11-30' }, 'End date must be on or after the start date'],
    ];
    for (const [body, message] of cases)
      expect(await refusal(await call(admin, '/api/admin/ads', 'POST', body), 400)).toContain(message);
    const { campaign } = await ok<{ campaign: AdminAdCampaign }>(
      await call(admin, '/api/admin/ads', 'POST', good),
      201,
    );
    expect(
      await refusal(await call(admin, `/api/admin/ads/${campaign.id}`, 'PATCH', { endsOn: '2026-11-01' }), 400),
    ).toBe('End date must be on or after the start date');
    const { campaigns } = await ok<{ campaigns: AdminAdCampaign[] }>(await call(admin, '/api/admin/ads'));
    expect(campaigns).toEqual([campaign]);
  });
});
