/**
 * `npm run bench:smart-pig-route`: Smart Pig's route, GET /api/smart-pig (issue 16: "100
 * accounts: recommendations in under 50 ms on the server"), for a user with 100 accounts at 40
 * banks (about £50,000 each, so many licences are over the limit and there is protection to plan
 * as well as better rates), each with a year of transactions, against the account area's target:
 * p99 ≤ 50 ms at 20 connections on PostgreSQL, with a constant number of statements per request
 * (counted with 100 accounts and with 1; they must be equal). DATABASE_URL is required. See
 * docs/performance.md.
 *
 * Overrides: BENCH_DURATION (s per run, 10), BENCH_WARMUP (s, 10), BENCH_RUNS (3),
 * BENCH_CONNECTIONS (20), DB_POOL_MAX (8), BENCH_ACCOUNTS (100), BENCH_CPU_PROF=1.
 *
 * Exit code: 0 PASS; 1 invalid figures or a failed run; 2 FAIL.
 */
import { runAccountAreaBench, seedManyAccounts } from './lib/account-area.ts';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100);
const TYPES = ['Savings', 'Easy Access Saver', 'Cash ISA', 'Savings', 'Bond', 'Notice Saver'];

type SmartPigAnswer = {
  accounts: unknown[];
  recommendations: Array<{ type: string }>;
  metrics: { unprotectedDepositsPence: number; bankingGroupCount: number };
};

runAccountAreaBench({
  title: 'SavvyPig Smart Pig route benchmark',
  fileName: 'smart-pig-route.json',
  endpointId: 'smartPig',
  label: 'GET /api/smart-pig',
  seed: (fixture) =>
    seedManyAccounts(fixture, { path: '/api/smart-pig', accounts: ACCOUNTS, bankCount: 40, types: TYPES }),
  describe: (body) => {
    const answer = body as SmartPigAnswer;
    if (answer.accounts?.length !== ACCOUNTS)
      throw new Error(`GET /api/smart-pig read ${answer.accounts?.length} accounts, not ${ACCOUNTS}`);
    const kinds = new Map<string, number>();
    for (const r of answer.recommendations) kinds.set(r.type, (kinds.get(r.type) ?? 0) + 1);
    return `Smart Pig: ${answer.accounts.length} accounts at ${answer.metrics.bankingGroupCount} licences, ${answer.metrics.unprotectedDepositsPence} pence unprotected, ${answer.recommendations.length} recommendations (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')})`;
  },
});
