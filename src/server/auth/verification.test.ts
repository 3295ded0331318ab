import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rls.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';

let ipCounter = 0;
/** A fresh client address per request, so per-caller limits stay out of tests about other things. */
const freshIp = () => `203.0.113.${(ipCounter++ % 250) + 1}`;

describe.each(testDatabaseKinds())('e-mail verification on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const resend = (email: string, init: { cookie?: string; ip?: string; next?: string } = {}) =>
    server.request('/api/account/resend-verification', {
      method: 'POST',
      json: { email, ...(init.next ? { next: init.next } : {}) },
      cookie: init.cookie,
      ip: init.ip ?? freshIp(),
    });

  const mailTo = async (email: string) => (await server.mail()).filter((m) => m.to === email);

  async function registerUnverified(email: string) {
    const res = await server.request('/api/account/sign-up', {
      method: 'POST',
      json: { firstName: 'Una', lastName: 'Verified', email, password: 'a good password' },
      ip: freshIp(),
    });
    expect(res.status).toBe(200);
  }

  async function follow(link: string) {
    const url = new URL(link);
    return server.request(`${url.pathname}${url.search}`, { redirect: 'manual' });
  }

  describe('resending to someone who is not signed in', () => {
    it('answers an unknown, an unverified and a verified address alike, and tells only the owners, by e-mail', async () => {
      await registerUnverified('una@example.com');
      await signUpAndSignIn(server, { email: 'vera@example.com' });
      const before = { una: (await mailTo('una@example.com')).length, vera: (await mailTo('vera@example.com')).length };

      const answers = await Promise.all(
        ['nobody@example.com', 'una@example.com', 'vera@example.com'].map(async (email) => {
          const res = await resend(email);
          return { status: res.status, body: await res.json() };
        }),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(answers.map((a) => a.body)).toEqual([{ status: 'sent' }, { status: 'sent' }, { status: 'sent' }]);

      expect(await mailTo('nobody@example.com')).toEqual([]);
      const toUna = (await mailTo('una@example.com')).slice(0, -before.una || undefined);
      expect(toUna).toHaveLength(1);
      expect(toUna[0]?.subject).toBe('Verify your email for SavvyPig');
      expect(toUna[0]?.links.some((l) => l.startsWith('http://localhost:3000/api/auth/verify-email?token='))).toBe(
        true,
      );
      const toVera = (await mailTo('vera@example.com')).slice(0, -before.vera || undefined);
      expect(toVera.map((m) => m.subject)).toEqual(['Your SavvyPig email is already verified']);
      expect(toVera[0]?.links).toContain('http://localhost:3000/login');
    });

    it('refuses a malformed address with the spec message', async () => {
      const res = await resend('not-an-address');
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', message: 'Please provide a valid email address' },
      });
    });

    it('asks the caller to wait before another link for the same address, known or not', async () => {
      await registerUnverified('wait@example.com');
      for (const email of ['wait@example.com', 'unknown.wait@example.com']) {
        expect((await resend(email)).status).toBe(200);
        const again = await resend(email);
        expect(again.status).toBe(429);
        expect(Number(again.headers.get('Retry-After'))).toBeGreaterThan(0);
        expect(await again.json()).toEqual({
          error: { code: 'TOO_SOON', message: 'Please wait before requesting another verification email' },
        });
      }
    });

    it('limits one caller to 20 requests an hour with the spec message', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await resend(`sweep${i}@example.com`, { ip: '192.0.2.200' })).status);
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
      const last = await resend('sweep-last@example.com', { ip: '192.0.2.200' });
      expect(last.status).toBe(429);
      const retryAfter = Number(last.headers.get('Retry-After'));
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(await last.json()).toEqual({
        error: { code: 'RATE_LIMITED', message: 'Too many requests. Please wait before trying again' },
      });
    });
  });

  describe('resending for the signed-in user', () => {
    it('tells an unverified user it was sent, and a verified one that they already are', async () => {
      const una = await signUpAndSignIn(server, { email: 'signed.una@example.com', verify: false });
      const sent = await resend('signed.una@example.com', { cookie: una.cookie });
      expect(await sent.json()).toEqual({ status: 'sent' });
      expect(
        (await mailTo('signed.una@example.com')).filter((m) => m.subject === 'Verify your email for SavvyPig'),
      ).toHaveLength(2);

      const vera = await signUpAndSignIn(server, { email: 'signed.vera@example.com' });
      const already = await resend('signed.vera@example.com', { cookie: vera.cookie });
      expect(already.status).toBe(200);
      expect(await already.json()).toEqual({ status: 'already_verified' });
      expect((await mailTo('signed.vera@example.com')).some((m) => /already verified/.test(m.subject))).toBe(false);
    });

    it("answers a signed-in user asking about someone else's address like anyone else", async () => {
      await signUpAndSignIn(server, { email: 'other.vera@example.com' });
      const una = await signUpAndSignIn(server, { email: 'asker.una@example.com', verify: false });
      const res = await resend('other.vera@example.com', { cookie: una.cookie });
      expect(await res.json()).toEqual({ status: 'sent' });
    });
  });

  describe('the link', () => {
    it('verifies the address, sets email_confirmed_at, tells open tabs and leads on to a same-origin next', async () => {
      const una = await signUpAndSignIn(server, { email: 'link.una@example.com', verify: false });
      const events: { event: string; data: unknown }[] = [];
      const unsubscribe = server.deps.hub.subscribe({
        userId: una.userId,
        isAdmin: false,
        send: (event, data) => events.push({ event, data }),
        close: () => undefined,
      });
      expect(
        await (await resend('link.una@example.com', { cookie: una.cookie, next: '/settings?tab=security' })).json(),
      ).toEqual({ status: 'sent' });
      const mail = (await mailTo('link.una@example.com')).find((m) =>
        m.links.some((l) => l.includes('callbackURL=%2Fauth%2Fcallback%3Fnext%3D%252Fsettings')),
      );
      const link = mail?.links.find((l) => l.includes('/api/auth/verify-email'));
      expect(link).toBeDefined();

      const followed = await follow(link!);
      expect(followed.status).toBe(302);
      expect(followed.headers.get('location')).toBe(
        '/auth/callback?next=%2Fsettings%3Ftab%3Dsecurity&link=verify-email',
      );

      const me = (await (await server.request('/api/me', { cookie: una.cookie })).json()) as {
        user: { emailVerified: boolean };
      };
      expect(me.user.emailVerified).toBe(true);
      const [row] = rowsOf<{ confirmed: boolean }>(
        await server.deps.database.db.execute(
          sql`select email_confirmed_at is not null as confirmed from "user" where id = ${una.userId}`,
        ),
      );
      expect(row?.confirmed).toBe(true);
      await expect.poll(() => events.map((e) => e.event), { timeout: 3_000 }).toContain('email-verified');
      expect(events.find((e) => e.event === 'email-verified')?.data).toMatchObject({ invalidate: [['me']] });
      unsubscribe();
    });

    it('never leads to another site', async () => {
      const una = await signUpAndSignIn(server, { email: 'evil.next@example.com', verify: false });
      await resend('evil.next@example.com', { cookie: una.cookie, next: '//evil.example/steal' });
      const mail = (await mailTo('evil.next@example.com')).at(0);
      const link = mail?.links.find((l) => l.includes('/api/auth/verify-email'));
      const followed = await follow(link!);
      expect(followed.headers.get('location')).toBe('/auth/callback?next=%2Fdashboard&link=verify-email');
    });

    const sessionCookie = (res: Response) =>
      res.headers
        .getSetCookie()
        .find((c) => /session_token=[^;]+/.test(c) && !/Max-Age=0/i.test(c))
        ?.split(';')[0];
    const sessionsOf = async (userId: string) =>
      rowsOf<{ n: number }>(
        await server.deps.database.db.execute(sql`select count(*)::int as n from "session" where user_id = ${userId}`),
      )[0]?.n;
    const signUpLink = async (email: string) => {
      await registerUnverified(email);
      const mail = (await mailTo(email)).find((m) => m.subject === 'Verify your email for SavvyPig');
      const link = mail?.links.find((l) => l.includes('/api/auth/verify-email'));
      expect(link).toBeDefined();
      return link!;
    };
    const userIdOf = async (email: string) =>
      rowsOf<{ id: string }>(
        await server.deps.database.db.execute(sql`select id from "user" where email = ${email}`),
      )[0]!.id;

    it('signs in whoever opens it (the address is theirs) and records the sign-in', async () => {
      const link = await signUpLink('opener@example.com');
      const followed = await follow(link);
      expect(followed.status).toBe(302);
      expect(followed.headers.get('location')).toBe('/auth/callback?next=%2Fdashboard&link=verify-email');
      const cookie = sessionCookie(followed);
      expect(cookie).toBeDefined();
      const me = await server.request('/api/me', { cookie });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ user: { email: 'opener@example.com', emailVerified: true } });
      const [profile] = rowsOf<{ signed_in: boolean }>(
        await server.deps.database.db.execute(
          sql`select last_login_at is not null as signed_in from profiles where id = ${await userIdOf('opener@example.com')}`,
        ),
      );
      expect(profile?.signed_in).toBe(true);
    });

    it('signs no one in a second time: the address is already confirmed', async () => {
      const link = await signUpLink('twice@example.com');
      await follow(link);
      const again = await follow(link);
      expect(again.status).toBe(302);
      expect(again.headers.get('location')).toBe('/auth/callback?next=%2Fdashboard&link=verify-email');
      expect(sessionCookie(again)).toBeUndefined();
      expect(await sessionsOf(await userIdOf('twice@example.com'))).toBe(1);
    });

    it('signs in no suspended user, and still leads on to its page rather than an error', async () => {
      const link = await signUpLink('suspended.link@example.com');
      const userId = await userIdOf('suspended.link@example.com');
      await server.deps.database.db.execute(sql`update user_settings set suspended = true where user_id = ${userId}`);
      const followed = await follow(link);
      expect(followed.status).toBe(302);
      expect(followed.headers.get('location')).toBe('/auth/callback?next=%2Fdashboard&link=verify-email');
      expect(sessionCookie(followed)).toBeUndefined();
      expect(await sessionsOf(userId)).toBe(0);
    });

    it('never signs in past two-factor: the address is confirmed and the user signs in as usual', async () => {
      const link = await signUpLink('second.step@example.com');
      const userId = await userIdOf('second.step@example.com');
      await server.deps.database.db.execute(sql`update "user" set two_factor_enabled = true where id = ${userId}`);
      const followed = await follow(link);
      expect(followed.status).toBe(302);
      expect(followed.headers.get('location')).toBe('/auth/callback?next=%2Fdashboard&link=verify-email');
      expect(sessionCookie(followed)).toBeUndefined();
      expect(await sessionsOf(userId)).toBe(0);
      const [row] = rowsOf<{ confirmed: boolean }>(
        await server.deps.database.db.execute(
          sql`select email_confirmed_at is not null as confirmed from "user" where id = ${userId}`,
        ),
      );
      expect(row?.confirmed).toBe(true);
    });
  });

  it('counts a user as verified by email_confirmed_at, not by the library flag', async () => {
    const una = await signUpAndSignIn(server, { email: 'flag.only@example.com', verify: false });
    await server.deps.database.db.execute(sql`update "user" set email_verified = true where id = ${una.userId}`);
    const me = (await (await server.request('/api/me', { cookie: una.cookie })).json()) as {
      user: { emailVerified: boolean };
    };
    expect(me.user.emailVerified).toBe(false);
  });

  it("switches off better-auth's own sign-up and resend endpoints, which would skip our rules", async () => {
    const signUp = await server.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { name: 'Side Door', email: 'side.door@example.com', password: 'a good password' },
    });
    expect(signUp.status).toBe(404);
    const resendLib = await server.request('/api/auth/send-verification-email', {
      method: 'POST',
      json: { email: 'x@example.com' },
    });
    expect(resendLib.status).toBe(404);
  });
});
