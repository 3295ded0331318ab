/**
 * Set-up for journeys that need accounts, admins and transactions before the browser starts:
 * a production server whose data folder survives a restart, so rows the API cannot make yet
 * (an admin role, an account while the accounts API is being built) are written straight to the
 * database while the server is stopped (PGlite's folder belongs to one process at a time).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { after, before } from 'node:test';
import type { Browser, BrowserContext } from 'playwright-core';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { rowsOf } from '../src/server/db/rls.ts';
import { quietLogger } from '../src/server/test/databases.ts';
import { startServerProcess, type ServerProcess } from '../src/server/test/server-process.ts';
import { currentStep, decodeBase32, secretFromOtpauthUri, totpAtStep } from '../src/server/test/totp.ts';
import { launchBrowser, waitForEmail } from './fixtures.ts';

export type JourneyServer = {
  /** Changes on each restart (a new free port); cookies hold across it (they ignore the port). */
  base: string;
  dataDir: string;
  /** Stops the server, runs `work` on its database, and starts it again on the same folder. */
  withDatabaseOffline: (work: (database: Database) => Promise<void>) => Promise<void>;
  stop: () => Promise<void>;
};

export async function startJourneyServer(): Promise<JourneyServer> {
  if (!fs.existsSync('dist-server/index.js')) throw new Error('Run `npm run build` first: the browser tests drive the production build.');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-e2e-'));
  let running: ServerProcess | undefined = await startServerProcess('dist-server/index.js', { DATA_DIR: dataDir });
  const server: JourneyServer = {
    base: running.base,
    dataDir,
    withDatabaseOffline: async (work) => {
      await running?.stop();
      running = undefined;
      const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite'), logger: quietLogger });
      try {
        await work(database);
      } finally {
        await database.close();
      }
      running = await startServerProcess('dist-server/index.js', { DATA_DIR: dataDir });
      server.base = running.base;
    },
    stop: async () => {
      await running?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** A journey server and Chromium for the file's tests, started before them and stopped after (fields set once `before` ran). */
export function useJourneyServerAndBrowser(): { server: JourneyServer; browser: Browser } {
  const env = {} as { server: JourneyServer; browser: Browser };
  before(async () => {
    env.server = await startJourneyServer();
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

const json = (base: string, cookie?: string) => ({
  'content-type': 'application/json',
  origin: base,
  ...(cookie ? { cookie } : {}),
});

/** Signs up, follows the e-mailed confirmation link and signs in; returns the session cookie. */
export async function signUpConfirmed(server: JourneyServer, account: { email: string; password: string; firstName: string }): Promise<string> {
  const res = await fetch(`${server.base}/api/account/sign-up`, {
    method: 'POST',
    headers: json(server.base),
    body: JSON.stringify({ firstName: account.firstName, lastName: 'Saver', email: account.email, password: account.password }),
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const mail = await waitForEmail(server.dataDir, account.email);
  const link = mail.match(/https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?[^\s"<>]+/)?.[0];
  if (!link) throw new Error('no confirmation link');
  const url = new URL(link.replace(/&amp;/g, '&'));
  await fetch(`${server.base}${url.pathname}${url.search}`, { redirect: 'manual' });
  return signInOverHttp(server, account.email, account.password);
}

export async function signInOverHttp(server: JourneyServer, email: string, password: string): Promise<string> {
  const res = await fetch(`${server.base}/api/auth/sign-in/email`, { method: 'POST', headers: json(server.base), body: JSON.stringify({ email, password }) });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().find((c) => c.includes('session_token='))!.split(';')[0]!;
}

export type AccountFields = { name: string; accountType: string; bank?: string; accountNumber?: string };

/**
 * An account for the user, through `POST /api/accounts` when this build has it; otherwise
 * written to the database (the server restarts, so read `server.base` again afterwards).
 */
export async function createAccount(server: JourneyServer, owner: { email: string; cookie: string }, fields: AccountFields): Promise<string> {
  const body = { accountNumber: '12345678', bank: 'Lloyds Bank', ...fields };
  // The API takes the bank as a reference (bankId), as the form's bank picker chooses it.
  const { bank, ...fieldsWithoutBank } = body;
  const search = await fetch(`${server.base}/api/reference/banks?q=${encodeURIComponent(bank)}`);
  const banks = search.ok ? ((await search.json()) as { banks: { id: string; bankName: string }[] }).banks : [];
  const bankId = banks.find((b) => b.bankName === bank)?.id ?? null;
  const res = await fetch(`${server.base}/api/accounts`, { method: 'POST', headers: json(server.base, owner.cookie), body: JSON.stringify({ ...fieldsWithoutBank, bankId }) });
  if (res.status === 201) return ((await res.json()) as { account: { id: string } }).account.id;
  const text = await res.text();
  if (res.status !== 404 || !text.includes('No API route')) throw new Error(`creating the account failed: ${res.status} ${text}`);
  let id = '';
  await server.withDatabaseOffline(async ({ db }) => {
    const [row] = rowsOf<{ id: string }>(
      await db.execute(sql`
        insert into accounts (user_id, name, bank, account_number, account_type)
        select id, ${body.name}, ${body.bank}, ${body.accountNumber}, ${body.accountType} from "user" where email = ${owner.email}
        returning id`),
    );
    id = row!.id;
  });
  return id;
}

/** Makes a registered user an admin (the server restarts). */
export async function grantAdminRole(server: JourneyServer, email: string): Promise<void> {
  await server.withDatabaseOffline(async ({ db }) => {
    await db.execute(sql`insert into user_roles (user_id, role) select id, 'admin' from "user" where email = ${email} on conflict do nothing`);
  });
}

/**
 * Signs the browser context in and turns on an authenticator app for the user, as admin pages
 * require: the context then holds a session with two-factor on.
 */
export async function signInWithTwoFactor(context: BrowserContext, server: JourneyServer, email: string, password: string): Promise<void> {
  const headers = json(server.base);
  const signIn = await context.request.post(`${server.base}/api/auth/sign-in/email`, { headers, data: { email, password } });
  if (signIn.status() !== 200) throw new Error(`sign-in failed: ${signIn.status()}`);
  const enable = await context.request.post(`${server.base}/api/auth/two-factor/enable`, { headers, data: { password } });
  if (enable.status() !== 200) throw new Error(`two-factor enable failed: ${enable.status()} ${await enable.text()}`);
  const key = secretFromOtpauthUri(((await enable.json()) as { totpURI: string }).totpURI);
  const verify = await context.request.post(`${server.base}/api/auth/two-factor/verify-totp`, {
    headers,
    data: { code: totpAtStep(decodeBase32(key), currentStep()) },
  });
  if (verify.status() !== 200) throw new Error(`two-factor verify failed: ${verify.status()} ${await verify.text()}`);
}
