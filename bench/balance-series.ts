/**
 * `npm run bench:balance-series`: the account page's balance line, GET
 * /api/accounts/{id}/balance-series, for an account with 10,000 transactions over five years;
 * `npm run bench:balance-series-total`: the dashboard's, GET /api/balance-series, for a user with
 * that account and 19 more of 1,000 transactions each (29,000 in all). Against issue 5's account
 * area target: p99 ≤ 50 ms at 20 connections on PostgreSQL, with a constant number of statements
 * per request (counted for the busy account or user and for an empty one; they must be equal).
 * DATABASE_URL is required: a throwaway database is created there and dropped. See docs/performance.md.
 *
 * Overrides: BENCH_DURATION (s per run, 10), BENCH_WARMUP (s, 10), BENCH_RUNS (3),
 * BENCH_CONNECTIONS (20), DB_POOL_MAX (8), BENCH_TRANSACTIONS (10000), BENCH_CPU_PROF=1.
 *
 * Exit code: 0 PASS; 1 invalid figures or a failed run; 2 FAIL.
 */
import { insertAccounts, insertTransactions, runAccountAreaBench, someBankIds } from './lib/account-area.ts';

const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 10_000);
const OTHER_ACCOUNTS = 19;
const OTHER_TRANSACTIONS = 1_000;
const total = process.argv[2] === 'total';

type Line = { granularity: string; points: Array<{ date: string; balancePence: number }> };

runAccountAreaBench({
  title: total ? 'SavvyPig dashboard balance line benchmark' : 'SavvyPig account balance line benchmark',
  fileName: total ? 'balance-series-total.json' : 'balance-series.json',
  endpointId: total ? 'totalBalanceSeries' : 'balanceSeries',
  label: total ? 'GET /api/balance-series' : 'GET /api/accounts/{id}/balance-series',
  seed: async ({ client, user, newUser }) => {
    const [bank] = await someBankIds(client, 1);
    const names = ['Everyday saver', 'Empty saver', ...Array.from({ length: OTHER_ACCOUNTS }, (_, i) => `Saver ${i}`)];
    const [busy, empty, ...others] = await insertAccounts(
      client,
      user.userId,
      names.map((name) => ({ name, bank: bank?.bankName, bankId: bank?.id })),
    );
    await insertTransactions(client, user.userId, busy!, TRANSACTIONS);
    if (!total) {
      return {
        path: `/api/accounts/${busy}/balance-series`,
        work: `an account with ${TRANSACTIONS.toLocaleString('en-GB')} transactions`,
        countPaths: [
          {
            path: `/api/accounts/${busy}/balance-series`,
            what: `${TRANSACTIONS.toLocaleString('en-GB')} transactions`,
          },
          { path: `/api/accounts/${empty}/balance-series`, what: 'no transactions' },
        ],
      };
    }
    for (const id of others) await insertTransactions(client, user.userId, id, OTHER_TRANSACTIONS);
    const all = TRANSACTIONS + OTHER_ACCOUNTS * OTHER_TRANSACTIONS;
    const single = await newUser();
    await insertAccounts(client, single.userId, [{ name: 'Only account', bank: bank?.bankName, bankId: bank?.id }]);
    return {
      path: '/api/balance-series',
      work: `a user with ${names.length} accounts and ${all.toLocaleString('en-GB')} transactions`,
      countPaths: [
        { path: '/api/balance-series', what: `${all.toLocaleString('en-GB')} transactions` },
        { path: '/api/balance-series', what: 'no transactions', cookie: single.cookie },
      ],
    };
  },
  describe: (body) => {
    const line = body as Line;
    // Five years of month ends, this month's on today.
    if (line.granularity !== 'month' || line.points.length < 60 || line.points.length > 62)
      throw new Error(`The balance line answered the wrong shape: ${line.granularity}, ${line.points.length} points`);
    return `the line: ${line.points.length} month-end points, ending on ${line.points.at(-1)!.balancePence} pence`;
  },
});
