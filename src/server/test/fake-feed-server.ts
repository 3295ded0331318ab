/**
 * A local feed server for the news tests and journey (ADR 0058): a good RSS feed that answers 304
 * to a conditional GET, an Atom feed, a malformed one, a slow one, an oversized one, and redirects
 * (to the good feed, and to a private address).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const GOOD_FEED_ETAG = '"good-v1"';
export const GOOD_FEED_LAST_MODIFIED = 'Fri, 27 Nov 2026 09:00:00 GMT';

/** The good feed's items, oldest first in the file on purpose: the page sorts them newest first. */
export const GOOD_FEED_ITEMS = [
  {
    title: 'Savings rates edge down',
    link: 'https://news.example/rates-edge-down',
    guid: 'rates-1',
    date: 'Wed, 25 Nov 2026 08:00:00 GMT',
    html: '<p>Easy-access rates <b>fell</b> this week.</p><script>alert("x")</script>',
  },
  {
    title: 'ISA season starts early',
    link: 'https://news.example/isa-season',
    guid: 'isa-1',
    date: 'Fri, 27 Nov 2026 07:30:00 GMT',
    html: 'Providers launch <a href="javascript:alert(1)">new ISAs</a> &amp; bonuses &pound;50.<img src=x onerror=alert(1)>',
  },
  {
    title: 'Fixed bonds: what a 1-year term pays',
    link: 'https://news.example/fixed-bonds',
    guid: 'bonds-1',
    date: 'Thu, 26 Nov 2026 12:00:00 GMT',
    html: '<![CDATA[ignored]]>One-year bonds pay up to 4.5%.',
  },
] as const;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function goodFeedXml(title = 'Local Savings News'): string {
  const items = GOOD_FEED_ITEMS.map(
    (item) => `<item><title>${escapeXml(item.title)}</title><link>${item.link}</link><guid>${item.guid}</guid>
<pubDate>${item.date}</pubDate><description>${escapeXml(item.html)}</description></item>`,
  );
  // The same story again under another guid: de-duplicated by its link.
  const duplicate = `<item><title>Savings rates edge down (again)</title><link>${GOOD_FEED_ITEMS[0].link}</link><guid>rates-dup</guid><pubDate>${GOOD_FEED_ITEMS[0].date}</pubDate><description>dup</description></item>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>${title}</title><link>https://news.example/</link><description>Test</description>
${items.join('\n')}
${duplicate}
</channel></rss>`;
}

export type FakeFeedServer = {
  url: (path: string) => string;
  /** How many requests each path had, and the conditional headers of the last. */
  hits: Map<string, number>;
  lastHeaders: Map<string, Record<string, string | string[] | undefined>>;
  close: () => Promise<void>;
};

export async function startFakeFeedServer({ slowMs = 2_000 }: { slowMs?: number } = {}): Promise<FakeFeedServer> {
  const hits = new Map<string, number>();
  const lastHeaders = new Map<string, Record<string, string | string[] | undefined>>();
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    lastHeaders.set(path, req.headers);
    switch (path) {
      case '/good.xml': {
        if (req.headers['if-none-match'] === GOOD_FEED_ETAG) {
          res.writeHead(304, { etag: GOOD_FEED_ETAG }).end();
          return;
        }
        res
          .writeHead(200, {
            'content-type': 'application/rss+xml; charset=utf-8',
            etag: GOOD_FEED_ETAG,
            'last-modified': GOOD_FEED_LAST_MODIFIED,
          })
          .end(goodFeedXml());
        return;
      }
      case '/atom.xml':
        res.writeHead(200, { 'content-type': 'application/atom+xml' }).end(`<?xml version="1.0"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Atom News</title><id>urn:atom</id><updated>2026-11-28T10:00:00Z</updated>
<entry><title>Atom story</title><link href="https://atom.example/story"/><id>urn:atom:1</id><updated>2026-11-28T10:00:00Z</updated><summary>An &lt;em&gt;Atom&lt;/em&gt; summary</summary></entry>
</feed>`);
        return;
      case '/malformed.xml':
        res
          .writeHead(200, { 'content-type': 'application/rss+xml' })
          .end('<rss><channel><title>Broken</title><item><title>Oops</item></channel>');
        return;
      case '/slow.xml': {
        const timer = setTimeout(() => res.writeHead(200).end(goodFeedXml()), slowMs);
        timers.add(timer);
        return;
      }
      case '/huge.xml': {
        res.writeHead(200, { 'content-type': 'application/rss+xml' });
        const chunk = `<!-- ${'x'.repeat(16 * 1024)} -->`;
        let sent = 0;
        const more = () => {
          while (sent < 4 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', more);
          }
          res.end();
        };
        res.on('error', () => {});
        more();
        return;
      }
      case '/redirect-good':
        res.writeHead(302, { location: '/good.xml' }).end();
        return;
      case '/redirect-private':
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        return;
      case '/not-found':
        res.writeHead(404).end('no');
        return;
      default:
        res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    hits,
    lastHeaders,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
