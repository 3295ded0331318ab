import { randomUUID } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { AppEnv } from './context.ts';

/**
 * A request id (ours, or a sane one the caller sent), a child logger and one access log line; and
 * the request's count and time in `metrics`, labelled by the route pattern that answered (the
 * handler the dispatch ended on), never the raw path.
 */
export function requestContext(logger: Logger, trustProxy: boolean, metrics?: Pick<Metrics, 'recordRequest'>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    const log = logger.child({ reqId: requestId });
    c.set('requestId', requestId);
    c.set('logger', log);
    c.set('clientIp', clientIp(c, trustProxy));
    c.header('x-request-id', requestId);
    const started = performance.now();
    await next();
    const elapsed = performance.now() - started;
    const ms = Math.round(elapsed * 10) / 10;
    const status = c.res.status;
    metrics?.recordRequest(c.req.method, routePath(c) || 'unmatched', status, elapsed);
    const fields = { method: c.req.method, path: c.req.path, status, ms };
    if (status >= 500) log.error('request', fields);
    else if (c.req.path.startsWith('/api/')) log.info('request', fields);
    else log.debug('request', fields);
  });
}

function clientIp(c: Parameters<typeof getConnInfo>[0], trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req
      .header('x-forwarded-for')
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const last = forwarded?.at(-1);
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'local';
  }
}

/**
 * `consentScriptOrigins`: origins of the optional analytics and marketing scripts (config), which
 * may load and report only after consent (see docs/decisions/0012-cookie-consent.md).
 */
function contentSecurityPolicy(consentScriptOrigins: readonly string[]): string {
  const extra = consentScriptOrigins.length > 0 ? ` ${consentScriptOrigins.join(' ')}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${extra}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra}`,
    "font-src 'self' data:",
    `connect-src 'self'${extra}`,
    "frame-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** Security headers on every response. */
export function securityHeaders(isProduction: boolean, isHttps: boolean, consentScriptOrigins: readonly string[] = []) {
  const csp = contentSecurityPolicy(consentScriptOrigins);
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('X-Frame-Options', 'DENY');
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    h.set('Cross-Origin-Resource-Policy', 'same-origin');
    if (!h.has('Content-Security-Policy') && isProduction) h.set('Content-Security-Policy', csp);
    if (isHttps) h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (c.req.path.startsWith('/api/') && !h.has('Cache-Control')) h.set('Cache-Control', 'no-store');
  });
}
