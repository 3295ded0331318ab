import type { Context } from 'hono';

export const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]*\+)?json/i;

export function isJsonRequest(c: Context): boolean {
  return JSON_MEDIA_TYPE.test(c.req.header('content-type') ?? '');
}

/**
 * The request body as text, for middleware that must look at it before the route does. Hono
 * caches it for the route's validators; `c.req.raw` gets a fresh copy, because some readers
 * stream the raw body (better-auth's hand-off, an upload route's own body limit).
 */
export async function readBodyText(c: Context): Promise<string> {
  const text = await c.req.text();
  if (c.req.raw.bodyUsed) c.req.raw = new Request(c.req.raw, { body: text });
  return text;
}
