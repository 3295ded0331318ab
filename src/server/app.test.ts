import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signIn, signUpAndSignIn, type TestServer } from './test/server.ts';
import { testDatabaseKinds } from './test/databases.ts';

describe.each(testDatabaseKinds())('the API on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reports health with the database kind and version', async () => {
    const res = await server.request('/api/health');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; database: { kind: string; version: string } };
    expect(body.status).toBe('ok');
    expect(body.database.kind).toBe(kind);
    expect(body.database.version).toMatch(/^\d+/);
  });

  it('answers an unknown API path with a 404 in the one error shape', async () => {
    const res = await server.request('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await server.request('/api/account/sign-up', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('INVALID_JSON');
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts/);
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await server.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('sets security headers and a request id', async () => {
    const res = await server.request('/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  });

  it('publishes an OpenAPI document naming who may call each operation', async () => {
    const res = await server.request('/api/openapi.json');
    const doc = (await res.json()) as { paths: Record<string, Record<string, { 'x-access'?: string }>> };
    expect(doc.paths['/api/me']?.get?.['x-access']).toBe('user');
    expect(doc.paths['/api/account/sign-up']?.post?.['x-access']).toBe('public');
    const page = await server.request('/api/docs');
    expect(await page.text()).toContain('/api/account/sign-up');
  });

  describe('sign-up', () => {
    it('rejects a 7-character password with the spec text', async () => {
      const res = await server.request('/api/account/sign-up', {
        method: 'POST',
        json: { firstName: 'Ann', lastName: 'Lee', email: 'short@example.com', password: '1234567' },
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        'Password is too short. Please use at least 8 characters.',
      );
    });

    it('does not sign in, and e-mails a confirmation link', async () => {
      const res = await server.request('/api/account/sign-up', {
        method: 'POST',
        json: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', password: 'a good password' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie().some((c) => c.includes('session_token='))).toBe(false);
      const mail = (await server.mail()).find((m) => m.to === 'ann@example.com');
      expect(mail?.subject).toMatch(/verify/i);
      expect(mail?.links.some((l) => l.startsWith('http://localhost:3000/api/auth/verify-email?token='))).toBe(true);
    });

    it('answers an already registered address exactly like a new one and tells its owner', async () => {
      const body = { firstName: 'Bo', lastName: 'Ng', email: 'bo@example.com', password: 'a good password' };
      const first = await server.request('/api/account/sign-up', { method: 'POST', json: body });
      const second = await server.request('/api/account/sign-up', {
        method: 'POST',
        json: { ...body, password: 'another password' },
      });
      expect(second.status).toBe(first.status);
      // The same body but for the id: a new account's, or one made up the same way.
      const [firstBody, secondBody] = [
        (await first.json()) as { userId: string },
        (await second.json()) as { userId: string },
      ];
      expect({ ...secondBody, userId: 'id' }).toEqual({ ...firstBody, userId: 'id' });
      expect(secondBody.userId).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(firstBody.userId).toMatch(/^[A-Za-z0-9]{32}$/);
      const toBo = (await server.mail()).filter((m) => m.to === 'bo@example.com');
      expect(
        toBo.some((m) =>
          m.text.includes('This email is already registered. Please use a different email or try logging in.'),
        ),
      ).toBe(true);
    });
  });

  describe('a signed-in user', () => {
    it('verifies, signs in, reads /api/me and signs out', async () => {
      const { cookie } = await signUpAndSignIn(server, {
        email: 'cat@example.com',
        firstName: 'Cat',
        lastName: 'Smith',
      });
      const me = await server.request('/api/me', { cookie });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({
        user: { email: 'cat@example.com', emailVerified: true },
        profile: { firstName: 'Cat', lastName: 'Smith' },
        isAdmin: false,
      });
      const out = await server.request('/api/auth/sign-out', { method: 'POST', cookie });
      expect(out.status).toBe(200);
      expect((await server.request('/api/me', { cookie })).status).toBe(401);
    });

    it('can sign in before verifying, with emailVerified false', async () => {
      const { cookie } = await signUpAndSignIn(server, { email: 'dan@example.com', verify: false });
      const me = (await (await server.request('/api/me', { cookie })).json()) as { user: { emailVerified: boolean } };
      expect(me.user.emailVerified).toBe(false);
    });

    it('refuses a wrong password with 401', async () => {
      await signUpAndSignIn(server, { email: 'eve@example.com' });
      await expect(signIn(server, 'eve@example.com', 'not the password')).rejects.toThrow(/401/);
    });

    it('throttles repeated sign-in attempts from one address', async () => {
      await signUpAndSignIn(server, { email: 'hal@example.com' });
      const attempt = () =>
        server.request('/api/auth/sign-in/email', {
          method: 'POST',
          json: { email: 'hal@example.com', password: 'wrong password' },
          ip: '192.0.2.77',
        });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await attempt()).status);
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      expect(statuses[3]).toBe(429);
    });

    it('refuses a tampered session cookie', async () => {
      const { cookie } = await signUpAndSignIn(server, { email: 'fay@example.com' });
      expect((await server.request('/api/me', { cookie })).status).toBe(200);
      // Change one character of the token (not of the signature, whose last base64 character
      // may only carry padding bits): the signature no longer matches.
      const [name, value] = cookie.split('=') as [string, string];
      const tampered = `${name}=${value[0] === 'A' ? 'B' : 'A'}${value.slice(1)}`;
      expect(tampered).not.toBe(cookie);
      expect((await server.request('/api/me', { cookie: tampered })).status).toBe(401);
    });
  });

  describe('contact form', () => {
    it('stores an inquiry and e-mails the team', async () => {
      const res = await server.request('/api/contact', {
        method: 'POST',
        headers: { 'x-forwarded-for': '203.0.113.9' },
        json: {
          name: 'Gil Hart',
          email: 'gil@example.com',
          inquiryType: 'general',
          subject: 'Hello',
          message: 'A question about ISAs.',
        },
      });
      expect(res.status).toBe(201);
      const rows = (await server.deps.database.db.execute(
        // Read as the login role: app_user may not read inquiries back.
        (
          await import('drizzle-orm')
        ).sql`select name, email, subject from contact_inquiries`,
      )) as unknown as { rows: Array<{ name: string }> };
      expect(rows.rows.map((r) => r.name)).toContain('Gil Hart');
      expect((await server.mail()).some((m) => m.to === 'team@savvypig.local' && m.subject === '[Contact] Hello')).toBe(
        true,
      );
    });

    it('names the field that is wrong', async () => {
      const res = await server.request('/api/contact', {
        method: 'POST',
        json: { name: 'Gil', email: 'not-an-email', subject: 'Hi', message: 'A longer message here.' },
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        'Please provide a valid email address',
      );
    });

    it('stops one address after five messages an hour with 429 and Retry-After', async () => {
      const send = () =>
        server.request('/api/contact', {
          method: 'POST',
          ip: '203.0.113.44',
          json: {
            name: 'Ivy Lane',
            email: 'ivy@example.com',
            inquiryType: 'general',
            subject: 'Again',
            message: 'One more question.',
          },
        });
      for (let i = 0; i < 5; i++) expect((await send()).status).toBe(201);
      const refused = await send();
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('Retry-After'));
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    });
  });
});
