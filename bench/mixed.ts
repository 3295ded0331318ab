/**
 * `npm run bench:mixed`: many savers at once, reading and writing (issue 26: "PostgreSQL mixed load
 * ≥ 1,000 req/s at p99 ≤ 60 ms on this machine, steady run to run"). As many savers as
 * connections (50), each with 20 accounts at different banks and a year of transactions on each,
 * go round a cycle of ten requests: eight reads their screens make (the dashboard, the accounts
 * list, an account's page, who am I, the Protection Hub) and two writes (a transaction added to
 * one of their accounts), so every saver's kept answers go stale twice in ten requests. Besides
 * them, 5,000 users are registered but not at the keyboard, so the tables every request's opening
 * reads have a live service's size (ADR 0084). DATABASE_URL is required. See docs/performance.md.
 *
 * Overrides: BENCH_DURATION (s per run, 10), BENCH_WARMUP (s, 10), BENCH_RUNS (3),
 * BENCH_CONNECTIONS (50, and as many savers), DB_POOL_MAX (8), BENCH_ACCOUNTS (20 per saver),
 * BENCH_OTHER_USERS (5,000; 0 for the fifty savers alone, as before ADR 0084),
 * BENCH_BY_KIND=1 (each kind of request's p50, p99 and max), BENCH_WRITES_ONLY=1 (a cycle of one write),
 * BENCH_STAGGER=1 (saver i starts its cycle at step i, so the requests in flight together are the
 * cycle's mix, not a wave of one step: fifty adds at once, twice a cycle, by default),
 * BENCH_TRACE=<file> (every measured request as "sent done kind", times in ms, to see which
 * requests of a cycle make the tail and when), BENCH_SERVER_ENV (extra environment for the server, e.g. "API_READS_AT_ONCE=0"), BENCH_CPU_PROF=1, BENCH_PG_SAMPLE=1 (what PostgreSQL's backends do during the measured runs:
 * CPU, locks, connections held idle in a transaction; the sampler's own reads cost PostgreSQL a
 * little CPU, so compare figures taken the same way).
 *
 * Exit code: 0 PASS; 1 invalid figures or a failed run; 2 FAIL.
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { formatSummary, startBackendSampler } from './lib/backend-sampler.ts';
import { Cleanup } from './lib/cleanup.ts';
import { cpuShare, cpuSnapshot } from './lib/cpu.ts';
import { databaseVersion, prepareDatabase, profileArgs, runBenchmark, startTracked } from './lib/harness.ts';
import { median, type RunResult, runResultOf } from './lib/load.ts';
import { type Saver, seedMixedSavers } from './lib/mixed-savers.ts';
import { LatencyByKind, kindOfRequest } from './lib/by-kind.ts';
import { cycleOrder } from './lib/cycle-order.ts';
import { int, ms, printHeader, warnIfDisturbed, writeResults } from './lib/report.ts';
import { benchServerEnv, ensureServerBundle, type RunningServer } from './lib/server.ts';
import { loadSettings } from './lib/settings.ts';

export const MIXED_TARGET = { minReqPerSec: 1_000, maxP99Ms: 60, connections: 50 } as const;

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 20);
/** Users registered but not at the keyboard (ADR 0084): the opening's tables at a live service's size. */
const OTHER_USERS = Number(process.env.BENCH_OTHER_USERS ?? 5_000);
/** How often BENCH_PG_SAMPLE=1 reads pg_stat_activity. */
const SAMPLE_MS = 5;

/** What the n-th request of a saver's cycle is: eight reads, two writes. */
type Step = { method: 'GET' | 'POST'; path: (saver: Saver, n: number) => string; body?: (n: number) => string };

const today = () => new Date().toISOString().slice(0, 10);
const accountOf = (saver: Saver, n: number) => saver.accountIds[n % saver.accountIds.length]!;
const addTransaction: Step = {
  method: 'POST',
  path: (saver, n) => `/api/accounts/${accountOf(saver, n)}/transactions`,
  body: (n) =>
    JSON.stringify({
      transactions: [{ type: 'deposit', amountPence: 100 + (n % 900), date: today(), notes: `Mixed load ${n}` }],
    }),
};
/** BENCH_WRITES_ONLY=1: every request a transaction added, to measure what a write costs alone. */
const WRITES_ONLY = process.env.BENCH_WRITES_ONLY === '1';
export const CYCLE: Step[] = WRITES_ONLY
  ? [addTransaction]
  : [
      { method: 'GET', path: () => '/api/dashboard' },
      { method: 'GET', path: () => '/api/accounts' },
      { method: 'GET', path: (saver, n) => `/api/accounts/${accountOf(saver, n)}` },
      addTransaction,
      { method: 'GET', path: () => '/api/me' },
      { method: 'GET', path: () => '/api/dashboard' },
      { method: 'GET', path: () => '/api/protection' },
      { method: 'GET', path: (saver, n) => `/api/accounts/${accountOf(saver, n)}` },
      addTransaction,
      { method: 'GET', path: () => '/api/accounts' },
    ];

/** One measured run: every connection its own saver going round the cycle. */
async function mixedLoad(server: RunningServer, savers: Saver[], durationS: number, connections: number) {
  const before = cpuSnapshot(server.pid);
  // autocannon clears a connection's context after every request when the list holds one entry,
  // so the order is kept here: request g goes to saver g mod N, at step ⌊g / N⌋ of that saver's
  // cycle. Every saver goes round the cycle in turn, and requests in flight together are mostly
  // different savers'.
  let sent = 0;
  const byKind = new LatencyByKind();
  const result = await autocannon({
    url: server.baseUrl,
    connections,
    duration: durationS,
    requests: [
      {
        setupRequest: (request, context) => {
          const order = cycleOrder(sent, savers.length, CYCLE.length, STAGGERED);
          sent += 1;
          const saver = savers[order.saver]!;
          const { n } = order;
          const step = CYCLE[order.step]!;
          context.kind = kindOfRequest(step.method, step.path(saver, n));
          context.sentAt = performance.now();
          return {
            ...request,
            method: step.method,
            path: step.path(saver, n),
            headers: {
              cookie: saver.cookie,
              origin: server.origin,
              ...(step.body ? { 'content-type': 'application/json' } : {}),
            },
            ...(step.body ? { body: step.body(n) } : {}),
          };
        },
        onResponse: (_status, _body, context) => {
          byKind.record(context.kind as string, performance.now() - (context.sentAt as number));
          if (TRACE)
            trace.push(`${(context.sentAt as number).toFixed(2)} ${performance.now().toFixed(2)} ${context.kind}`);
        },
      },
    ],
  });
  const run = runResultOf(result, cpuShare(before, cpuSnapshot(server.pid)), [200, 201]);
  const statuses = new Map(
    Object.entries(result.statusCodeStats).map(([status, { count }]) => [Number(status), count]),
  );
  return { run, statuses, byKind: byKind.summary() };
}

/** BENCH_STAGGER=1 (lib/cycle-order.ts); the figures in docs/performance.md are lockstep unless they say staggered. */
const STAGGERED = process.env.BENCH_STAGGER === '1';
/** BENCH_TRACE: the measured runs' requests, one line each. */
const TRACE = process.env.BENCH_TRACE;
const trace: string[] = [];
const cleanup = new Cleanup();
runBenchmark(async () => {
  const settings = loadSettings(process.env, { connections: MIXED_TARGET.connections, postgresOnly: true });
  ensureServerBundle(settings.repoRoot);
  printHeader(settings, 'SavvyPig mixed read/write benchmark');
  try {
    const options = await prepareDatabase('postgres', settings, cleanup);
    const savers = await seedMixedSavers(options, cleanup, settings.connections, ACCOUNTS, OTHER_USERS);
    const server = await startTracked(
      { ...options, nodeArgs: profileArgs('postgres', settings), env: benchServerEnv() },
      cleanup,
    );
    const serverVersion = await databaseVersion(server);
    console.log(
      `${savers.length} savers, ${ACCOUNTS} accounts each with 60 transactions, among ${int(savers.length + OTHER_USERS)} registered users; requests spread over the savers in turn, ` +
        `a cycle of ${CYCLE.length} requests: ${CYCLE.filter((s) => s.method === 'GET').length} reads, ${CYCLE.filter((s) => s.method === 'POST').length} writes`,
    );
    if (settings.warmupS > 0) await mixedLoad(server, savers, settings.warmupS, settings.connections);
    trace.length = 0;
    const runs: RunResult[] = [];
    const seen = new Map<number, number>();
    // BENCH_PG_SAMPLE=1: what PostgreSQL's backends do during the measured runs (backend-sampler.ts).
    const sampler =
      process.env.BENCH_PG_SAMPLE === '1'
        ? await startBackendSampler(options.databaseUrl!, new URL(options.databaseUrl!).pathname.slice(1), SAMPLE_MS)
        : undefined;
    for (let run = 1; run <= settings.runs; run++) {
      const {
        run: result,
        statuses,
        byKind,
      } = await mixedLoad(server, savers, settings.durationS, settings.connections);
      for (const [status, count] of statuses) seen.set(status, (seen.get(status) ?? 0) + count);
      runs.push(result);
      const cpu = result.cpu;
      console.log(
        `postgres run ${run}/${settings.runs}: ${int(result.reqPerSec)} req/s p50 ${ms(result.p50Ms)} p99 ${ms(result.p99Ms)} max ${ms(result.maxMs)} ` +
          `CPU% srv/pg/load/other ${int(cpu.server)}/${int(cpu.postgres)}/${int(cpu.loadGenerator)}/${int(cpu.other)}`,
      );
      if (process.env.BENCH_BY_KIND === '1') console.log(`    by kind: ${byKind}`);
    }
    if (TRACE) fs.writeFileSync(TRACE, `${trace.join('\n')}\n`);
    const sampled = await sampler?.stop();
    await server.stop();
    if (sampled) for (const line of formatSummary(sampled, SAMPLE_MS)) console.log(line);
    warnIfDisturbed(runs);
    const reqPerSec = median(runs.map((r) => r.reqPerSec));
    const p99 = median(runs.map((r) => r.p99Ms));
    const failures = runs.reduce((n, r) => n + r.non200 + r.errors + r.timeouts, 0);
    console.log(
      `\nSummary (median of ${settings.runs} runs of ${settings.durationS} s, ${settings.connections} connections)\n` +
        `postgres mixed: ${int(reqPerSec)} req/s p50 ${ms(median(runs.map((r) => r.p50Ms)))} p99 ${ms(p99)} ` +
        `(runs' req/s ${runs.map((r) => int(r.reqPerSec)).join(' / ')}, p99 ${runs.map((r) => ms(r.p99Ms)).join(' / ')}); ` +
        `statuses ${[...seen].map(([s, n]) => `${s}×${int(n)}`).join(', ')}`,
    );
    const resultsName = WRITES_ONLY ? 'mixed-writes-only.json' : STAGGERED ? 'mixed-staggered.json' : 'mixed.json';
    const file = writeResults(settings, resultsName, {
      target: MIXED_TARGET,
      staggered: STAGGERED,
      serverVersion,
      otherUsers: OTHER_USERS,
      runs,
    });
    console.log(`results written to ${path.relative(process.cwd(), file)}`);
    if (failures > 0) {
      console.error(`INVALID: ${failures} responses failed, timed out or were not 200/201`);
      return 1;
    }
    if (WRITES_ONLY) {
      console.log("writes only (BENCH_WRITES_ONLY=1): not the issue's mix, so no verdict");
      return 0;
    }
    const met = reqPerSec >= MIXED_TARGET.minReqPerSec && p99 <= MIXED_TARGET.maxP99Ms;
    console.log(
      `${met ? 'PASS' : 'FAIL'}${STAGGERED ? ' (staggered, BENCH_STAGGER=1: the goal is read in lockstep)' : ''}: ${int(reqPerSec)} req/s (target ≥ ${int(MIXED_TARGET.minReqPerSec)}), p99 ${ms(p99)} ` +
        `(target ≤ ${MIXED_TARGET.maxP99Ms} ms) at ${settings.connections} connections on PostgreSQL ${serverVersion}`,
    );
    return met ? 0 : 2;
  } finally {
    await cleanup.runAll();
  }
}, cleanup);
