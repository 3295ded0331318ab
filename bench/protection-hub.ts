/**
 * `npm run bench:protection-hub`: the Protection Hub's route, GET /api/protection (issue 26's
 * heavy pages: "p99 ≤ 50 ms at 20 connections for 100 accounts"), for a user with 100 accounts at
 * 40 banks (about £50,000 each, so many licences hold more than the limit and the picture has
 * alerts), each with a year of transactions; every tenth account at a platform that places the
 * money with one of the banks. A constant number of statements per request (counted with 100
 * accounts and with 1; they must be equal). DATABASE_URL is required. See docs/performance.md.
 *
 * Overrides: BENCH_DURATION (s per run, 10), BENCH_WARMUP (s, 10), BENCH_RUNS (3),
 * BENCH_CONNECTIONS (20), DB_POOL_MAX (8), BENCH_ACCOUNTS (100), BENCH_CPU_PROF=1.
 *
 * Exit code: 0 PASS; 1 invalid figures or a failed run; 2 FAIL.
 */
import { runAccountAreaBench, seedManyAccounts } from './lib/account-area.ts';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100);
const TYPES = ['Savings', 'Easy Access Saver', 'Cash ISA', 'Savings', 'Bond', 'Notice Saver'];

type Picture = {
  badge: string;
  licenceCount: number;
  groups: unknown[];
  alerts: unknown[];
  totals: { totalPence: number; atRiskPence: number };
};

runAccountAreaBench({
  title: 'SavvyPig Protection Hub benchmark',
  fileName: 'protection-hub.json',
  endpointId: 'protectionHub',
  label: 'GET /api/protection',
  seed: (fixture) =>
    seedManyAccounts(fixture, {
      path: '/api/protection',
      accounts: ACCOUNTS,
      bankCount: 40,
      types: TYPES,
      platformEvery: 10,
    }),
  describe: (body) => {
    const picture = body as Picture;
    if (!Array.isArray(picture.groups) || picture.groups.length === 0)
      throw new Error('GET /api/protection showed no licence groups for a user with accounts');
    // Every licence holds more than the limit here (100 accounts of about £50,000 on 30 licences).
    if (picture.alerts.length === 0 || picture.totals.atRiskPence <= 0)
      throw new Error('GET /api/protection showed no money over a limit for a saver with licences over it');
    return `the Hub: ${picture.totals.totalPence} pence in all, ${picture.totals.atRiskPence} at risk, badge ${picture.badge}, ${picture.licenceCount} licences, ${picture.groups.length} groups, ${picture.alerts.length} alerts`;
  },
});
