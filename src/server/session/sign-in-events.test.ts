import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginDevices, presence, profiles, userSettings } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, grantAdmin, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { ACCOUNT_SUSPENDED_MESSAGE } from './lifecycle-plugin.ts';

const PASSWORD = 'correct horse battery';
const FIREFOX_ON_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe.each(testDatabaseKinds())('sign-in, sign-out and presence on %s', (kind) => {
  let server: TestServer;
  let admin: { cookie: string; userId: string };
  let n = 0;
  beforeAll(async () => {
    server = await createTestServer(kind);
    admin = await signUpAndSignIn(server, { email: `admin-${kind}@example.com`, firstName: 'Ada', lastName: 'Admin' });
    await grantAdmin(server, admin.userId);
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => server.clock.reset());

  const db = () => server.deps.database.db;
  const nextEmail = (label: string) => `${label}-${kind}-${++n}@example.com`;
  const signInAs = (email: string, options: { userAgent?: string; ip?: string; password?: string } = {}) =>
    server.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password: options.password ?? PASSWORD },
      ip: options.ip,
      headers: options.userAgent ? { 'user-agent': options.userAgent } : {},
    });
  const profileOf = async (userId: string) => (await db().select().from(profiles).where(eq(profiles.id, userId)))[0]!;
  const onlineEmails = async () => {
    const res = await server.request('/api/admin/online-users', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    return ((await res.json()) as { users: Array<{ email: string }> }).users.map((u) => u.email);
  };
  const mailTo = async (email: string) => (await server.mail()).filter((m) => m.to === email);

  describe('last_login_at and last_signout_at', () => {
    it('records the sign-in time on each successful sign-in, and not on a failed one', async () => {
      const email = nextEmail('login');
      const { userId } = await signUpAndSignIn(server, { email });
      const first = (await profileOf(userId)).lastLoginAt!;
      expect(Math.abs(first.getTime() - Date.now())).toBeLessThan(5_000);

      server.clock.advance(60 * 60_000);
      expect((await signInAs(email, { password: 'wrong password' })).status).toBe(401);
      expect((await profileOf(userId)).lastLoginAt).toEqual(first);

      expect((await signInAs(email)).status).toBe(200);
      const second = (await profileOf(userId)).lastLoginAt!;
      expect(second.getTime() - first.getTime()).toBeGreaterThanOrEqual(60 * 60_000);
    });

    it('records the sign-out time', async () => {
      const { cookie, userId } = await signUpAndSignIn(server, { email: nextEmail('logout') });
      expect((await profileOf(userId)).lastSignoutAt).toBeNull();
      server.clock.advance(3 * 60_000);
      expect((await server.request('/api/auth/sign-out', { method: 'POST', cookie, json: {} })).status).toBe(200);
      const signedOutAt = (await profileOf(userId)).lastSignoutAt!;
      expect(Math.abs(signedOutAt.getTime() - server.clock.now().getTime())).toBeLessThan(1_000);
    });
  });

  describe('presence', () => {
    it('lists a signed-in user as online, with name and e-mail, to admins only', async () => {
      const email = nextEmail('online');
      const { cookie } = await signUpAndSignIn(server, { email, firstName: 'Olive', lastName: 'Online' });
      const res = await server.request('/api/admin/online-users', { cookie: admin.cookie });
      const body = (await res.json()) as { users: Array<Record<string, unknown>> };
      expect(body.users).toContainEqual(
        expect.objectContaining({
          email,
          firstName: 'Olive',
          lastName: 'Online',
          status: 'online',
          onlineAt: expect.any(String),
        }),
      );
      expect((await server.request('/api/admin/online-users', { cookie })).status).toBe(403);
      expect((await server.request('/api/admin/online-users')).status).toBe(401);
    });

    it('keeps a user online while their tab refreshes presence, and drops them after 60 s of silence', async () => {
      const email = nextEmail('heartbeat');
      const { cookie } = await signUpAndSignIn(server, { email });
      server.clock.advance(50_000);
      const refresh = await server.request('/api/session/presence', {
        method: 'POST',
        cookie,
        json: { status: 'away' },
      });
      expect(refresh.status).toBe(204);
      server.clock.advance(50_000); // 100 s after sign-in, 50 s after the refresh
      expect(await onlineEmails()).toContain(email);
      server.clock.advance(11_000);
      expect(await onlineEmails()).not.toContain(email);
    });

    it('refuses a presence status that is not online or away', async () => {
      const { cookie } = await signUpAndSignIn(server, { email: nextEmail('status') });
      const res = await server.request('/api/session/presence', {
        method: 'POST',
        cookie,
        json: { status: 'invisible' },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', message: 'Status must be online or away' },
      });
      const bare = await server.request('/api/session/presence', { method: 'POST', cookie });
      expect(bare.status).toBe(204);
    });

    it('takes a user offline when they sign out', async () => {
      const email = nextEmail('leaving');
      const { cookie, userId } = await signUpAndSignIn(server, { email });
      expect(await onlineEmails()).toContain(email);
      await server.request('/api/auth/sign-out', { method: 'POST', cookie, json: {} });
      expect(await onlineEmails()).not.toContain(email);
      expect(await db().select().from(presence).where(eq(presence.userId, userId))).toEqual([]);
    });

    it('keeps a user online after signing out on one device while another is signed in', async () => {
      const email = nextEmail('two-devices');
      const { cookie } = await signUpAndSignIn(server, { email });
      expect((await signInAs(email, { userAgent: FIREFOX_ON_MAC })).status).toBe(200);
      await server.request('/api/auth/sign-out', { method: 'POST', cookie, json: {} });
      expect(await onlineEmails()).toContain(email);
    });
  });

  describe('new-device sign-in e-mail', () => {
    it('is not sent on the first sign-in of an account, nor again from a known device', async () => {
      const email = nextEmail('first');
      await signUpAndSignIn(server, { email }); // first sign-in
      expect((await signInAs(email)).status).toBe(200); // same device
      expect((await mailTo(email)).filter((m) => /New sign-in/.test(m.subject))).toEqual([]);
    });

    it('tells the owner of a sign-in from a new device: when (UK time), which browser and system, roughly where, and how to reset', async () => {
      const email = nextEmail('newdevice');
      await signUpAndSignIn(server, { email, firstName: 'Nina' });
      server.clock.set(new Date('2026-07-01T13:05:00Z')); // 14:05 in London (British Summer Time)
      expect((await signInAs(email, { userAgent: CHROME_ON_WINDOWS, ip: '203.0.113.77' })).status).toBe(200);
      const mails = (await mailTo(email)).filter((m) => m.subject === 'New sign-in to your SavvyPig account');
      expect(mails).toHaveLength(1);
      const text = mails[0]!.text;
      expect(text).toContain('Hello Nina,');
      expect(text).toContain('Wednesday, 1 July 2026 at 14:05 BST (UK time)');
      expect(text).toContain('Chrome 126 on Windows 10 or 11');
      expect(text).toContain('203.0.113.x');
      expect(text).not.toContain('203.0.113.77');
      expect(text).toContain("If this wasn't you, reset your password");
      expect(mails[0]!.links).toContain('http://localhost:3000/reset-request');

      // The same device again: no second e-mail.
      expect((await signInAs(email, { userAgent: CHROME_ON_WINDOWS })).status).toBe(200);
      expect((await mailTo(email)).filter((m) => m.subject === 'New sign-in to your SavvyPig account')).toHaveLength(1);
      const devices = await db()
        .select()
        .from(loginDevices)
        .innerJoin(profiles, eq(profiles.id, loginDevices.userId))
        .where(eq(profiles.firstName, 'Nina'));
      expect(devices).toHaveLength(2);
      expect(devices.every((d) => /^[0-9a-f]{64}$/.test(d.login_devices.fingerprint))).toBe(true);
    });

    it('is not sent when the owner turned login notifications off', async () => {
      const email = nextEmail('quiet');
      const { userId } = await signUpAndSignIn(server, { email });
      await db().update(userSettings).set({ loginNotificationsEnabled: false }).where(eq(userSettings.userId, userId));
      expect((await signInAs(email, { userAgent: FIREFOX_ON_MAC })).status).toBe(200);
      expect((await mailTo(email)).filter((m) => /New sign-in/.test(m.subject))).toEqual([]);
    });
  });

  describe('a suspended user', () => {
    const suspend = async (userId: string) => {
      await db()
        .update(userSettings)
        .set({ suspended: true, suspensionReason: 'test' })
        .where(eq(userSettings.userId, userId));
    };

    it('cannot sign in with the right password, and a wrong password reveals nothing', async () => {
      const email = nextEmail('suspended');
      const { userId } = await signUpAndSignIn(server, { email });
      await suspend(userId);
      const right = await signInAs(email);
      expect(right.status).toBe(403);
      expect(await right.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: ACCOUNT_SUSPENDED_MESSAGE });
      expect(right.headers.getSetCookie().some((c) => /session_token=[^;]/.test(c))).toBe(false);

      const wrong = await signInAs(email, { password: 'not the password' });
      expect(wrong.status).toBe(401);
      expect(JSON.stringify(await wrong.json())).not.toMatch(/suspend/i);
    });

    it('loses a session that outlived the suspension', async () => {
      const { userId } = await signUpAndSignIn(server, { email: nextEmail('survivor') });
      await suspend(userId); // the trigger ends every session...
      // ...so plant one as if it had been created in the same moment.
      const token = `planted${userId.replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 32).padEnd(32, 'x');
      await db().execute(
        sql`insert into session (id, token, user_id, expires_at) values (${`s-${userId}`}, ${token}, ${userId}, now() + interval '1 day')`,
      );
      const signature = createHmac('sha256', server.deps.secret).update(token).digest('base64');
      const cookie = `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
      expect((await server.request('/api/me', { cookie })).status).toBe(401);
      await db().update(userSettings).set({ suspended: false }).where(eq(userSettings.userId, userId));
      expect((await server.request('/api/me', { cookie })).status).toBe(200);
    });
  });
});
