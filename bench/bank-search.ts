/**
 * `npm run bench:bank-search`: the bank picker's search, GET /api/reference/banks?q=…, on the
 * production server bundle with the real reference data (data/reference/, loaded on the first
 * start), against issue 4's target: p99 under 20 ms at 20 concurrent connections on PostgreSQL.
 * It runs on PostgreSQL (DATABASE_URL required; a throwaway database is created there and
 * dropped), and on PGlite too with BENCH_DATABASES=pglite,postgres. See docs/performance.md.
 *
 * Overrides: BENCH_DURATION (s per run, 10), BENCH_WARMUP (s, 10), BENCH_RUNS (3),
 * BENCH_CONNECTIONS (20), DB_POOL_MAX (8), BENCH_DATABASES (postgres),
 * BENCH_CPU_PROF=1 (profile the measured server into bench/results/profiles).
 *
 * Exit code: 0 PASS; 1 the figures are invalid (a response other than 200, an error, a timeout)
 * or the run failed; 2 FAIL (the target is missed).
 */
import path from 'node:path';
import { Cleanup } from './lib/cleanup.ts';
import {
  databaseVersion,
  measureEndpoints,
  prepareDatabase,
  profileArgs,
  runBenchmark,
  startTracked,
} from './lib/harness.ts';
import { checkEndpoint, pathsOf, type Endpoint, type EndpointResult } from './lib/load.ts';
import { int, LABELS, ms, printHeader, warnIfDisturbed, writeResults } from './lib/report.ts';
import { ensureServerBundle } from './lib/server.ts';
import { loadSettings, type DbKind, type Settings } from './lib/settings.ts';

/** Issue 4: "Bank search ... p99 under 20 ms at 20 concurrent connections on PostgreSQL". */
const TARGET = { p99Ms: 20, connections: 20 } as const;

/**
 * What the bank picker sends while someone types a bank's name, one request per pause of its
 * 300 ms debounce: the list on opening (no text), prefixes of a name as typed, whole names,
 * a few words, a platform's name (left out with excludePlatforms) and a search that matches nothing.
 */
const SEARCHES = [
  '',
  'h',
  'ha',
  'hal',
  'halifax',
  'nat',
  'nationwide',
  'bank of',
  'santander',
  'bm savings',
  'chip',
  'zzz',
] as const;

/** Built as the picker's fetchBanks builds it: no `q` when empty, `excludePlatforms` only when true. */
function searchPath(q: string, excludePlatforms: boolean): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (excludePlatforms) params.set('excludePlatforms', 'true');
  const query = params.toString();
  return query ? `/api/reference/banks?${query}` : '/api/reference/banks';
}

/** Every search as the bank picker sends it (all banks) and as the platform-partner and checker pickers do (no platforms). */
function bankSearch(): Endpoint {
  const mix = SEARCHES.flatMap((q) => [searchPath(q, false), searchPath(q, true)]);
  return {
    id: 'bankSearch',
    label: 'GET /api/reference/banks',
    path: mix[0]!,
    mix,
    work: `${mix.length} searches in turn`,
    headers: {},
  };
}

type SearchResult = { kind: DbKind; serverVersion: string; result: EndpointResult };

const cleanup = new Cleanup();

async function main(): Promise<number> {
  const settings = loadSettings(process.env, { connections: TARGET.connections, postgresOnly: true });
  ensureServerBundle(settings.repoRoot);
  printHeader(settings, 'SavvyPig bank search benchmark');
  const endpoint = bankSearch();
  const results: SearchResult[] = [];
  for (const kind of settings.databases) results.push(await benchDatabase(kind, settings, endpoint));

  console.log(
    `\nSummary (median of ${settings.runs} runs of ${settings.durationS} s, ${settings.connections} connections, ${endpoint.work})`,
  );
  for (const { kind, result } of results) {
    const p99s = result.runs.map((r) => r.p99Ms);
    console.log(
      `${kind} ${endpoint.label}: ${int(result.median.reqPerSec)} req/s p50 ${ms(result.median.p50Ms)} p99 ${ms(result.median.p99Ms)} ` +
        `(runs' p99 ${ms(Math.min(...p99s))}–${ms(Math.max(...p99s))})`,
    );
  }
  console.log(
    `\nresults written to ${path.relative(process.cwd(), writeResults(settings, 'bank-search.json', { target: TARGET, databases: results }))}`,
  );

  const failed = results.filter((r) => r.result.failures > 0);
  if (failed.length) {
    const counts = failed.map((r) => `${r.kind} ${r.result.failures}`).join(', ');
    console.error(
      `INVALID: some responses were not 200 (or failed, or timed out), so these figures mean nothing: ${counts}`,
    );
    return 1;
  }
  return verdict(
    results.find((r) => r.kind === 'postgres'),
    settings,
  );
}

async function benchDatabase(kind: DbKind, settings: Settings, endpoint: Endpoint): Promise<SearchResult> {
  console.log(`\n${kind}: starting the server on an empty data folder (migrations, reference data), warming up`);
  try {
    const serverOptions = await prepareDatabase(kind, settings, cleanup);
    const server = await startTracked({ ...serverOptions, nodeArgs: profileArgs(kind, settings) }, cleanup);
    const serverVersion = await databaseVersion(server);
    printMatches(endpoint, await checkEndpoint(server.baseUrl, endpoint));
    const [result] = await measureEndpoints(kind, server, [endpoint], settings);
    await server.stop();
    console.log(
      `${LABELS[kind]} ${serverVersion}, DB_POOL_MAX ${settings.poolMax}${kind === 'pglite' ? ' (unused: one in-process connection)' : ''}`,
    );
    warnIfDisturbed(result!.runs);
    return { kind, serverVersion, result: result! };
  } finally {
    await cleanup.runAll();
  }
}

/**
 * How many banks each search finds (all / without platforms), so the mix is seen to exercise
 * full pages, short lists and no match; a server without its reference data stops the run.
 */
function printMatches(endpoint: Endpoint, bodies: string[]): void {
  const counts = new Map(
    pathsOf(endpoint).map((p, i) => [p, (JSON.parse(bodies[i]!) as { banks: unknown[] }).banks.length]),
  );
  if (!counts.get(searchPath('', false)))
    throw new Error('The server has no banks: the reference data (data/reference/) did not load');
  const shown = SEARCHES.map(
    (q) => `${q ? `'${q}'` : '(empty)'} ${counts.get(searchPath(q, false))}/${counts.get(searchPath(q, true))}`,
  );
  console.log(`banks found (all / without platforms): ${shown.join(', ')}`);
}

/** PASS or FAIL on the PostgreSQL median p99; the target says nothing about PGlite. */
function verdict(postgres: SearchResult | undefined, settings: Settings): number {
  if (!postgres) {
    console.log(`No PostgreSQL run: the target (p99 < ${TARGET.p99Ms} ms on PostgreSQL) was not checked`);
    return 0;
  }
  const p99 = postgres.result.median.p99Ms;
  const met = p99 < TARGET.p99Ms;
  const note =
    settings.connections === TARGET.connections
      ? ''
      : ` (the target is stated at ${TARGET.connections} connections; this run used ${settings.connections})`;
  console.log(
    `${met ? 'PASS' : 'FAIL'}: bank search p99 ${ms(p99)} ${met ? '<' : '≥'} ${TARGET.p99Ms} ms at ${settings.connections} connections ` +
      `on PostgreSQL ${postgres.serverVersion}${note}`,
  );
  return met ? 0 : 2;
}

runBenchmark(main, cleanup);
