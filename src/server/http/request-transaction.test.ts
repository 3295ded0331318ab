import { OpenAPIHono } from '@hono/zod-openapi';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { rowsOf } from '../db/rls.ts';
import { profiles } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { lastNameOf as lastNameIn } from '../test/last-name.ts';
import { itOnPostgres } from '../test/postgres-only.ts';
import { createTestServer, grantAdmin, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { commitWith, readsOf, txOf } from './access.ts';
import type { AppEnv } from './context.ts';
import { requestContext } from './middleware.ts';
import { handleError } from './on-error.ts';
import { defineRoute, z } from './route.ts';

/** The texts of the statements `run` sends through node-postgres, in order. */
async function statementTexts(run: () => Promise<void>): Promise<string[]> {
  const pg = (await import('pg')).default;
  const sent: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    const config = args[0] as { text?: string } | string;
    sent.push(typeof config === 'string' ? config : (config.text ?? ''));
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = query;
  }
  return sent;
}

describe.each(testDatabaseKinds())('the request transaction on %s', (kind) => {
  let server: TestServer;
  let probe: OpenAPIHono<AppEnv>;
  let ann: { cookie: string; userId: string };
  let boss: { cookie: string; userId: string };

  beforeAll(async () => {
    server = await createTestServer(kind);
    const { deps } = server;
    ann = await signUpAndSignIn(server, { email: 'ann.tx@example.com', firstName: 'Ann', verify: false });
    boss = await signUpAndSignIn(server, { email: 'boss.tx@example.com', firstName: 'Boss', verify: false });
    await grantAdmin(server, boss.userId);

    const ok = {
      200: { description: 'ok', content: { 'application/json': { schema: z.object({ ids: z.array(z.string()) }) } } },
    };
    probe = new OpenAPIHono<AppEnv>();
    probe.use('*', requestContext(deps.logger, false));
    probe.openapi(
      defineRoute(deps, '', { access: 'user', method: 'post', path: '/t/write-then-fail', responses: ok }),
      async (c) => {
        await txOf(c).update(profiles).set({ firstName: 'Changed' });
        throw new AppError('CONFLICT', 'refused after writing');
      },
    );
    probe.openapi(
      defineRoute(deps, '', { access: 'user', method: 'post', path: '/t/write', responses: ok }),
      async (c) => {
        await txOf(c).update(profiles).set({ lastName: 'Committed' });
        return c.json({ ids: [] }, 200);
      },
    );
    probe.openapi(
      defineRoute(deps, '', { access: 'user', method: 'get', path: '/t/user-sees', responses: ok }),
      async (c) => c.json({ ids: (await txOf(c).select({ id: profiles.id }).from(profiles)).map((r) => r.id) }, 200),
    );
    probe.openapi(
      defineRoute(deps, '', { access: 'admin', method: 'get', path: '/t/admin-sees', responses: ok }),
      async (c) => c.json({ ids: (await txOf(c).select({ id: profiles.id }).from(profiles)).map((r) => r.id) }, 200),
    );
    // Frame 'on-demand': the reads in a transaction of their own, then what the handler does after
    // them, with the request's connection back in the pool.
    const onDemand = {
      200: {
        description: 'ok',
        content: {
          'application/json': {
            schema: z.object({ ids: z.array(z.string()), heldAfterReads: z.number(), txAfterReads: z.boolean() }),
          },
        },
      },
    };
    probe.openapi(
      defineRoute(deps, '', {
        access: 'user',
        frame: 'on-demand',
        method: 'get',
        path: '/t/on-demand-sees',
        responses: onDemand,
      }),
      async (c) => {
        if (c.req.header('x-revoke-first')) {
          const { userId } = c.get('session')!;
          await deps.database.db.execute(sql`delete from session where user_id = ${userId}`);
        }
        const ids = await readsOf(c)(async (tx) =>
          (await tx.select({ id: profiles.id }).from(profiles)).map((r) => r.id),
        );
        // Connections of this server left inside a transaction (PostgreSQL; PGlite has one, in-process).
        const held =
          deps.database.kind === 'postgres'
            ? rowsOf<{ n: number }>(
                await deps.database.db.execute(
                  sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
                ),
              )[0]!.n
            : 0;
        let txAfterReads = true;
        try {
          txOf(c);
        } catch {
          txAfterReads = false;
        }
        return c.json({ ids, heldAfterReads: held, txAfterReads }, 200);
      },
    );
    // Frame 'on-demand' writes: the opening alone, then BEGIN, the opening again, the actor check,
    // the write and COMMIT sent whole (commitWith).
    const writeWhole = async (c: Parameters<typeof txOf>[0]) => {
      const { userId } = c.get('session')!;
      if (c.req.header('x-revoke-first'))
        await deps.database.db.execute(sql`delete from session where user_id = ${userId}`);
      await commitWith(c, (tx) =>
        tx.update(profiles).set({ lastName: 'Sent whole' }).where(eq(profiles.id, userId)).execute(),
      );
      return c.json({ ids: [] }, 200);
    };
    probe.openapi(
      defineRoute(deps, '', {
        access: 'user',
        frame: 'on-demand',
        method: 'post',
        path: '/t/on-demand-write',
        responses: ok,
      }),
      writeWhole,
    );
    probe.openapi(
      defineRoute(deps, '', {
        access: 'admin',
        frame: 'on-demand',
        method: 'post',
        path: '/t/admin-on-demand-write',
        responses: ok,
      }),
      writeWhole,
    );
    const plans = {
      200: { description: 'ok', content: { 'application/json': { schema: z.object({ mode: z.string() }) } } },
    };
    const planCacheMode = async (c: Parameters<typeof txOf>[0]) => {
      const rows = await txOf(c).execute(sql`select current_setting('plan_cache_mode') as mode`);
      return c.json({ mode: String(rowsOf<{ mode: string }>(rows)[0]?.mode) }, 200);
    };
    probe.openapi(
      defineRoute(deps, '', { access: 'user', method: 'get', path: '/t/user-plans', responses: plans }),
      planCacheMode,
    );
    probe.openapi(
      defineRoute(deps, '', { access: 'admin', method: 'get', path: '/t/admin-plans', responses: plans }),
      planCacheMode,
    );
    probe.onError(handleError);
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = (method: string, path: string, cookie?: string) =>
    probe.request(`http://localhost${path}`, { method, headers: cookie ? { cookie } : {} });
  const firstName = async (id: string) =>
    (
      await server.deps.database.db
        .select({ f: profiles.firstName, l: profiles.lastName })
        .from(profiles)
        .where(eq(profiles.id, id))
    )[0];

  it('rolls back what a handler wrote when it then fails', async () => {
    const res = await call('POST', '/t/write-then-fail', ann.cookie);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('refused after writing');
    expect((await firstName(ann.userId))?.f).toBe('Ann');
  });

  it('commits what a successful handler wrote, to its own rows only', async () => {
    expect((await call('POST', '/t/write', ann.cookie)).status).toBe(200);
    expect((await firstName(ann.userId))?.l).toBe('Committed');
    expect((await firstName(boss.userId))?.l).not.toBe('Committed');
  });

  it('binds row-level security to the signed-in user, admins included, on user routes', async () => {
    expect(await (await call('GET', '/t/user-sees', ann.cookie)).json()).toEqual({ ids: [ann.userId] });
    expect(await (await call('GET', '/t/user-sees', boss.cookie)).json()).toEqual({ ids: [boss.userId] });
  });

  it('lifts the row filter only on admin routes, for admins', async () => {
    const all = (await (await call('GET', '/t/admin-sees', boss.cookie)).json()) as { ids: string[] };
    expect(all.ids).toEqual(expect.arrayContaining([ann.userId, boss.userId]));
    expect((await call('GET', '/t/admin-sees', ann.cookie)).status).toBe(403);
    expect((await call('GET', '/t/admin-sees')).status).toBe(401);
  });

  it('answers an admin without two-factor authentication 403 TWO_FACTOR_REQUIRED on admin routes, and no rows', async () => {
    const lax = await signUpAndSignIn(server, { email: 'lax.tx@example.com', verify: false });
    await grantAdmin(server, lax.userId, { twoFactor: false });
    const res = await call('GET', '/t/admin-sees', lax.cookie);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: { code: 'TWO_FACTOR_REQUIRED', message: expect.stringContaining('two-factor authentication') },
    });
    expect((await call('GET', '/t/user-sees', lax.cookie)).status).toBe(200);
    await grantAdmin(server, lax.userId);
    expect((await call('GET', '/t/admin-sees', lax.cookie)).status).toBe(200);
  });

  // A user route's statements read one user's rows by key: generic plans, never a replan per run
  // (docs/performance.md); admin routes search across users and keep the database's own choice.
  it('asks for generic plans on user routes only, for the transaction only', async () => {
    expect(await (await call('GET', '/t/user-plans', ann.cookie)).json()).toEqual({ mode: 'force_generic_plan' });
    expect(await (await call('GET', '/t/admin-plans', boss.cookie)).json()).toEqual({ mode: 'auto' });
    const outside = await server.deps.database.db.execute(sql`select current_setting('plan_cache_mode') as mode`);
    expect(rowsOf<{ mode: string }>(outside)[0]?.mode).toBe('auto');
  });

  it('answers /api/me in one statement with no transaction around it, and leaves no role or actor behind', async () => {
    let me = new Response();
    const sent = await statementTexts(async () => {
      me = await server.request('/api/me', { cookie: ann.cookie });
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { id: ann.userId }, profile: { firstName: 'Ann' } });
    if (kind === 'postgres') {
      expect(sent).toHaveLength(1);
      expect(sent[0]).not.toMatch(/^\s*begin/i);
    }
    // Every pooled connection (and PGlite's one) is back to the login role with no actor set.
    const states = await Promise.all(
      Array.from({ length: 12 }, () =>
        server.deps.database.db.execute(
          sql`select current_user as role, coalesce(current_setting('app.user_id', true), '') as actor, pg_sleep(0.01)`,
        ),
      ),
    );
    for (const state of states) expect(rowsOf<{ role: string; actor: string }>(state)[0]).toMatchObject({ actor: '' });
    expect(new Set(states.map((state) => rowsOf<{ role: string }>(state)[0]?.role)).has('app_user')).toBe(false);
    // A revoked session is refused by the same one statement.
    const { cookie, userId } = await signUpAndSignIn(server, { email: 'gone.me@example.com', verify: false });
    await server.deps.database.db.execute(sql`delete from session where user_id = ${userId}`);
    expect((await server.request('/api/me', { cookie })).status).toBe(401);
  });

  it("runs an 'on-demand' route's reads under row-level security in a transaction that has ended when they return", async () => {
    const res = await call('GET', '/t/on-demand-sees', ann.cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ids: [ann.userId], heldAfterReads: 0, txAfterReads: false });
    expect(await (await call('GET', '/t/on-demand-sees', boss.cookie)).json()).toMatchObject({ ids: [boss.userId] });
    expect((await call('GET', '/t/on-demand-sees')).status).toBe(401);
  });

  it("refuses an 'on-demand' route's reads when the session ended after its opening", async () => {
    const { cookie } = await signUpAndSignIn(server, { email: 'revoked.reads@example.com', verify: false });
    const res = await probe.request('http://localhost/t/on-demand-sees', {
      headers: { cookie, 'x-revoke-first': '1' },
    });
    expect(res.status).toBe(401);
  });

  const lastNameOf = (userId: string) => lastNameIn(server.deps.database.db, userId);

  it("commits an 'on-demand' route's write sent whole with the opening again", async () => {
    const { cookie, userId } = await signUpAndSignIn(server, { email: 'whole.write@example.com', verify: false });
    expect((await call('POST', '/t/on-demand-write', cookie)).status).toBe(200);
    expect(await lastNameOf(userId)).toBe('Sent whole');
  });

  it("writes nothing and answers 401 when the session ended between an 'on-demand' route's opening and its write", async () => {
    const { cookie, userId } = await signUpAndSignIn(server, { email: 'revoked.write@example.com', verify: false });
    const before = await lastNameOf(userId);
    const res = await probe.request('http://localhost/t/on-demand-write', {
      method: 'POST',
      headers: { cookie, 'x-revoke-first': '1' },
    });
    expect(res.status).toBe(401);
    expect(await lastNameOf(userId)).toBe(before);
  });

  it('refuses a write sent whole on an admin route, whose refusals the actor check does not hold, and writes nothing', async () => {
    const before = await lastNameOf(boss.userId);
    expect((await call('POST', '/t/admin-on-demand-write', boss.cookie)).status).toBe(500);
    expect(await lastNameOf(boss.userId)).toBe(before);
  });

  itOnPostgres(kind)("sends an 'on-demand' route's opening alone, and BEGIN only when the handler reads", async () => {
    let status = 0;
    const sent = await statementTexts(async () => {
      status = (await call('GET', '/t/on-demand-sees', ann.cookie)).status;
    });
    expect(status).toBe(200);
    const begins = sent.map((text, i) => (/^\s*begin/i.test(text) ? i : -1)).filter((i) => i >= 0);
    expect(begins).toEqual([1]);
    expect(sent[0]).toMatch(/set_config\('app\.user_id'/);
  });

  it('refuses a cookie whose session has expired', async () => {
    const { cookie, userId } = await signUpAndSignIn(server, { email: 'old.tx@example.com', verify: false });
    await server.deps.database.db.execute(
      (await import('drizzle-orm'))
        .sql`update session set expires_at = now() - interval '1 minute' where user_id = ${userId}`,
    );
    expect((await call('GET', '/t/user-sees', cookie)).status).toBe(401);
  });
});
