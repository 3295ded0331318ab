import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import type { AppEnv } from './context.ts';
import { INVALID_ORIGIN_MESSAGE, originCheck } from './origin-check.ts';
import { handleError } from './on-error.ts';

describe('the origin check', () => {
  const app = new Hono<AppEnv>();
  app.use('*', originCheck(['http://localhost:3000', 'https://savvypig.example']));
  app.all('/api/thing', (c) => c.json({ ok: true }));
  app.onError(handleError);
  const call = (method: string, headers: Record<string, string>) =>
    app.request('http://localhost:3000/api/thing', { method, headers });

  it.each([
    ['a trusted Origin', { origin: 'http://localhost:3000', cookie: 's=1' }],
    ['a second trusted Origin', { origin: 'https://savvypig.example' }],
    ['a trusted Referer and no Origin', { referer: 'http://localhost:3000/settings', cookie: 's=1' }],
    ['Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin', cookie: 's=1' }],
    ['no browser headers and no cookie (a script or webhook)', {}],
  ])('lets a POST through with %s', async (_, headers) => {
    expect((await call('POST', headers)).status).toBe(200);
  });

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example', cookie: 's=1' }],
    ['a foreign Origin and no cookie', { origin: 'https://evil.example' }],
    ['a look-alike Origin', { origin: 'http://localhost:3000.evil.example' }],
    ['Origin null', { origin: 'null', cookie: 's=1' }],
    ['a foreign Referer', { referer: 'https://evil.example/page', cookie: 's=1' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site', cookie: 's=1' }],
    ['a cookie and no Origin at all', { cookie: 's=1' }],
  ])('refuses a state-changing request with %s', async (_, headers) => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await call(method, headers);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: { code: 'FORBIDDEN', message: INVALID_ORIGIN_MESSAGE } });
    }
  });

  it('leaves reads alone', async () => {
    expect((await call('GET', { origin: 'https://evil.example', cookie: 's=1' })).status).toBe(200);
  });
});

describe.each(testDatabaseKinds())('origin checks in the app on %s', (kind) => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await createTestServer(kind);
    ({ cookie } = await signUpAndSignIn(server, { email: 'csrf@example.com' }));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a foreign Origin on our own routes and leaves the data alone', async () => {
    const res = await server.request('/api/profile', {
      method: 'PATCH',
      cookie,
      json: { firstName: 'Forged' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    const me = (await (await server.request('/api/me', { cookie })).json()) as { profile: { firstName: string } };
    expect(me.profile.firstName).toBe('Test');
  });

  it("refuses a foreign Origin on better-auth's routes", async () => {
    const res = await server.request('/api/auth/sign-out', {
      method: 'POST',
      cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect((await server.request('/api/me', { cookie })).status).toBe(200);
  });

  it("keeps better-auth's own origin and CSRF checks on even under the test runner, which would switch them off", async () => {
    const context = await server.deps.auth.$context;
    expect(context.skipOriginCheck).toBe(false);
    expect(context.skipCSRFCheck).toBe(false);
    expect(context.rateLimit.enabled).toBe(true);
    // Straight to better-auth, past our own check: it refuses by itself.
    const res = await server.deps.auth.handler(
      new Request('http://localhost:3000/api/auth/sign-out', {
        method: 'POST',
        headers: { cookie, origin: 'https://evil.example' },
      }),
    );
    expect(res.status).toBe(403);
    const redirect = await server.deps.auth.handler(
      new Request('http://localhost:3000/api/auth/sign-in/email', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: 'http://localhost:3000',
          'x-savvypig-client-ip': '192.0.2.90',
        },
        body: JSON.stringify({
          email: 'csrf@example.com',
          password: 'correct horse battery',
          callbackURL: 'https://evil.example/after',
        }),
      }),
    );
    expect(redirect.status).toBe(403);
  });
});
