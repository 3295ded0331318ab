/**
 * The admin audit log for admins to read (issue 28): newest first, a page at a time, optionally
 * of one subject (a contact inquiry's or a user's Activity tab).
 */
import { txOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { listAdminActions } from './audit-log.ts';

export const AUDIT_LOG_PAGE_SIZE = 50;

/** One audit log entry as the API answers it (a user's or contact's Activity tab may reuse it). */
export const AdminActionSchema = z
  .object({
    id: z.string(),
    adminId: z.string(),
    adminEmail: z.string(),
    action: z.string(),
    subjectType: z.string(),
    subjectId: z.string(),
    before: z.unknown(),
    after: z.unknown(),
    createdAt: z.string(),
  })
  .openapi('AdminAction');

export type AdminActionJson = z.infer<typeof AdminActionSchema>;

export function adminAuditLogRoutes(deps: Deps) {
  const app = createRouter();
  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: '/api/admin/audit-log',
      summary: 'What admins did: who, what, to which row, before and after; newest first',
      description: `${AUDIT_LOG_PAGE_SIZE} entries a page; \`afterId\` is the last entry of the page before. \`subjectType\` and \`subjectId\` narrow it to one subject.`,
      request: {
        query: z.object({
          subjectType: z
            .string()
            .regex(/^[a-z_]{1,50}$/, 'subjectType must be a subject type such as contact_inquiry or user')
            .optional(),
          subjectId: z.string().trim().min(1).max(200, 'subjectId must be 200 characters or fewer').optional(),
          afterId: z.uuid('afterId must be an audit log entry id').optional(),
        }),
      },
      responses: {
        200: {
          description: 'One page of entries, and where the next page starts (null: none)',
          content: {
            'application/json': {
              schema: z.object({ entries: z.array(AdminActionSchema), nextAfterId: z.string().nullable() }),
            },
          },
        },
      },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const rows = await listAdminActions(txOf(c), { ...query, limit: AUDIT_LOG_PAGE_SIZE + 1 });
      const entries = rows.slice(0, AUDIT_LOG_PAGE_SIZE);
      const nextAfterId = rows.length > AUDIT_LOG_PAGE_SIZE ? (entries.at(-1)?.id ?? null) : null;
      return c.json({ entries, nextAfterId }, 200);
    },
  );
  return app;
}
