import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type CpuShare, loopMsPer1e8 } from './cpu.ts';
import type { EndpointId, EndpointResult, RunResult } from './load.ts';
import { TARGETS, type DbKind, type Settings } from './settings.ts';

export type TargetCheck = {
  label: string;
  unit: 'ratio' | 'req/s' | 'ms';
  value: number;
  target: number;
  met: boolean;
};

export type DatabaseResult = {
  kind: DbKind;
  serverVersion: string;
  /** DB_POOL_MAX given to the server; PGlite has one in-process connection whatever it says. */
  poolMax: number;
  connections: number;
  /** Connections the server held to PostgreSQL after the load (pool + LISTEN). */
  serverDbConnections: number | null;
  coldStart: { emptyDataMs: number; migratedMs: number };
  memory: { idleAfterStartMb: number; idleAfterLoadMb: number; peakMb: number };
  endpoints: EndpointResult[];
  /** Authenticated req/s over one-round-trip req/s. */
  ratio: number;
  /** The targets; they are stated for PostgreSQL at 50 connections. */
  targets: TargetCheck[];
  cpuProfileDir: string | null;
};

export const LABELS: Record<DbKind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

export function byId(result: Pick<DatabaseResult, 'endpoints'>, id: EndpointId): EndpointResult {
  const found = result.endpoints.find((e) => e.endpoint.id === id);
  if (!found) throw new Error(`no result for ${id}`);
  return found;
}

export function checkTargets(endpoints: EndpointResult[]): { ratio: number; targets: TargetCheck[] } {
  const me = byId({ endpoints }, 'me').median;
  const oneTrip = byId({ endpoints }, 'healthDb').median;
  const ratio = me.reqPerSec / oneTrip.reqPerSec;
  return {
    ratio,
    targets: [
      {
        label: 'authenticated / one round trip',
        unit: 'ratio',
        value: ratio,
        target: TARGETS.minRatio,
        met: ratio >= TARGETS.minRatio,
      },
      {
        label: 'authenticated',
        unit: 'req/s',
        value: me.reqPerSec,
        target: TARGETS.minAuthReqPerSec,
        met: me.reqPerSec >= TARGETS.minAuthReqPerSec,
      },
      {
        label: 'authenticated p99',
        unit: 'ms',
        value: me.p99Ms,
        target: TARGETS.maxAuthP99Ms,
        met: me.p99Ms <= TARGETS.maxAuthP99Ms,
      },
    ],
  };
}

export const int = (n: number) => Math.round(n).toLocaleString('en-GB');
// One decimal, rounded down: a ratio of 39.96% must not print as a met 40%.
const pct = (n: number) => `${(Math.floor(n * 1000) / 10).toFixed(1)}%`;
export const ms = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(1)} ms`;
const cpu = (c: CpuShare) => `${c.server}/${c.postgres}/${c.loadGenerator}/${c.other}`;

/** CPU (% of one core) used by processes that are not part of the benchmark, above which a run is flagged as disturbed. */
const OTHER_CPU_WARNING = 15;

export function printHeader(settings: Settings, title = 'SavvyPig HTTP benchmark'): void {
  const cpu = os.cpus();
  console.log(
    `${title} — Node ${process.version}, ${cpu.length} CPU (${cpu[0]?.model.trim() ?? 'unknown'}); ` +
      `server, database and load generator share them`,
  );
  console.log(
    `${settings.connections} connections, DB_POOL_MAX ${settings.poolMax}; per endpoint ${settings.warmupS} s warm-up, ` +
      `then ${settings.runs} × ${settings.durationS} s runs (median reported)`,
  );
  console.log(`this machine's speed: 10⁸ steps of a plain loop in ${loopMsPer1e8()} ms (lower is faster)`);
}

export function printProgress(kind: DbKind, run: number, runs: number, result: RunResult, label: string): void {
  const failed = result.non200 + result.errors + result.timeouts;
  const { server, postgres, loadGenerator, other } = result.cpu;
  console.log(
    `  ${kind} run ${run}/${runs} ${label}: ${int(result.reqPerSec)} req/s p50 ${ms(result.p50Ms)} p99 ${ms(result.p99Ms)}; ` +
      `CPU server ${server}% postgres ${postgres}% load ${loadGenerator}% other ${other}%` +
      (failed ? `  (${failed} failed)` : '') +
      (other >= OTHER_CPU_WARNING ? '  (disturbed: something else was using the CPU)' : ''),
  );
}

/** The per-database table, cold start and memory. */
export function printDatabase(result: DatabaseResult): void {
  const name = LABELS[result.kind];
  const pool =
    result.kind === 'pglite'
      ? `DB_POOL_MAX ${result.poolMax} (unused: one in-process connection)`
      : `DB_POOL_MAX ${result.poolMax}`;
  const held =
    result.serverDbConnections === null ? '' : `, server held ${result.serverDbConnections} database connections`;
  console.log(`\n${name} ${result.serverVersion} — ${result.connections} HTTP connections, ${pool}${held}`);
  const rows = result.endpoints.map((e) => [
    e.endpoint.label,
    e.endpoint.work,
    int(e.median.reqPerSec),
    ms(e.median.p50Ms),
    ms(e.median.p90Ms),
    ms(e.median.p99Ms),
    cpu(e.median.cpu),
    e.failures ? String(e.failures) : '0',
  ]);
  printTable(['endpoint', 'work', 'req/s', 'p50', 'p90', 'p99', 'CPU% srv/pg/load/other', 'failed'], rows, [
    false,
    false,
    true,
    true,
    true,
    true,
    true,
    true,
  ]);
  console.log(
    `(CPU%: share of one core used by the server, PostgreSQL, the load generator and anything else; the machine has ${os.cpus().length * 100}%)`,
  );
  console.log(
    `cold start (spawn → first 200 /api/health): ${int(result.coldStart.migratedMs)} ms; ` +
      `on an empty data folder (migrations included) ${int(result.coldStart.emptyDataMs)} ms`,
  );
  console.log(
    `resident memory (VmRSS) at idle: ${result.memory.idleAfterStartMb} MB after start, ${result.memory.idleAfterLoadMb} MB after the load; ` +
      `peak ${result.memory.peakMb} MB` +
      (result.kind === 'postgres' ? ' (server process only, not PostgreSQL)' : ' (database included)'),
  );
  warnIfDisturbed(result.endpoints.flatMap((e) => e.runs));
}

export function warnIfDisturbed(runs: RunResult[]): void {
  const disturbed = runs.filter((r) => r.cpu.other >= OTHER_CPU_WARNING).length;
  if (disturbed) {
    console.log(
      `warning: ${disturbed} measured runs shared the CPU with other processes (≥ ${OTHER_CPU_WARNING}% of a core); rerun on a quiet machine`,
    );
  }
}

/** One greppable line per database and endpoint, the ratio lines and the PostgreSQL targets. */
export function printSummary(results: DatabaseResult[]): void {
  console.log('\nSummary (median of the measured runs)');
  for (const result of results) {
    for (const e of result.endpoints) {
      console.log(
        `${result.kind} ${e.endpoint.label}: ${int(e.median.reqPerSec)} req/s p50 ${ms(e.median.p50Ms)} p99 ${ms(e.median.p99Ms)}`,
      );
    }
    console.log(
      `${result.kind} ratio GET /api/me / GET /api/health/db: ${pct(result.ratio)} (target ≥ ${pct(TARGETS.minRatio)} on PostgreSQL)`,
    );
  }
  const postgres = results.find((r) => r.kind === 'postgres');
  if (postgres) printTargets(postgres);
}

function printTargets(result: DatabaseResult): void {
  const note =
    result.connections === 50 ? '' : ` (targets are stated at 50 connections; this run used ${result.connections})`;
  const show: Record<TargetCheck['unit'], (n: number) => string> = {
    ratio: pct,
    'req/s': (n) => `${int(n)} req/s`,
    ms,
  };
  const checks = result.targets.map((t) => {
    const comparison = t.unit === 'ms' ? '≤' : '≥';
    return `${t.label} ${show[t.unit](t.value)} (${comparison} ${show[t.unit](t.target)}) ${t.met ? 'met' : 'MISSED'}`;
  });
  console.log(`postgres targets: ${checks.join('; ')}${note}`);
}

export function printTable(head: string[], rows: string[][], alignRight: boolean[]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (alignRight[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

/** bench/results/latest.json: the settings, the machine and every run, for comparing before and after a change. */
export function writeJson(settings: Settings, results: DatabaseResult[]): string {
  return writeResults(settings, 'latest.json', { targets: TARGETS, databases: results });
}

/** bench/results/<fileName>: when and where it ran, the settings (no database URL) and the benchmark's own figures. */
export function writeResults(settings: Settings, fileName: string, figures: Record<string, unknown>): string {
  fs.mkdirSync(settings.resultsDir, { recursive: true });
  const file = path.join(settings.resultsDir, fileName);
  const { repoRoot: _repoRoot, resultsDir: _resultsDir, databaseUrl: _url, ...publicSettings } = settings;
  const cpus = os.cpus();
  const document = {
    generatedAt: new Date().toISOString(),
    machine: {
      node: process.version,
      cpus: cpus.length,
      cpuModel: cpus[0]?.model.trim() ?? null,
      totalMemoryMb: Math.round(os.totalmem() / 1048576),
    },
    settings: publicSettings,
    ...figures,
  };
  fs.writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
  return file;
}
