import { createMiddleware } from 'hono/factory';
import { readSessionToken } from '../auth/session.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { endIdleSessions } from './queries.ts';

/**
 * better-auth's own endpoints (get-session, list-sessions, change-password…) know nothing of
 * inactivity: before any of them runs, the idle sessions of the cookie's user are ended, so an
 * idle cookie finds no session there either.
 */
export function endIdleSessionsBeforeAuth(deps: Deps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = readSessionToken(c.req.header('cookie'), deps.secret);
    if (token) await endIdleSessions(deps.database.db, token, deps.clock.now());
    await next();
  });
}
