import { randomBytes } from 'node:crypto';

export type Account = { email: string; password: string };

const SESSION_COOKIE = 'better-auth.session_token';

/** A fresh account made through the real API, as a browser would (unverified users may sign in). */
export async function signUp(baseUrl: string, origin: string, headers: Record<string, string> = {}): Promise<Account> {
  const account = {
    email: `bench-${randomBytes(4).toString('hex')}@example.com`,
    password: randomBytes(12).toString('base64url'),
  };
  const res = await postJson(
    baseUrl,
    origin,
    '/api/account/sign-up',
    { firstName: 'Bench', lastName: 'User', ...account },
    headers,
  );
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
  return account;
}

/**
 * Signs in once (sign-in is rate limited to 3 per 10 s per address) and returns the
 * `name=value` pair of the session cookie, ready for a Cookie header.
 */
export async function signIn(baseUrl: string, origin: string, account: Account): Promise<string> {
  const res = await postJson(baseUrl, origin, '/api/auth/sign-in/email', account);
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error(`sign-in set no ${SESSION_COOKIE} cookie`);
  return cookie.split(';')[0]!;
}

function postJson(
  baseUrl: string,
  origin: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...headers },
    body: JSON.stringify(body),
  });
}
