import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { describeDevice } from '../../core/session/user-agent.ts';
import { AppError } from '../errors.ts';
import { sessionOf, txOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { asLoginRole } from '../db/login-role.ts';
import { session } from '../db/schema/index.ts';
import { publish } from '../realtime/hub.ts';

const SessionSchema = z
  .object({
    id: z.string(),
    browser: z.string(),
    os: z.string(),
    ipAddress: z.string().nullable(),
    createdAt: z.string().openapi({ description: 'When it signed in' }),
    lastActiveAt: z.string(),
    isCurrent: z.boolean().openapi({ description: 'The session making this request ("This device")' }),
  })
  .openapi('AccountSession');

const SessionList = z.object({ sessions: z.array(SessionSchema) });
const Ended = z.object({ ended: z.number().int() });

/**
 * The signed-in user's own sessions: list them (never their tokens), end one, end all others.
 * The session table belongs to the auth layer, so these read and write it as the login role,
 * always filtered by the caller's user id.
 */
export function sessionsRoutes(deps: Deps) {
  const app = createRouter();

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/account/sessions',
      summary: "The signed-in user's active sessions, this device first",
      responses: { 200: { description: 'Sessions', content: { 'application/json': { schema: SessionList } } } },
    }),
    async (c) => {
      const current = sessionOf(c);
      const rows = await asLoginRole(txOf(c), (tx) =>
        tx
          .select({
            id: session.id,
            userAgent: session.userAgent,
            ipAddress: session.ipAddress,
            createdAt: session.createdAt,
            lastActiveAt: session.lastActiveAt,
          })
          .from(session)
          .where(and(eq(session.userId, current.userId), gt(session.expiresAt, new Date())))
          .orderBy(desc(session.lastActiveAt)),
      );
      const sessions = rows
        .map((row) => ({
          id: row.id,
          ...describeDevice(row.userAgent),
          ipAddress: row.ipAddress || null,
          createdAt: row.createdAt.toISOString(),
          lastActiveAt: row.lastActiveAt.toISOString(),
          isCurrent: row.id === current.sessionId,
        }))
        .sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent));
      return c.json({ sessions }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'delete',
      path: '/api/account/sessions/{sessionId}',
      summary: 'Sign out one of your other sessions',
      request: { params: z.object({ sessionId: z.string().max(100) }) },
      responses: {
        200: { description: 'Signed out', content: { 'application/json': { schema: Ended } } },
        404: { description: 'No such session of yours' },
      },
    }),
    async (c) => {
      const current = sessionOf(c);
      const { sessionId } = c.req.valid('param');
      if (sessionId === current.sessionId) {
        throw new AppError('BAD_REQUEST', 'This is the session you are using: use Sign out instead');
      }
      const tx = txOf(c);
      const ended = await asLoginRole(tx, (t) =>
        t
          .delete(session)
          .where(and(eq(session.id, sessionId), eq(session.userId, current.userId)))
          .returning({ id: session.id }),
      );
      if (ended.length === 0) throw new AppError('NOT_FOUND', 'Session not found');
      await publish(tx, { type: 'sessions.changed', userId: current.userId, invalidate: [['me']] });
      return c.json({ ended: ended.length }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/account/sessions/sign-out-others',
      summary: 'Sign out every session of yours except this one',
      responses: { 200: { description: 'Signed out', content: { 'application/json': { schema: Ended } } } },
    }),
    async (c) => {
      const current = sessionOf(c);
      const tx = txOf(c);
      const ended = await asLoginRole(tx, (t) =>
        t
          .delete(session)
          .where(and(eq(session.userId, current.userId), ne(session.id, current.sessionId)))
          .returning({ id: session.id }),
      );
      if (ended.length > 0)
        await publish(tx, { type: 'sessions.changed', userId: current.userId, invalidate: [['me']] });
      return c.json({ ended: ended.length }, 200);
    },
  );

  return app;
}
