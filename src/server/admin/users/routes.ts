/**
 * The admin Users screens' API (issue 28; 002 §2 Admin user detail page, §3–§6): the searchable
 * list, one user whole with their activity, and the detail page's Save Changes. Admin routes: the
 * role and two-factor are checked on the server before a handler runs (http/access.ts). Every
 * change is written with its audit log entries in the request's one transaction, so a refusal
 * anywhere writes nothing.
 */
import type { Crm } from '../../crm/crm.ts';
import { enqueueProfileSync } from '../../crm/enqueue.ts';
import { and, eq, sql } from 'drizzle-orm';
import {
  ADMIN_USER_TEXTS,
  type AdminUserUpdate,
  adminUserUpdateSchema,
  changedFields,
  CURRENCIES,
  FEATURE_FLAG_FIELDS,
  selfEditRefusal,
  USER_ROLES,
} from '../../../core/admin-users/user-edit.ts';
import { accountCap } from '../../../core/accounts/account-cap.ts';
import { calendarDateInLondon } from '../../../core/dates/calendar-date.ts';
import { ACCESS_REASONS, accessReason, effectiveTier, subscriptionView } from '../../../core/subscriptions/access.ts';
import { TIERS } from '../../../core/subscriptions/tier.ts';
import type { Tx } from '../../db/client.ts';
import { asLoginRole } from '../../db/login-role.ts';
import { rowsOf } from '../../db/rls.ts';
import { profiles, userRoles, userSettings } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { ADMIN_REFUSAL_MESSAGE, sessionOf, txOf } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { createRouter, defineRoute, z } from '../../http/route.ts';
import { publish } from '../../realtime/hub.ts';
import { setAdminOverride } from '../../subscriptions/admin-override.ts';
import { subscriptionFactsOf } from '../../subscriptions/facts.ts';
import { SubscriptionViewSchema } from '../../subscriptions/subscription-json.ts';
import { AdminActionSchema } from '../audit-log-routes.ts';
import { type AdminActor, listAdminActions, recordAdminAction } from '../audit-log.ts';
import { ProfileSchema } from '../../profile/routes.ts';
import {
  ADMIN_USERS_PAGE_SIZE,
  ADMIN_USERS_SEARCH_CAP,
  type AdminUserDetailRow,
  type AdminUserListRow,
  findAdminUser,
  listAdminUsers,
} from './queries.ts';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const PresenceSchema = z
  .object({
    isOnline: z.boolean().openapi({ description: 'Presence refreshed within the last minute' }),
    status: z.enum(['online', 'away']).nullable(),
    onlineAt: z.string().nullable(),
  })
  .openapi('AdminUserPresence');

const AdminUserListItemSchema = z
  .object({
    userId: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(USER_ROLES),
    createdAt: z.string(),
    lastActiveAt: z.string().nullable(),
    presence: PresenceSchema,
    suspended: z.boolean(),
    promoCode: z.string().nullable().openapi({ description: 'The code last applied to the subscription' }),
    subscription: SubscriptionViewSchema.openapi({ description: 'What the user sees: their effective tier' }),
    accessReason: z
      .enum(ACCESS_REASONS)
      .openapi({ description: 'Why the user has that tier: admin, override, trial…' }),
  })
  .openapi('AdminUserListItem');

const SettingsFieldsSchema = z.object({
  ...(Object.fromEntries(FEATURE_FLAG_FIELDS.map((f) => [f, z.boolean()])) as Record<
    (typeof FEATURE_FLAG_FIELDS)[number],
    z.ZodBoolean
  >),
  maxAccounts: z.number().int().nullable().openapi({ description: "null: the plan's cap" }),
  suspended: z.boolean(),
  suspensionReason: z.string().nullable(),
  defaultCurrency: z.enum(CURRENCIES),
  darkModeEnabled: z.boolean(),
  notificationsEnabled: z.boolean(),
  loginNotificationsEnabled: z.boolean(),
  twoFactorEnabled: z.boolean(),
});

const AdminUserDetailSchema = z
  .object({
    userId: z.string(),
    email: z.string().openapi({ description: 'Read-only (002 §5)' }),
    createdAt: z.string(),
    emailVerified: z.boolean(),
    isSelf: z.boolean().openapi({ description: 'The signed-in admin: role and suspension cannot be changed' }),
    role: z.enum(USER_ROLES),
    profile: ProfileSchema.omit({ email: true, updatedAt: true }).extend({
      createdAt: z.string().nullable(),
      updatedAt: z.string().nullable(),
    }),
    subscription: SubscriptionViewSchema.extend({
      storedTier: z.enum(['piglet', 'boar', 'bigpig']).nullable().openapi({ description: 'The paid tier stored' }),
      stripeCustomerId: z.string().nullable(),
      stripeSubscriptionId: z.string().nullable(),
      promoCode: z.string().nullable(),
      accessReason: z.enum(ACCESS_REASONS),
    }),
    settings: SettingsFieldsSchema,
    accountCap: z.object({ max: z.number().int().nullable(), source: z.enum(['tier', 'admin']), tier: z.enum(TIERS) }),
    hubspot: z.object({
      contactId: z.string().nullable(),
      syncedAt: z.string().nullable(),
      lifecycleStage: z.string().nullable(),
      leadScore: z.string().nullable(),
      lastActivityDate: z.string().nullable(),
    }),
    presence: PresenceSchema,
    activity: z.object({
      lastLoginAt: z.string().nullable(),
      lastActiveAt: z.string().nullable(),
      lastSignoutAt: z.string().nullable(),
      lastAutoLogoutAt: z.string().nullable(),
      liveSessions: z.number().int(),
      devices: z.array(z.object({ firstSeenAt: z.string(), lastSeenAt: z.string() })),
      auditEntries: z.array(AdminActionSchema),
    }),
  })
  .openapi('AdminUserDetail');

export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;
export type AdminUserListItem = z.infer<typeof AdminUserListItemSchema>;

const UserIdParams = z.object({
  userId: z
    .string()
    .min(1, ADMIN_USER_TEXTS.missing)
    .max(64, ADMIN_USER_TEXTS.missing)
    .regex(/^[A-Za-z0-9_-]+$/, ADMIN_USER_TEXTS.missing),
});

const iso = (value: unknown): string | null => (value == null ? null : new Date(value as string).toISOString());

function presenceOf(row: Pick<AdminUserListRow, 'online_at' | 'presence_status'>) {
  return { isOnline: row.online_at !== null, status: row.presence_status, onlineAt: iso(row.online_at) };
}

function listItemOf(row: AdminUserListRow, now: Date): z.infer<typeof AdminUserListItemSchema> {
  const facts = row.has_subscription ? subscriptionFactsOf(row) : null;
  const who = { isAdmin: row.is_admin, now };
  return {
    userId: row.user_id,
    email: row.email,
    name: row.name,
    role: row.is_admin ? 'admin' : 'subscriber',
    createdAt: iso(row.created_at)!,
    lastActiveAt: iso(row.last_active_at),
    presence: presenceOf(row),
    suspended: row.suspended === true,
    promoCode: row.promo_code,
    subscription: subscriptionView(facts, who),
    accessReason: accessReason(facts, who),
  };
}

/** `profiles` and `user_settings` as `to_jsonb` gives them (snake case), in the API's names. */
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function detailOf(
  row: AdminUserDetailRow,
  now: Date,
  isSelf: boolean,
  auditEntries: AdminUserDetail['activity']['auditEntries'],
): AdminUserDetail {
  const p = row.profile ?? {};
  const s = row.settings ?? {};
  const facts = row.has_subscription ? subscriptionFactsOf(row) : null;
  const who = { isAdmin: row.is_admin, now };
  const settings = {
    ...(Object.fromEntries(
      FEATURE_FLAG_FIELDS.map((f) => [f, s[f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] === true]),
    ) as Record<(typeof FEATURE_FLAG_FIELDS)[number], boolean>),
    maxAccounts: typeof s.max_accounts === 'number' ? s.max_accounts : null,
    suspended: s.suspended === true,
    suspensionReason: text(s.suspension_reason),
    defaultCurrency: (CURRENCIES as readonly string[]).includes(s.default_currency as string)
      ? (s.default_currency as (typeof CURRENCIES)[number])
      : 'GBP',
    darkModeEnabled: s.dark_mode_enabled === true,
    notificationsEnabled: s.notifications_enabled !== false,
    loginNotificationsEnabled: s.login_notifications_enabled !== false,
    twoFactorEnabled: row.two_factor_enabled,
  };
  const tier = effectiveTier(facts, { isAdmin: false, now });
  return {
    userId: row.user_id,
    email: row.email,
    createdAt: iso(row.created_at)!,
    emailVerified: row.email_confirmed_at !== null,
    isSelf,
    role: row.is_admin ? 'admin' : 'subscriber',
    profile: {
      firstName: text(p.first_name),
      lastName: text(p.last_name),
      mobileNumber: text(p.mobile_number),
      profession: text(p.profession),
      companyName: text(p.company_name),
      dateOfBirth: text(p.date_of_birth),
      addressLine1: text(p.address_line1),
      addressLine2: text(p.address_line2),
      town: text(p.town),
      county: text(p.county),
      postcode: text(p.postcode),
      marketingOptIn: p.marketing_opt_in === true,
      leadSource: text(p.lead_source),
      avatarUrl: text(p.avatar_url),
      createdAt: iso(p.created_at),
      updatedAt: iso(p.updated_at),
    },
    subscription: {
      ...subscriptionView(facts, who),
      storedTier: row.tier === 'piglet' || row.tier === 'boar' || row.tier === 'bigpig' ? row.tier : null,
      stripeCustomerId: row.stripe_customer_id,
      stripeSubscriptionId: row.stripe_subscription_id,
      promoCode: row.promo_code,
      accessReason: accessReason(facts, who),
    },
    settings,
    // The cap the user's own requests meet (as a subscriber: an admin's role lifts every gate).
    accountCap: accountCap({ tier, maxAccounts: settings.maxAccounts }),
    hubspot: {
      contactId: text(p.hubspot_contact_id),
      syncedAt: iso(p.hubspot_synced_at),
      lifecycleStage: text(p.hubspot_lifecycle_stage),
      leadScore: text(p.hubspot_lead_score),
      lastActivityDate: iso(p.hubspot_last_activity_date),
    },
    presence: presenceOf(row),
    activity: {
      lastLoginAt: iso(p.last_login_at),
      lastActiveAt: iso(p.last_active_at),
      lastSignoutAt: iso(p.last_signout_at),
      lastAutoLogoutAt: iso(p.last_auto_logout_at),
      liveSessions: Number(row.live_sessions),
      devices: (row.devices ?? []).map((d) => ({
        firstSeenAt: iso(d.first_seen_at)!,
        lastSeenAt: iso(d.last_seen_at)!,
      })),
      auditEntries,
    },
  };
}

/** How many of the user's audit entries the Activity tab shows, newest first. */
const ACTIVITY_ENTRIES = 50;

/** Whether `userId` holds the admin role and is not suspended, as last committed. */
async function isActiveAdmin(tx: Tx, userId: string): Promise<boolean> {
  const [row] = rowsOf<{ ok: boolean }>(
    await tx.execute(sql`select exists (select 1 from user_roles where user_id = ${userId} and role = 'admin')
      and not coalesce((select suspended from user_settings where user_id = ${userId}), false) as ok`),
  );
  return row?.ok === true;
}

async function readDetail(tx: Tx, userId: string, adminId: string, now: Date): Promise<AdminUserDetail> {
  // better-auth's "user", session and login_devices are not app_user's to read: the login role reads them, for an admin only.
  const row = await asLoginRole(tx, (t) => findAdminUser(t, userId, now));
  if (!row) throw new AppError('NOT_FOUND', ADMIN_USER_TEXTS.missing);
  const entries = await listAdminActions(tx, { subjectType: 'user', subjectId: userId, limit: ACTIVITY_ENTRIES });
  return detailOf(row, now, userId === adminId, entries);
}

/**
 * Applies one Save Changes: each part that changes something is written and audited (before and
 * after of the fields that changed). Nothing is written for a part that changes nothing.
 */
async function applyUpdate(
  tx: Tx,
  admin: AdminActor,
  current: AdminUserDetail,
  update: AdminUserUpdate,
  now: Date,
  crm: Crm,
): Promise<void> {
  const userId = current.userId;
  const audit = (action: string, change: { before: unknown; after: unknown }) =>
    recordAdminAction(tx, admin, { action, subjectType: 'user', subjectId: userId, ...change });

  if (update.profile) {
    const change = changedFields(current.profile, update.profile);
    if (change) {
      await tx
        .update(profiles)
        .set({ ...change.after, updatedAt: now })
        .where(eq(profiles.id, userId));
      await publish(tx, { type: 'profile.updated', userId, invalidate: [['me']] });
      await audit('user.profile.update', change);
      await enqueueProfileSync(crm, tx, { userId, email: current.email });
    }
  }

  if (update.role !== undefined && update.role !== current.role) {
    if (update.role === 'admin') await tx.insert(userRoles).values({ userId, role: 'admin' }).onConflictDoNothing();
    else await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')));
    await audit('user.role.change', { before: { role: current.role }, after: { role: update.role } });
  }

  if (update.settings) {
    const merged = { ...current.settings, ...update.settings };
    // The reason belongs to a suspension: lifting it clears the reason.
    if (!merged.suspended) merged.suspensionReason = null;
    if (merged.suspended && !merged.suspensionReason) {
      throw new AppError('VALIDATION_FAILED', ADMIN_USER_TEXTS.reasonRequired, { field: 'settings.suspensionReason' });
    }
    const { suspended, suspensionReason, ...others } = update.settings;
    const flagChange = changedFields(current.settings, others);
    const suspensionChange = changedFields(current.settings, {
      suspended: merged.suspended,
      suspensionReason: merged.suspensionReason,
    });
    if (flagChange || suspensionChange) {
      // Made with the user; should one be missing, make it first, so the update below (and the
      // trigger that ends a suspended user's sessions, which fires on UPDATE) applies to it.
      await tx.insert(userSettings).values({ userId }).onConflictDoNothing();
      await tx
        .update(userSettings)
        .set({ ...flagChange?.after, ...suspensionChange?.after, updatedAt: now })
        .where(eq(userSettings.userId, userId));
      await publish(tx, {
        type: suspensionChange && merged.suspended ? 'account.suspended' : 'settings.changed',
        userId,
        invalidate: [['me']],
        // The trigger has ended their sessions; their open event streams end too, on every instance.
        endsStreams: suspensionChange !== null && merged.suspended,
      });
    }
    if (flagChange) await audit('user.settings.update', flagChange);
    if (suspensionChange) {
      const action =
        merged.suspended === current.settings.suspended
          ? 'user.suspension.reason'
          : merged.suspended
            ? 'user.suspend'
            : 'user.unsuspend';
      await audit(action, suspensionChange);
    }
  }

  const override = update.subscription?.adminOverride;
  if (override !== undefined && override !== current.subscription.hasAdminOverride) {
    await setAdminOverride(tx, { userId, adminOverride: override, now });
    await audit('user.subscription.override', {
      before: { adminOverride: current.subscription.hasAdminOverride },
      after: { adminOverride: override },
    });
  }
}

export function adminUserRoutes(deps: Deps) {
  const app = createRouter();

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: '/api/admin/users',
      summary:
        'Users, newest first: name, e-mail, role, tier and subscription status, last active, online now, suspended',
      description: `${ADMIN_USERS_PAGE_SIZE} a page; \`search\` matches any part of the e-mail address or name (any case).`,
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
          z.object({
            users: z.array(AdminUserListItemSchema),
            total: z.number().int(),
            isCapped: z.boolean().openapi({
              description: `A search stopped at ${ADMIN_USERS_SEARCH_CAP} users: more match than \`total\``,
            }),
            pageSize: z.number().int(),
          }),
          'One page of users and how many match',
        ),
      },
    }),
    async (c) => {
      const { search = '', offset = 0 } = c.req.valid('query');
      const now = deps.clock.now();
      const { rows, total, isCapped } = await asLoginRole(txOf(c), (tx) => listAdminUsers(tx, { search, offset, now }));
      const users = rows.map((row) => listItemOf(row, now));
      return c.json({ users, total, isCapped, pageSize: ADMIN_USERS_PAGE_SIZE }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: '/api/admin/users/{userId}',
      summary: 'One user whole for the detail page: profile, role, subscription, settings, HubSpot, activity',
      description: `Activity: sign-ins, sessions, devices, and the newest ${ACTIVITY_ENTRIES} admin audit entries about the user.`,
      request: { params: UserIdParams },
      responses: {
        200: json(z.object({ user: AdminUserDetailSchema }), 'The user'),
        404: { description: ADMIN_USER_TEXTS.missing },
      },
    }),
    async (c) => {
      const { userId } = c.req.valid('param');
      return c.json({ user: await readDetail(txOf(c), userId, sessionOf(c).userId, deps.clock.now()) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'patch',
      path: '/api/admin/users/{userId}',
      summary:
        'Save Changes on the user detail page: profile, role, settings (flags, cap, suspension, currency), the Big Pig override',
      description:
        'Any of the four parts, each any subset of its fields; the e-mail address cannot be changed. Suspending needs a reason and ends every session of the user at once. An admin cannot remove their own admin role or suspend themselves (403). All or nothing: each change is written with its audit entry in one transaction.',
      request: {
        params: UserIdParams,
        body: {
          content: { 'application/json': { schema: adminUserUpdateSchema('9999-12-31').openapi('AdminUserUpdate') } },
          required: true,
        },
      },
      responses: {
        200: json(z.object({ user: AdminUserDetailSchema }), 'The user as they now are'),
        403: { description: 'The change would lock the admin out of their own account' },
        404: { description: ADMIN_USER_TEXTS.missing },
      },
    }),
    async (c) => {
      const { userId } = c.req.valid('param');
      const session = sessionOf(c);
      // The route checked the shape; this checks the date of birth against today in the UK.
      const parsed = adminUserUpdateSchema(calendarDateInLondon(deps.clock.now())).safeParse(c.req.valid('json'));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new AppError('VALIDATION_FAILED', issue?.message ?? 'Invalid request', {
          field: issue?.path.join('.') || undefined,
        });
      }
      const refusal = selfEditRefusal(parsed.data, userId === session.userId);
      if (refusal) throw new AppError('FORBIDDEN', refusal);
      const tx = txOf(c);
      const now = deps.clock.now();
      if (parsed.data.role === 'subscriber' || parsed.data.settings?.suspended === true) {
        // Two admins demoting or suspending each other at once would each pass their session's
        // check and leave neither: such saves take turns, and the later one's admin must still be one.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('admin-user:lockout', 0))`);
        if (!(await isActiveAdmin(tx, session.userId))) throw new AppError('FORBIDDEN', ADMIN_REFUSAL_MESSAGE);
      }
      // Two admins saving one user take turns, so each audit entry's "before" is what the save replaced.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`admin-user:${userId}`}, 0))`);
      const current = await readDetail(tx, userId, session.userId, now);
      await applyUpdate(tx, { userId: session.userId, email: session.email }, current, parsed.data, now, deps.crm);
      return c.json({ user: await readDetail(tx, userId, session.userId, now) }, 200);
    },
  );

  return app;
}
