/**
 * `npm run bench`: requests per second and p50/p99 latency of the production server for
 *   GET /api/health     (no database),
 *   GET /api/health/db  (public, one database round trip),
 *   GET /api/me         (signed in: session lookup + one row-level-security transaction),
 * on PGlite, and on PostgreSQL when DATABASE_URL is set (in a throwaway database created and
 * dropped here), plus cold start and resident memory at idle. See docs/performance.md.
 *
 * Overrides: BENCH_DURATION (s per run, 10), BENCH_WARMUP (s per endpoint, 10), BENCH_RUNS (3),
 * BENCH_CONNECTIONS (50), DB_POOL_MAX (20), BENCH_DATABASES (pglite,postgres),
 * BENCH_CPU_PROF=1 (profile the measured server into bench/results/profiles).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { signIn, signUp } from './lib/account.ts';
import { Cleanup } from './lib/cleanup.ts';
import { checkEndpoint, endpoints, load, summarise, type Endpoint, type EndpointResult, type RunResult } from './lib/load.ts';
import { countConnections, createThrowawayDatabase } from './lib/postgres.ts';
import { checkTargets, printDatabase, printHeader, printProgress, printSummary, writeJson, type DatabaseResult } from './lib/report.ts';
import { ensureServerBundle, readMemory, startServer, type RunningServer, type ServerOptions } from './lib/server.ts';
import { loadSettings, SettingsError, type DbKind, type Settings } from './lib/settings.ts';

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
  const failed = results.flatMap((r) => r.endpoints.filter((e) => e.failures > 0).map((e) => `${r.kind} ${e.endpoint.label}`));
  if (failed.length) {
    console.error(`Some responses failed (non-2xx, errors or timeouts), so these figures are not valid: ${failed.join(', ')}`);
    return 1;
  }
  return 0;
}

async function benchDatabase(kind: DbKind, settings: Settings): Promise<DatabaseResult> {
  console.log(`\n${kind}: starting the server on an empty data folder, signing up, restarting it, warming up`);
  try {
    const serverOptions = await prepareDatabase(kind, settings);

    // First start on an empty data folder (migrations run); it also makes the signed-in user.
    const first = await start(serverOptions);
    const account = await signUp(first.baseUrl, first.origin);
    await first.stop();

    // The measured server starts on migrated data: its start is the cold start that matters day to day.
    const server = await start({ ...serverOptions, nodeArgs: profileArgs(kind, settings) });
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

/** A fresh data folder and, for PostgreSQL, a throwaway database; both undone by the cleanup. */
async function prepareDatabase(kind: DbKind, settings: Settings): Promise<ServerOptions> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `savvypig-bench-${kind}-`));
  cleanup.add(`remove ${dataDir}`, () => fs.rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const database = await createThrowawayDatabase(settings.databaseUrl!);
    cleanup.add(`drop database ${database.name}`, database.drop);
    databaseUrl = database.url;
  }
  return {
    repoRoot: settings.repoRoot,
    dataDir,
    // The same secret for both starts, so the session made on one is valid on the other.
    secret: randomBytes(36).toString('base64url'),
    poolMax: settings.poolMax,
    databaseUrl,
  };
}

async function start(options: ServerOptions): Promise<RunningServer> {
  const server = await startServer(options);
  cleanup.add(`stop server ${server.pid}`, server.stop);
  return server;
}

function profileArgs(kind: DbKind, settings: Settings): string[] {
  if (!settings.cpuProfile) return [];
  const dir = path.join(settings.resultsDir, 'profiles');
  return ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${kind}-${Date.now()}.cpuprofile`];
}

async function databaseVersion(server: RunningServer): Promise<string> {
  const health = (await (await fetch(`${server.baseUrl}/api/health`)).json()) as { database: { version: string } };
  return health.database.version;
}

/**
 * Warms every endpoint up, then measures them in rotation (run 1 of each, run 2 of each, ...)
 * rather than one after another, so slow drift on the machine hits all three alike and the
 * ratio stays fair.
 */
async function measureEndpoints(kind: DbKind, server: RunningServer, list: Endpoint[], settings: Settings): Promise<EndpointResult[]> {
  for (const endpoint of list) {
    await checkEndpoint(server.baseUrl, endpoint);
    if (settings.warmupS > 0) await load(server, endpoint, settings.warmupS, settings.connections);
  }
  const runs = new Map<string, RunResult[]>(list.map((e) => [e.id, []]));
  for (let run = 1; run <= settings.runs; run++) {
    for (const endpoint of list) {
      const result = await load(server, endpoint, settings.durationS, settings.connections);
      runs.get(endpoint.id)!.push(result);
      printProgress(kind, run, settings.runs, result, endpoint.label);
    }
  }
  return list.map((endpoint) => summarise(endpoint, runs.get(endpoint.id)!));
}

// Ctrl-C or a kill still stops our servers and drops the throwaway database.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanup.runAll().finally(() => process.exit(128 + (signal === 'SIGINT' ? 2 : 15)));
  });
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  async (err: unknown) => {
    await cleanup.runAll();
    console.error(err instanceof SettingsError ? `Invalid benchmark setting: ${err.message}` : err);
    process.exitCode = 1;
  },
);
