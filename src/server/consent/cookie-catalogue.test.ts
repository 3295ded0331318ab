import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseCookieName, catalogueCookies, isCatalogued } from '../../core/consent/cookie-catalogue.ts';
import { SESSION_EXPIRES_IN_SECONDS } from '../auth/auth.ts';
import { createTestServer, uniqueIp, type TestServer } from '../test/server.ts';
import { currentStep, decodeBase32, totpAtStep } from '../test/totp.ts';
import { answerChallenge, enrolTotp, startSignIn } from '../test/two-factor.ts';

type SetCookie = { name: string; value: string; attributes: Map<string, string>; raw: string };

function parseSetCookie(raw: string): SetCookie {
  const [pair = '', ...rest] = raw.split(';');
  const separator = pair.indexOf('=');
  const attributes = new Map<string, string>();
  for (const part of rest) {
    const [key = '', ...value] = part.trim().split('=');
    attributes.set(key.toLowerCase(), value.join('='));
  }
  return { name: pair.slice(0, separator).trim(), value: pair.slice(separator + 1).trim(), attributes, raw };
}

/** A Set-Cookie that removes a cookie rather than storing one. */
function isClearing(cookie: SetCookie): boolean {
  const maxAge = cookie.attributes.get('max-age');
  const expires = cookie.attributes.get('expires');
  return (
    cookie.value === '' ||
    (maxAge !== undefined && Number(maxAge) <= 0) ||
    (expires !== undefined && Date.parse(expires) <= Date.now())
  );
}

/**
 * better-auth clears its cookie-cache cookie on every sign-out even though the cache is off
 * (auth.ts): a header that deletes it, never one that sets it. Nothing else may be cleared
 * without being in the catalogue.
 */
const CLEARED_BUT_NEVER_SET = new Set(['better-auth.session_data']);

/**
 * Drives the real server (the whole app in process, on a fresh database) through every flow that
 * can set a cookie (sign-up, verification, sign-in, the two-factor challenge by app, e-mail and
 * backup code, the consent calls, sign-out) and checks the names against the catalogue the
 * cookie dialog and the cookie policy show.
 */
describe('the cookie catalogue against the cookies the server really sets', () => {
  let server: TestServer;
  const seen: SetCookie[] = [];
  const email = 'catalogue@example.com';
  const password = 'correct horse battery';
  let sessionCookie = '';

  const call = (path: string, init: Parameters<TestServer['request']>[1] = {}) =>
    server.request(path, { ip: uniqueIp(), ...init });

  const stored = () => seen.filter((c) => !isClearing(c));

  beforeAll(async () => {
    server = await createTestServer('pglite');
    // Every response of every flow below, including those the two-factor helpers make.
    const request = server.request;
    server.request = async (...args) => {
      const res = await request(...args);
      seen.push(...res.headers.getSetCookie().map(parseSetCookie));
      return res;
    };

    expect(
      (
        await call('/api/account/sign-up', {
          method: 'POST',
          json: { firstName: 'Cat', lastName: 'Alogue', email, password },
        })
      ).status,
    ).toBe(200);
    const link = (await server.mail()).find((m) => m.to === email)?.links.find((l) => l.includes('/verify-email'));
    if (!link) throw new Error('no verification link');
    const url = new URL(link);
    await call(`${url.pathname}${url.search}`, { redirect: 'manual' });

    const signIn = await call('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
    expect(signIn.status).toBe(200);
    sessionCookie = signIn.headers
      .getSetCookie()
      .find((c) => c.includes('session_token='))!
      .split(';')[0]!;

    // A sign-in that asks not to be remembered past the browser session.
    const forgetful = await call('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password, rememberMe: false },
    });
    expect(forgetful.status).toBe(200);

    await call('/api/auth/get-session', { cookie: sessionCookie });
    await call('/api/me', { cookie: sessionCookie });
    await call('/api/consent', { cookie: sessionCookie });
    const consent = {
      essential: true,
      functional: true,
      analytics: false,
      marketing: false,
      version: '1.0',
      timestamp: new Date().toISOString(),
    };
    expect(
      (await call('/api/consent', { method: 'POST', cookie: sessionCookie, json: { consent, dnt: false } })).status,
    ).toBe(200);
    await call('/api/consent/history', { cookie: sessionCookie });
    await call('/api/consent/scripts');
    await call('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email, redirectTo: '/auth/reset-password' },
    });

    // Two-factor: enrolment, then the sign-in challenge answered with an authenticator code,
    // an e-mailed code and a backup code.
    const step = currentStep();
    const enrolment = await enrolTotp(server, sessionCookie, password, step);
    await call('/api/auth/two-factor-status', { cookie: enrolment.cookie });
    expect((await call('/api/auth/sign-out', { method: 'POST', cookie: enrolment.cookie, json: {} })).status).toBe(200);

    const byApp = await startSignIn(server, email, password);
    expect(byApp.challengeCookie).not.toBeNull();
    const appAnswer = await answerChallenge(
      server,
      byApp.challengeCookie!,
      'totp',
      totpAtStep(decodeBase32(enrolment.key), step + 1),
    );
    expect(appAnswer.status).toBe(200);

    const byMail = await startSignIn(server, email, password);
    expect(
      (await call('/api/auth/two-factor/send-otp', { method: 'POST', cookie: byMail.challengeCookie!, json: {} }))
        .status,
    ).toBe(200);
    const mailed = (await server.mail()).filter((m) => m.to === email && /sign-in code/.test(m.subject)).at(-1);
    const code = mailed?.subject.match(/^(\d{6}) /)?.[1];
    if (!code) throw new Error('no e-mailed sign-in code');
    expect((await answerChallenge(server, byMail.challengeCookie!, 'otp', code)).status).toBe(200);

    const byBackup = await startSignIn(server, email, password);
    const backupAnswer = await answerChallenge(
      server,
      byBackup.challengeCookie!,
      'backup-code',
      enrolment.backupCodes[0]!,
    );
    expect(backupAnswer.status).toBe(200);
    expect(
      (await call('/api/auth/sign-out', { method: 'POST', cookie: backupAnswer.sessionCookie!, json: {} })).status,
    ).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('saw the server set cookies at all (the flows ran)', () => {
    expect(stored().length).toBeGreaterThan(0);
  });

  it('lists every cookie the server sets', () => {
    const missing = [...new Set(stored().map((c) => c.name))].filter((name) => !isCatalogued(name));
    expect(missing, 'cookies set but not in src/core/consent/cookie-catalogue.ts').toEqual([]);
  });

  it('lists every cookie the server clears, apart from the library cache cookie it never sets', () => {
    const cleared = [...new Set(seen.filter(isClearing).map((c) => baseCookieName(c.name)))];
    expect(cleared.filter((name) => !isCatalogued(name) && !CLEARED_BUT_NEVER_SET.has(name))).toEqual([]);
  });

  it('lists no server cookie that the server never sets', () => {
    const setNames = new Set(stored().map((c) => baseCookieName(c.name)));
    const neverSet = catalogueCookies()
      .filter((cookie) => cookie.setBy === 'server')
      .map((cookie) => cookie.name)
      .filter((name) => !setNames.has(name));
    expect(neverSet, 'catalogue entries no flow sets').toEqual([]);
  });

  it('sets the session cookie HTTP-only for the 7 days the catalogue says', () => {
    const session = stored().find((c) => c.name === 'better-auth.session_token' && c.attributes.has('max-age'));
    expect(session).toBeDefined();
    expect(session!.attributes.has('httponly')).toBe(true);
    expect(Number(session!.attributes.get('max-age'))).toBe(SESSION_EXPIRES_IN_SECONDS);
    expect(catalogueCookies().find((c) => c.name === 'better-auth.session_token')?.duration).toMatch(/7 days/);
  });

  it('sets the two-factor challenge cookie HTTP-only for the 10 minutes the catalogue says', () => {
    const challenge = stored().find((c) => c.name === 'better-auth.two_factor');
    expect(challenge).toBeDefined();
    expect(challenge!.attributes.has('httponly')).toBe(true);
    expect(Number(challenge!.attributes.get('max-age'))).toBe(600);
    expect(catalogueCookies().find((c) => c.name === 'better-auth.two_factor')?.duration).toBe('10 minutes');
  });

  it('sets no cookie from the consent API itself (the page writes the consent cookie)', () => {
    expect(seen.some((c) => c.name.includes('consent'))).toBe(false);
  });
});
