import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasSignedInHint } from '../../core/session/signed-in-hint.ts';
import { SESSION_EXPIRES_IN_SECONDS } from '../auth/auth.ts';
import { createTestServer, signIn, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { signedInHint } from './signed-in-hint.ts';

const hintsIn = (res: Response) =>
  res.headers.getSetCookie().filter((c) => /^(__Secure-)?savvypig\.signed_in=/.test(c));

/** A stand-in for the app: better-auth's cookie writes, `/api/me`, and a page. */
function appWith(secure: boolean) {
  const app = new Hono();
  app.use('*', signedInHint({ secure }));
  const session = secure ? '__Secure-better-auth.session_token' : 'better-auth.session_token';
  app.post('/api/auth/sign-in/email', (c) => {
    c.header('Set-Cookie', `${session}=abc.sig; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax`);
    return c.json({});
  });
  app.post('/api/auth/sign-in/forgetful', (c) => {
    c.header('Set-Cookie', `${session}=abc.sig; Path=/; HttpOnly; SameSite=Lax`);
    return c.json({});
  });
  app.post('/api/auth/renewed', (c) => {
    c.header('Set-Cookie', `${session}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`, { append: true });
    c.header('Set-Cookie', `${session}=new.sig; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax`, { append: true });
    return c.json({});
  });
  app.post('/api/auth/sign-out', (c) => {
    c.header('Set-Cookie', `${session}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
    return c.json({});
  });
  app.get('/api/me', (c) => c.json({ error: { code: 'UNAUTHORIZED' } }, 401));
  app.get('/api/accounts', (c) => c.json({ error: { code: 'UNAUTHORIZED' } }, 401));
  app.get('/dashboard', (c) => c.html('<div id="root"></div>'));
  return app;
}

describe('the signed-in hint', () => {
  const app = appWith(false);
  const post = (path: string) => app.request(path, { method: 'POST' });
  const get = (path: string, cookie?: string) => app.request(path, cookie ? { headers: { cookie } } : {});

  it('is set with the session cookie, for as long, readable by the page', async () => {
    expect(hintsIn(await post('/api/auth/sign-in/email'))).toEqual([
      'savvypig.signed_in=1; Path=/; SameSite=Lax; Max-Age=604800',
    ]);
    // A sign-in not remembered past the browser session: the hint lasts as long.
    expect(hintsIn(await post('/api/auth/sign-in/forgetful'))).toEqual(['savvypig.signed_in=1; Path=/; SameSite=Lax']);
  });

  it('follows the last session cookie of a response, as the browser does', async () => {
    expect(hintsIn(await post('/api/auth/renewed'))).toEqual([
      'savvypig.signed_in=1; Path=/; SameSite=Lax; Max-Age=604800',
    ]);
  });

  it('is cleared with the session cookie', async () => {
    expect(hintsIn(await post('/api/auth/sign-out'))).toEqual(['savvypig.signed_in=; Path=/; SameSite=Lax; Max-Age=0']);
  });

  it('turns to no when /api/me finds no session, so the page stops asking', async () => {
    const res = await get('/api/me', 'better-auth.session_token=stale.sig; savvypig.signed_in=1');
    expect(res.status).toBe(401);
    expect(hintsIn(res)).toEqual(['savvypig.signed_in=0; Path=/; SameSite=Lax']);
    expect(hintsIn(await get('/api/me'))).toEqual([]);
    expect(hintsIn(await get('/api/accounts', 'savvypig.signed_in=1'))).toEqual([]);
  });

  it('is put right by a page load: set for a session cookie without it, cleared without one', async () => {
    expect(hintsIn(await get('/dashboard', 'better-auth.session_token=abc.sig'))).toEqual([
      'savvypig.signed_in=1; Path=/; SameSite=Lax',
    ]);
    expect(hintsIn(await get('/dashboard', 'savvypig.signed_in=1'))).toEqual([
      'savvypig.signed_in=; Path=/; SameSite=Lax; Max-Age=0',
    ]);
    expect(hintsIn(await get('/dashboard', 'savvypig.signed_in=0'))).toEqual([
      'savvypig.signed_in=; Path=/; SameSite=Lax; Max-Age=0',
    ]);
    // Already right, or already known to open nothing: left alone.
    expect(hintsIn(await get('/dashboard', 'better-auth.session_token=abc.sig; savvypig.signed_in=1'))).toEqual([]);
    expect(hintsIn(await get('/dashboard', 'better-auth.session_token=abc.sig; savvypig.signed_in=0'))).toEqual([]);
    expect(hintsIn(await get('/dashboard'))).toEqual([]);
  });

  it('carries the https prefix and Secure on https', async () => {
    expect(hintsIn(await appWith(true).request('/api/auth/sign-in/email', { method: 'POST' }))).toEqual([
      '__Secure-savvypig.signed_in=1; Path=/; SameSite=Lax; Secure; Max-Age=604800',
    ]);
  });

  it('reads yes only from a hint that says 1, with or without the prefix', () => {
    expect(hasSignedInHint('a=b; savvypig.signed_in=1')).toBe(true);
    expect(hasSignedInHint('__Secure-savvypig.signed_in=1')).toBe(true);
    expect(hasSignedInHint('savvypig.signed_in=0')).toBe(false);
    expect(hasSignedInHint('savvypig.signed_in=0', '0')).toBe(true);
    expect(hasSignedInHint('xsavvypig.signed_in=1; savvypig.signed_in=')).toBe(false);
    expect(hasSignedInHint('')).toBe(false);
  });
});

describe('the signed-in hint on the real server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer('pglite');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('follows better-auth’s sign-in and sign-out', async () => {
    await signUpAndSignIn(server, { email: 'hint@example.com', password: 'correct horse battery' });
    const res = await server.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'hint@example.com', password: 'correct horse battery' },
    });
    expect(res.status).toBe(200);
    const [hint] = hintsIn(res);
    expect(hint).toMatch(/^savvypig\.signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toContain(`Max-Age=${SESSION_EXPIRES_IN_SECONDS}`);

    const { cookie } = await signIn(server, 'hint@example.com', 'correct horse battery');
    const out = await server.request('/api/auth/sign-out', { method: 'POST', cookie, json: {} });
    expect(out.status).toBe(200);
    expect(hintsIn(out)).toEqual(['savvypig.signed_in=; Path=/; SameSite=Lax; Max-Age=0']);

    const me = await server.request('/api/me', { cookie: `${cookie}; savvypig.signed_in=1` });
    expect(me.status).toBe(401);
    expect(hintsIn(me)).toEqual(['savvypig.signed_in=0; Path=/; SameSite=Lax']);
  });
});
