// The browser journeys, several files at once: `node scripts/e2e.ts [e2e/x.test.ts …]` (every
// e2e/*.test.ts when none is named) against the production build already in dist/ and
// dist-server/ (it never builds). Each file runs in its own `node --test` and starts its own
// server on a free port with its own data folder and clock file, so files share nothing but the
// machine; a file's report is printed whole when it ends. The slowest files start first: their
// times from the last run are kept in test-results/e2e-durations.json, and a file without one
// (new, or a fresh clone) is taken as slow, the largest first. Servers start from a copy of one
// data folder migrated at the start of the run (e2e/fixtures.ts `freshDataDir`).
//
// E2E_CONCURRENCY sets how many files run at once (default DEFAULT_E2E_CONCURRENCY). One at a
// time, the journeys took 25 min of wall clock for about 10½ min of CPU (servers, Chromium and
// runners together): a file computes less than half the time and waits on the server, the
// browser or a toast the rest, so four at once keep two cores busy without queueing on them.
// E2E_COUNTS_FILE, when set, receives {passed, failed, skipped, failures} summed over the files,
// for scripts/test.ts; the failures (file, test, first line of the error) are also listed last.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DATA_TEMPLATE_ENV,
  DATABASE_TEMPLATE_ENV,
  makeDatabaseTemplate,
  makeDataTemplate,
} from '../e2e/journey-database.ts';

export const DEFAULT_E2E_CONCURRENCY = 4;
const DURATIONS_FILE = 'test-results/e2e-durations.json';

type Counts = { passed: number; failed: number; skipped: number; failures?: string[] };

/** The files, slowest by `durations` (seconds) first; files without a time before all of them, largest first. */
export function orderLongestFirst(
  files: readonly string[],
  durations: Record<string, number>,
  sizes: Record<string, number>,
): string[] {
  const key = (file: string) => durations[file] ?? Number.POSITIVE_INFINITY;
  return [...files].sort((a, b) => key(b) - key(a) || (sizes[b] ?? 0) - (sizes[a] ?? 0) || a.localeCompare(b));
}

/** How many files run at once: E2E_CONCURRENCY when it is a whole number ≥ 1, else the default. */
export function e2eConcurrency(value = process.env.E2E_CONCURRENCY): number {
  const n = Number(value);
  return value !== undefined && Number.isInteger(n) && n >= 1 ? n : DEFAULT_E2E_CONCURRENCY;
}

/** Runs `jobs` with at most `limit` at once, starting them in the given order. */
export async function inPool<T>(jobs: ReadonlyArray<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      results[index] = await jobs[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results;
}

function readDurations(): Record<string, number> {
  try {
    return JSON.parse(fs.readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/** One journey file in its own `node --test`; its report is printed when it ends. */
function runFile(file: string, countsDir: string): Promise<{ file: string; seconds: number; counts: Counts }> {
  const countsFile = path.join(countsDir, `${file.replace(/[^A-Za-z0-9]+/g, '-')}.json`);
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--test',
        '--test-reporter=spec',
        '--test-reporter-destination=stdout',
        '--test-reporter=./scripts/count-reporter.mjs',
        `--test-reporter-destination=${countsFile}`,
        file,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      let counts: Counts = { passed: 0, failed: 0, skipped: 0 };
      try {
        counts = JSON.parse(fs.readFileSync(countsFile, 'utf8')) as Counts;
      } catch {
        /* no report: counted as a failure below */
      }
      if (code !== 0 && counts.failed === 0) counts.failed = 1; // the file failed outside any test
      const mark = code === 0 ? '✓' : '✗';
      process.stdout.write(`\n── ${mark} ${file} (${seconds.toFixed(1)} s) ──\n${Buffer.concat(output).toString()}`);
      resolve({ file, seconds, counts });
    });
  });
}

if (import.meta.main) {
  if (!fs.existsSync('dist-server/index.js') || !fs.existsSync('dist/index.html')) {
    process.stderr.write('Run `npm run build` first: the browser tests drive the production build.\n');
    process.exit(1);
  }
  const named = process.argv.slice(2);
  const files = (
    named.length > 0
      ? named
      : fs
          .readdirSync('e2e')
          .filter((f) => f.endsWith('.test.ts'))
          .map((f) => `e2e/${f}`)
  ).map((f) => path.relative('.', f));
  const sizes = Object.fromEntries(files.map((f) => [f, fs.statSync(f).size]));
  const ordered = orderLongestFirst(files, readDurations(), sizes);
  const concurrency = e2eConcurrency();
  process.stdout.write(`${ordered.length} journey files, ${concurrency} at a time, slowest first\n`);

  // One server start migrates a data folder that every journey's server then starts from a copy of.
  const templateStarted = performance.now();
  const [template, databaseTemplate] = await Promise.all([makeDataTemplate(), makeDatabaseTemplate()]);
  process.env[DATA_TEMPLATE_ENV] = template;
  if (databaseTemplate) process.env[DATABASE_TEMPLATE_ENV] = databaseTemplate.name;
  process.stdout.write(
    `data template${databaseTemplate ? 's (PGlite and PostgreSQL)' : ''} migrated in ${((performance.now() - templateStarted) / 1000).toFixed(1)} s\n`,
  );

  const countsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-e2e-counts-'));
  const results = await inPool(
    ordered.map((file) => () => runFile(file, countsDir)),
    concurrency,
  );
  fs.rmSync(countsDir, { recursive: true, force: true });
  fs.rmSync(template, { recursive: true, force: true });
  await databaseTemplate?.drop();

  const total: Required<Counts> = { passed: 0, failed: 0, skipped: 0, failures: [] };
  for (const { file, counts } of results) {
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
    for (const failure of counts.failures ?? []) total.failures.push(`${file} › ${failure}`);
    if (counts.failed > 0 && !counts.failures?.length) total.failures.push(`${file}: failed outside any test`);
  }
  fs.mkdirSync(path.dirname(DURATIONS_FILE), { recursive: true });
  const measured = Object.fromEntries(results.map((r) => [r.file, Math.round(r.seconds * 10) / 10]));
  fs.writeFileSync(DURATIONS_FILE, `${JSON.stringify({ ...readDurations(), ...measured }, null, 2)}\n`);
  if (process.env.E2E_COUNTS_FILE) fs.writeFileSync(process.env.E2E_COUNTS_FILE, JSON.stringify(total));

  process.stdout.write('\nJourney files, slowest first:\n');
  for (const r of [...results].sort((a, b) => b.seconds - a.seconds))
    process.stdout.write(`  ${r.counts.failed > 0 ? '✗' : '✓'} ${r.file.padEnd(40)} ${r.seconds.toFixed(1)} s\n`);
  if (total.failures.length > 0) {
    process.stdout.write('\nFailed journeys:\n');
    for (const failure of total.failures) process.stdout.write(`  ✗ ${failure}\n`);
  }
  process.stdout.write(`\njourneys: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`);
  process.exit(total.failed === 0 ? 0 : 1);
}
