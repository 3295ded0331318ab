/**
 * Admins' subscription screens (issue 17): every user's subscription state, and withdrawing or
 * reinstating a promo code. Admin routes: the role and two-factor are checked on the server
 * (http/access.ts) before a handler runs. Creating and listing codes and the override are in routes.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { ACCESS_REASONS, accessReason, subscriptionView } from '../../core/subscriptions/access.ts';
import { promoCodes } from '../db/schema/index.ts';
import { rowsOf } from '../db/rls.ts';
import { asLoginRole } from '../db/login-role.ts';
import { AppError } from '../errors.ts';
import { txOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { type SubscriptionRow, subscriptionFactColumns, subscriptionFactsOf } from './facts.ts';
import { AdminPromoCodeSchema, SubscriptionViewSchema } from './subscription-json.ts';
import { adminPromoJson } from './routes.ts';

/** Users per page of the admin list. */
export const ADMIN_USERS_PAGE = 50;

const AdminUserSubscriptionSchema = z
  .object({
    userId: z.string(),
    email: z.string(),
    name: z.string(),
    isAdmin: z.boolean(),
    createdAt: z.string(),
    promoCode: z.string().nullable().openapi({ description: 'The code last applied to the subscription' }),
    subscription: SubscriptionViewSchema.openapi({ description: 'What the user sees: their effective tier' }),
    accessReason: z
      .enum(ACCESS_REASONS)
      .openapi({ description: 'Why the user has that tier (core `accessReason`): admin, override, trial, paid…' }),
  })
  .openapi('AdminUserSubscription');

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

type UserRow = SubscriptionRow & {
  user_id: string;
  email: string;
  name: string;
  created_at: Date | string;
  is_admin: boolean;
  has_subscription: boolean;
  promo_code: string | null;
  total: number | string;
};

export function adminSubscriptionRoutes(deps: Deps) {
  const app = createRouter();

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: '/api/admin/subscriptions',
      summary:
        'Users with their subscription state, newest first: effective tier, payment status, trial, promo, override',
      description: `${ADMIN_USERS_PAGE} a page; \`search\` matches part of the e-mail address or name (any case).`,
      request: {
        query: z.object({
          search: z.string().trim().max(200, 'Search must be 200 characters or fewer').optional(),
          offset: z.coerce
            .number('offset must be a whole number')
            .int('offset must be a whole number')
            .min(0, 'offset cannot be negative')
            .max(1_000_000, 'offset is too large')
            .optional(),
        }),
      },
      responses: {
        200: json(
          z.object({ users: z.array(AdminUserSubscriptionSchema), total: z.number().int() }),
          'One page of users and how many match',
        ),
      },
    }),
    async (c) => {
      const { search = '', offset = 0 } = c.req.valid('query');
      const now = deps.clock.now();
      const needle = search.toLowerCase();
      // better-auth's "user" table is not app_user's to read: the login role reads it here, for an admin only.
      const rows = await asLoginRole(txOf(c), async (tx) =>
        rowsOf<UserRow>(
          await tx.execute(sql`
            select u.id as user_id, u.email,
              coalesce(nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), ''), u.name) as name,
              u.created_at,
              exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'admin') as is_admin,
              s.user_id is not null as has_subscription, ${subscriptionFactColumns('s')},
              pc.code as promo_code, count(*) over () as total
            from "user" u
            left join profiles p on p.id = u.id
            left join subscriptions s on s.user_id = u.id
            left join promo_codes pc on pc.id = s.promo_code_id
            where ${needle} = ''
              or position(${needle} in lower(u.email)) > 0
              or position(${needle} in lower(concat_ws(' ', p.first_name, p.last_name, u.name))) > 0
            order by u.created_at desc, u.id
            limit ${ADMIN_USERS_PAGE} offset ${offset}`),
        ),
      );
      const users = rows.map((row) => {
        const facts = row.has_subscription ? subscriptionFactsOf(row) : null;
        const who = { isAdmin: row.is_admin, now };
        return {
          userId: row.user_id,
          email: row.email,
          name: row.name,
          isAdmin: row.is_admin,
          createdAt: new Date(row.created_at).toISOString(),
          promoCode: row.promo_code,
          subscription: subscriptionView(facts, who),
          accessReason: accessReason(facts, who),
        };
      });
      return c.json({ users, total: Number(rows[0]?.total ?? 0) }, 200);
    },
  );

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
