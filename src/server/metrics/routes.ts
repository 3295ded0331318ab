/**
 * `GET /api/metrics`: the Prometheus text exposition for operators who run their own monitoring
 * (ADR 0065). Off unless METRICS_TOKEN is set, and then only for `Authorization: Bearer <token>`,
 * compared in constant time (both sides hashed first, so neither length tells anything).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { PROMETHEUS_CONTENT_TYPE, prometheusText } from './prometheus.ts';
import { readDatabase } from './system-health.ts';

export const METRICS_PATH = '/api/metrics';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Whether an `Authorization` header carries the token (constant time in the token's content). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? '');
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

export function metricsRoutes(deps: Deps) {
  const app = createRouter();
  app.openapi(
    defineRoute(deps, '', {
      access: 'public',
      method: 'get',
      path: METRICS_PATH,
      summary: 'Prometheus metrics (text exposition format), for operators',
      description:
        'Off (404) unless the server is configured with METRICS_TOKEN; then only with `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). Request counts and latency histograms by route pattern, job runs by job name, the job queue depth, a database round trip, uptime and memory.',
      responses: {
        200: {
          description: 'The exposition',
          content: { 'text/plain': { schema: z.string() } },
        },
        401: { description: 'No valid bearer token' },
        404: { description: 'The endpoint is off (no METRICS_TOKEN)' },
      },
    }),
    async (c) => {
      const token = deps.config.METRICS_TOKEN;
      if (!token) throw new AppError('NOT_FOUND', 'Not found');
      if (!bearerMatches(c.req.header('authorization'), token)) {
        c.header('WWW-Authenticate', 'Bearer realm="metrics"');
        throw new AppError('UNAUTHENTICATED', 'A valid metrics bearer token is required');
      }
      const readings = await readDatabase(deps.database.db);
      return c.body(prometheusText(deps.metrics, readings, deps.readTurns), 200, {
        'content-type': PROMETHEUS_CONTENT_TYPE,
      });
    },
  );
  return app;
}
