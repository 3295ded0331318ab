import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { type ContentCoding, negotiateEncoding, varyOnAcceptEncoding } from './accept-encoding.ts';
import type { AppEnv } from './context.ts';

/**
 * API answers compressed on the fly (docs/decisions/0047-compression-and-first-load.md): JSON and
 * other text from 1 KB, in Brotli at quality 4 (about gzip 6's size in 60% of its time) or gzip
 * at level 6 for a client without Brotli, on zlib's thread pool so the event loop keeps serving.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
export const BROTLI_QUALITY = 4;
export const GZIP_LEVEL = 6;

/**
 * Answers that carry a credential are never compressed, so no one can learn it from their sizes
 * (BREACH): better-auth's (session tokens, two-factor secrets and backup codes) and the dev
 * mailbox's (e-mails with sign-in and reset links).
 */
const CREDENTIAL_PATHS = ['/api/auth/', '/api/dev/'];

/** JSON (and +json types) and text, but never an event stream: each event must leave at once. */
const COMPRESSIBLE_TYPE = /^\s*(?:application\/(?:[\w.-]+\+)?json|text\/(?!event-stream\b)[\w.+-]+)\s*(?:;|$)/i;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** zlib's output is never a shared buffer; the type says ArrayBufferLike. */
type Bytes = Uint8Array<ArrayBuffer>;

function compress(body: Bytes, coding: ContentCoding): Promise<Bytes> {
  if (coding === 'gzip') return gzip(body, { level: GZIP_LEVEL }) as Promise<Bytes>;
  return brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  }) as Promise<Bytes>;
}

/** A status whose answer has a body worth compressing: no 1xx, 204, 206 (a range), 3xx or 304. */
function hasCompressibleStatus(status: number): boolean {
  return (status >= 200 && status < 300 && status !== 204 && status !== 206) || status >= 400;
}

/**
 * Whether this answer's representation may depend on Accept-Encoding at all. Reads the status and
 * headers only: touching `body` would turn @hono/node-server's lightweight response into a full
 * one (and lose its fast path) for every answer, compressed or not.
 */
function isCompressible(c: Context<AppEnv>, res: Response): boolean {
  if (c.req.method === 'HEAD' || !hasCompressibleStatus(res.status)) return false;
  if (CREDENTIAL_PATHS.some((prefix) => c.req.path.startsWith(prefix))) return false;
  const h = res.headers;
  return (
    COMPRESSIBLE_TYPE.test(h.get('content-type') ?? '') &&
    // The origin's own "leave these bytes alone" (RFC 9111 §5.2.2.6), for a handler that needs it.
    !/\bno-transform\b/i.test(h.get('cache-control') ?? '') &&
    !h.has('content-encoding') &&
    !h.has('content-range')
  );
}

/** A new response with the same status and headers but `body`; Hono would keep the old headers over the new. */
function replaceResponse(c: Context<AppEnv>, res: Response, body: Bytes, headers: Headers): void {
  c.res = undefined;
  c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
}

/**
 * Compresses compressible answers of at least COMPRESSION_THRESHOLD_BYTES for a client that
 * accepts Brotli or gzip, with `Vary: Accept-Encoding` on every compressible answer (a shared
 * cache keeps each coding apart), the length of the bytes sent, and a strong ETag made weak
 * (the compressed bytes are not the identity's).
 */
export function compressAnswers() {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const res = c.res;
    if (!isCompressible(c, res)) return;
    varyOnAcceptEncoding(res.headers);
    const coding = negotiateEncoding(c.req.header('accept-encoding'));
    const declaredLength = Number(res.headers.get('content-length') ?? Number.NaN);
    if (!coding || declaredLength < COMPRESSION_THRESHOLD_BYTES) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    if (body.byteLength < COMPRESSION_THRESHOLD_BYTES) {
      replaceResponse(c, res, body, headers);
      return;
    }
    const compressed = await compress(body, coding);
    headers.set('Content-Encoding', coding);
    headers.set('Content-Length', String(compressed.byteLength));
    const etag = headers.get('etag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    replaceResponse(c, res, compressed, headers);
  });
}
