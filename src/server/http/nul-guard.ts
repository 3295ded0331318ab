import { createMiddleware } from 'hono/factory';
import { AppError } from '../errors.ts';
import type { AppEnv } from './context.ts';

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]*\+)?json/i;

export const NUL_MESSAGE = 'Text cannot contain the NUL character (U+0000)';

/**
 * Refuses, with 400, a request whose decoded path, query, or JSON or form body (values and keys,
 * at any depth) holds U+0000: PostgreSQL's text cannot store it, so it would otherwise fail deep
 * in a query as a 500, in our routes and better-auth's alike. Bodies of other types (uploads)
 * are not read, nor any body of a path `skipsBody` names (a route that reads only an upload and
 * limits its size itself, after this runs).
 */
export function refuseNulCharacters(options: { skipsBody?: (path: string) => boolean } = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    // Only "%00" decodes to NUL: the URL parser percent-encodes a raw one, and Hono decodes once.
    if (c.req.url.includes('%00')) throw nulError(nulInUrl(c.req.url));
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && !options.skipsBody?.(c.req.path)) {
      const contentType = c.req.header('content-type') ?? '';
      // Read through Hono's body cache, so the route's validators (and the hand-off to
      // better-auth) read the same text again without touching the stream.
      if (JSON_MEDIA_TYPE.test(contentType)) {
        const text = await c.req.text();
        // JSON carries NUL only escaped; the cheap test rules out almost every body before parsing.
        const field = text.includes('\\u0000') ? nulInJson(text) : null;
        if (field !== null) throw nulError(field);
      } else if (/application\/x-www-form-urlencoded/i.test(contentType)) {
        const field = nulInEntries(new URLSearchParams(await c.req.text()));
        if (field !== null) throw nulError(field);
      }
    }
    await next();
  });
}

/** How much of a field's path an answer repeats (a deeply nested body has a long one). */
const FIELD_SHOWN = 120;

function nulError(path: string): AppError {
  const field = path.length > FIELD_SHOWN ? `${path.slice(0, FIELD_SHOWN)}…` : path;
  return new AppError('VALIDATION_FAILED', `${NUL_MESSAGE} (in ${field})`, { field });
}

function nulInUrl(url: string): string {
  const parsed = new URL(url);
  if (safeDecode(parsed.pathname).includes('\u0000')) return 'path';
  return nulInEntries(parsed.searchParams) ?? 'query';
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replaceAll('%00', '\u0000');
  }
}

function nulInEntries(entries: URLSearchParams): string | null {
  for (const [key, value] of entries)
    if (key.includes('\u0000') || value.includes('\u0000')) return key.replaceAll('\u0000', '\\u0000');
  return null;
}

/** The dotted path to the first key or string holding NUL, or null (none, or not JSON: the route says so). */
function nulInJson(text: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  return nulPath(value);
}

type Place = { value: unknown; key: string | null; parent: Place | null };

/** Walked with a list, not recursion: a body may nest far deeper than the call stack goes. */
function nulPath(root: unknown): string | null {
  const pending: Place[] = [{ value: root, key: null, parent: null }];
  for (let place = pending.pop(); place; place = pending.pop()) {
    const { value } = place;
    if (typeof value === 'string' && value.includes('\u0000')) return pathOf(place);
    if (value === null || typeof value !== 'object') continue;
    for (const [key, item] of Object.entries(value)) {
      const child = { value: item, key, parent: place };
      if (key.includes('\u0000')) return pathOf(child);
      pending.push(child);
    }
  }
  return null;
}

function pathOf(place: Place): string {
  const keys: string[] = [];
  for (let p: Place | null = place; p && p.key !== null; p = p.parent) keys.push(p.key.replaceAll('\u0000', '\\u0000'));
  return keys.reverse().join('.') || 'body';
}
