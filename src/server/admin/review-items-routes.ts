/** The admin review queue (002 §3): read newest first, optionally by status and priority. */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { txOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { adminReviewItems } from '../db/schema/index.ts';

const STATUSES = ['pending', 'approved', 'rejected'] as const;
const PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;

const ReviewItemSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    itemType: z.string(),
    priority: z.enum(PRIORITIES),
    status: z.enum(STATUSES),
    suggestedAction: z.string().nullable(),
    currentData: z.unknown(),
    resolutionNotes: z.string().nullable(),
    createdAt: z.string(),
    resolvedAt: z.string().nullable(),
  })
  .openapi('AdminReviewItem');

export function reviewItemRoutes(deps: Deps) {
  const app = createRouter();
  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: '/api/admin/review-items',
      summary: 'Admin review items, newest first, optionally filtered by status and priority',
      request: {
        query: z.object({
          status: z.enum(STATUSES, `status must be one of ${STATUSES.join(', ')}`).optional(),
          priority: z.enum(PRIORITIES, `priority must be one of ${PRIORITIES.join(', ')}`).optional(),
        }),
      },
      responses: {
        200: {
          description: 'Review items',
          content: { 'application/json': { schema: z.object({ items: z.array(ReviewItemSchema) }) } },
        },
      },
    }),
    async (c) => {
      const { status, priority } = c.req.valid('query');
      const conditions: SQL[] = [];
      if (status) conditions.push(eq(adminReviewItems.status, status));
      if (priority) conditions.push(eq(adminReviewItems.priority, priority));
      const rows = await txOf(c)
        .select()
        .from(adminReviewItems)
        .where(and(...conditions))
        .orderBy(desc(adminReviewItems.createdAt), desc(adminReviewItems.id))
        .limit(500);
      const items = rows.map(({ dedupeKey: _key, createdAt, resolvedAt, ...item }) => ({
        ...item,
        createdAt: createdAt.toISOString(),
        resolvedAt: resolvedAt?.toISOString() ?? null,
      }));
      return c.json({ items }, 200);
    },
  );
  return app;
}
