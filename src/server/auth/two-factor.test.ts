import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, twoFactor, user, userSettings } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, grantAdmin, signIn, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { answerChallenge, enrolTotp, startSignIn } from '../test/two-factor.ts';
import { currentStep, decodeBase32, totpAtStep } from '../test/totp.ts';
import type { TwoFactorStatus } from './two-factor.ts';

const PASSWORD = 'correct horse battery';

describe.each(testDatabaseKinds())('two-factor authentication on %s', (kind) => {
  let server: TestServer;
  let seq = 0;
  beforeAll(async () => {
    server = await createTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A new verified, signed-in user. */
  const newUser = (verify = true) =>
    signUpAndSignIn(server, { email: `tf${++seq}.${kind}@example.com`, password: PASSWORD, verify });
  const emailOf = async (userId: string) =>
    (await server.deps.database.db.select({ email: user.email }).from(user).where(eq(user.id, userId)))[0]!.email;
  const sessionsOf = async (userId: string) =>
    (await server.deps.database.db.select({ id: session.id }).from(session).where(eq(session.userId, userId))).length;
  const status = async (cookie: string) =>
    (await (await server.request('/api/auth/two-factor-status', { cookie })).json()) as TwoFactorStatus;
  const codeAt = (key: string, step: number) => totpAtStep(decodeBase32(key), step);
  const post = (path: string, cookie: string, json: unknown) => server.request(path, { method: 'POST', cookie, json });

  /** A user with an authenticator app, enrolled with the code of `step`. */
  async function enrolledUser(step = currentStep()) {
    const signedIn = await newUser();
    const enrolment = await enrolTotp(server, signedIn.cookie, PASSWORD, step);
    return { ...signedIn, ...enrolment, email: await emailOf(signedIn.userId), step };
  }

  describe('enrolment', () => {
    it('shows an otpauth key for SavvyPig and ten backup codes, and turns on only after a correct code', async () => {
      const { cookie, userId } = await newUser();
      const enable = await post('/api/auth/two-factor/enable', cookie, { password: PASSWORD });
      expect(enable.status).toBe(200);
      const body = (await enable.json()) as { totpURI: string; backupCodes: string[] };
      const uri = new URL(body.totpURI);
      expect(uri.protocol).toBe('otpauth:');
      expect(uri.searchParams.get('issuer')).toBe('SavvyPig');
      expect(decodeURIComponent(uri.pathname)).toContain('SavvyPig:');
      expect(body.backupCodes).toHaveLength(10);
      expect((await status(cookie)).enabled).toBe(false);

      const key = uri.searchParams.get('secret')!;
      const wrong = await post('/api/auth/two-factor/verify-totp', cookie, { code: codeAt(key, currentStep() + 5) });
      expect(wrong.status).toBe(401);
      expect((await status(cookie)).enabled).toBe(false);

      const right = await post('/api/auth/two-factor/verify-totp', cookie, { code: codeAt(key, currentStep()) });
      expect(right.status).toBe(200);
      const newCookie = right.headers
        .getSetCookie()
        .find((c) => c.includes('session_token='))!
        .split(';')[0]!;
      const after = await status(newCookie);
      expect(after).toMatchObject({ enabled: true, backupCodesRemaining: 10 });
      expect(after.factors.map((f) => f.factorType)).toEqual(['totp', 'email']);
      const me = (await (await server.request('/api/me', { cookie: newCookie })).json()) as {
        user: { twoFactorEnabled: boolean };
      };
      expect(me.user.twoFactorEnabled).toBe(true);
      const [settings] = await server.deps.database.db
        .select({ on: userSettings.twoFactorEnabled })
        .from(userSettings)
        .where(eq(userSettings.userId, userId));
      expect(settings?.on).toBe(true);
    });

    it('needs the password', async () => {
      const { cookie, userId } = await newUser();
      const wrong = await post('/api/auth/two-factor/enable', cookie, { password: 'not my password' });
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD' });
      expect((await post('/api/auth/two-factor/enable', cookie, {})).status).toBe(400);
      const rows = await server.deps.database.db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
      expect(rows).toEqual([]);
    });

    it('refuses a user whose email is not verified, with 403 and the spec message', async () => {
      const { cookie, userId } = await newUser(false);
      for (const method of ['totp', 'otp']) {
        const res = await post('/api/auth/two-factor/enable', cookie, { password: PASSWORD, method });
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({
          code: 'EMAIL_NOT_VERIFIED',
          message: 'Please verify your email to access all features.',
        });
      }
      const [row] = await server.deps.database.db
        .select({ on: user.twoFactorEnabled })
        .from(user)
        .where(eq(user.id, userId));
      expect(row?.on).toBe(false);
    });

    it('refuses the status to someone not signed in', async () => {
      expect((await server.request('/api/auth/two-factor-status')).status).toBe(401);
    });
  });

  describe('signing in', () => {
    it('answers the password with a challenge and creates no session until the code', async () => {
      const u = await enrolledUser();
      const before = await sessionsOf(u.userId);
      const challenge = await startSignIn(server, u.email, PASSWORD);
      expect(challenge.status).toBe(200);
      expect(challenge.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp', 'otp'] });
      expect(challenge.sessionCookie).toBeNull();
      expect(challenge.challengeCookie).not.toBeNull();
      expect(await sessionsOf(u.userId)).toBe(before);
      expect((await server.request('/api/me', { cookie: challenge.challengeCookie! })).status).toBe(401);

      const wrong = await answerChallenge(server, challenge.challengeCookie!, 'totp', codeAt(u.key, u.step + 7));
      expect(wrong.status).toBe(401);
      expect(wrong.sessionCookie).toBeNull();
      expect(await sessionsOf(u.userId)).toBe(before);

      const right = await answerChallenge(server, challenge.challengeCookie!, 'totp', codeAt(u.key, u.step + 1));
      expect(right.status).toBe(200);
      expect(right.sessionCookie).not.toBeNull();
      expect(await sessionsOf(u.userId)).toBe(before + 1);
      const me = await server.request('/api/me', { cookie: right.sessionCookie! });
      expect(me.status).toBe(200);
    });

    it('refuses a wrong password without a challenge', async () => {
      const u = await enrolledUser();
      const res = await startSignIn(server, u.email, 'wrong password');
      expect(res.status).toBe(401);
      expect(res.challengeCookie).toBeNull();
    });
  });

  describe('replay protection', () => {
    it('refuses the enrolment code at sign-in, and a sign-in code the second time', async () => {
      const u = await enrolledUser();
      const first = await startSignIn(server, u.email, PASSWORD);
      const replayedEnrolmentCode = await answerChallenge(
        server,
        first.challengeCookie!,
        'totp',
        codeAt(u.key, u.step),
      );
      expect(replayedEnrolmentCode.status).toBe(401);
      expect(replayedEnrolmentCode.body).toMatchObject({ code: 'CODE_ALREADY_USED' });
      expect(replayedEnrolmentCode.sessionCookie).toBeNull();

      const fresh = codeAt(u.key, u.step + 1);
      expect((await answerChallenge(server, first.challengeCookie!, 'totp', fresh)).status).toBe(200);
      const second = await startSignIn(server, u.email, PASSWORD);
      const replay = await answerChallenge(server, second.challengeCookie!, 'totp', fresh);
      expect(replay.status).toBe(401);
      expect(replay.body).toMatchObject({ code: 'CODE_ALREADY_USED' });
      expect(replay.sessionCookie).toBeNull();
      const [row] = await server.deps.database.db
        .select({ step: twoFactor.lastTotpStep })
        .from(twoFactor)
        .where(eq(twoFactor.userId, u.userId));
      expect(row?.step).toBe(u.step + 1);
    });

    it('refuses an older code once a newer one was accepted', async () => {
      const u = await enrolledUser(currentStep() + 1);
      const challenge = await startSignIn(server, u.email, PASSWORD);
      const older = await answerChallenge(server, challenge.challengeCookie!, 'totp', codeAt(u.key, u.step - 1));
      expect(older.status).toBe(401);
      expect(older.body).toMatchObject({ code: 'CODE_ALREADY_USED' });
    });

    it('lets exactly one of two concurrent sign-ins with the same code through', async () => {
      const u = await enrolledUser();
      const [a, b] = await Promise.all([
        startSignIn(server, u.email, PASSWORD),
        startSignIn(server, u.email, PASSWORD),
      ]);
      const code = codeAt(u.key, u.step + 1);
      const results = await Promise.all([
        answerChallenge(server, a.challengeCookie!, 'totp', code),
        answerChallenge(server, b.challengeCookie!, 'totp', code),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
      expect(results.filter((r) => r.sessionCookie !== null)).toHaveLength(1);
    });

    it('lets exactly one of two concurrent enrolment verifications with the same code through', async () => {
      const { cookie } = await newUser();
      const enable = (await (await post('/api/auth/two-factor/enable', cookie, { password: PASSWORD })).json()) as {
        totpURI: string;
      };
      const code = codeAt(new URL(enable.totpURI).searchParams.get('secret')!, currentStep());
      const results = await Promise.all([
        post('/api/auth/two-factor/verify-totp', cookie, { code }),
        post('/api/auth/two-factor/verify-totp', cookie, { code }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
    });
  });

  describe('backup codes', () => {
    it('signs in with a backup code once', async () => {
      const u = await enrolledUser();
      const [code] = u.backupCodes;
      const first = await startSignIn(server, u.email, PASSWORD);
      const used = await answerChallenge(server, first.challengeCookie!, 'backup-code', code!);
      expect(used.status).toBe(200);
      expect(used.sessionCookie).not.toBeNull();
      expect((await status(used.sessionCookie!)).backupCodesRemaining).toBe(9);

      const second = await startSignIn(server, u.email, PASSWORD);
      const again = await answerChallenge(server, second.challengeCookie!, 'backup-code', code!);
      expect(again.status).toBe(401);
      expect(again.sessionCookie).toBeNull();
    });

    it('regenerates them only with the password, and the old ones stop working', async () => {
      const u = await enrolledUser();
      const wrong = await post('/api/auth/two-factor/generate-backup-codes', u.cookie, { password: 'nope nope nope' });
      expect(wrong.status).toBe(400);
      const res = await post('/api/auth/two-factor/generate-backup-codes', u.cookie, { password: PASSWORD });
      expect(res.status).toBe(200);
      const fresh = ((await res.json()) as { backupCodes: string[] }).backupCodes;
      expect(fresh).toHaveLength(10);
      expect(fresh).not.toContain(u.backupCodes[0]);

      const old = await answerChallenge(
        server,
        (await startSignIn(server, u.email, PASSWORD)).challengeCookie!,
        'backup-code',
        u.backupCodes[0]!,
      );
      expect(old.status).toBe(401);
      const renewed = await answerChallenge(
        server,
        (await startSignIn(server, u.email, PASSWORD)).challengeCookie!,
        'backup-code',
        fresh[0]!,
      );
      expect(renewed.status).toBe(200);
    });
  });

  describe('e-mailed codes', () => {
    const mailedCode = async (email: string) => {
      // Newest first.
      const mail = (await server.mail()).find((m) => m.to === email && /sign-in code/.test(m.subject));
      const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no sign-in code e-mailed to ${email}`);
      return code;
    };

    it('signs in with the code from the real e-mail, once', async () => {
      const u = await enrolledUser();
      const challenge = await startSignIn(server, u.email, PASSWORD);
      const send = await server.request('/api/auth/two-factor/send-otp', {
        method: 'POST',
        cookie: challenge.challengeCookie!,
        json: {},
      });
      expect(send.status).toBe(200);
      const code = await mailedCode(u.email);
      const mail = (await server.mail()).find((m) => m.to === u.email)!;
      expect(mail.subject).toBe(`${code} is your SavvyPig sign-in code`);
      expect(mail.html).toContain(code);

      const wrong = await answerChallenge(
        server,
        challenge.challengeCookie!,
        'otp',
        code === '000000' ? '111111' : '000000',
      );
      expect(wrong.status).toBe(401);
      const right = await answerChallenge(server, challenge.challengeCookie!, 'otp', code);
      expect(right.status).toBe(200);
      expect(right.sessionCookie).not.toBeNull();

      const next = await startSignIn(server, u.email, PASSWORD);
      const reused = await answerChallenge(server, next.challengeCookie!, 'otp', code);
      expect(reused.status).toBe(400);
      expect(reused.sessionCookie).toBeNull();
    });

    it('turns on e-mailed codes alone with the password, and then asks only for them', async () => {
      const { cookie, userId } = await newUser();
      const email = await emailOf(userId);
      expect(
        (await post('/api/auth/two-factor/enable', cookie, { password: 'wrong wrong wrong', method: 'otp' })).status,
      ).toBe(400);
      const res = await post('/api/auth/two-factor/enable', cookie, { password: PASSWORD, method: 'otp' });
      expect(res.status).toBe(200);
      const newCookie = res.headers
        .getSetCookie()
        .find((c) => c.includes('session_token='))!
        .split(';')[0]!;
      expect(await status(newCookie)).toEqual({
        enabled: true,
        factors: [{ id: `${userId}-email`, factorType: 'email' }],
        backupCodesRemaining: null,
      });

      const challenge = await startSignIn(server, email, PASSWORD);
      expect(challenge.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['otp'] });
      await server.request('/api/auth/two-factor/send-otp', {
        method: 'POST',
        cookie: challenge.challengeCookie!,
        json: {},
      });
      expect((await answerChallenge(server, challenge.challengeCookie!, 'otp', await mailedCode(email))).status).toBe(
        200,
      );
    });

    it('will not turn two-factor on for a signed-in user through an e-mailed code (that would skip the password)', async () => {
      const { cookie, userId } = await newUser();
      const send = await server.request('/api/auth/two-factor/send-otp', { method: 'POST', cookie, json: {} });
      expect(send.status).toBe(400);
      expect(await send.json()).toMatchObject({ code: 'NO_SIGN_IN_IN_PROGRESS' });
      expect((await post('/api/auth/two-factor/verify-otp', cookie, { code: '123456' })).status).toBe(400);
      const [row] = await server.deps.database.db
        .select({ on: user.twoFactorEnabled })
        .from(user)
        .where(eq(user.id, userId));
      expect(row?.on).toBe(false);
    });
  });

  describe('turning it off', () => {
    it('needs the password; afterwards sign-in asks for no code', async () => {
      const u = await enrolledUser();
      const wrong = await post('/api/auth/two-factor/disable', u.cookie, { password: 'not it at all' });
      expect(wrong.status).toBe(400);
      expect((await post('/api/auth/two-factor/disable', u.cookie, {})).status).toBe(400);
      expect((await status(u.cookie)).enabled).toBe(true);

      const res = await post('/api/auth/two-factor/disable', u.cookie, { password: PASSWORD });
      expect(res.status).toBe(200);
      const rows = await server.deps.database.db.select().from(twoFactor).where(eq(twoFactor.userId, u.userId));
      expect(rows).toEqual([]);
      const signedIn = await signIn(server, u.email, PASSWORD);
      expect((await status(signedIn.cookie)).enabled).toBe(false);
    });
  });

  describe('admins', () => {
    it('get no admin answer until they turn two-factor on, and /api/me says so', async () => {
      const a = await newUser();
      await grantAdmin(server, a.userId, { twoFactor: false });
      const refused = await server.request('/api/admin/check', { cookie: a.cookie });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ error: { code: 'TWO_FACTOR_REQUIRED' } });
      const me = (await (await server.request('/api/me', { cookie: a.cookie })).json()) as {
        isAdmin: boolean;
        user: { twoFactorEnabled: boolean };
      };
      expect(me).toMatchObject({ isAdmin: true, user: { twoFactorEnabled: false } });

      const { cookie } = await enrolTotp(server, a.cookie, PASSWORD, currentStep());
      const allowed = await server.request('/api/admin/check', { cookie });
      expect(allowed.status).toBe(200);
      expect(await allowed.json()).toEqual({ isAdmin: true });
    });
  });
});
