/**
 * The mixed bench's savers (bench/mixed.ts), also the data bench/deposit-instructions.ts counts a
 * deposit's cost on: savers signed up and in through the real API, each with accounts at
 * different banks and a year of transactions on each, written straight to the database.
 */
import { insertAccounts, insertTransactions, type SeedAccount, someBankIds } from './account-area.ts';
import { signUp } from './account.ts';
import type { Cleanup } from './cleanup.ts';
import { startTracked } from './harness.ts';
import type pg from 'pg';
import { withClient } from './postgres.ts';
import type { RunningServer, ServerOptions } from './server.ts';

export type Saver = { cookie: string; userId: string; accountIds: string[] };

const TYPES = ['Savings', 'Current', 'Bond', 'Notice Saver', 'Cash ISA', 'Regular Saver'];

/** `count` savers with `accountsPerSaver` accounts of 60 transactions each, on `options`' database. */
export async function seedMixedSavers(
  options: ServerOptions,
  cleanup: Cleanup,
  count: number,
  accountsPerSaver: number,
  otherUsers = 0,
): Promise<Saver[]> {
  const seeding = await startTracked({ ...options, env: { TRUST_PROXY: 'true' } }, cleanup);
  const signedIn = await signedInSavers(seeding, count);
  await seeding.stop();
  return withClient(options.databaseUrl!, async (client) => {
    const banks = await someBankIds(client, 40);
    const list: Saver[] = [];
    for (const [i, saver] of signedIn.entries()) {
      const accounts: SeedAccount[] = Array.from({ length: accountsPerSaver }, (_, a) => {
        const bank = banks[(i * 7 + a) % banks.length]!;
        return { name: `Account ${a + 1}`, bank: bank.bankName, bankId: bank.id, accountType: TYPES[a % TYPES.length] };
      });
      const accountIds = await insertAccounts(client, saver.userId, accounts);
      for (const id of accountIds) await insertTransactions(client, saver.userId, id, 60, 1);
      list.push({ ...saver, accountIds });
    }
    await seedOtherUsers(client, otherUsers);
    await client.query('analyze');
    return list;
  });
}

/**
 * Savers signed up and in through the real API. Sign-in is rate limited per address, so the
 * seeding server trusts X-Forwarded-For and each saver comes from its own address; the measured
 * server does not.
 */
async function signedInSavers(server: RunningServer, count: number): Promise<Array<Omit<Saver, 'accountIds'>>> {
  const savers: Array<Omit<Saver, 'accountIds'>> = [];
  for (let i = 0; i < count; i++) {
    const from = { 'x-forwarded-for': `10.77.${Math.floor(i / 200)}.${(i % 200) + 1}` };
    const account = await signUp(server.baseUrl, server.origin, from);
    const res = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.origin, ...from },
      body: JSON.stringify(account),
    });
    if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('better-auth.session_token='))
      ?.split(';')[0];
    if (!cookie) throw new Error('sign-in set no session cookie');
    const me = (await (await fetch(`${server.baseUrl}/api/me`, { headers: { cookie } })).json()) as {
      user: { id: string };
    };
    savers.push({ cookie, userId: me.user.id });
  }
  return savers;
}

/**
 * Users registered but not at the keyboard during the run, as a live service has many more of
 * than savers signed in at one moment: each with the rows sign-up and sign-in leave in the tables
 * every request's opening reads (user, credential, profile, settings, role, a session of their
 * own, some expired, and a sign-in device; the profile's and settings' triggers give the data
 * version), and one in three with a subscription. With only the measured savers' fifty rows in
 * these tables, PostgreSQL reads each whole (one page) instead of looking a row up by its key
 * (ADR 0084). Their accounts and transactions are not seeded: those tables already hold the
 * measured savers' thousand accounts and 60,000 entries.
 */
async function seedOtherUsers(client: pg.ClientBase, count: number): Promise<void> {
  if (!Number.isInteger(count) || count < 0) throw new Error(`BENCH_OTHER_USERS must be a whole number, not ${count}`);
  if (count === 0) return;
  const ids = `select 'other-' || g as id, g from generate_series(1, ${count}) g`;
  await client.query('begin');
  await client.query(`insert into "user" (id, name, email, email_verified, email_confirmed_at)
    select id, 'Other saver', id || '@example.com', true, now() from (${ids}) u`);
  await client.query(`insert into account (id, account_id, provider_id, user_id, password)
    select id || '-credential', id, 'credential', id, 'not-a-hash' from (${ids}) u`);
  await client.query(`insert into profiles (id, first_name, last_name, last_login_at)
    select id, 'Other', 'Saver', now() - make_interval(days => g % 30) from (${ids}) u`);
  await client.query(`insert into user_settings (user_id) select id from (${ids}) u`);
  await client.query(`insert into user_roles (user_id, role) select id, 'subscriber' from (${ids}) u`);
  await client.query(`insert into session (id, token, user_id, expires_at, last_active_at)
    select id || '-session', md5(id), id, now() + make_interval(days => g % 14 - 7), now() - make_interval(hours => g % 48)
      from (${ids}) u`);
  await client.query(
    `insert into login_devices (user_id, fingerprint) select id, md5(id || '-device') from (${ids}) u`,
  );
  await client.query(`insert into subscriptions (user_id, payment_status, tier, is_active, billing_cycle, current_period_end)
    select id, 'active', 'bigpig', true, 'monthly', now() + make_interval(days => g % 30) from (${ids}) u where g % 3 = 0`);
  await client.query('commit');
}
