import { createMiddleware } from 'hono/factory';
import { AppError } from '../errors.ts';
import type { AppEnv } from './context.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const INVALID_ORIGIN_MESSAGE = 'This request came from another website and was refused.';

function originOf(value: string | undefined): string | null {
  if (!value || value === 'null') return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Cross-site request forgery protection for every state-changing API request, ours and
 * better-auth's alike (better-auth checks its own too; this covers the routes it does not own).
 * In every environment, not only production:
 * - an `Origin` (or, without one, a `Referer`) must be one of the trusted origins;
 * - without either, a browser's `Sec-Fetch-Site` must say same-origin (or none: typed by the user);
 * - a request with neither that carries a cookie is refused (every browser sends `Origin` on
 *   POST, PUT, PATCH and DELETE, so only a forged or broken client gets here); one without a
 *   cookie (a script, a webhook) has no session to abuse and passes on to its route's own checks.
 */
export function originCheck(trustedOrigins: readonly string[]) {
  const trusted = new Set(trustedOrigins.map((o) => originOf(o)).filter((o): o is string => o !== null));
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const originHeader = c.req.header('origin');
    const claimed = originHeader ?? c.req.header('referer');
    if (claimed !== undefined) {
      const origin = originOf(claimed);
      if (!origin || !trusted.has(origin)) throw new AppError('FORBIDDEN', INVALID_ORIGIN_MESSAGE);
      return next();
    }
    const site = c.req.header('sec-fetch-site');
    if (site !== undefined) {
      if (site !== 'same-origin' && site !== 'none') throw new AppError('FORBIDDEN', INVALID_ORIGIN_MESSAGE);
      return next();
    }
    if (c.req.header('cookie')) throw new AppError('FORBIDDEN', INVALID_ORIGIN_MESSAGE);
    return next();
  });
}
