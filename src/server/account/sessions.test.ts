import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signIn, signUpAndSignIn, type TestServer } from '../test/server.ts';

type Listed = {
  id: string;
  browser: string;
  os: string;
  ipAddress: string | null;
  createdAt: string;
  lastActiveAt: string;
  isCurrent: boolean;
};

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

describe.each(testDatabaseKinds())('the sessions API on %s', (kind) => {
  let server: TestServer;
  const password = 'correct horse battery';

  beforeAll(async () => {
    server = await createTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function signInWith(email: string, userAgent: string, ip: string) {
    const res = await server.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password },
      ip,
      headers: { 'user-agent': userAgent },
    });
    expect(res.status).toBe(200);
    return res.headers
      .getSetCookie()
      .find((c) => c.includes('session_token='))!
      .split(';')[0]!;
  }
  const list = async (cookie: string) =>
    ((await (await server.request('/api/account/sessions', { cookie })).json()) as { sessions: Listed[] }).sessions;
  const isSignedIn = async (cookie: string) => (await server.request('/api/me', { cookie })).status === 200;

  it('lists the user’s sessions in words, this device first, without tokens', async () => {
    await signUpAndSignIn(server, { email: 'list.sessions@example.com', password });
    const laptop = await signInWith('list.sessions@example.com', FIREFOX_WINDOWS, '203.0.113.9');
    await signInWith('list.sessions@example.com', SAFARI_IPHONE, '203.0.113.10');
    const sessions = await list(laptop);
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ isCurrent: true, browser: 'Firefox', os: 'Windows', ipAddress: '203.0.113.9' });
    expect(sessions.filter((s) => s.isCurrent)).toHaveLength(1);
    expect(sessions.some((s) => s.browser === 'Safari' && s.os === 'iPhone' && s.ipAddress === '203.0.113.10')).toBe(
      true,
    );
    for (const s of sessions) {
      expect(Object.keys(s).sort()).toEqual([
        'browser',
        'createdAt',
        'id',
        'ipAddress',
        'isCurrent',
        'lastActiveAt',
        'os',
      ]);
      expect(Number.isNaN(Date.parse(s.createdAt))).toBe(false);
    }
    expect(JSON.stringify(sessions)).not.toContain(laptop.split('=')[1]!.split('.')[0]!);
  });

  it('signs out one other session, which then stops working', async () => {
    await signUpAndSignIn(server, { email: 'one.sessions@example.com', password });
    const here = await signInWith('one.sessions@example.com', FIREFOX_WINDOWS, '203.0.113.20');
    const phone = await signInWith('one.sessions@example.com', SAFARI_IPHONE, '203.0.113.21');
    const target = (await list(here)).find((s) => s.browser === 'Safari')!;
    const res = await server.request(`/api/account/sessions/${target.id}`, { method: 'DELETE', cookie: here });
    expect(res.status).toBe(200);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(here)).toBe(true);
    expect((await list(here)).map((s) => s.id)).not.toContain(target.id);
  });

  it('will not end the current session through the list, nor another user’s session', async () => {
    await signUpAndSignIn(server, { email: 'mine.sessions@example.com', password });
    await signUpAndSignIn(server, { email: 'theirs.sessions@example.com', password });
    const mine = await signIn(server, 'mine.sessions@example.com', password);
    const theirs = await signIn(server, 'theirs.sessions@example.com', password);
    const current = (await list(mine.cookie)).find((s) => s.isCurrent)!;
    expect(
      (await server.request(`/api/account/sessions/${current.id}`, { method: 'DELETE', cookie: mine.cookie })).status,
    ).toBe(400);
    const theirSession = (await list(theirs.cookie)).find((s) => s.isCurrent)!;
    expect(
      (await server.request(`/api/account/sessions/${theirSession.id}`, { method: 'DELETE', cookie: mine.cookie }))
        .status,
    ).toBe(404);
    expect(await isSignedIn(theirs.cookie)).toBe(true);
  });

  it('signs out every other session and keeps this one', async () => {
    await signUpAndSignIn(server, { email: 'others.sessions@example.com', password });
    await signUpAndSignIn(server, { email: 'bystander.sessions@example.com', password });
    const bystander = await signIn(server, 'bystander.sessions@example.com', password);
    const here = await signInWith('others.sessions@example.com', FIREFOX_WINDOWS, '203.0.113.30');
    const a = await signInWith('others.sessions@example.com', SAFARI_IPHONE, '203.0.113.31');
    const b = await signInWith('others.sessions@example.com', SAFARI_IPHONE, '203.0.113.32');
    const res = await server.request('/api/account/sessions/sign-out-others', { method: 'POST', cookie: here });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { ended: number }).ended).toBe(3);
    expect(await isSignedIn(a)).toBe(false);
    expect(await isSignedIn(b)).toBe(false);
    expect(await isSignedIn(here)).toBe(true);
    expect(await isSignedIn(bystander.cookie)).toBe(true);
    expect(await list(here)).toHaveLength(1);
  });

  it("answers better-auth's revoke-session honestly: 404 for another user's token or an unknown one, which stay as they were", async () => {
    const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    const mine = await signUpAndSignIn(server, { email: 'revoke.mine@example.com', password });
    const myOther = await signInWith('revoke.mine@example.com', SAFARI_IPHONE, '203.0.113.20');
    const theirs = await signUpAndSignIn(server, { email: 'revoke.theirs@example.com', password });
    const revoke = (token: string) =>
      server.request('/api/auth/revoke-session', { method: 'POST', cookie: mine.cookie, json: { token } });

    const foreign = await revoke(tokenOf(theirs.cookie));
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ code: 'SESSION_NOT_FOUND', message: 'Session not found' });
    expect(await isSignedIn(theirs.cookie)).toBe(true);
    expect((await revoke('no-such-token')).status).toBe(404);

    const own = await revoke(tokenOf(myOther));
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ status: true });
    expect(await isSignedIn(myOther)).toBe(false);
    expect(await isSignedIn(mine.cookie)).toBe(true);
    expect(
      (await server.request('/api/auth/revoke-session', { method: 'POST', json: { token: tokenOf(theirs.cookie) } }))
        .status,
    ).toBe(401);
  });
});
