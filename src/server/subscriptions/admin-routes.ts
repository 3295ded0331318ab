/**
 * Admins' subscription screens (issue 17): withdrawing or reinstating a promo code. Admin routes:
 * the role and two-factor are checked on the server (http/access.ts) before a handler runs.
 * Creating and listing codes and the override are in routes.ts; every user's subscription state is
 * on the admin users list (admin/users/routes.ts, issue 28).
 */
import { eq } from 'drizzle-orm';
import { promoCodes } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { txOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { AdminPromoCodeSchema } from './subscription-json.ts';
import { adminPromoJson } from './routes.ts';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export function adminSubscriptionRoutes(deps: Deps) {
  const app = createRouter();

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'patch',
      path: '/api/admin/promo-codes/{id}',
      summary: 'Withdraws a promo code (isActive false) or puts it back (true)',
      description:
        'A withdrawn code is refused as unknown from then on; what it already gave stays (a trial it extended, its redemptions).',
      request: {
        params: z.object({ id: z.uuid('Promo code not found') }),
        body: {
          content: {
            'application/json': { schema: z.strictObject({ isActive: z.boolean('isActive must be true or false') }) },
          },
          required: true,
        },
      },
      responses: {
        200: json(z.object({ promoCode: AdminPromoCodeSchema }), 'The code as it now is'),
        404: { description: 'No such code' },
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { isActive } = c.req.valid('json');
      const [row] = await txOf(c).update(promoCodes).set({ isActive }).where(eq(promoCodes.id, id)).returning();
      if (!row) throw new AppError('NOT_FOUND', 'Promo code not found');
      return c.json({ promoCode: adminPromoJson(row) }, 200);
    },
  );

  return app;
}
