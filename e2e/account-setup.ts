/**
 * Set-up for journeys that need users, accounts and transactions before the browser starts, made
 * through the API as the app makes them; and a production server whose database survives a
 * restart, so rows the API cannot make (an admin role) are written straight to the database while
 * the server is stopped (PGlite's folder belongs to one process at a time; on PostgreSQL the
 * restart keeps the same fresh start for what the server holds in memory).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import type { Database } from '../src/server/db/client.ts';
import { signUpOverHttp, startServerProcess, type ServerProcess } from '../src/server/test/server-process.ts';
import { currentStep, decodeBase32, secretFromOtpauthUri, totpAtStep } from '../src/server/test/totp.ts';
import { useServerAndBrowser, verificationLink, waitForEmail } from './fixtures.ts';
import { type EngineChoice, freshJourneyDatabase } from './journey-database.ts';

export type JourneyServer = {
  /** Changes on each restart (a new free port); cookies hold across it (they ignore the port). */
  base: string;
  dataDir: string;
  /** Stops the server, runs `work` on its database, and starts it again on the same folder. */
  withDatabaseOffline: (work: (database: Database) => Promise<void>) => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * `env`: more settings for the server, kept across its restarts (the news journey allows private
 * feed addresses); `choice`: PGlite whatever the run has (journey-database.ts).
 */
export async function startJourneyServer(
  env: Record<string, string> = {},
  choice: EngineChoice = {},
): Promise<JourneyServer> {
  if (!fs.existsSync('dist-server/index.js'))
    throw new Error('Run `npm run build` first: the browser tests drive the production build.');
  const database = await freshJourneyDatabase(choice);
  const start = () => startServerProcess('dist-server/index.js', { ...env, ...database.env });
  let running: ServerProcess | undefined;
  try {
    running = await start();
  } catch (err) {
    await database.dispose();
    throw err;
  }
  const server: JourneyServer = {
    base: running.base,
    dataDir: database.dataDir,
    withDatabaseOffline: async (work) => {
      await running?.stop();
      running = undefined;
      const open = await database.open();
      try {
        await work(open);
      } finally {
        await open.close();
      }
      running = await start();
      server.base = running.base;
    },
    stop: async () => {
      await running?.stop();
      await database.dispose();
    },
  };
  return server;
}

/** A journey server and Chromium for the file's tests, started before them and stopped after (fields set once `before` ran). */
export const useJourneyServerAndBrowser = (env: Record<string, string> = {}, choice: EngineChoice = {}) =>
  useServerAndBrowser(() => startJourneyServer(env, choice));

const json = (base: string, cookie?: string) => ({
  'content-type': 'application/json',
  origin: base,
  ...(cookie ? { cookie } : {}),
});

/** What the set-up calls need of a server (a journey server or the fixtures' plain one). */
export type ServerAddress = { base: string; dataDir: string };

/** Follows the confirmation link e-mailed to `email` (adding an account needs a verified address). */
export async function verifyEmail(server: ServerAddress, email: string): Promise<void> {
  const url = new URL(verificationLink(await waitForEmail(server.dataDir, email)));
  await fetch(`${server.base}${url.pathname}${url.search}`, { redirect: 'manual' });
}

/** Signs up over HTTP, follows the e-mailed confirmation link; returns the session cookie. */
export async function signUpConfirmed(
  server: ServerAddress,
  user: { email: string; password: string; firstName: string },
): Promise<string> {
  const cookie = await signUpOverHttp(server.base, { ...user, lastName: 'Saver' });
  await verifyEmail(server, user.email);
  return cookie;
}

/** The id of the bank reference with exactly this brand name (and this licence holder, when given), from the public bank search. */
export async function bankIdOf(server: Pick<ServerAddress, 'base'>, name: string, legalName?: string): Promise<string> {
  const res = await fetch(`${server.base}/api/reference/banks?q=${encodeURIComponent(name)}`);
  const { banks } = (await res.json()) as { banks: { id: string; bankName: string; legalName: string }[] };
  const bank = banks.find((b) => b.bankName === name && (legalName === undefined || b.legalName === legalName));
  assert.ok(bank, `no bank named ${name}${legalName ? ` under ${legalName}` : ''} in the reference data`);
  return bank.id;
}

/** An account's fields as the account form sends them; `bank` names the brand (looked up to its `bankId`). */
export type AccountFields = { name: string; accountType?: string; bank?: string; accountNumber?: string } & Record<
  string,
  unknown
>;

/** An account for the cookie's user through `POST /api/accounts` (a Lloyds Bank savings account unless said); returns its id. */
export async function createAccount(
  server: Pick<ServerAddress, 'base'>,
  cookie: string,
  fields: AccountFields,
): Promise<string> {
  const { bank = 'Lloyds Bank', ...rest } = fields;
  const body = { accountNumber: '12345678', accountType: 'Savings', bankId: await bankIdOf(server, bank), ...rest };
  const res = await fetch(`${server.base}/api/accounts`, {
    method: 'POST',
    headers: json(server.base, cookie),
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 201, `creating the account: ${await res.clone().text()}`);
  return ((await res.json()) as { account: { id: string } }).account.id;
}

/**
 * Issue 14's saver: Halifax £70,000 + Bank of Scotland £70,000 (one licence, £20,000 over its
 * limit) + Nationwide £50,000 + NS&I £10,000. Returns the Halifax account's id.
 */
export async function createSharedLicenceSaver(server: Pick<ServerAddress, 'base'>, cookie: string): Promise<string> {
  const halifax = await createAccount(server, cookie, {
    name: 'Halifax saver',
    bank: 'Halifax',
    startingBalancePence: 70_000_00,
  });
  for (const [name, bank, pence] of [
    ['Bank of Scotland saver', 'Bank of Scotland', 70_000_00],
    ['Nationwide saver', 'Nationwide Building Society', 50_000_00],
    ['Premium Bonds', 'NS&I', 10_000_00],
  ] as const)
    await createAccount(server, cookie, { name, bank, startingBalancePence: pence });
  return halifax;
}

/** A transaction as the add dialog sends it: the amount unsigned, as typed (the type gives the sign). */
export type NewTransaction = { type: string; amountPence: number; date: string; notes?: string };

/** Adds transactions to an account through `POST /api/accounts/{id}/transactions`. */
export async function addTransactions(
  server: Pick<ServerAddress, 'base'>,
  cookie: string,
  accountId: string,
  transactions: NewTransaction[],
): Promise<void> {
  const res = await fetch(`${server.base}/api/accounts/${accountId}/transactions`, {
    method: 'POST',
    headers: json(server.base, cookie),
    body: JSON.stringify({ transactions: transactions.map((t) => ({ notes: '', ...t })) }),
  });
  assert.equal(res.status, 201, `adding transactions: ${await res.clone().text()}`);
}

/** Makes a registered user an admin (the server restarts). */
export async function grantAdminRole(server: JourneyServer, email: string): Promise<void> {
  const { sql } = await import('drizzle-orm');
  await server.withDatabaseOffline(async ({ db }) => {
    await db.execute(
      sql`insert into user_roles (user_id, role) select id, 'admin' from "user" where email = ${email} on conflict do nothing`,
    );
  });
}

/**
 * Signs the browser context in and turns on an authenticator app for the user, as admin pages
 * require: the context then holds a session with two-factor on.
 */
export async function signInWithTwoFactor(
  context: BrowserContext,
  server: Pick<ServerAddress, 'base'>,
  email: string,
  password: string,
): Promise<void> {
  const headers = json(server.base);
  const signIn = await context.request.post(`${server.base}/api/auth/sign-in/email`, {
    headers,
    data: { email, password },
  });
  if (signIn.status() !== 200) throw new Error(`sign-in failed: ${signIn.status()}`);
  const enable = await context.request.post(`${server.base}/api/auth/two-factor/enable`, {
    headers,
    data: { password },
  });
  if (enable.status() !== 200) throw new Error(`two-factor enable failed: ${enable.status()} ${await enable.text()}`);
  const key = secretFromOtpauthUri(((await enable.json()) as { totpURI: string }).totpURI);
  const verify = await context.request.post(`${server.base}/api/auth/two-factor/verify-totp`, {
    headers,
    data: { code: totpAtStep(decodeBase32(key), currentStep()) },
  });
  if (verify.status() !== 200) throw new Error(`two-factor verify failed: ${verify.status()} ${await verify.text()}`);
}
