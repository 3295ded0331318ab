import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createTestClock, type TestClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { boot, type Booted } from '../boot.ts';
import { session, user, userRoles } from '../db/schema/index.ts';
import { listStoredMail, type StoredMail } from '../mail/mailer.ts';
import { createTestDatabase, quietLogger, type TestDbKind } from './databases.ts';
import type { Logger } from '../logger.ts';

export type TestServer = Booted & {
  kind: TestDbKind;
  dataDir: string;
  databaseUrl?: string;
  /** `app.request` with JSON, cookie and client address (as a trusted proxy would send it). */
  request: (path: string, init?: RequestInit & { json?: unknown; cookie?: string; ip?: string }) => Promise<Response>;
  mail: () => Promise<StoredMail[]>;
  /** The server's clock: the real time until a test moves it (`advance`, `set`). */
  clock: TestClock;
  close: () => Promise<void>;
};

/** A whole app on a fresh database, in process: what API integration tests call. */
export async function createTestServer(
  kind: TestDbKind,
  env: Record<string, string> = {},
  /** Where the server logs (a test that reads the log lines passes its own). */
  logger: Logger = quietLogger,
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-test-'));
  const { database, url, drop } = await createTestDatabase(kind);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
    // The timing floor is measured against the production build (e2e/security.test.ts); here it only slows tests.
    SIGN_UP_MIN_RESPONSE_MS: '0',
    TRUST_PROXY: 'true',
    ...env,
  });
  const clock = createTestClock();
  const booted = await boot({ config, logger, database, startJobs: false, serveSpa: false, clock });
  const request: TestServer['request'] = (p, init = {}) => {
    const headers = new Headers(init.headers);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    if (init.cookie) headers.set('cookie', init.cookie);
    headers.set('x-forwarded-for', init.ip ?? uniqueIp());
    if (!headers.has('origin') && init.method && init.method !== 'GET') headers.set('origin', 'http://localhost:3000');
    return Promise.resolve(
      booted.app.request(`http://localhost:3000${p}`, {
        ...init,
        headers,
        body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      }),
    );
  };
  return {
    ...booted,
    kind,
    dataDir,
    databaseUrl: url,
    request,
    clock,
    mail: async () => {
      await booted.deps.mailer.flush();
      return listStoredMail(path.join(dataDir, 'mail'));
    },
    close: async () => {
      await booted.shutdown();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs up, verifies by the e-mailed link, signs in; returns the session cookie. */
export async function signUpAndSignIn(
  server: TestServer,
  input: {
    email: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    verify?: boolean;
    promoCode?: string;
  },
): Promise<{ cookie: string; userId: string }> {
  const password = input.password ?? 'correct horse battery';
  const res = await server.request('/api/account/sign-up', {
    method: 'POST',
    json: {
      firstName: input.firstName ?? 'Test',
      lastName: input.lastName ?? 'User',
      email: input.email,
      password,
      ...(input.promoCode ? { promoCode: input.promoCode } : {}),
    },
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  if (input.verify !== false) {
    const mail = (await server.mail()).find((m) => m.to === input.email && /verify/i.test(m.subject));
    const link = mail?.links.find((l) => l.includes('/verify-email'));
    if (!link) throw new Error('no verification link');
    const url = new URL(link);
    await server.request(`${url.pathname}${url.search}`, { redirect: 'manual' });
    // Opening the link signs in too (ADR 0013); this user is signed in once, by password, below.
    const { db } = server.deps.database;
    const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.email, input.email.toLowerCase()));
    if (owner) await db.delete(session).where(eq(session.userId, owner.id));
  }
  return signIn(server, input.email, password);
}

let ipsHandedOut = 0;

/**
 * A client address no other request of this process was given (from 198.18.0.0/15, which is set
 * aside for tests), so a limit keyed by address never counts two tests' requests, nor two of ten
 * concurrent sign-ins, together. Random addresses from one /24 met by chance (a 429 under load).
 */
export function uniqueIp(): string {
  ipsHandedOut += 1;
  const n = ipsHandedOut % 131_072;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

export async function signIn(
  server: TestServer,
  email: string,
  password: string,
  ip = uniqueIp(),
): Promise<{ cookie: string; userId: string }> {
  const res = await server.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password }, ip });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const setCookie = res.headers.getSetCookie().find((c) => c.includes('session_token='));
  if (!setCookie) throw new Error('no session cookie');
  const cookie = setCookie.split(';')[0]!;
  const body = (await res.json()) as { user: { id: string } };
  return { cookie, userId: body.user.id };
}

/**
 * Makes a user an admin. Admin routes answer only admins with two-factor on, so by default the
 * admin gets it (e-mailed codes, the state better-auth's `enable` with method 'otp' leaves);
 * `twoFactor: false` gives an admin who has not turned it on. Sessions stay valid: the request
 * opening reads both live.
 */
export async function grantAdmin(
  server: TestServer,
  userId: string,
  options: { twoFactor?: boolean } = {},
): Promise<void> {
  const { db } = server.deps.database;
  await db.insert(userRoles).values({ userId, role: 'admin' }).onConflictDoNothing();
  await db
    .update(user)
    .set({ twoFactorEnabled: options.twoFactor ?? true })
    .where(eq(user.id, userId));
}
