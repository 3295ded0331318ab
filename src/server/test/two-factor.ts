import { uniqueIp, type TestServer } from './server.ts';
import { secretFromOtpauthUri, totpAtStep, decodeBase32 } from './totp.ts';

/** `name=value` of the Set-Cookie whose name ends with `suffix` and that is not being cleared. */
export function cookieFrom(res: Response, suffix: string): string | null {
  const found = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((pair) => pair.split('=')[0]!.endsWith(suffix) && pair.split('=')[1] !== '');
  return found ?? null;
}

export type Enrolment = {
  /** The session cookie after enrolment (better-auth replaces the session when two-factor turns on). */
  cookie: string;
  /** The base32 key the user is shown, as an authenticator app stores it. */
  key: string;
  backupCodes: string[];
};

/** Turns on an authenticator app for a signed-in, verified user, verifying a code at `step`. */
export async function enrolTotp(
  server: TestServer,
  cookie: string,
  password: string,
  step: number,
): Promise<Enrolment> {
  const enable = await server.request('/api/auth/two-factor/enable', { method: 'POST', cookie, json: { password } });
  if (enable.status !== 200) throw new Error(`enable failed: ${enable.status} ${await enable.text()}`);
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  const key = secretFromOtpauthUri(totpURI);
  const verify = await server.request('/api/auth/two-factor/verify-totp', {
    method: 'POST',
    cookie,
    json: { code: totpAtStep(decodeBase32(key), step) },
  });
  if (verify.status !== 200) throw new Error(`verify failed: ${verify.status} ${await verify.text()}`);
  return { cookie: cookieFrom(verify, 'session_token') ?? cookie, key, backupCodes };
}

export type Challenge = { status: number; body: unknown; challengeCookie: string | null; sessionCookie: string | null };

/** The password step of a sign-in: with two-factor on, a challenge cookie and no session. */
export async function startSignIn(
  server: TestServer,
  email: string,
  password: string,
  ip = uniqueIp(),
): Promise<Challenge> {
  const res = await server.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password }, ip });
  return {
    status: res.status,
    body: await res.json(),
    challengeCookie: cookieFrom(res, 'two_factor'),
    sessionCookie: cookieFrom(res, 'session_token'),
  };
}

/** Sends a second-factor code (`totp`, `otp` for e-mailed, `backup-code`) for a challenge. */
export async function answerChallenge(
  server: TestServer,
  challengeCookie: string,
  kind: 'totp' | 'otp' | 'backup-code',
  code: string,
): Promise<{ status: number; body: unknown; sessionCookie: string | null }> {
  const res = await server.request(`/api/auth/two-factor/verify-${kind}`, {
    method: 'POST',
    cookie: challengeCookie,
    json: { code },
  });
  return { status: res.status, body: await res.json(), sessionCookie: cookieFrom(res, 'session_token') };
}
