import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_TOO_COMMON_MESSAGE } from '../../core/passwords/common-password.ts';
import { rowsOf } from '../db/rls.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signIn, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { commonPasswords } from './common-passwords.ts';

describe('the shipped list of common passwords', () => {
  it('holds thousands of lower-case passwords a password may be, password123 among them', () => {
    const list = commonPasswords();
    expect(list.size).toBeGreaterThan(10_000);
    expect(list.has('password123')).toBe(true);
    for (const entry of list) {
      expect(entry).toBe(entry.toLowerCase());
      expect(entry.length).toBeGreaterThanOrEqual(8);
    }
  });
});

describe.each(testDatabaseKinds())('common passwords are refused on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const refusal = { error: { code: 'PASSWORD_TOO_COMMON', message: PASSWORD_TOO_COMMON_MESSAGE } };
  const signUp = (email: string, password: string) =>
    server.request('/api/account/sign-up', {
      method: 'POST',
      json: { firstName: 'Com', lastName: 'Mon', email, password },
    });
  const accounts = async (email: string) =>
    rowsOf(await server.deps.database.db.execute(sql`select id from "user" where email = ${email}`)).length;

  it('at sign-up, whatever the case, and alike for a new and a registered address', async () => {
    for (const password of ['password123', 'PassWord123', 'QWERTYUIOP']) {
      const res = await signUp('common.new@example.com', password);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject(refusal);
    }
    expect(await accounts('common.new@example.com')).toBe(0);

    await signUpAndSignIn(server, { email: 'common.known@example.com' });
    const registered = await signUp('common.known@example.com', 'password123');
    expect(registered.status).toBe(400);
    expect(await registered.json()).toMatchObject(refusal);
    expect((await signUp('common.new@example.com', 'password123 and a pig')).status).toBe(200);
  });

  it('at reset, keeping the link usable for a better password', async () => {
    await signUpAndSignIn(server, { email: 'common.reset@example.com', password: 'old password 1' });
    await server.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email: 'common.reset@example.com', redirectTo: '/auth/reset-password' },
    });
    const link = (await server.mail())
      .find((m) => m.to === 'common.reset@example.com' && /reset/i.test(m.subject))
      ?.links.find((l) => l.includes('/reset-password/'));
    const follow = await server.request(new URL(link!).pathname + new URL(link!).search, { redirect: 'manual' });
    const token = new URL(follow.headers.get('location')!, 'http://localhost:3000').searchParams.get('token')!;

    const common = await server.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: 'Password123' },
    });
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON', message: PASSWORD_TOO_COMMON_MESSAGE });
    await expect(signIn(server, 'common.reset@example.com', 'Password123')).rejects.toThrow(/401/);

    const better = await server.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: 'a less predictable one' },
    });
    expect(better.status).toBe(200);
  });

  it('at change, keeping the old password', async () => {
    const { cookie } = await signUpAndSignIn(server, {
      email: 'common.change@example.com',
      password: 'old password 1',
    });
    const change = (newPassword: string) =>
      server.request('/api/auth/change-password', {
        method: 'POST',
        cookie,
        json: { currentPassword: 'old password 1', newPassword },
      });
    const common = await change('iloveyou1');
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON', message: PASSWORD_TOO_COMMON_MESSAGE });
    expect((await signIn(server, 'common.change@example.com', 'old password 1')).cookie).toContain('session_token=');
    expect((await change('my own long phrase')).status).toBe(200);
  });
});
