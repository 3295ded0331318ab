/**
 * Keeps the signed-in hint (src/core/session/signed-in-hint.ts) in step with the session cookie,
 * whoever sets or clears that (better-auth's sign-in, two-factor and sign-out, deleting an
 * account): the hint follows each `Set-Cookie` of the session with the same lifetime, and is not
 * HTTP-only, so the page can read it. A page load puts the hint right when the browser has one
 * cookie without the other (a session from before the hint, a hint left over). A `GET /api/me`
 * that finds no session turns the hint to `0` (no), so the page stops asking while the browser
 * keeps a session cookie that no longer opens anything; the next sign-in sets it again. (Clearing
 * that session cookie instead could clear a new one that another tab's sign-in set meanwhile.)
 * docs/decisions/0043-no-request-bound-to-fail.md.
 */
import type { MiddlewareHandler } from 'hono';
import { hasSignedInHint, SIGNED_IN_HINT_COOKIE } from '../../core/session/signed-in-hint.ts';

const SESSION_COOKIE = 'better-auth.session_token';
const SECURE_PREFIX = '__Secure-';
const ME_PATH = '/api/me';

const cookieName = (setCookie: string) => setCookie.slice(0, setCookie.indexOf('=')).trim();
const isSessionCookie = (name: string) => name === SESSION_COOKIE || name === `${SECURE_PREFIX}${SESSION_COOKIE}`;

/** Whether a `Set-Cookie` clears its cookie, and the lifetime it gives otherwise (`Max-Age`, `Expires`). */
function lifetimeOf(setCookie: string): { cleared: boolean; attributes: string[] } {
  const [pair = '', ...attributes] = setCookie.split(';').map((part) => part.trim());
  const value = pair.slice(pair.indexOf('=') + 1);
  const kept = attributes.filter((a) => /^(max-age|expires)=/i.test(a));
  const maxAge = kept.find((a) => /^max-age=/i.test(a));
  const cleared = value === '' || (maxAge !== undefined && Number(maxAge.slice(8)) <= 0);
  return { cleared, attributes: kept };
}

function sentSessionCookie(cookies: string): boolean {
  return cookies.split(';').some((part) => isSessionCookie(part.slice(0, part.indexOf('=')).trim()));
}

export function signedInHint(options: { secure: boolean }): MiddlewareHandler {
  const prefix = options.secure ? SECURE_PREFIX : '';
  const name = `${prefix}${SIGNED_IN_HINT_COOKIE}`;
  const base = `Path=/; SameSite=Lax${options.secure ? '; Secure' : ''}`;
  const set = (attributes: string[], value = '1') => [`${name}=${value}`, base, ...attributes].join('; ');
  const clear = `${name}=; ${base}; Max-Age=0`;

  return async (c, next) => {
    await next();
    const cookies = c.req.header('cookie') ?? '';
    const sent = hasSignedInHint(cookies);
    const sentAny = sent || hasSignedInHint(cookies, '0');
    // The last one, as the browser applies them in order.
    const session = c.res.headers.getSetCookie().findLast((h) => isSessionCookie(cookieName(h)));
    let hint: string | null = null;
    if (session) {
      const { cleared, attributes } = lifetimeOf(session);
      hint = cleared ? clear : set(attributes);
    } else if (c.req.path === ME_PATH && c.res.status === 401 && sent) {
      hint = set([], '0');
    } else if (c.req.method === 'GET' && c.res.headers.get('content-type')?.startsWith('text/html')) {
      const hasSession = sentSessionCookie(cookies);
      // The session cookie's lifetime is not known here: the hint lasts the browser session.
      if (hasSession && !sentAny) hint = set([]);
      if (!hasSession && sentAny) hint = clear;
    }
    if (hint === null) return;
    // A copy: a response's headers may be immutable (one made by `Response.redirect`, say).
    c.res = new Response(c.res.body, c.res);
    c.res.headers.append('Set-Cookie', hint);
  };
}
