import { eq, sql } from 'drizzle-orm';
import { AppError } from '../errors.ts';
import { sessionOf, txOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { profiles } from '../db/schema/index.ts';
import { publish } from '../realtime/hub.ts';

export const ProfileNameSchema = z
  .object({
    firstName: z.string().trim().min(1, 'First name is required').max(100).optional(),
    lastName: z.string().trim().min(1, 'Last name is required').max(100).optional(),
  })
  .refine((v) => v.firstName !== undefined || v.lastName !== undefined, 'Nothing to update')
  .openapi('ProfileNameUpdate');

const ProfileNameResult = z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() });

/** The signed-in user's own profile. Every open tab of that user hears of a change. */
export function profileRoutes(deps: Deps) {

  const app = createRouter();
  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'patch',
      path: '/api/profile',
      summary: "Update the signed-in user's name",
      request: { body: { content: { 'application/json': { schema: ProfileNameSchema } }, required: true } },
      responses: { 200: { description: 'Updated', content: { 'application/json': { schema: ProfileNameResult } } } },
    }),
    async (c) => {
      const { userId } = sessionOf(c);
      const input = c.req.valid('json');
      const tx = txOf(c);
      const [updated] = await tx
        .update(profiles)
        .set({ ...input, updatedAt: sql`now()` })
        .where(eq(profiles.id, userId))
        .returning({ firstName: profiles.firstName, lastName: profiles.lastName });
      if (!updated) throw new AppError('NOT_FOUND', 'Profile not found');
      await publish(tx, { type: 'profile.updated', userId, invalidate: [['me']] });
      return c.json(updated, 200);
    },
  );
  return app;
}
