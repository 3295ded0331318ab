import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import { AppError } from '../errors.ts';
import { findSessionUser, readSessionToken, type SessionUser } from '../auth/session.ts';
import type { AppEnv, Deps } from './context.ts';

/**
 * Who may call a route. Every API route declares one; the authorisation harness
 * (src/server/http/authorisation.test.ts) fails for a route that does not.
 * - public: anyone, signed in or not.
 * - user: a signed-in user; rows are scoped to them by the query and by row-level security.
 * - admin: a signed-in user with the admin role in `user_roles`, checked on the server.
 */
export type Access = 'public' | 'user' | 'admin';

const registry = new Map<string, Access>();

export function routeKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
}

export function declareAccess(method: string, path: string, access: Access): void {
  registry.set(routeKey(method, path), access);
}

export function declaredAccess(): ReadonlyMap<string, Access> {
  return registry;
}

/** Resolves the session once per request (cached on the context). */
export async function getSession(c: Context<AppEnv>, deps: Deps): Promise<SessionUser | null> {
  if (c.get('session') !== undefined) return c.get('session');
  const token = readSessionToken(c.req.header('cookie'), deps.secret);
  const session = token ? await findSessionUser(deps.database.db, token) : null;
  c.set('session', session);
  return session;
}

export function requireAccess(deps: Deps, access: Access) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (access === 'public') return next();
    const session = await getSession(c, deps);
    if (!session) throw new AppError('UNAUTHENTICATED', 'Authentication required');
    if (access === 'admin' && !session.isAdmin) throw new AppError('FORBIDDEN', 'Admin access required');
    return next();
  });
}

/** The signed-in user for a route declared `user` or `admin` (the middleware guarantees one). */
export function sessionOf(c: Context<AppEnv>): SessionUser {
  const session = c.get('session');
  if (!session) throw new AppError('UNAUTHENTICATED', 'Authentication required');
  return session;
}
