/**
 * The mixed bench's savers (bench/mixed.ts), also the data bench/deposit-instructions.ts counts a
 * deposit's cost on: savers signed up and in through the real API, each with accounts at
 * different banks and a year of transactions on each, written straight to the database.
 */
import { insertAccounts, insertTransactions, type SeedAccount, someBankIds } from './account-area.ts';
import { signUp } from './account.ts';
import type { Cleanup } from './cleanup.ts';
import { startTracked } from './harness.ts';
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
