/**
 * The admin review queue (002 §2–3): read newest first, optionally by status and priority; approve
 * or reject an item, or many at once (review-resolution.ts says what approving applies).
 */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { sessionOf, txOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { adminReviewItems } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { type Resolution, resolveReviewItem } from './review-resolution.ts';

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

type ReviewItemRow = typeof adminReviewItems.$inferSelect;

const itemJson = ({ dedupeKey: _key, createdAt, resolvedAt, ...item }: ReviewItemRow) => ({
  ...item,
  createdAt: createdAt.toISOString(),
  resolvedAt: resolvedAt?.toISOString() ?? null,
});

const NOTES_MAX = 2_000;
const BULK_MAX = 500;
const ResolveSchema = z.strictObject({
  notes: z.string().max(NOTES_MAX, `Notes must be ${NOTES_MAX} characters or fewer`).nullish(),
});
const BulkSchema = z.strictObject({
  ids: z
    .array(z.uuid('Each id must be a review item id'))
    .min(1, 'Select at least one item')
    .max(BULK_MAX, `Select at most ${BULK_MAX} items`),
  action: z.enum(['approve', 'reject'], 'action must be approve or reject'),
  notes: ResolveSchema.shape.notes,
});
const ItemIdParam = z.object({
  id: z.uuid('Review item not found').openapi({ param: { name: 'id', in: 'path' } }),
});
const RESOLUTIONS = { approve: 'approved', reject: 'rejected' } as const satisfies Record<string, Resolution>;

const json = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

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
      return c.json({ items: rows.map(itemJson) }, 200);
    },
  );

  for (const action of ['approve', 'reject'] as const) {
    app.openapi(
      defineRoute(deps, '', {
        access: 'admin',
        method: 'post',
        path: `/api/admin/review-items/{id}/${action}`,
        summary:
          action === 'approve'
            ? 'Approve a pending review item: its change is applied in the same transaction'
            : 'Reject a pending review item: the data stays as it is',
        request: { params: ItemIdParam, ...json(ResolveSchema) },
        responses: {
          200: {
            description: 'The resolved item',
            content: { 'application/json': { schema: z.object({ item: ReviewItemSchema }) } },
          },
          404: { description: 'No such item' },
          409: { description: 'Already resolved, or its row is gone' },
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const { notes } = c.req.valid('json');
        const item = await resolveReviewItem(txOf(c), {
          id,
          resolution: RESOLUTIONS[action],
          notes: notes?.trim() || null,
          adminId: sessionOf(c).userId,
        });
        return c.json({ item: itemJson(item) }, 200);
      },
    );
  }

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'post',
      path: '/api/admin/review-items/bulk',
      summary:
        'Approve or reject many pending items: each on its own, so one that fails is reported and the others still resolve',
      request: json(BulkSchema),
      responses: {
        200: {
          description: 'What was resolved, and what was not with why',
          content: {
            'application/json': {
              schema: z.object({
                resolved: z.array(z.string()),
                failed: z.array(z.object({ id: z.string(), message: z.string() })),
              }),
            },
          },
        },
      },
    }),
    async (c) => {
      const { ids, action, notes } = c.req.valid('json');
      const tx = txOf(c);
      const adminId = sessionOf(c).userId;
      const resolved: string[] = [];
      const failed: { id: string; message: string }[] = [];
      for (const id of new Set(ids)) {
        try {
          // A savepoint per item: a failed one is undone alone.
          await tx.transaction((item) =>
            resolveReviewItem(item, { id, resolution: RESOLUTIONS[action], notes: notes?.trim() || null, adminId }),
          );
          resolved.push(id);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          failed.push({ id, message: error.message });
        }
      }
      return c.json({ resolved, failed }, 200);
    },
  );
  return app;
}
