/**
 * `npm run bench:pglite-load`: the embedded default (PGlite) under a mixed signed-in load through
 * the real API of the production bundle, against issue 26's target: at 50 connections p99 ≤ 150 ms,
 * max ≤ 1 s and no timeouts, in every one of three runs.
 *
 * One saver with 10 accounts of 200 transactions each (written into the data folder while the
 * server is stopped, the e-mail marked verified there too). Every connection sends, in turn,
 * writes (POST /api/accounts/{id}/transactions, one deposit) and reads (GET /api/me, the accounts
 * list, the dashboard, an account page, a page of transactions), so each write makes the next
 * reads of the kept answers compute afresh. BENCH_WRITE_SHARE sets the writes' share (0.5).
 *
 * Besides req/s and latency, each run prints its stalls: seconds in which no response completed,
 * and the longest gap between two responses; and the CPU of PGlite's thread a request (the busiest
 * thread but the main one), the figure a change to PGlite's side moves even on a busy machine.
 * BENCH_BY_KIND=1 prints each kind of request's p50, p99 and max; BENCH_STATEMENTS=1 prints the
 * statements that took most of PGlite's thread and how its turns divide between statements
 * running and waits for the server's thread; BENCH_TRACE=1 prints, once a second, the data
 * folder's size and its WAL's (pg_wal), to see a checkpoint or a WAL segment come and go;
 * BENCH_LOOP_PROBE=1 has the server write its event loop's delay and GC pauses once a second
 * (bench/lib/loop-probe.ts) to bench/results/pglite-load-loop.txt.
 *
 * Overrides: BENCH_DURATION (s per run, 10), BENCH_WARMUP (s, 5), BENCH_RUNS (3),
 * BENCH_CONNECTIONS (50), BENCH_WRITE_SHARE (0.5), BENCH_CPU_PROF=1, BENCH_NODE_ARGS (extra
 * flags for the server, e.g. "--trace-gc"), BENCH_SERVER_ENV (extra environment, "A=1 B=2").
 *
 * Exit code: 0 PASS; 1 a failed run or invalid figures; 2 FAIL.
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon, { type RequestParams } from 'autocannon';
import { signIn, signUp } from './lib/account.ts';
import { Cleanup } from './lib/cleanup.ts';
import { busiestOtherThreadPct, cpuShare, cpuSnapshot, threadTicks } from './lib/cpu.ts';
import { prepareDatabase, profileArgs, runBenchmark, startTracked } from './lib/harness.ts';
import { LatencyByKind, kindOfRequest } from './lib/by-kind.ts';
import { int, ms, printHeader, writeResults } from './lib/report.ts';
import { benchServerEnv, ensureServerBundle, readMemory, type RunningServer } from './lib/server.ts';
import { loadSettings } from './lib/settings.ts';
import { printStatements } from './lib/statement-report.ts';

const TARGET = { p99Ms: 150, maxMs: 1_000, timeouts: 0 } as const;
const ACCOUNTS = 10;
const TRANSACTIONS_EACH = 200;
/** autocannon's own default: a request unanswered for this long counts as a timeout. */
const TIMEOUT_S = 10;

type Run = {
  /** Per kind of request: how many answered, their p50, p99 and max (ms), slowest p99 first. */
  byKind: string;
  reqPerSec: number;
  writesPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  timeouts: number;
  errors: number;
  failed: number;
  stallSeconds: number;
  longestGapMs: number;
  serverCpuPct: number;
  serverUsPerRequest: number;
  /** PGlite's thread: the one every request waits its turn for. */
  pgliteThreadPct: number;
  pgliteThreadUsPerRequest: number;
  other: number;
};

const cleanup = new Cleanup();

async function main(): Promise<number> {
  const settings = loadSettings({ ...process.env, BENCH_DATABASES: 'pglite', DATABASE_URL: '' });
  const warmupS = Number(process.env.BENCH_WARMUP ?? 5);
  const writeShare = Number(process.env.BENCH_WRITE_SHARE ?? 0.5);
  if (!(writeShare >= 0 && writeShare <= 1)) throw new Error('BENCH_WRITE_SHARE: expected a number from 0 to 1');
  ensureServerBundle(settings.repoRoot);
  printHeader({ ...settings, warmupS }, 'SavvyPig PGlite mixed-load benchmark');
  console.log(
    `one saver, ${ACCOUNTS} accounts × ${TRANSACTIONS_EACH} transactions; ${Math.round(writeShare * 100)}% writes ` +
      `(one deposit each), the rest reads (me, accounts list, dashboard, account page, transactions page)`,
  );

  const serverOptions = await prepareDatabase('pglite', settings, cleanup);
  const first = await startTracked(serverOptions, cleanup);
  const account = await signUp(first.baseUrl, first.origin);
  await first.stop();
  await seed(path.join(serverOptions.dataDir, 'pglite'), account.email);

  const extraEnv = benchServerEnv();
  /** A results file the server writes when the variable is 1 (the server is told where by `serverVariable`). */
  const serverFile = (variable: string, name: string, serverVariable: string) => {
    const file = path.join(settings.resultsDir, name);
    if (process.env[variable] !== '1') return null;
    fs.mkdirSync(settings.resultsDir, { recursive: true });
    fs.rmSync(file, { force: true });
    extraEnv[serverVariable] = file;
    return file;
  };
  const probeFile = serverFile('BENCH_LOOP_PROBE', 'pglite-load-loop.txt', 'LOOP_PROBE_FILE');
  const statementsFile = serverFile('BENCH_STATEMENTS', 'pglite-load-statements.json', 'PGLITE_STATEMENT_STATS');
  const nodeArgs = [
    ...(probeFile ? ['--import', path.join(import.meta.dirname, 'lib', 'loop-probe.ts')] : []),
    ...profileArgs('pglite', settings),
    ...(process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean),
  ];
  const server = await startTracked({ ...serverOptions, nodeArgs, env: extraEnv }, cleanup);
  const cookie = await signIn(server.baseUrl, server.origin, account);
  const mix = await requestMix(server, cookie, writeShare);
  const trace = process.env.BENCH_TRACE === '1' ? traceFolder(path.join(serverOptions.dataDir, 'pglite')) : null;

  if (warmupS > 0) await measure(server, mix, warmupS, settings.connections);
  const runs: Run[] = [];
  for (let i = 1; i <= settings.runs; i++) {
    const run = await measure(server, mix, settings.durationS, settings.connections);
    runs.push(run);
    console.log(
      `  run ${i}/${settings.runs}: ${int(run.reqPerSec)} req/s (${int(run.writesPerSec)} writes/s) p50 ${ms(run.p50Ms)} ` +
        `p99 ${ms(run.p99Ms)} max ${ms(run.maxMs)}; timeouts ${run.timeouts}, failed ${run.failed}; ` +
        `stalls ${run.stallSeconds} s, longest gap ${ms(run.longestGapMs)}; ` +
        `server CPU ${run.serverCpuPct}% (${int(run.serverUsPerRequest)} µs/request; PGlite's thread ${run.pgliteThreadPct}%, ` +
        `${int(run.pgliteThreadUsPerRequest)} µs/request), other ${run.other}% (steal included)`,
    );
    if (process.env.BENCH_BY_KIND === '1') console.log(`    by kind: ${run.byKind}`);
  }
  trace?.stop();
  const memory = readMemory(server.pid);
  await server.stop();
  console.log(`server memory: ${memory.rssMb} MB resident at the end, peak ${memory.peakRssMb} MB`);
  if (trace) trace.print();
  if (statementsFile) printStatements(statementsFile);
  if (probeFile) console.log(`event loop and GC, once a second: ${path.relative(process.cwd(), probeFile)}`);

  const failedRuns = runs.filter((r) => r.errors > 0 || r.failed > 0);
  const misses = runs.flatMap((r, i) => {
    const why: string[] = [];
    if (r.p99Ms > TARGET.p99Ms) why.push(`p99 ${ms(r.p99Ms)} > ${TARGET.p99Ms} ms`);
    if (r.maxMs > TARGET.maxMs) why.push(`max ${ms(r.maxMs)} > ${TARGET.maxMs} ms`);
    if (r.timeouts > TARGET.timeouts) why.push(`${r.timeouts} timeouts`);
    return why.length ? [`run ${i + 1}: ${why.join(', ')}`] : [];
  });
  const file = writeResults(settings, 'pglite-load.json', { writeShare, warmupS, target: TARGET, runs });
  console.log(`results written to ${path.relative(process.cwd(), file)}`);
  if (failedRuns.length) {
    console.error('Some responses failed (not 2xx, or errors): the figures are not valid');
    return 1;
  }
  console.log(
    misses.length
      ? `FAIL (target: every run p99 ≤ ${TARGET.p99Ms} ms, max ≤ ${TARGET.maxMs} ms, no timeouts): ${misses.join('; ')}`
      : `PASS: every run p99 ≤ ${TARGET.p99Ms} ms, max ≤ ${TARGET.maxMs} ms, no timeouts`,
  );
  return misses.length ? 2 : 0;
}

/** Marks the saver's e-mail verified and writes the accounts and transactions, the server stopped. */
async function seed(pgliteDir: string, email: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: pgliteDir });
  try {
    const user = await db.query<{ id: string }>(
      `update "user" set email_verified = true where email = $1 returning id`,
      [email],
    );
    const userId = user.rows[0]?.id;
    if (!userId) throw new Error(`No user ${email} in the data folder`);
    for (let i = 0; i < ACCOUNTS; i++) {
      const { rows } = await db.query<{ id: string }>(
        `insert into accounts (user_id, name, account_number, account_type, interest_rate_bps)
         values ($1, $2, $3, 'Savings', 150) returning id`,
        [userId, `Saver ${i}`, String(10_000_000 + i)],
      );
      await db.query(
        `insert into transactions (account_id, user_id, amount_pence, date, type, notes)
         select $1::uuid, $2::text, 5000000, current_date - 800, 'opening_balance', 'Opening balance'
         union all
         select $1::uuid, $2::text, (g * 104729) % 30000 + 100, current_date - 800 + g * 3, 'deposit', 'Payment ' || g
         from generate_series(1, $3::int - 1) g`,
        [rows[0]!.id, userId, TRANSACTIONS_EACH],
      );
    }
  } finally {
    await db.close();
  }
}

/** The requests every connection sends in turn: a write every 1/share requests, reads between. */
async function requestMix(server: RunningServer, cookie: string, writeShare: number): Promise<RequestParams[]> {
  const res = await fetch(`${server.baseUrl}/api/accounts`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`GET /api/accounts answered ${res.status}`);
  const body = (await res.json()) as { accounts?: Array<{ id: string }>; items?: Array<{ id: string }> };
  const ids = (body.accounts ?? body.items ?? []).map((a) => a.id);
  if (ids.length !== ACCOUNTS) throw new Error(`Expected ${ACCOUNTS} accounts, the list has ${ids.length}`);
  const get = (p: string): RequestParams => ({ method: 'GET', path: p, headers: { cookie } });
  const reads = ids.flatMap((id) => [
    get('/api/me'),
    get('/api/accounts'),
    get('/api/dashboard'),
    get(`/api/accounts/${id}`),
    get(`/api/accounts/${id}/transactions?limit=20`),
  ]);
  const today = new Date().toISOString().slice(0, 10);
  const writes = ids.map(
    (id, i): RequestParams => ({
      method: 'POST',
      path: `/api/accounts/${id}/transactions`,
      headers: { cookie, origin: server.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ transactions: [{ type: 'deposit', amountPence: 100 + i, date: today, notes: 'Bench' }] }),
    }),
  );
  const mix: RequestParams[] = [];
  let w = 0;
  let owed = 0;
  for (const read of reads) {
    owed += writeShare / (1 - writeShare || 1);
    for (; owed >= 1; owed--) mix.push(writes[w++ % writes.length]!);
    if (writeShare < 1) mix.push(read);
  }
  for (const request of mix) {
    const check = await fetch(`${server.baseUrl}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body as string | undefined,
    });
    const text = await check.text();
    if (check.status >= 300) throw new Error(`${request.method} ${request.path} answered ${check.status}: ${text}`);
  }
  return mix;
}

async function measure(
  server: RunningServer,
  mix: RequestParams[],
  durationS: number,
  connections: number,
): Promise<Run> {
  let next = 0;
  let writes = 0;
  let lastAt = performance.now();
  let longestGapMs = 0;
  const started = lastAt;
  const byKind = new LatencyByKind();
  const perSecond = new Array<number>(Math.ceil(durationS) + TIMEOUT_S + 2).fill(0);
  const before = cpuSnapshot(server.pid);
  const threadsBefore = threadTicks(server.pid);
  const result = await autocannon({
    url: server.baseUrl,
    connections,
    duration: durationS,
    timeout: TIMEOUT_S,
    requests: [
      {
        setupRequest: (request, context) => {
          const chosen = mix[next]!;
          next = (next + 1) % mix.length;
          if (chosen.method === 'POST') writes++;
          context.kind = kindOfRequest(chosen.method ?? 'GET', chosen.path ?? '/');
          context.sentAt = performance.now();
          return { ...request, ...chosen };
        },
        onResponse: (_status, _body, context) => {
          const now = performance.now();
          byKind.record(context.kind as string, now - (context.sentAt as number));
          longestGapMs = Math.max(longestGapMs, now - lastAt);
          lastAt = now;
          const second = Math.floor((now - started) / 1000);
          if (second < perSecond.length) perSecond[second]!++;
        },
      },
    ],
  });
  const after = cpuSnapshot(server.pid);
  const cpu = cpuShare(before, after);
  const pglitePct = busiestOtherThreadPct(
    server.pid,
    threadsBefore,
    threadTicks(server.pid),
    (after.at - before.at) / 1000,
  );
  const reqPerSec = result.requests.total / result.duration;
  const measuredSeconds = perSecond.slice(0, Math.floor(result.duration));
  return {
    byKind: byKind.summary(),
    reqPerSec: Math.round(reqPerSec),
    writesPerSec: Math.round(writes / result.duration),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    timeouts: result.timeouts,
    errors: result.errors - result.timeouts,
    failed: Object.entries(result.statusCodeStats).reduce(
      (n, [status, { count }]) => (status.startsWith('2') ? n : n + count),
      0,
    ),
    stallSeconds: measuredSeconds.filter((n) => n === 0).length,
    longestGapMs: Math.round(longestGapMs),
    serverCpuPct: cpu.server,
    serverUsPerRequest: reqPerSec > 0 ? ((cpu.server / 100) * 1_000_000) / reqPerSec : 0,
    pgliteThreadPct: pglitePct,
    pgliteThreadUsPerRequest: reqPerSec > 0 ? ((pglitePct / 100) * 1_000_000) / reqPerSec : 0,
    other: cpu.other,
  };
}

/** The data folder's and its WAL's size once a second (BENCH_TRACE=1). */
function traceFolder(dir: string) {
  const samples: string[] = [];
  const started = performance.now();
  const timer = setInterval(() => {
    const t = ((performance.now() - started) / 1000).toFixed(0).padStart(4);
    samples.push(`${t} s  folder ${mb(sizeOf(dir))}  pg_wal ${mb(sizeOf(path.join(dir, 'pg_wal')))}`);
  }, 1_000);
  return {
    stop: () => clearInterval(timer),
    print: () => console.log(`data folder over time:\n${samples.join('\n')}`),
  };
}

function sizeOf(p: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(p, { withFileTypes: true })) {
    const full = path.join(p, entry.name);
    total += entry.isDirectory() ? sizeOf(full) : (fs.statSync(full, { throwIfNoEntry: false })?.size ?? 0);
  }
  return total;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

// The temporary data folder goes however the run ends (runBenchmark cleans up only after a failure).
runBenchmark(() => main().finally(() => cleanup.runAll()), cleanup);
