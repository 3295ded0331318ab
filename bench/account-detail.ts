/**
 * `npm run bench:account-detail`: the account page's API, GET /api/accounts/{id}, for an account
 * with 10,000 transactions over five years, against issue 5's target: p99 ≤ 50 ms at 20
 * connections on PostgreSQL, with a constant number of statements per request (counted for that
 * account and for an empty one; they must be equal). DATABASE_URL is required: a throwaway
 * database is created there and dropped. See docs/performance.md.
 *
 * Overrides: BENCH_DURATION (s per run, 10), BENCH_WARMUP (s, 10), BENCH_RUNS (3),
 * BENCH_CONNECTIONS (20), DB_POOL_MAX (8), BENCH_TRANSACTIONS (10000), BENCH_CPU_PROF=1 (profile the
 * measured server into bench/results/profiles).
 *
 * Exit code: 0 PASS; 1 invalid figures or a failed run; 2 FAIL.
 */
import { insertAccounts, insertTransactions, runAccountAreaBench, someBankIds } from './lib/account-area.ts';

const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 10_000);

type Detail = {
  account: { name: string; balancePence: number; protection: { status: string } };
  monthly: unknown[];
  typeTotals: Array<{ count: number }>;
  transactions: { items: unknown[]; nextCursor: string | null };
};

runAccountAreaBench({
  title: 'SavvyPig account page benchmark',
  fileName: 'account-detail.json',
  endpointId: 'accountDetail',
  label: 'GET /api/accounts/{id}',
  seed: async ({ client, user }) => {
    const [bank] = await someBankIds(client, 1);
    const [busy, empty] = await insertAccounts(client, user.userId, [
      { name: 'Everyday saver', bank: bank?.bankName, bankId: bank?.id },
      { name: 'Empty saver', bank: bank?.bankName, bankId: bank?.id },
    ]);
    await insertTransactions(client, user.userId, busy!, TRANSACTIONS);
    return {
      path: `/api/accounts/${busy}`,
      work: `an account with ${TRANSACTIONS.toLocaleString('en-GB')} transactions`,
      countPaths: [
        { path: `/api/accounts/${busy}`, what: `${TRANSACTIONS.toLocaleString('en-GB')} transactions` },
        { path: `/api/accounts/${empty}`, what: 'no transactions' },
      ],
    };
  },
  describe: (body) => {
    const detail = body as Detail;
    const count = detail.typeTotals.reduce((a, t) => a + t.count, 0);
    if (
      count !== TRANSACTIONS ||
      detail.transactions.items.length !== 50 ||
      !detail.transactions.nextCursor ||
      detail.monthly.length !== 12
    ) {
      throw new Error(
        `The account page answered the wrong shape: ${count} transactions counted, ${detail.transactions.items.length} listed, ${detail.monthly.length} months`,
      );
    }
    return `the account: '${detail.account.name}', balance ${detail.account.balancePence} pence, ${count} transactions counted, 50 listed with a cursor, 12 months, protection ${detail.account.protection.status}`;
  },
});
