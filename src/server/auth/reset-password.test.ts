import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signIn, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { RESET_EMAILS_PER_ADDRESS_PER_HOUR } from './reset-mail.ts';

describe.each(testDatabaseKinds())('password reset on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const requestReset = (email: string, ip?: string) =>
    server.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email, redirectTo: '/auth/reset-password' },
      ip,
    });

  it('answers a registered and an unknown address alike', async () => {
    await signUpAndSignIn(server, { email: 'known.reset@example.com' });
    const known = await requestReset('known.reset@example.com');
    const unknown = await requestReset('nobody.reset@example.com');
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    expect((await server.mail()).filter((m) => m.to === 'nobody.reset@example.com')).toEqual([]);
  });

  it('sends one address a few reset e-mails an hour, however many client addresses ask, and answers every request alike', async () => {
    await signUpAndSignIn(server, { email: 'flooded.reset@example.com' });
    const expected = await (await requestReset('nobody.flooded@example.com', '203.0.113.200')).json();
    for (let i = 1; i <= 10; i++) {
      const res = await requestReset('flooded.reset@example.com', `203.0.113.${i}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(expected);
    }
    const resets = (await server.mail()).filter(
      (m) => m.to === 'flooded.reset@example.com' && m.subject === 'Reset your SavvyPig password',
    );
    expect(resets).toHaveLength(RESET_EMAILS_PER_ADDRESS_PER_HOUR);
  });

  it('resets through the e-mailed link, signs out every session, and takes the new password', async () => {
    const { cookie } = await signUpAndSignIn(server, { email: 'rita@example.com', password: 'old password 1' });
    expect((await requestReset('rita@example.com')).status).toBe(200);
    const mail = (await server.mail()).find(
      (m) => m.to === 'rita@example.com' && m.subject === 'Reset your SavvyPig password',
    );
    const link = mail?.links.find((l) => l.includes('/api/auth/reset-password/'));
    expect(link).toBeDefined();

    // The link checks the token and sends the browser to our page with it.
    const follow = await server.request(new URL(link!).pathname + new URL(link!).search, { redirect: 'manual' });
    expect(follow.status).toBe(302);
    const target = new URL(follow.headers.get('location')!, 'http://localhost:3000');
    expect(target.pathname).toBe('/auth/reset-password');
    const token = target.searchParams.get('token')!;

    const short = await server.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: '1234567' },
    });
    expect(short.status).toBe(400);
    const reset = await server.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: 'new password 2' },
    });
    expect(reset.status).toBe(200);

    expect((await server.request('/api/me', { cookie })).status).toBe(401);
    await expect(signIn(server, 'rita@example.com', 'old password 1')).rejects.toThrow(/401/);
    expect((await signIn(server, 'rita@example.com', 'new password 2')).cookie).toContain('session_token=');
    const again = await server.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: 'third password 3' },
    });
    expect(again.status).toBe(400);
  });
});

describe('a password reset request’s timing', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer('pglite', { SIGN_UP_MIN_RESPONSE_MS: '300' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers no sooner than the floor, registered or not, so its time does not tell', async () => {
    await signUpAndSignIn(server, { email: 'timed.reset@example.com' });
    for (const email of ['timed.reset@example.com', 'nobody.timed@example.com']) {
      const started = performance.now();
      const res = await server.request('/api/auth/request-password-reset', {
        method: 'POST',
        json: { email, redirectTo: '/auth/reset-password' },
      });
      expect(res.status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(295);
    }
  });
});
