/**
 * Refreshes the news feeds (ADR 0058): each feed is fetched outside any transaction (a slow feed
 * holds no database connection), parsed by rss-parser from the text, and its new items stored in
 * one short transaction with the feed's outcome. A feed that fails keeps its items and records its
 * last error for the admin; the others go on.
 */
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import Parser from 'rss-parser';
import { newsItemDrafts } from '../../core/news/items.ts';
import type { AppDb, Tx } from '../db/client.ts';
import { newsFeeds, newsItems } from '../db/schema/index.ts';
import { FeedFetchError, type FeedFetchSettings, fetchFeed } from './fetch-feed.ts';

/** How many items of one feed are kept (the newest). */
export const ITEMS_KEPT_PER_FEED = 100;

export type FeedRow = typeof newsFeeds.$inferSelect;

export type FeedOutcome =
  | { status: 'fetched'; itemCount: number; newItems: number }
  | { status: 'not-modified' }
  | { status: 'failed'; error: string };

type Parsed = { items: { guid?: string; id?: string; link?: string; title?: string; [key: string]: unknown }[] };

const parser = new Parser({ timeout: 0, maxRedirects: 0 });

async function parseFeed(text: string): Promise<Parsed> {
  try {
    return (await parser.parseString(text)) as Parsed;
  } catch {
    throw new FeedFetchError('The feed is not valid RSS or Atom');
  }
}

/** What the network gives for `feed`: the outcome and, when fetched, the items to store. */
export async function loadFeed(
  feed: Pick<FeedRow, 'url' | 'etag' | 'lastModified'>,
  settings: FeedFetchSettings,
  now: Date,
) {
  try {
    const result = await fetchFeed(feed.url, { etag: feed.etag, lastModified: feed.lastModified }, settings);
    if (result.status === 'not-modified') return { status: 'not-modified' as const, validators: result.validators };
    const parsed = await parseFeed(result.text);
    const drafts = newsItemDrafts(
      (parsed.items ?? []).map((item) => ({
        guid: typeof item.guid === 'string' ? item.guid : typeof item.id === 'string' ? item.id : null,
        link: typeof item.link === 'string' ? item.link : null,
        title: typeof item.title === 'string' ? item.title : null,
        summaryHtml: [item.summary, item.content, item.contentSnippet].find((v) => typeof v === 'string') as
          | string
          | undefined,
        date: [item.isoDate, item.pubDate].find((v) => typeof v === 'string') as string | undefined,
      })),
      now,
      ITEMS_KEPT_PER_FEED,
    );
    return { status: 'fetched' as const, drafts, validators: result.validators };
  } catch (error) {
    const message = error instanceof FeedFetchError ? error.message : 'The feed could not be read';
    return { status: 'failed' as const, error: message };
  }
}

/** Stores what `loadFeed` gave for the feed `feedId`, in `tx`. */
export async function storeFeedOutcome(
  tx: Tx | AppDb,
  feedId: string,
  loaded: Awaited<ReturnType<typeof loadFeed>>,
  now: Date,
): Promise<FeedOutcome> {
  if (loaded.status === 'failed') {
    await tx
      .update(newsFeeds)
      .set({ lastFetchedAt: now, lastError: loaded.error, updatedAt: now })
      .where(eq(newsFeeds.id, feedId));
    return { status: 'failed', error: loaded.error };
  }
  const fetchedAt = { lastFetchedAt: now, lastSuccessAt: now, lastError: null, updatedAt: now };
  if (loaded.status === 'not-modified') {
    await tx.update(newsFeeds).set(fetchedAt).where(eq(newsFeeds.id, feedId));
    return { status: 'not-modified' };
  }
  let newItems = 0;
  if (loaded.drafts.length > 0) {
    const inserted = await tx
      .insert(newsItems)
      .values(loaded.drafts.map((draft) => ({ ...draft, feedId, fetchedAt: now })))
      .onConflictDoNothing()
      .returning({ id: newsItems.id });
    newItems = inserted.length;
    // Only the newest are kept.
    const keep = tx
      .select({ id: newsItems.id })
      .from(newsItems)
      .where(eq(newsItems.feedId, feedId))
      .orderBy(sql`${newsItems.publishedAt} desc`, asc(newsItems.id))
      .limit(ITEMS_KEPT_PER_FEED);
    await tx.delete(newsItems).where(and(eq(newsItems.feedId, feedId), notInArray(newsItems.id, keep)));
  }
  await tx
    .update(newsFeeds)
    .set({ ...fetchedAt, etag: loaded.validators.etag, lastModified: loaded.validators.lastModified })
    .where(eq(newsFeeds.id, feedId));
  return { status: 'fetched', itemCount: loaded.drafts.length, newItems };
}

export type Transact = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * Every enabled feed, one after another, each stored by `transact` (the job's step: a transaction
 * of its own) after its fetch; returns each feed's outcome by id.
 */
export async function refreshFeeds(
  transact: Transact,
  settings: FeedFetchSettings,
  clock: { now: () => Date },
): Promise<Map<string, FeedOutcome>> {
  const feeds = await transact((tx) =>
    tx
      .select({ id: newsFeeds.id, url: newsFeeds.url, etag: newsFeeds.etag, lastModified: newsFeeds.lastModified })
      .from(newsFeeds)
      .where(eq(newsFeeds.isEnabled, true))
      .orderBy(asc(newsFeeds.createdAt)),
  );
  const outcomes = new Map<string, FeedOutcome>();
  for (const feed of feeds) {
    const loaded = await loadFeed(feed, settings, clock.now());
    outcomes.set(feed.id, await transact((tx) => storeFeedOutcome(tx, feed.id, loaded, clock.now())));
  }
  return outcomes;
}
