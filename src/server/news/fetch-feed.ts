/**
 * Fetches a feed's bytes for the news job (ADR 0058), with the checks rss-parser's own fetch lacks:
 * only http(s); every hop's host resolved and refused when any address is not public (unless the
 * setting allows private addresses, for tests and local development); the connection pinned to
 * the checked address (no second lookup, so no DNS rebinding); redirects followed by hand, each
 * hop checked again; one deadline over the whole exchange; a size limit that aborts the download;
 * and a conditional GET from the stored validators.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPublicAddress, parseIpv4 } from '../../core/news/addresses.ts';

export type FeedFetchSettings = {
  /** Allow private, loopback and link-local addresses (NEWS_FEEDS_ALLOW_PRIVATE: tests and development only). */
  allowPrivate: boolean;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** The host's addresses; the system resolver by default (tests may pass their own). */
  resolve?: (host: string) => Promise<string[]>;
  /** Which addresses are public; core's `isPublicAddress` by default (tests may open one more). */
  isAllowed?: (address: string) => boolean;
};

export const DEFAULT_FEED_FETCH: Omit<FeedFetchSettings, 'allowPrivate' | 'timeoutMs'> = {
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 5,
};

export type Validators = { etag: string | null; lastModified: string | null };

export type FeedFetchResult =
  | { status: 'fetched'; text: string; finalUrl: string; validators: Validators }
  | { status: 'not-modified'; validators: Validators };

/** A failure the admin reads on the feeds screen: its message says what went wrong in plain words. */
export class FeedFetchError extends Error {}

const USER_AGENT = 'SavvyPig-News/1.0 (+feeds chosen by the site admins)';

async function systemResolve(host: string): Promise<string[]> {
  const found = await dnsLookup(host, { all: true, verbatim: true });
  return found.map((a) => a.address);
}

/** The address to connect to for `host`, after checking every address it resolves to. */
async function checkedAddress(host: string, settings: FeedFetchSettings): Promise<string> {
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  let addresses: string[];
  try {
    addresses = parseIpv4(bare) || bare.includes(':') ? [bare] : await (settings.resolve ?? systemResolve)(bare);
  } catch {
    throw new FeedFetchError(`The host ${bare} could not be found`);
  }
  if (addresses.length === 0) throw new FeedFetchError(`The host ${bare} could not be found`);
  if (!settings.allowPrivate) {
    const isAllowed = settings.isAllowed ?? isPublicAddress;
    const refused = addresses.find((a) => !isAllowed(a));
    if (refused) throw new FeedFetchError(`Refused: ${bare} resolves to a private or reserved address (${refused})`);
  }
  return addresses[0]!;
}

/** A lookup that answers only `address`: the socket connects to what was checked. */
function pinnedLookup(address: string): LookupFunction {
  const family = address.includes(':') ? 6 : 4;
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

function requestOnce(
  url: URL,
  address: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, { method: 'GET', headers, lookup: pinnedLookup(address), signal, agent: false }, resolve);
    req.on('error', reject);
    req.end();
  });
}

async function readBody(res: IncomingMessage, maxBytes: number): Promise<string> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw new FeedFetchError(`The feed is larger than ${Math.round(maxBytes / 1024)} KB`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      res.destroy();
      throw new FeedFetchError(`The feed is larger than ${Math.round(maxBytes / 1024)} KB`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const header = (res: IncomingMessage, name: string) => {
  const value = res.headers[name];
  return typeof value === 'string' && value.length <= 500 ? value : null;
};

/** The feed at `url`: its text, or not-modified when the validators still hold. Throws FeedFetchError. */
export async function fetchFeed(url: string, known: Validators, settings: FeedFetchSettings): Promise<FeedFetchResult> {
  const signal = AbortSignal.timeout(settings.timeoutMs);
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    throw new FeedFetchError('The feed address is not a URL');
  }
  try {
    for (let hop = 0; hop <= settings.maxRedirects; hop += 1) {
      if (current.protocol !== 'http:' && current.protocol !== 'https:')
        throw new FeedFetchError('Only http and https feed addresses are fetched');
      if (current.username || current.password) throw new FeedFetchError('A feed address may not hold a password');
      const address = await checkedAddress(current.hostname, settings);
      const headers: Record<string, string> = {
        'user-agent': USER_AGENT,
        accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.1',
        'accept-encoding': 'identity',
      };
      // The validators belong to the stored address; a redirected hop asks without them.
      if (hop === 0 && known.etag) headers['if-none-match'] = known.etag;
      if (hop === 0 && known.lastModified) headers['if-modified-since'] = known.lastModified;
      const res = await requestOnce(current, address, headers, signal);
      const status = res.statusCode ?? 0;
      if ([301, 302, 303, 307, 308].includes(status)) {
        res.resume();
        const location = res.headers.location;
        if (!location) throw new FeedFetchError(`The feed answered ${status} without a new address`);
        current = new URL(location, current);
        continue;
      }
      if (status === 304) {
        res.resume();
        return { status: 'not-modified', validators: known };
      }
      if (status < 200 || status >= 300) {
        res.resume();
        throw new FeedFetchError(`The feed answered HTTP ${status}`);
      }
      const text = await readBody(res, settings.maxBytes);
      return {
        status: 'fetched',
        text,
        finalUrl: current.href,
        validators: { etag: header(res, 'etag'), lastModified: header(res, 'last-modified') },
      };
    }
    throw new FeedFetchError(`The feed redirected more than ${settings.maxRedirects} times`);
  } catch (error) {
    if (error instanceof FeedFetchError) throw error;
    if (signal.aborted) throw new FeedFetchError(`The feed did not answer within ${settings.timeoutMs / 1000} seconds`);
    throw new FeedFetchError(
      `The feed could not be fetched (${(error as NodeJS.ErrnoException).code ?? 'network error'})`,
    );
  }
}
