/**
 * `npm run bench:dashboard`: the signed-in home, GET /api/dashboard, for a user with 100 accounts
 * and 10,000 transactions over five years (100 an account), a standing order on every tenth
 * account; against issue 14's target: p99 ≤ 50 ms at 20 connections on PostgreSQL, with a
 * constant number of statements per request (counted for the busy user and for a user with no
 * accounts; they must be equal). DATABASE_URL is required: a throwaway database is created there
 * and dropped. See docs/performance.md.
 *
 * After the load, one client times the kept answer and the first request after a write (the
 * answer read and computed again: with the balance line kept, and with it read again too) on the
 * same server: ADR 0039.
 *
 * Overrides: BENCH_DURATION (s per run, 10), BENCH_WARMUP (s, 10), BENCH_RUNS (3),
 * BENCH_CONNECTIONS (20), DB_POOL_MAX (8), BENCH_CPU_PROF=1, BENCH_KEEP_DATABASE=1 (keep the seeded database).
 *
 * Exit code: 0 PASS; 1 invalid figures or a failed run; 2 FAIL.
 */
import { insertAccounts, insertTransactions, runAccountAreaBench, someBankIds } from './lib/account-area.ts';
import { ms } from './lib/report.ts';

const ACCOUNTS = 100;
const TRANSACTIONS_EACH = 100;

type Dashboard = {
  accountCount: number;
  protection: { totals: { totalPence: number }; groups: unknown[] };
  comingUp: { items: unknown[] };
  recentTransactions: unknown[];
  balanceLine: { granularity: string; points: unknown[] };
};

runAccountAreaBench({
  title: 'SavvyPig dashboard benchmark',
  fileName: 'dashboard.json',
  endpointId: 'dashboard',
  label: 'GET /api/dashboard',
  seed: async ({ client, user, newUser }) => {
    // Spread over 20 licences, so the picture has groups to arrange.
    const banks = await someBankIds(client, 20);
    const ids = await insertAccounts(
      client,
      user.userId,
      Array.from({ length: ACCOUNTS }, (_, i) => {
        const bank = banks[i % banks.length];
        return { name: `Saver ${i}`, bank: bank?.bankName, bankId: bank?.id };
      }),
    );
    for (const id of ids) await insertTransactions(client, user.userId, id, TRANSACTIONS_EACH);
    // Interest on the 1st of each month, and a weekly standing order on every tenth account.
    await client.query(`update accounts set interest_payment_day = 1 where user_id = $1`, [user.userId]);
    await client.query(
      `insert into standing_orders (account_id, user_id, amount_pence, frequency, start_date)
       select id, user_id, 2500, 'weekly', current_date + 1 from accounts
       where user_id = $1 and account_number::int % 10 = 0`,
      [user.userId],
    );
    const empty = await newUser();
    const all = ACCOUNTS * TRANSACTIONS_EACH;
    return {
      path: '/api/dashboard',
      work: `a user with ${ACCOUNTS} accounts and ${all.toLocaleString('en-GB')} transactions`,
      countPaths: [
        { path: '/api/dashboard', what: `${ACCOUNTS} accounts, ${all.toLocaleString('en-GB')} transactions` },
        { path: '/api/dashboard', what: 'no accounts', cookie: empty.cookie },
      ],
    };
  },
  describe: (body) => {
    const d = body as Dashboard;
    if (
      d.accountCount !== ACCOUNTS ||
      d.recentTransactions.length !== 10 ||
      d.balanceLine.granularity !== 'month' ||
      d.balanceLine.points.length !== 13 ||
      d.comingUp.items.length === 0
    )
      throw new Error(
        `The dashboard answered the wrong shape: ${d.accountCount} accounts, ${d.recentTransactions.length} transactions, ` +
          `${d.balanceLine.granularity} line of ${d.balanceLine.points.length} points, ${d.comingUp.items.length} coming up`,
      );
    return `the dashboard: ${d.protection.groups.length} licences, ${d.comingUp.items.length} coming up, a line of ${d.balanceLine.points.length} points`;
  },
  afterLoad: async ({ client, user, baseUrl }) => {
    const get = async () => {
      const started = performance.now();
      const res = await fetch(`${baseUrl}/api/dashboard`, { headers: { cookie: user.cookie } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET /api/dashboard answered ${res.status}`);
      return performance.now() - started;
    };
    const timed = async (label: string, times: number, write: (i: number) => Promise<unknown>) => {
      const took: number[] = [];
      for (let i = 0; i < times; i++) {
        await write(i);
        took.push(await get());
      }
      took.sort((a, b) => a - b);
      const at = (q: number) => took[Math.min(took.length - 1, Math.floor(q * took.length))]!;
      console.log(`one client, ${label}: p50 ${ms(at(0.5))} p99 ${ms(at(0.99))} (${times} requests)`);
    };
    await get();
    await timed('the kept answer', 200, async () => undefined);
    // A dismissal of no alert: the user's version moves, the accounts' ledgers do not.
    await timed('first request after a write (the line kept)', 200, (i) =>
      client.query(
        `insert into protection_alert_dismissals (user_id, alert_id, signature, dismissed_at) values ($1, 'bench', $2, now())
         on conflict (user_id, alert_id) do update set signature = excluded.signature`,
        [user.userId, String(i)],
      ),
    );
    // A transaction rewritten as it was: its account's ledger version moves, so the line is read too.
    await timed('first request after a write to a transaction (the line read again)', 100, () =>
      client.query(
        `update transactions set notes = notes where id = (select id from transactions where user_id = $1 limit 1)`,
        [user.userId],
      ),
    );
  },
});
