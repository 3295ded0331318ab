/**
 * `npm run bench:accounts-list`: the accounts list, GET /api/accounts (issue 5, helper A's
 * route; this benchmark is written against the API contract), for a user with 100 accounts at
 * 60 banks (some brands sharing a licence, some platform accounts naming the bank that holds
 * the money), each with a year of transactions, against issue 5's target: p99 ≤ 50 ms at 20
 * connections on PostgreSQL, with a constant number of statements per request (counted with 100
 * accounts and with 1; they must be equal). DATABASE_URL is required. See docs/performance.md.
 *
 * Overrides: BENCH_DURATION (s per run, 10), BENCH_WARMUP (s, 10), BENCH_RUNS (3),
 * BENCH_CONNECTIONS (20), DB_POOL_MAX (8), BENCH_ACCOUNTS (100), BENCH_CPU_PROF=1 (profile the
 * measured server into bench/results/profiles).
 *
 * Exit code: 0 PASS; 1 invalid figures or a failed run; 2 FAIL.
 */
import { runAccountAreaBench, seedManyAccounts } from './lib/account-area.ts';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100);
const TYPES = ['Savings', 'Current', 'Bond', 'Notice Saver', 'Cash ISA', 'Regular Saver'];

type List = { accounts: Array<{ protection: { status: string } }>; totalBalancePence: number; cap: unknown };

runAccountAreaBench({
  title: 'SavvyPig accounts list benchmark',
  fileName: 'accounts-list.json',
  endpointId: 'accountsList',
  label: 'GET /api/accounts',
  // Every tenth account is at a platform that places the money with one of the banks.
  seed: (fixture) =>
    seedManyAccounts(fixture, {
      path: '/api/accounts',
      accounts: ACCOUNTS,
      bankCount: 60,
      types: TYPES,
      platformEvery: 10,
    }),
  describe: (body) => {
    const list = body as List;
    if (list.accounts?.length !== ACCOUNTS)
      throw new Error(`GET /api/accounts listed ${list.accounts?.length} accounts, not ${ACCOUNTS}`);
    const statuses = new Map<string, number>();
    for (const a of list.accounts) statuses.set(a.protection.status, (statuses.get(a.protection.status) ?? 0) + 1);
    return `the list: ${list.accounts.length} accounts, total ${list.totalBalancePence} pence, protection ${[...statuses].map(([s, n]) => `${s} ${n}`).join(', ')}`;
  },
});
