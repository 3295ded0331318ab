import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INACTIVITY_LIMIT_MS } from '../../core/session/limits.ts';
import { profiles, session } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';

const MINUTE = 60_000;

describe.each(testDatabaseKinds())('inactivity sign-out on %s', (kind) => {
  let server: TestServer;
  let n = 0;
  beforeAll(async () => {
    server = await createTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => server.clock.reset());

  const newUser = () => signUpAndSignIn(server, { email: `idle-${kind}-${++n}@example.com` });
  const me = (cookie: string) => server.request('/api/me', { cookie });
  const getSession = async (cookie: string) => (await server.request('/api/auth/get-session', { cookie })).json();
  const reportActivity = (cookie: string) => server.request('/api/session/activity', { method: 'POST', cookie });
  const profileOf = async (userId: string) =>
    (await server.deps.database.db.select().from(profiles).where(eq(profiles.id, userId)))[0]!;

  it('keeps a session that has been quiet for 9 minutes', async () => {
    const { cookie } = await newUser();
    server.clock.advance(9 * MINUTE);
    expect((await me(cookie)).status).toBe(200);
    expect(await getSession(cookie)).toMatchObject({ session: expect.any(Object) });
  });

  it('refuses a session quiet for 10 minutes on our routes, even with no browser to sign it out', async () => {
    const { cookie } = await newUser();
    server.clock.advance(INACTIVITY_LIMIT_MS);
    expect((await me(cookie)).status).toBe(401);
    expect((await server.request('/api/admin/check', { cookie })).status).toBe(401);
    expect((await reportActivity(cookie)).status).toBe(401);
  });

  it("ends an idle session before better-auth's own endpoints see it, and records the automatic sign-out", async () => {
    const { cookie, userId } = await newUser();
    server.clock.advance(INACTIVITY_LIMIT_MS + MINUTE);
    expect(await getSession(cookie)).toBeNull();
    expect((await server.request('/api/auth/list-sessions', { cookie })).status).toBe(401);
    const rows = await server.deps.database.db.select().from(session).where(eq(session.userId, userId));
    expect(rows).toEqual([]);
    const profile = await profileOf(userId);
    expect(profile.lastAutoLogoutAt?.getTime()).toBeGreaterThan(Date.now() + INACTIVITY_LIMIT_MS);
  });

  it('lets reported activity keep the session alive from the time it was written', async () => {
    const { cookie, userId } = await newUser();
    server.clock.advance(9 * MINUTE);
    const first = await reportActivity(cookie);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ recorded: true });
    const written = server.clock.now().getTime();
    expect(Math.abs((await profileOf(userId)).lastActiveAt!.getTime() - written)).toBeLessThan(1_000);

    server.clock.advance(9 * MINUTE); // 18 minutes after sign-in, 9 after the activity
    expect((await me(cookie)).status).toBe(200);
    expect(await getSession(cookie)).toMatchObject({ session: expect.any(Object) });
    server.clock.advance(MINUTE); // 10 after the activity
    expect((await me(cookie)).status).toBe(401);
  });

  it('writes last_active_at at most every 30 seconds', async () => {
    const { cookie, userId } = await newUser();
    // The session starts active at sign-in: a report straight away is within 30 s of that.
    expect(await (await reportActivity(cookie)).json()).toEqual({ recorded: false });
    server.clock.advance(30_000);
    expect(await (await reportActivity(cookie)).json()).toEqual({ recorded: true });
    const firstWrite = (await profileOf(userId)).lastActiveAt!.getTime();
    server.clock.advance(29_000);
    expect(await (await reportActivity(cookie)).json()).toEqual({ recorded: false });
    expect((await profileOf(userId)).lastActiveAt!.getTime()).toBe(firstWrite);
    server.clock.advance(1_000);
    expect(await (await reportActivity(cookie)).json()).toEqual({ recorded: true });
    expect((await profileOf(userId)).lastActiveAt!.getTime()).toBeGreaterThan(firstWrite);
  });

  it('records last_auto_logout_at and last_active_at when the browser signs out for inactivity, even once idle', async () => {
    const { cookie, userId } = await newUser();
    server.clock.advance(2 * MINUTE);
    await reportActivity(cookie);
    const lastActivity = server.clock.now().getTime();
    server.clock.advance(INACTIVITY_LIMIT_MS + 5_000);
    const res = await server.request('/api/session/inactivity-sign-out', { method: 'POST', cookie });
    expect(res.status).toBe(204);
    const profile = await profileOf(userId);
    expect(Math.abs(profile.lastAutoLogoutAt!.getTime() - server.clock.now().getTime())).toBeLessThan(1_000);
    expect(Math.abs(profile.lastActiveAt!.getTime() - lastActivity)).toBeLessThan(1_000);
    // Then the browser signs out through better-auth, which clears the cookie.
    const out = await server.request('/api/auth/sign-out', { method: 'POST', cookie, json: {} });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join(';')).toMatch(/session_token=;/);
  });

  it('answers 401 to an inactivity sign-out without a session', async () => {
    expect((await server.request('/api/session/inactivity-sign-out', { method: 'POST' })).status).toBe(401);
    const { cookie } = await newUser();
    await server.request('/api/auth/sign-out', { method: 'POST', cookie, json: {} });
    expect((await server.request('/api/session/inactivity-sign-out', { method: 'POST', cookie })).status).toBe(401);
  });

  it('starts a new session active at the clock’s time', async () => {
    server.clock.set(new Date('2030-01-15T09:00:00Z'));
    const { cookie, userId } = await newUser();
    const [row] = await server.deps.database.db
      .select({ lastActiveAt: session.lastActiveAt })
      .from(session)
      .where(eq(session.userId, userId));
    expect(row!.lastActiveAt.toISOString()).toBe('2030-01-15T09:00:00.000Z');
    server.clock.advance(9 * MINUTE);
    expect((await me(cookie)).status).toBe(200);
    server.clock.advance(MINUTE);
    expect((await me(cookie)).status).toBe(401);
  });

  it('leaves the other live sessions of the user alone when one goes idle', async () => {
    const { cookie: idle, userId } = await newUser();
    server.clock.advance(5 * MINUTE);
    const email = (await server.deps.database.db.execute(
      sql`select email from "user" where id = ${userId}`,
    )) as unknown as { rows: Array<{ email: string }> };
    const signIn = await server.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: email.rows[0]!.email, password: 'correct horse battery' },
    });
    const fresh = signIn.headers
      .getSetCookie()
      .find((c) => c.includes('session_token='))!
      .split(';')[0]!;
    server.clock.advance(6 * MINUTE); // first session 11 min quiet, second 6
    expect(await getSession(idle)).toBeNull();
    expect((await me(fresh)).status).toBe(200);
    expect(await getSession(fresh)).toMatchObject({ session: expect.any(Object) });
  });
});
