/**
 * The signed-in hint: a cookie the page may read that says only that this browser holds a session
 * cookie, never whose (the session cookie itself stays HTTP-only). The server sets and clears it
 * with the session cookie; the web app asks `GET /api/me` only when it is there, so a visitor's
 * pages make no request that is bound to answer 401. docs/decisions/0043-no-request-bound-to-fail.md.
 */
export const SIGNED_IN_HINT_COOKIE = 'savvypig.signed_in';

/**
 * Whether a `Cookie` header (or `document.cookie`) carries the hint (with or without the https
 * prefix) saying yes (`1`), or, given `value`, saying that (`0`: the server found no session).
 */
export function hasSignedInHint(cookies: string, value = '1'): boolean {
  return cookies.split(';').some((part) => {
    const eq = part.indexOf('=');
    const name = part.slice(0, eq).trim();
    return eq > 0 && name.replace(/^__Secure-/, '') === SIGNED_IN_HINT_COOKIE && part.slice(eq + 1).trim() === value;
  });
}
