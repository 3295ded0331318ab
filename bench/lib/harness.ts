/**
 * What every HTTP benchmark does around its measurements: a fresh data folder (and throwaway
 * PostgreSQL database) per run, servers stopped and databases dropped however the run ends,
 * warm-up then measured runs, and the exit code.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Cleanup } from './cleanup.ts';
import { checkEndpoint, load, summarise, type Endpoint, type EndpointResult, type RunResult } from './load.ts';
import { createThrowawayDatabase } from './postgres.ts';
import { printProgress } from './report.ts';
import { startServer, type RunningServer, type ServerOptions } from './server.ts';
import { SettingsError, type DbKind, type Settings } from './settings.ts';

/** A fresh data folder and, for PostgreSQL, a throwaway database; both undone by the cleanup. */
export async function prepareDatabase(kind: DbKind, settings: Settings, cleanup: Cleanup): Promise<ServerOptions> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `savvypig-bench-${kind}-`));
  cleanup.add(`remove ${dataDir}`, () => fs.rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const database = await createThrowawayDatabase(settings.databaseUrl!);
    // BENCH_KEEP_DATABASE=1 keeps it to inspect the seeded data afterwards (EXPLAIN ANALYZE).
    if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`keeping database ${database.name}`);
    else cleanup.add(`drop database ${database.name}`, database.drop);
    databaseUrl = database.url;
  }
  return {
    repoRoot: settings.repoRoot,
    dataDir,
    // The same secret for every start on this folder, so a session made on one is valid on the next.
    secret: randomBytes(36).toString('base64url'),
    poolMax: settings.poolMax,
    databaseUrl,
  };
}

/** Starts the server; the cleanup stops it. */
export async function startTracked(options: ServerOptions, cleanup: Cleanup): Promise<RunningServer> {
  const server = await startServer(options);
  cleanup.add(`stop server ${server.pid}`, server.stop);
  return server;
}

/**
 * `--cpu-prof` flags for the measured server when BENCH_CPU_PROF is set: a folder per run, where
 * Node writes one profile per thread (PGlite's worker has its own; one file name for all would
 * keep only the last thread's).
 */
export function profileArgs(kind: DbKind, settings: Settings): string[] {
  if (!settings.cpuProfile) return [];
  const dir = path.join(settings.resultsDir, 'profiles', `${kind}-${Date.now()}`);
  return ['--cpu-prof', `--cpu-prof-dir=${dir}`];
}

export async function databaseVersion(server: RunningServer): Promise<string> {
  const health = (await (await fetch(`${server.baseUrl}/api/health`)).json()) as { database: { version: string } };
  return health.database.version;
}

/**
 * Warms every endpoint up, then measures them in rotation (run 1 of each, run 2 of each, ...)
 * rather than one after another, so slow drift on the machine hits them all alike and their
 * ratio stays fair.
 */
export async function measureEndpoints(
  kind: DbKind,
  server: RunningServer,
  list: Endpoint[],
  settings: Settings,
): Promise<EndpointResult[]> {
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

/**
 * Runs `main` and sets the exit code from its result; a failure, Ctrl-C or a kill still stops
 * our servers and drops the throwaway databases.
 */
export function runBenchmark(main: () => Promise<number>, cleanup: Cleanup): void {
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
}
