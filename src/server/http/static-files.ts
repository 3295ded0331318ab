import fs from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { type ContentCoding, negotiateEncoding, varyOnAcceptEncoding } from './accept-encoding.ts';

/**
 * Files of the built web app, sent as the build left them: the `.br` or `.gz` twin written beside a
 * text file at build time (scripts/precompress.ts) when the browser accepts it, else the file.
 * Each representation has its own ETag, so a revalidation (If-None-Match) is answered 304.
 */

const TWIN_SUFFIX: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' };

/** One representation of a file: its bytes as sent, their coding (null: as is) and entity tag. */
export type Representation = { body: Uint8Array<ArrayBuffer>; coding: ContentCoding | null; etag: string };

export type SendOptions = {
  contentType: string;
  cacheControl: string;
  /** Whether other codings of the same file exist (then caches must key on Accept-Encoding). */
  varies: boolean;
  lastModified?: Date;
};

/** The file a URL path names under `root`, or null: dot segments and dot-files, `%`, backslashes, twins. */
export function filePathOf(root: string, urlPath: string): string | null {
  // Like @hono/node-server's serveStatic: nothing percent-encoded (our file names need none).
  if (urlPath.includes('%') || urlPath.includes('\\') || /\/{2,}/.test(urlPath)) return null;
  const segments = urlPath.split('/').filter(Boolean);
  // `.`, `..` and dot-folders (dist/.vite holds the build manifest, which is not for browsers).
  if (segments.some((segment) => segment.startsWith('.'))) return null;
  // Twins are sent only in answer to Accept-Encoding, with the original's type.
  if (/\.(br|gz)$/.test(urlPath)) return null;
  return path.join(root, ...segments);
}

/** Whether the request's If-None-Match names this entity tag (weak comparison, RFC 9110 §13.1.2). */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** The response for one representation: 304 when the client holds it, else the bytes. */
export function sendRepresentation(c: Context, representation: Representation, options: SendOptions): Response {
  const headers = new Headers({ 'Content-Type': options.contentType, 'Cache-Control': options.cacheControl });
  headers.set('ETag', representation.etag);
  if (options.lastModified) headers.set('Last-Modified', options.lastModified.toUTCString());
  if (options.varies) varyOnAcceptEncoding(headers);
  if (matchesIfNoneMatch(c.req.header('if-none-match'), representation.etag))
    return new Response(null, { status: 304, headers });
  if (representation.coding) headers.set('Content-Encoding', representation.coding);
  headers.set('Content-Length', String(representation.body.byteLength));
  return new Response(representation.body, { status: 200, headers });
}

async function statFile(file: string) {
  try {
    const stat = await fs.stat(file);
    return stat.isFile() ? stat : null;
  } catch {
    return null;
  }
}

/** The file at `file` (a folder: its index.html) sent with the twin the request accepts, or null when there is none. */
export async function sendFile(c: Context, file: string, cacheControl: string): Promise<Response | null> {
  let stat = await fs.stat(file).catch(() => null);
  if (stat?.isDirectory()) {
    file = path.join(file, 'index.html');
    stat = await statFile(file);
  }
  if (!stat?.isFile()) return null;
  const twins = await Promise.all(
    (Object.keys(TWIN_SUFFIX) as ContentCoding[]).map(async (coding) => ({
      coding,
      stat: await statFile(file + TWIN_SUFFIX[coding]),
    })),
  );
  const available = twins.filter((twin) => twin.stat !== null);
  const coding = negotiateEncoding(
    c.req.header('accept-encoding'),
    available.map((twin) => twin.coding),
  );
  const sent = coding ? file + TWIN_SUFFIX[coding] : file;
  const sentStat = available.find((twin) => twin.coding === coding)?.stat ?? stat;
  // Size and time of the bytes sent, and their coding: a new build or another coding is another tag.
  const etag = `"${sentStat.size.toString(16)}-${Math.floor(sentStat.mtimeMs).toString(16)}${coding ? `-${coding}` : ''}"`;
  // A revalidation that matches is answered 304 without reading the file.
  const fresh = matchesIfNoneMatch(c.req.header('if-none-match'), etag);
  return sendRepresentation(
    c,
    { body: fresh ? new Uint8Array() : await fs.readFile(sent), coding, etag },
    {
      contentType: getMimeType(file) ?? 'application/octet-stream',
      cacheControl,
      varies: available.length > 0,
      lastModified: stat.mtime,
    },
  );
}
