import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { serverNodeFlags } from '../../scripts/server-node-flags.ts';

export type ServerOptions = {
  repoRoot: string;
  dataDir: string;
  secret: string;
  poolMax: number;
  databaseUrl?: string;
  /** Extra node flags for the server process, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  /** Environment over the defaults below, e.g. `{ JOBS_ENABLED: 'true' }`. */
  env?: Record<string, string>;
};

export type RunningServer = {
  pid: number;
  port: number;
  /** What browsers send as Origin; better-auth rejects other origins on POST. */
  origin: string;
  baseUrl: string;
  /** Milliseconds from spawn to the first 200 from /api/health. */
  coldStartMs: number;
  /** Null while it runs; its exit code or signal once it has exited. */
  exitStatus: () => string | null;
  /** Its last lines of output (stdout and stderr). */
  recentOutput: () => string;
  stop: () => Promise<void>;
};

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const LOG_LINES_KEPT = 40;

/**
 * The benchmark measures the production bundle. Rebuild it (server only: the API does not need
 * the web app in dist/) when it is missing or older than the server's sources, so a benchmark
 * never silently measures yesterday's code.
 */
export function ensureServerBundle(repoRoot: string): void {
  const bundle = path.join(repoRoot, 'dist-server', 'index.js');
  const sources = [
    path.join(repoRoot, 'src', 'server'),
    path.join(repoRoot, 'drizzle'),
    path.join(repoRoot, 'rolldown.server.config.ts'),
  ];
  const bundleTime = fs.existsSync(bundle) ? fs.statSync(bundle).mtimeMs : 0;
  if (bundleTime > newestMtime(sources)) return;
  console.log(
    bundleTime ? 'dist-server/index.js is older than src/server: rebuilding it' : 'Building dist-server/index.js',
  );
  const cli = path.join(repoRoot, 'node_modules', 'rolldown', 'bin', 'cli.mjs');
  const result = spawnSync(process.execPath, [cli, '-c', 'rolldown.server.config.ts'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The server bundle failed to build (rolldown -c rolldown.server.config.ts)');
}

/** Newest modification time under the given files and folders (0 when none exists). */
export function newestMtime(paths: string[]): number {
  let newest = 0;
  for (const p of paths) {
    if (!fs.existsSync(p)) continue;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      const children = fs.readdirSync(p).map((name) => path.join(p, name));
      newest = Math.max(newest, newestMtime(children));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  }
  return newest;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Spawns `node dist-server/index.js` with production's flags (`npm start`'s) on Node 24 (this process's binary) and waits until /api/health answers 200. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...serverNodeFlags(), ...(options.nodeArgs ?? []), path.join('dist-server', 'index.js')],
    {
      cwd: options.repoRoot,
      env: serverEnv(options, port, origin),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  if (child.pid === undefined) throw new Error('Could not spawn the server');
  const pid = child.pid;
  const log = captureOutput(child);
  const stop = () => stopProcess(child);
  try {
    await waitForHealth(child, baseUrl, log);
  } catch (err) {
    await stop();
    throw err;
  }
  const exitStatus = () => (child.exitCode ?? child.signalCode)?.toString() ?? null;
  return {
    pid,
    port,
    origin,
    baseUrl,
    coldStartMs: Math.round(performance.now() - started),
    exitStatus,
    recentOutput: () => log.join('\n'),
    stop,
  };
}

/** BENCH_SERVER_ENV's extra environment for the measured server ("A=1 B=2"). */
export function benchServerEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return Object.fromEntries(
    (env.BENCH_SERVER_ENV ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
}

/**
 * Only what the server needs, so the parent's DATABASE_URL, PUBLIC_URL and friends never leak
 * into a run they do not belong to.
 */
function serverEnv(options: ServerOptions, port: number, origin: string): NodeJS.ProcessEnv {
  const passThrough = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'].filter((k) => process.env[k] !== undefined);
  return {
    ...Object.fromEntries(passThrough.map((k) => [k, process.env[k]])),
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: options.dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    JOBS_ENABLED: 'false',
    BETTER_AUTH_SECRET: options.secret,
    DB_POOL_MAX: String(options.poolMax),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
}

/** Keeps the server's last lines of output to explain a failed start. */
function captureOutput(child: ChildProcess): string[] {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - LOG_LINES_KEPT));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return lines;
}

async function waitForHealth(child: ChildProcess, baseUrl: string, log: string[]): Promise<void> {
  const deadline = performance.now() + START_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited during start (${child.exitCode ?? child.signalCode}):\n${log.join('\n')}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(1_000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    // A short poll interval: it bounds the error of the cold-start figure.
    await sleep(5);
  }
  throw new Error(`The server did not answer /api/health within ${START_TIMEOUT_MS / 1000} s:\n${log.join('\n')}`);
}

/** SIGTERM (graceful: PGlite flushes, a CPU profile is written), then SIGKILL if it hangs. Only ever our own child. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

export type Memory = { rssMb: number; peakRssMb: number };

/** VmRSS (resident now) and VmHWM (peak resident) from /proc/<pid>/status, in MB. */
export function readMemory(pid: number): Memory {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: round1(kb('VmRSS') / 1024), peakRssMb: round1(kb('VmHWM') / 1024) };
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}
