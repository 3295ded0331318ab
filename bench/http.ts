/**
 * `npm run bench`: requests per second and p50/p99 latency of the production server for
 *   GET /api/health     (no database),
 *   GET /api/health/db  (public, one database round trip),
 *   GET /api/me         (signed in: session lookup + one row-level-security transaction),
 * on PGlite, and on PostgreSQL when DATABASE_URL is set (in a throwaway database created and
 * dropped here), plus cold start and resident memory at idle. See docs/performance.md.
 *
 * Overrides: BENCH_DURATION (s per run, 10), BENCH_WARMUP (s per endpoint, 10), BENCH_RUNS (3),
 * BENCH_CONNECTIONS (50), DB_POOL_MAX (8), BENCH_DATABASES (pglite,postgres),
 * BENCH_CPU_PROF=1 (profile the measured server into bench/results/profiles).
 */
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { signIn, signUp } from './lib/account.ts';
import { Cleanup } from './lib/cleanup.ts';
import {
  databaseVersion,
  measureEndpoints,
  prepareDatabase,
  profileArgs,
  runBenchmark,
  startTracked,
} from './lib/harness.ts';
import { endpoints } from './lib/load.ts';
import { countConnections } from './lib/postgres.ts';
import {
  checkTargets,
  printDatabase,
  printHeader,
  printSummary,
  writeJson,
  type DatabaseResult,
} from './lib/report.ts';
import { ensureServerBundle, readMemory } from './lib/server.ts';
import { loadSettings, type DbKind, type Settings } from './lib/settings.ts';

/** Let the process settle (GC, lazy timers) before reading "idle" memory. */
const IDLE_SETTLE_MS = 2_000;

const cleanup = new Cleanup();

async function main(): Promise<number> {
  const settings = loadSettings();
  ensureServerBundle(settings.repoRoot);
  printHeader(settings);
  const results: DatabaseResult[] = [];
  for (const kind of settings.databases) {
    const result = await benchDatabase(kind, settings);
    printDatabase(result);
    results.push(result);
  }
  printSummary(results);
  console.log(`\nresults written to ${path.relative(process.cwd(), writeJson(settings, results))}`);
  const failed = results.flatMap((r) =>
    r.endpoints.filter((e) => e.failures > 0).map((e) => `${r.kind} ${e.endpoint.label}`),
  );
  if (failed.length) {
    console.error(
      `Some responses failed (non-2xx, errors or timeouts), so these figures are not valid: ${failed.join(', ')}`,
    );
    return 1;
  }
  return 0;
}

async function benchDatabase(kind: DbKind, settings: Settings): Promise<DatabaseResult> {
  console.log(`\n${kind}: starting the server on an empty data folder, signing up, restarting it, warming up`);
  try {
    const serverOptions = await prepareDatabase(kind, settings, cleanup);

    // First start on an empty data folder (migrations run); it also makes the signed-in user.
    const first = await startTracked(serverOptions, cleanup);
    const account = await signUp(first.baseUrl, first.origin);
    await first.stop();

    // The measured server starts on migrated data: its start is the cold start that matters day to day.
    const server = await startTracked({ ...serverOptions, nodeArgs: profileArgs(kind, settings) }, cleanup);
    await sleep(IDLE_SETTLE_MS);
    const idleAfterStart = readMemory(server.pid);
    const serverVersion = await databaseVersion(server);
    const cookie = await signIn(server.baseUrl, server.origin, account);

    const measured = await measureEndpoints(kind, server, endpoints(cookie), settings);

    const serverDbConnections = serverOptions.databaseUrl
      ? await countConnections(settings.databaseUrl!, new URL(serverOptions.databaseUrl).pathname.slice(1))
      : null;
    await sleep(IDLE_SETTLE_MS);
    const afterLoad = readMemory(server.pid);
    await server.stop();

    return {
      kind,
      serverVersion,
      poolMax: settings.poolMax,
      connections: settings.connections,
      serverDbConnections,
      coldStart: { emptyDataMs: first.coldStartMs, migratedMs: server.coldStartMs },
      memory: { idleAfterStartMb: idleAfterStart.rssMb, idleAfterLoadMb: afterLoad.rssMb, peakMb: afterLoad.peakRssMb },
      endpoints: measured,
      ...checkTargets(measured),
      cpuProfileDir: settings.cpuProfile ? path.join(settings.resultsDir, 'profiles') : null,
    };
  } finally {
    await cleanup.runAll();
  }
}

runBenchmark(main, cleanup);
