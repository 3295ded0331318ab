import type { OpenAPIHono } from '@hono/zod-openapi';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedKnownSessions } from '../auth/known-sessions.ts';
import { readSessionToken } from '../auth/session.ts';
import { profiles } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { lastNameOf as lastNameIn } from '../test/last-name.ts';
import { itOnPostgres } from '../test/postgres-only.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { statementsSent } from '../test/statements-sent.ts';
import { actorOf, commitWith, readsOf, requireAccess, sessionOf } from './access.ts';
import type { AppEnv } from './context.ts';
import { requestContext } from './middleware.ts';
import { handleError } from './on-error.ts';
import { createRouter, defineRoute, z } from './route.ts';

/**
 * Frame 'deferred' (docs/decisions/0072): once this process has admitted a session, a route's
 * write goes with its opening in one round trip on PostgreSQL, acting for the user the session
 * was seen to admit; the opening in that transaction still decides. PGlite takes the 'on-demand'
 * path, and every case holds there too.
 */
describe.each(testDatabaseKinds())("the 'deferred' frame on %s", (kind) => {
  let server: TestServer;
  let probe: OpenAPIHono<AppEnv>;

  beforeAll(async () => {
    server = await createTestServer(kind);
    const { deps } = server;
    const answer = z.object({ actedFor: z.string(), admitted: z.string(), lastNames: z.array(z.string()) });
    const ok = { 200: { description: 'ok', content: { 'application/json': { schema: answer } } } };
    probe = createRouter();
    probe.use('*', requestContext(deps.logger, false));
    // Known sessions are remembered by any user route's opening: this one reads nothing else.
    probe.openapi(
      defineRoute(deps, '', { access: 'user', frame: 'opening-only', method: 'get', path: '/t/hello', responses: ok }),
      async (c) => c.json({ actedFor: '', admitted: sessionOf(c).userId, lastNames: [] }, 200),
    );
    probe.openapi(
      defineRoute(deps, '', {
        access: 'user',
        frame: 'deferred',
        method: 'post',
        path: '/t/deferred-write',
        request: {
          body: {
            content: { 'application/json': { schema: z.object({ lastName: z.string().min(1, 'Name needed') }) } },
            required: true,
          },
        },
        responses: ok,
      }),
      async (c) => {
        const { lastName } = c.req.valid('json');
        const actedFor = actorOf(c);
        await commitWith(c, (tx) => tx.update(profiles).set({ lastName }).where(eq(profiles.id, actedFor)).execute());
        return c.json({ actedFor, admitted: sessionOf(c).userId, lastNames: [] }, 200);
      },
    );
    // A handler that goes on after its write failed (a refused session among the causes).
    probe.openapi(
      defineRoute(deps, '', {
        access: 'user',
        frame: 'deferred',
        method: 'post',
        path: '/t/deferred-shrug',
        responses: ok,
      }),
      async (c) => {
        const actedFor = actorOf(c);
        await commitWith(c, (tx) =>
          tx.update(profiles).set({ lastName: 'Shrugged' }).where(eq(profiles.id, actedFor)).execute(),
        ).catch(() => undefined);
        return c.json({ actedFor, admitted: '', lastNames: [] }, 200);
      },
    );
    probe.openapi(
      defineRoute(deps, '', {
        access: 'user',
        frame: 'deferred',
        method: 'get',
        path: '/t/deferred-reads',
        responses: ok,
      }),
      async (c) => {
        const actedFor = actorOf(c);
        // Every profile the transaction can see: row-level security leaves the admitted user's.
        const rows = await readsOf(c)((tx) => tx.select({ lastName: profiles.lastName }).from(profiles).execute());
        return c.json({ actedFor, admitted: sessionOf(c).userId, lastNames: rows.map((r) => r.lastName ?? '') }, 200);
      },
    );
    probe.onError(handleError);
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (cookie: string, body: unknown) =>
    probe.request('http://localhost/t/deferred-write', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const lastNameOf = (userId: string) => lastNameIn(server.deps.database.db, userId);
  const tokenOf = (cookie: string) => readSessionToken(cookie, server.deps.secret)!;
  /** A signed-in saver whose session this process has admitted once (so it is known). */
  const knownSaver = async (email: string) => {
    const saver = await signUpAndSignIn(server, { email, lastName: 'Before', verify: false });
    expect((await probe.request('http://localhost/t/hello', { headers: { cookie: saver.cookie } })).status).toBe(200);
    expect(sharedKnownSessions.userOf(tokenOf(saver.cookie))).toBe(saver.userId);
    return saver;
  };

  it('writes for a session seen before, and answers as the user the opening admitted', async () => {
    const { cookie, userId } = await knownSaver(`deferred.known.${kind}@example.com`);
    const res = await post(cookie, { lastName: 'Known' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ actedFor: userId, admitted: userId, lastNames: [] });
    expect(await lastNameOf(userId)).toBe('Known');
  });

  it('writes for a session not seen before after its opening alone, and knows it afterwards', async () => {
    const { cookie, userId } = await signUpAndSignIn(server, {
      email: `deferred.new.${kind}@example.com`,
      verify: false,
    });
    sharedKnownSessions.forget(tokenOf(cookie));
    const res = await post(cookie, { lastName: 'First' });
    expect(res.status).toBe(200);
    expect(await lastNameOf(userId)).toBe('First');
    expect(sharedKnownSessions.userOf(tokenOf(cookie))).toBe(userId);
  });

  itOnPostgres(kind)('sends a known session’s write with its opening in one socket write, else in two', async () => {
    const known = await knownSaver('deferred.writes@example.com');
    let status = 0;
    const one = await statementsSent(async () => {
      status = (await post(known.cookie, { lastName: 'One write' })).status;
    });
    expect(status).toBe(200);
    expect(one.writes).toBe(1);
    sharedKnownSessions.forget(tokenOf(known.cookie));
    const two = await statementsSent(async () => {
      status = (await post(known.cookie, { lastName: 'Two writes' })).status;
    });
    expect(status).toBe(200);
    expect(two.writes).toBe(2);
  });

  const endings: [string, (userId: string) => ReturnType<typeof sql>][] = [
    ['revoked', (id) => sql`delete from session where user_id = ${id}`],
    ['expired', (id) => sql`update session set expires_at = now() - interval '1 minute' where user_id = ${id}`],
    [
      'idle past the limit',
      (id) => sql`update session set last_active_at = now() - interval '2 days' where user_id = ${id}`,
    ],
    [
      'of a suspended user',
      (id) =>
        sql`insert into user_settings (user_id, suspended) values (${id}, true) on conflict (user_id) do update set suspended = true`,
    ],
  ];
  it.each(endings)(
    'writes nothing and answers 401 for a known session since %s, and forgets it',
    async (ending, change) => {
      const { cookie, userId } = await knownSaver(`deferred.${ending.replace(/\W+/g, '-')}.${kind}@example.com`);
      await server.deps.database.db.execute(change(userId));
      const res = await post(cookie, { lastName: 'Written anyway' });
      expect(res.status).toBe(401);
      expect(await lastNameOf(userId)).toBe('Before');
      expect(sharedKnownSessions.userOf(tokenOf(cookie))).toBeUndefined();
    },
  );

  it('answers bad input from a known session that has ended 401, as the opening alone would', async () => {
    const { cookie, userId } = await knownSaver(`deferred.bad-input.${kind}@example.com`);
    const live = await post(cookie, { lastName: '' });
    expect(live.status).toBe(400);
    expect(((await live.json()) as { error: { message: string } }).error.message).toBe('Name needed');
    await server.deps.database.db.execute(sql`delete from session where user_id = ${userId}`);
    expect((await post(cookie, { lastName: '' })).status).toBe(401);
  });

  it('answers 401 to an ended session even when the handler goes on after its refused write', async () => {
    const { cookie, userId } = await knownSaver(`deferred.shrug.${kind}@example.com`);
    await server.deps.database.db.execute(sql`delete from session where user_id = ${userId}`);
    const res = await probe.request('http://localhost/t/deferred-shrug', { method: 'POST', headers: { cookie } });
    expect(res.status).toBe(401);
    expect(await lastNameOf(userId)).toBe('Before');
  });

  it('never writes for a user the hint names but the session does not admit', async () => {
    const ann = await knownSaver(`deferred.ann.${kind}@example.com`);
    const bob = await knownSaver(`deferred.bob.${kind}@example.com`);
    // A wrong hint: the handler acts for Bob, the opening admits Ann.
    sharedKnownSessions.remember(tokenOf(ann.cookie), bob.userId);
    const res = await post(ann.cookie, { lastName: 'Hijacked' });
    expect(await lastNameOf(bob.userId)).toBe('Before');
    if (kind === 'postgres') {
      expect(res.status).toBe(401);
      expect(await lastNameOf(ann.userId)).toBe('Before');
      expect(sharedKnownSessions.userOf(tokenOf(ann.cookie))).toBeUndefined();
    } else {
      // PGlite takes no hint: the opening runs alone first, and Ann writes for herself.
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ actedFor: ann.userId, admitted: ann.userId });
      expect(await lastNameOf(ann.userId)).toBe('Hijacked');
    }
  });

  it('reads under row-level security for the admitted user when the reads carry the opening', async () => {
    const { cookie, userId } = await knownSaver(`deferred.reads.${kind}@example.com`);
    await signUpAndSignIn(server, { email: `deferred.other.${kind}@example.com`, lastName: 'Other', verify: false });
    const res = await probe.request('http://localhost/t/deferred-reads', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ actedFor: userId, admitted: userId, lastNames: ['Before'] });
  });

  it('is refused on admin routes, whose refusals the actor check does not hold', () => {
    expect(() => requireAccess(server.deps, 'admin', { frame: 'deferred' })).toThrow(/user routes/);
  });
});
