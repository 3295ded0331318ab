/**
 * Subscriptions (001 §2–§9, 002 §4; issue 17; ADR 0036): the signed-in user's derived view, the
 * plans' prices, promo code validation and the trial unlock, and the admins' promo codes.
 * Nothing here lets a browser set a tier or a status: the writes are the server's own (redeem.ts).
 */
import { desc, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { subscriptionView } from '../../core/subscriptions/access.ts';
import { recordAdminAction } from '../admin/audit-log.ts';
import { normalisePromoCode, PROMO_MESSAGES } from '../../core/subscriptions/promo.ts';
import { promoExpiryProblem, promoInputProblem } from '../../core/subscriptions/promo-input.ts';
import { promoCodes } from '../db/schema/index.ts';
import { rowsOf } from '../db/rls.ts';
import { AppError } from '../errors.ts';
import { sessionOf, txOf } from '../http/access.ts';
import type { Tx } from '../db/client.ts';
import { asLoginRole } from '../db/login-role.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { takeThrottle, throttleRefusal } from '../http/throttle.ts';
import { publish } from '../realtime/hub.ts';
import { setAdminOverride } from './admin-override.ts';
import { findPromoForUser, readSubscriptionFacts, redeemPromo } from './redeem.ts';
import {
  AdminPromoCodeSchema,
  PricesSchema,
  PromoCodeInputSchema,
  PromoValidationSchema,
  SubscriptionViewSchema,
  promoDetailsJson,
} from './subscription-json.ts';

export const SUBSCRIPTION_QUERY_KEY = ['me', 'subscription'] as const;

/** Promo code guesses a user may make an hour (validation and unlock together). */
const PROMO_TRIES_PER_HOUR = 30;

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

export function subscriptionRoutes(deps: Deps) {
  const app = createRouter();
  // Promo codes and subscription writes are the server's own (app_user has no grant for them):
  // done as the login role inside the request's transaction (a second connection would deadlock
  // on PGlite), always for the signed-in user's id only.
  const takePromoTry = async (tx: Tx, userId: string) => {
    const throttle = await takeThrottle(tx, `promo-code:${userId}`, PROMO_TRIES_PER_HOUR, 3600);
    if (!throttle.allowed)
      throw throttleRefusal('RATE_LIMITED', 'Too many promo code attempts. Please try again later.', throttle);
  };

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/subscription',
      summary: "The signed-in user's subscription as the browser needs it: tier, status, trial, promo",
      description:
        'Read with the session, so no statement of its own. A user from before subscriptions (no row) has the Big Pig trial tier and no expiry (ADR 0036).',
      responses: { 200: json(SubscriptionViewSchema, 'The derived view') },
    }),
    (c) => {
      const session = sessionOf(c);
      return c.json(subscriptionView(session.subscription, { isAdmin: session.isAdmin, now: deps.clock.now() }), 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'public',
      method: 'get',
      path: '/api/subscription/prices',
      summary: "Each plan's monthly and annual price in pence",
      description:
        "The card provider's prices once it is configured; until then, or when it fails, the spec's defaults (isDefault: true, and the plan picker shows its 'Subscription Information' alert) with the spec's message when it failed.",
      responses: { 200: json(PricesSchema, 'The prices') },
    }),
    async (c) => {
      const { prices, isDefault, message } = await deps.billing.prices();
      return c.json({ prices, isDefault, ...(message ? { message } : {}) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/promo-codes/validate',
      summary: 'Whether a promo code may be used by the signed-in user, with its details (validate-promo-code)',
      request: body(
        z.strictObject({ code: z.string().trim().min(1, PROMO_MESSAGES.blank).max(64, PROMO_MESSAGES.unknown) }),
      ),
      responses: {
        200: json(PromoValidationSchema, 'valid with promoDetails, or not with the reason'),
        429: { description: 'Too many attempts this hour' },
      },
    }),
    async (c) => {
      const session = sessionOf(c);
      const { code } = c.req.valid('json');
      const { promo, check } = await asLoginRole(txOf(c), async (tx) => {
        await takePromoTry(tx, session.userId);
        return findPromoForUser(tx, { code: normalisePromoCode(code) }, session.userId, deps.clock.now());
      });
      if (!check.valid) return c.json({ valid: false, message: check.message, promoDetails: null }, 200);
      if (!promo) return c.json({ valid: false, message: PROMO_MESSAGES.unknown, promoDetails: null }, 200);
      return c.json({ valid: true, message: PROMO_MESSAGES.valid, promoDetails: promoDetailsJson(promo) }, 200);
    },
  );

  /** Redeems a promo code of one kind for the signed-in user (locked, checked, recorded once). */
  const redeemOwn = (c: Context<AppEnv>, promoCodeId: string, kind: 'free_trial' | 'feature_upgrade') => {
    const session = sessionOf(c);
    const now = deps.clock.now();
    return asLoginRole(txOf(c), async (tx) => {
      await takePromoTry(tx, session.userId);
      const { promo, check } = await findPromoForUser(tx, { id: promoCodeId }, session.userId, now, {
        forUpdate: true,
      });
      if (!check.valid || !promo)
        throw new AppError('VALIDATION_FAILED', check.valid ? PROMO_MESSAGES.unknown : check.message);
      if (promo.promoType !== kind)
        throw new AppError(
          'VALIDATION_FAILED',
          kind === 'free_trial' ? PROMO_MESSAGES.notForTrial : PROMO_MESSAGES.notForUpgrade,
        );
      await redeemPromo(tx, session.userId, promo, now);
      await publish(tx, { type: 'subscription.changed', userId: session.userId, invalidate: [['me']] });
      const facts = await readSubscriptionFacts(tx, session.userId);
      return subscriptionView(facts, { isAdmin: session.isAdmin, now });
    });
  };
  const RedeemedSchema = z.object({
    success: z.literal(true),
    message: z.string(),
    subscription: SubscriptionViewSchema,
  });

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/subscription/trial-promo',
      summary: "'Unlock Extended Trial': applies a valid free_trial promo code (apply-trial-promo-code)",
      description:
        "Only the promo's id is taken; the trial's new end comes from the code. 400 'Invalid promo code for trial unlock' for another kind of code, 400 with the validation message for an unusable one.",
      request: body(z.strictObject({ promoCodeId: z.uuid(PROMO_MESSAGES.notForTrial) })),
      responses: {
        200: json(RedeemedSchema, 'Applied'),
        400: { description: 'The code cannot unlock a trial' },
      },
    }),
    async (c) => {
      const subscription = await redeemOwn(c, c.req.valid('json').promoCodeId, 'free_trial');
      return c.json({ success: true as const, message: PROMO_MESSAGES.trialExtended, subscription }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/subscription/feature-promo',
      summary: "'Unlock Big Pig features': applies a valid feature_upgrade promo code (issue 25)",
      description:
        "Big Pig's features for the code's duration from now, on any plan (a promo period). 400 'Invalid promo code for a feature upgrade' for another kind of code, 400 with the validation message for an unusable one.",
      request: body(z.strictObject({ promoCodeId: z.uuid(PROMO_MESSAGES.notForUpgrade) })),
      responses: {
        200: json(RedeemedSchema, 'Applied'),
        400: { description: 'The code cannot upgrade features' },
      },
    }),
    async (c) => {
      const subscription = await redeemOwn(c, c.req.valid('json').promoCodeId, 'feature_upgrade');
      return c.json({ success: true as const, message: PROMO_MESSAGES.featuresUnlocked, subscription }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: '/api/admin/promo-codes',
      summary: 'Every promo code, newest first, with how often it has been used',
      responses: { 200: json(z.object({ promoCodes: z.array(AdminPromoCodeSchema) }), 'The codes') },
    }),
    async (c) => {
      const rows = await txOf(c).select().from(promoCodes).orderBy(desc(promoCodes.createdAt));
      return c.json({ promoCodes: rows.map(adminPromoJson) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'post',
      path: '/api/admin/promo-codes',
      summary: 'Creates a promo code (stored in upper case)',
      request: body(PromoCodeInputSchema),
      responses: {
        201: json(z.object({ promoCode: AdminPromoCodeSchema }), 'Created'),
        409: { description: 'A code with this name exists' },
      },
    }),
    async (c) => {
      const session = sessionOf(c);
      const input = c.req.valid('json');
      const tx = txOf(c);
      const problem = promoInputProblem(input);
      if (problem) throw new AppError('VALIDATION_FAILED', problem.message, { field: problem.field });
      const expiryProblem = input.expiresAt ? promoExpiryProblem(input.expiresAt, deps.clock.now()) : null;
      if (expiryProblem) throw new AppError('VALIDATION_FAILED', expiryProblem, { field: 'expiresAt' });
      const [row] = await tx
        .insert(promoCodes)
        .values({
          ...input,
          code: normalisePromoCode(input.code),
          expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
          createdBy: session.userId,
        })
        .onConflictDoNothing({ target: promoCodes.code })
        .returning();
      if (!row) throw new AppError('CONFLICT', 'A promo code with this name already exists', { field: 'code' });
      return c.json({ promoCode: adminPromoJson(row) }, 201);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'put',
      path: '/api/admin/users/{userId}/subscription/override',
      summary: "Turns an admin's override on or off for a user: Big Pig whatever their payment (admin_override)",
      description:
        'The only subscription field an admin sets here; status and tier come from the card provider. Creates the row if the user has none.',
      request: {
        params: z.object({ userId: z.string().min(1).max(64) }),
        ...body(z.strictObject({ adminOverride: z.boolean('adminOverride must be true or false') })),
      },
      responses: {
        200: json(z.object({ subscription: SubscriptionViewSchema }), "The user's subscription as they now see it"),
        404: { description: 'No such user' },
      },
    }),
    async (c) => {
      const { userId } = c.req.valid('param');
      const { adminOverride } = c.req.valid('json');
      const tx = txOf(c);
      const now = deps.clock.now();
      const [exists] = await asLoginRole(tx, (t) =>
        t.execute(sql`select 1 from "user" where id = ${userId}`).then((r) => rowsOf<{ '?column?': number }>(r)),
      );
      if (!exists) throw new AppError('NOT_FOUND', 'User not found');
      const { before, after } = await setAdminOverride(tx, { userId, adminOverride, now });
      const session = sessionOf(c);
      await recordAdminAction(
        tx,
        { userId: session.userId, email: session.email },
        {
          action: 'user.subscription.override',
          subjectType: 'user',
          subjectId: userId,
          before: { adminOverride: before?.adminOverride ?? false },
          after: { adminOverride },
        },
      );
      return c.json({ subscription: subscriptionView(after, { isAdmin: false, now }) }, 200);
    },
  );

  return app;
}

export function adminPromoJson(row: typeof promoCodes.$inferSelect): z.infer<typeof AdminPromoCodeSchema> {
  return {
    id: row.id,
    code: row.code,
    promoType: row.promoType as z.infer<typeof AdminPromoCodeSchema>['promoType'],
    isFreeTier: row.isFreeTier,
    isAdFree: row.isAdFree,
    discountPercentage: row.discountPercentage,
    durationDays: row.durationDays,
    durationMonths: row.durationMonths,
    discountDays: row.discountDays,
    discountMonths: row.discountMonths,
    isOneTimeUse: row.isOneTimeUse,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    isActive: row.isActive,
    timesRedeemed: row.timesRedeemed,
    createdAt: row.createdAt.toISOString(),
  };
}
