import { sql } from 'drizzle-orm';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';

const HealthSchema = z
  .object({
    status: z.enum(['ok']),
    version: z.string(),
    uptimeSeconds: z.number(),
    database: z.object({ kind: z.enum(['pglite', 'postgres']), version: z.string() }),
  })
  .openapi('Health');

/** `/api/health` answers from memory (liveness); `/api/health/db` makes one database round trip (readiness). */
export function healthRoutes(deps: Deps, databaseVersion: string) {
  const app = createRouter();
  app.openapi(
    defineRoute(deps, '', {
      access: 'public',
      method: 'get',
      path: '/api/health',
      summary: 'Service status, database kind and version',
      responses: { 200: { description: 'Up', content: { 'application/json': { schema: HealthSchema } } } },
    }),
    (c) =>
      c.json(
        {
          status: 'ok' as const,
          version: deps.version,
          uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000),
          database: { kind: deps.database.kind, version: databaseVersion },
        },
        200,
      ),
  );
  app.openapi(
    defineRoute(deps, '', {
      access: 'public',
      method: 'get',
      path: '/api/health/db',
      summary: 'Readiness: answers only when the database does (one round trip)',
      responses: {
        200: {
          description: 'Database reachable',
          content: { 'application/json': { schema: z.object({ database: z.literal('up'), now: z.string() }) } },
        },
        503: { description: 'Database unavailable' },
      },
    }),
    async (c) => {
      const result = (await deps.database.db.execute(sql`select now()::text as now`)) as unknown as {
        rows: Array<{ now: string }>;
      };
      return c.json({ database: 'up' as const, now: result.rows[0]?.now ?? '' }, 200);
    },
  );
  return app;
}
