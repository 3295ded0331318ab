/**
 * Route memory (000 §2): where to send someone after they sign in.
 *
 * - `lastVisitedRoute` (session storage) follows every navigation except the auth screens,
 *   /verification-required and the home page.
 * - `returnToRoute` (session storage) is set when a signed-out visitor hits a protected page,
 *   unless that page is /auth, /login or /signup.
 * - After sign-in: returnToRoute (then cleared), else lastVisitedRoute, else /dashboard.
 *
 * Only same-origin paths are ever stored or returned, so a crafted value cannot send
 * anyone to another site. A password recovery is never interrupted by a redirect nor stored.
 */
import { isSameOriginPath } from '../../core/urls/same-origin-path.ts';
import { paths } from './paths.ts';

export const LAST_VISITED_KEY = 'lastVisitedRoute';
export const RETURN_TO_KEY = 'returnToRoute';

const NOT_REMEMBERED_AS_LAST_VISITED = new Set([
  '/auth',
  '/login',
  '/signup',
  '/auth/confirmation',
  '/auth/reset-password',
  '/verification-required',
  '/',
  // Not in the spec's list: the callback only redirects onwards, and after a reset request
  // signing in should not lead back to the reset form.
  '/auth/callback',
  '/reset-request',
  // Its address carries the mailbox's token, which is kept nowhere but the tab's memory.
  '/dev/mailbox',
  // Its address carries the digest's unsubscribe token, and signing in should not lead back to it.
  '/notifications/unsubscribe',
]);

const NOT_REMEMBERED_AS_RETURN_TO = new Set(['/auth', '/login', '/signup']);

export { isSameOriginPath };

function pathnameOf(path: string): string {
  const end = path.search(/[?#]/);
  const pathname = end === -1 ? path : path.slice(0, end);
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

function paramsOf(text: string): URLSearchParams {
  return new URLSearchParams(text.replace(/^[?#]/, ''));
}

/**
 * A password recovery in progress (000 §2): a recovery link carrying `code` or `token_hash` with
 * `type=recovery` (in the query or the fragment), or our reset page opened with its token.
 * Nothing may redirect away from it, and it is never remembered (it carries a credential).
 */
export function isPasswordRecovery(location: { pathname: string; search?: string; hash?: string }): boolean {
  if (pathnameOf(location.pathname) === '/auth/reset-password' && paramsOf(location.search ?? '').has('token'))
    return true;
  return [location.search ?? '', location.hash ?? ''].some((part) => {
    const params = paramsOf(part);
    return params.get('type') === 'recovery' && (params.has('code') || params.has('token_hash'));
  });
}

function isRecoveryPath(path: string): boolean {
  const url = new URL(path, 'http://savvypig.invalid');
  return isPasswordRecovery({ pathname: url.pathname, search: url.search, hash: url.hash });
}

export function shouldRememberAsLastVisited(path: string): boolean {
  return isSameOriginPath(path) && !NOT_REMEMBERED_AS_LAST_VISITED.has(pathnameOf(path)) && !isRecoveryPath(path);
}

export function shouldRememberAsReturnTo(path: string): boolean {
  return isSameOriginPath(path) && !NOT_REMEMBERED_AS_RETURN_TO.has(pathnameOf(path)) && !isRecoveryPath(path);
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // Storage can be switched off; route memory is a convenience.
  }
}

function read(key: string): string | null {
  try {
    const value = storage()?.getItem(key) ?? null;
    return isSameOriginPath(value) ? value : null;
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Full or blocked storage: nothing to do.
  }
}

function remove(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // ignore
  }
}

/** Records a navigation (path with search and hash) unless it is one of the excluded pages. */
export function rememberLastVisited(path: string): void {
  if (shouldRememberAsLastVisited(path)) write(LAST_VISITED_KEY, path);
}

/** Records the protected page a signed-out visitor tried to open. */
export function rememberReturnTo(path: string): void {
  if (shouldRememberAsReturnTo(path)) write(RETURN_TO_KEY, path);
}

/**
 * Where to go after signing in; clears returnToRoute once it has been used.
 * `fallback` (e.g. the page named in navigation state) is used only when nothing is stored.
 */
export function takePostSignInDestination(fallback?: string): string {
  const returnTo = read(RETURN_TO_KEY);
  if (returnTo) {
    remove(RETURN_TO_KEY);
    if (shouldRememberAsReturnTo(returnTo)) return returnTo;
  }
  const lastVisited = read(LAST_VISITED_KEY);
  if (lastVisited && shouldRememberAsLastVisited(lastVisited)) return lastVisited;
  if (fallback && shouldRememberAsReturnTo(fallback)) return fallback;
  return paths.dashboard();
}

/** Forgets both stored routes (on sign-out, so the next person starts afresh). */
export function forgetRoutes(): void {
  remove(RETURN_TO_KEY);
  remove(LAST_VISITED_KEY);
}
