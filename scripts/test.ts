// `npm test`: format and lint, type check and the production build (the three at once), unit and API
// tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), then browser journeys in Chromium,
// several files at once on the build just made (scripts/e2e.ts). Ends with one plain line
// "N passed, N failed, N skipped" summed over every suite, which CI reads. docs/testing.md says
// how the run keeps within its time budget.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { e2eConcurrency } from './e2e.ts';

type Counts = { passed: number; failed: number; skipped: number };
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const bin = (name: string) => `node_modules/.bin/${name}`;

const durations: Array<{ label: string; seconds: number; ok: boolean }> = [];
/** Each failed vitest test (file, name, first line of the error), repeated at the end where a log's tail shows it. */
const failures: string[] = [];
const runStarted = performance.now();
/** The whole run's budget on a two-core machine (docs/testing.md). */
const BUDGET_SECONDS = 20 * 60;

/**
 * Runs one step. Its output goes straight through, or (`buffered`, for steps that run beside
 * others) is held and printed whole when the step ends, so steps' lines never interleave.
 */
function run(
  label: string,
  command: string,
  args: string[],
  { env = {}, buffered = false }: { env?: Record<string, string>; buffered?: boolean } = {},
): Promise<boolean> {
  if (!buffered) process.stdout.write(`\n▶ ${label}\n`);
  const started = performance.now();
  const child = spawn(command, args, {
    stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
  });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (status, signal) => {
      const seconds = (performance.now() - started) / 1000;
      durations.push({ label, seconds, ok: status === 0 });
      if (buffered) process.stdout.write(`\n▶ ${label}\n${Buffer.concat(output).toString()}`);
      process.stdout.write(`${status === 0 ? '✓' : '✗'} ${label}: ${formatSeconds(seconds)}`);
      process.stdout.write(status === 0 ? '\n' : ` (failed, exit ${status ?? signal})\n`);
      resolve(status === 0);
    });
  });
}

function formatSeconds(seconds: number): string {
  return seconds < 60 ? `${seconds.toFixed(1)} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

function addCounts(counts: Counts) {
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
}

function finish(ok: boolean): never {
  if (!ok && total.failed === 0) total.failed = 1; // a step failed outside any test (type errors, build)
  if (failures.length > 0) {
    process.stdout.write('\nFailed tests:\n');
    for (const failure of failures.slice(0, 30)) process.stdout.write(`  ✗ ${failure}\n`);
    if (failures.length > 30) process.stdout.write(`  … and ${failures.length - 30} more\n`);
  }
  process.stdout.write('\nStep durations:\n');
  for (const step of durations)
    process.stdout.write(`  ${step.ok ? '✓' : '✗'} ${step.label.padEnd(34)} ${formatSeconds(step.seconds)}\n`);
  const wall = (performance.now() - runStarted) / 1000;
  const within = wall <= BUDGET_SECONDS ? 'within' : 'OVER';
  process.stdout.write(
    `  ${'whole run (wall clock)'.padEnd(36)} ${formatSeconds(wall)} (${within} the ${BUDGET_SECONDS / 60} min budget)\n`,
  );
  process.stdout.write(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`);
  process.exit(ok && total.failed === 0 ? 0 : 1);
}

if (+process.versions.node.split('.')[0]! < 24) {
  process.stderr.write(`Node ${process.version}: run through npm (npm test) so Node 24 from node_modules is used\n`);
  process.exit(1);
}

// Lint, type check and build need nothing of each other: run them at once (they are short, and
// mostly one core each). The journeys later use this build; nothing builds again.
const [lintOk, typesOk, buildOk] = await Promise.all([
  run('format and lint (Biome)', bin('biome'), ['ci', '--colors=off', '--max-diagnostics=50', '.'], { buffered: true }),
  run('type check', bin('tsc'), ['--noEmit', '-p', '.'], { buffered: true }),
  run('production build', 'npm', ['run', '--silent', 'build'], { buffered: true }),
]);
const ok = lintOk && typesOk;

const vitestJson = '.ci-vitest.json';
fs.rmSync(vitestJson, { force: true });
const e2eJson = '.ci-e2e.json';
fs.rmSync(e2eJson, { force: true });

function unitTests(): Promise<boolean> {
  return run(
    'unit and API tests (vitest)',
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
    // Tests that start the server as a process of its own start the bundle just built from these
    // sources: a third of the CPU of starting the sources (src/server/test/server-process.ts).
    // Without a build, the sources, whatever the caller's environment says.
    { env: { SAVVYPIG_TEST_SERVER_ENTRY: buildOk ? 'dist-server/index.js' : '' } },
  );
}

function journeys(): Promise<boolean> {
  return run(`browser journeys (Chromium, ${e2eConcurrency()} at once)`, process.execPath, ['scripts/e2e.ts'], {
    env: { E2E_COUNTS_FILE: e2eJson },
  });
}

const firstLine = (text = '') => text.split('\n')[0]!.slice(0, 200);

function countVitest() {
  if (!fs.existsSync(vitestJson)) return;
  const report = JSON.parse(fs.readFileSync(vitestJson, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: Array<{
      name: string;
      status: string;
      message?: string;
      assertionResults: Array<{ fullName: string; status: string; failureMessages?: string[] }>;
    }>;
  };
  for (const file of report.testResults) {
    const where = path.relative('.', file.name);
    const failed = file.assertionResults.filter((t) => t.status === 'failed');
    for (const t of failed) failures.push(`${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (failed.length === 0 && file.status === 'failed') failures.push(`${where}: ${firstLine(file.message)}`);
  }
  addCounts({
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  });
}

// Unit and API tests, then the journeys (without a build there are none). The two at once were
// measured (vitest at nice 10 beside the journeys): no faster on two cores, since vitest alone keeps
// both busy, and CPU-heavy tests (the webhook storm, the API fuzz) ran out of time when starved.
const vitestOk = await unitTests();
countVitest();
if (!buildOk) finish(false);
if (!(await run('Chromium for browser tests', process.execPath, ['scripts/ensure-chromium.ts']))) finish(false);
const e2eOk = await journeys();
if (fs.existsSync(e2eJson)) {
  const journeyCounts = JSON.parse(fs.readFileSync(e2eJson, 'utf8')) as Counts & { failures?: string[] };
  addCounts(journeyCounts);
  failures.push(...(journeyCounts.failures ?? []));
}
finish(ok && vitestOk && e2eOk);
