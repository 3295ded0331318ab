import { createRoute } from '@hono/zod-openapi';
import { readSessionToken } from '../auth/session.ts';
import { AppError } from '../errors.ts';
import { declareAccess, sessionOf, txOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, ErrorSchema, z } from '../http/route.ts';
import { asLoginRole } from '../db/login-role.ts';
import { listOnlineUsers, recordActivity, recordInactivitySignOut, refreshPresence } from './queries.ts';

const ActivityResultSchema = z
  .object({ recorded: z.boolean().openapi({ description: 'False when the last write was under 30 s ago' }) })
  .openapi('ActivityResult');

const PresenceSchema = z
  .object({ status: z.enum(['online', 'away'], 'Status must be online or away').default('online') })
  .openapi('PresenceUpdate');

const OnlineUsersSchema = z
  .object({
    users: z.array(
      z.object({
        userId: z.string(),
        firstName: z.string().nullable(),
        lastName: z.string().nullable(),
        email: z.string(),
        status: z.enum(['online', 'away']),
        onlineAt: z.string().openapi({ format: 'date-time' }),
      }),
    ),
  })
  .openapi('OnlineUsers');

const INACTIVITY_SIGN_OUT_PATH = '/api/session/inactivity-sign-out';

/** Session activity, presence and the automatic sign-out after inactivity (spec 000 §4). */
export function sessionRoutes(deps: Deps) {
  const app = createRouter();

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/session/activity',
      summary: 'Report user activity (keeps the session from the 10-minute inactivity sign-out)',
      description:
        'The browser sends this on real user input at most every 30 s; the server writes session and profile `last_active_at` at most every 30 s too. Background polling must not call it.',
      responses: {
        200: { description: 'Activity noted', content: { 'application/json': { schema: ActivityResultSchema } } },
      },
    }),
    async (c) => {
      const { sessionId } = sessionOf(c);
      const tx = txOf(c);
      const recorded = await asLoginRole(tx, (t) => recordActivity(t, sessionId, deps.clock.now()));
      return c.json({ recorded }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/session/presence',
      summary: 'Mark the signed-in user online (a signed-in tab calls it every 30 s)',
      request: { body: { content: { 'application/json': { schema: PresenceSchema } }, required: false } },
      responses: { 204: { description: 'Presence refreshed' } },
    }),
    async (c) => {
      // The body is optional: no body means 'online'.
      const status = (c.req.valid('json') as { status?: 'online' | 'away' } | undefined)?.status ?? 'online';
      await refreshPresence(txOf(c), sessionOf(c).userId, status, deps.clock.now());
      return c.body(null, 204);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: '/api/admin/online-users',
      summary: 'Who is online now (presence refreshed within the last 60 s)',
      responses: {
        200: {
          description: 'Online users, most recent first',
          content: { 'application/json': { schema: OnlineUsersSchema } },
        },
      },
    }),
    async (c) => {
      const tx = txOf(c);
      // E-mail addresses live in better-auth's "user" table, which app_user may not read.
      const users = await asLoginRole(tx, (t) => listOnlineUsers(t, deps.clock.now()));
      return c.json({ users }, 200);
    },
  );

  // Not behind requireAccess: it must accept a session that has just gone idle (the browser's
  // timer and the server's cut-off can cross by a moment), so it checks the cookie itself.
  declareAccess('POST', INACTIVITY_SIGN_OUT_PATH, 'user');
  app.openapi(
    createRoute({
      method: 'post',
      path: INACTIVITY_SIGN_OUT_PATH,
      summary: 'Record the automatic sign-out after 10 minutes without activity',
      description:
        'Records `last_auto_logout_at` and `last_active_at` for the session in the cookie, even an idle one. The browser then signs out through /api/auth/sign-out.',
      'x-access': 'user',
      responses: {
        204: { description: 'Recorded' },
        401: { description: 'No session', content: { 'application/json': { schema: ErrorSchema } } },
      },
    } as Parameters<typeof createRoute>[0]),
    async (c) => {
      const token = readSessionToken(c.req.header('cookie'), deps.secret);
      if (!token || !(await recordInactivitySignOut(deps.database.db, token, deps.clock.now()))) {
        throw new AppError('UNAUTHENTICATED', 'Authentication required');
      }
      return c.body(null, 204);
    },
  );

  return app;
}
