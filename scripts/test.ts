// `npm test`: format and lint, type check, unit and API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is
// set), the production build, then browser journeys in Chromium. Ends with one plain line
// "N passed, N failed, N skipped" summed over every suite, which CI reads.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

type Counts = { passed: number; failed: number; skipped: number };
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const bin = (name: string) => `node_modules/.bin/${name}`;

const durations: Array<{ label: string; seconds: number; ok: boolean }> = [];

function run(label: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  process.stdout.write(`\n▶ ${label}\n`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = (performance.now() - started) / 1000;
  durations.push({ label, seconds, ok: result.status === 0 });
  process.stdout.write(`${result.status === 0 ? '✓' : '✗'} ${label}: ${formatSeconds(seconds)}`);
  process.stdout.write(result.status === 0 ? '\n' : ` (failed, exit ${result.status ?? result.signal})\n`);
  return result.status === 0;
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
  process.stdout.write('\nStep durations:\n');
  for (const step of durations)
    process.stdout.write(`  ${step.ok ? '✓' : '✗'} ${step.label.padEnd(34)} ${formatSeconds(step.seconds)}\n`);
  process.stdout.write(
    `  ${'total'.padEnd(36)} ${formatSeconds(durations.reduce((sum, step) => sum + step.seconds, 0))}\n`,
  );
  process.stdout.write(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`);
  process.exit(ok && total.failed === 0 ? 0 : 1);
}

if (+process.versions.node.split('.')[0]! < 24) {
  process.stderr.write(`Node ${process.version}: run through npm (npm test) so Node 24 from node_modules is used\n`);
  process.exit(1);
}

let ok = run('format and lint (Biome)', bin('biome'), ['ci', '--colors=off', '--max-diagnostics=50', '.']);
ok = run('type check', bin('tsc'), ['--noEmit', '-p', '.']) && ok;

const vitestJson = '.ci-vitest.json';
fs.rmSync(vitestJson, { force: true });
const vitestOk = run('unit and API tests (vitest)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
if (fs.existsSync(vitestJson)) {
  const report = JSON.parse(fs.readFileSync(vitestJson, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  addCounts({
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  });
}
ok = vitestOk && ok;

if (!run('production build', 'npm', ['run', '--silent', 'build'])) finish(false);
if (!run('Chromium for browser tests', process.execPath, ['scripts/ensure-chromium.ts'])) finish(false);

const e2eJson = '.ci-e2e.json';
fs.rmSync(e2eJson, { force: true });
const e2eFiles = fs
  .readdirSync('e2e')
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `e2e/${f}`);
const e2eOk = run('browser journeys (Chromium)', process.execPath, [
  '--test',
  '--test-concurrency=1',
  '--test-reporter=spec',
  '--test-reporter-destination=stdout',
  '--test-reporter=./scripts/count-reporter.mjs',
  `--test-reporter-destination=${e2eJson}`,
  ...e2eFiles,
]);
if (fs.existsSync(e2eJson)) addCounts(JSON.parse(fs.readFileSync(e2eJson, 'utf8')) as Counts);
finish(ok && e2eOk);
