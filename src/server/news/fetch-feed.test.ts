import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../core/news/addresses.ts';
import {
  type FakeFeedServer,
  GOOD_FEED_ETAG,
  GOOD_FEED_LAST_MODIFIED,
  startFakeFeedServer,
} from '../test/fake-feed-server.ts';
import { FeedFetchError, type FeedFetchSettings, fetchFeed } from './fetch-feed.ts';
import { loadFeed } from './refresh.ts';

const NONE = { etag: null, lastModified: null };

describe('fetching a feed against the local feed server', () => {
  let feeds: FakeFeedServer;
  /** The local server's own address is let through; every other private one is still refused. */
  const settings: FeedFetchSettings = {
    allowPrivate: false,
    isAllowed: (address) => address === '127.0.0.1' || isPublicAddress(address),
    timeoutMs: 400,
    maxBytes: 256 * 1024,
    maxRedirects: 3,
  };
  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FeedFetchError);
    return (error as Error).message;
  };

  beforeAll(async () => {
    feeds = await startFakeFeedServer({ slowMs: 3_000 });
  });
  afterAll(async () => {
    await feeds?.close();
  });

  it('fetches a good feed with its validators', async () => {
    const result = await fetchFeed(feeds.url('/good.xml'), NONE, settings);
    expect(result.status).toBe('fetched');
    if (result.status !== 'fetched') return;
    expect(result.text).toContain('<rss');
    expect(result.validators).toEqual({ etag: GOOD_FEED_ETAG, lastModified: GOOD_FEED_LAST_MODIFIED });
  });

  it('sends the stored validators and hears 304 as not modified', async () => {
    const result = await fetchFeed(
      feeds.url('/good.xml'),
      { etag: GOOD_FEED_ETAG, lastModified: GOOD_FEED_LAST_MODIFIED },
      settings,
    );
    expect(result.status).toBe('not-modified');
    expect(feeds.lastHeaders.get('/good.xml')).toMatchObject({
      'if-none-match': GOOD_FEED_ETAG,
      'if-modified-since': GOOD_FEED_LAST_MODIFIED,
    });
  });

  it('follows a redirect to a public (here: allowed) address', async () => {
    const result = await fetchFeed(feeds.url('/redirect-good'), NONE, settings);
    expect(result.status === 'fetched' && result.finalUrl).toBe(feeds.url('/good.xml'));
  });

  it('refuses a redirect to a private address without connecting to it', async () => {
    expect(await failure(fetchFeed(feeds.url('/redirect-private'), NONE, settings))).toBe(
      'Refused: 169.254.169.254 resolves to a private or reserved address (169.254.169.254)',
    );
  });

  it('refuses a loopback feed unless the setting allows private addresses', async () => {
    const strict = { ...settings, isAllowed: undefined };
    expect(await failure(fetchFeed(feeds.url('/good.xml'), NONE, strict))).toMatch(/^Refused: 127\.0\.0\.1/);
    const allowed = await fetchFeed(feeds.url('/good.xml'), NONE, { ...strict, allowPrivate: true });
    expect(allowed.status).toBe('fetched');
  });

  it('refuses a host whose name resolves to any private address (checked before connecting)', async () => {
    const resolve = async () => ['93.184.215.14', '10.0.0.7'];
    expect(await failure(fetchFeed('http://mixed.example/feed', NONE, { ...settings, resolve }))).toBe(
      'Refused: mixed.example resolves to a private or reserved address (10.0.0.7)',
    );
    const mapped = async () => ['::ffff:127.0.0.1'];
    expect(await failure(fetchFeed('http://mapped.example/feed', NONE, { ...settings, resolve: mapped }))).toMatch(
      /^Refused: mapped\.example/,
    );
  });

  it('connects to the address it checked, not to a second lookup (no DNS rebinding)', async () => {
    let lookups = 0;
    const port = new URL(feeds.url('/')).port;
    const resolve = async () => {
      lookups += 1;
      return ['127.0.0.1'];
    };
    const result = await fetchFeed(`http://rebind.example:${port}/good.xml`, NONE, { ...settings, resolve });
    expect(result.status).toBe('fetched');
    expect(lookups).toBe(1);
  });

  it('gives up on a slow feed at the deadline', async () => {
    const started = Date.now();
    expect(await failure(fetchFeed(feeds.url('/slow.xml'), NONE, settings))).toBe(
      'The feed did not answer within 0.4 seconds',
    );
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('aborts an oversized feed at the size limit', async () => {
    expect(await failure(fetchFeed(feeds.url('/huge.xml'), NONE, settings))).toBe('The feed is larger than 256 KB');
  });

  it('refuses other schemes, passwords in the address, and an HTTP error', async () => {
    expect(await failure(fetchFeed('file:///etc/passwd', NONE, settings))).toBe(
      'Only http and https feed addresses are fetched',
    );
    expect(await failure(fetchFeed('http://a:b@127.0.0.1/', NONE, settings))).toBe(
      'A feed address may not hold a password',
    );
    expect(await failure(fetchFeed(feeds.url('/not-found'), NONE, settings))).toBe('The feed answered HTTP 404');
  });

  it('parses the good feed into plain-text items, newest first, one per link', async () => {
    const loaded = await loadFeed({ url: feeds.url('/good.xml'), ...NONE }, settings, new Date('2026-11-28T12:00:00Z'));
    expect(loaded.status).toBe('fetched');
    if (loaded.status !== 'fetched') return;
    expect(loaded.drafts.map((d) => d.title)).toEqual([
      'ISA season starts early',
      'Fixed bonds: what a 1-year term pays',
      'Savings rates edge down',
    ]);
    const isa = loaded.drafts[0]!;
    expect(isa.summary).toBe('Providers launch new ISAs & bonuses £50.');
    expect(loaded.drafts[2]!.summary).toBe('Easy-access rates fell this week.');
    expect(loaded.drafts.map((d) => d.summary).join(' ')).not.toMatch(/<|alert|script/);
  });

  it('reads an Atom feed too', async () => {
    const loaded = await loadFeed({ url: feeds.url('/atom.xml'), ...NONE }, settings, new Date('2026-11-28T12:00:00Z'));
    expect(loaded.status === 'fetched' && loaded.drafts).toEqual([
      {
        guid: 'urn:atom:1',
        link: 'https://atom.example/story',
        title: 'Atom story',
        summary: 'An Atom summary',
        publishedAt: new Date('2026-11-28T10:00:00Z'),
      },
    ]);
  });

  it('records a malformed feed as an error to show the admin', async () => {
    const loaded = await loadFeed({ url: feeds.url('/malformed.xml'), ...NONE }, settings, new Date());
    expect(loaded).toEqual({ status: 'failed', error: 'The feed is not valid RSS or Atom' });
  });
});
