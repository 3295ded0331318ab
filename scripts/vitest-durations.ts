// Writes scripts/vitest-durations.json from a full vitest run's JSON report, so the next run (a
// clean clone's too) starts the slowest files first (scripts/vitest-order.ts).
//   node scripts/vitest-durations.ts [report.json]   (default: .ci-vitest.json, which `npm test` leaves)
import fs from 'node:fs';
import path from 'node:path';
import { DURATIONS_FILE, readDurations } from './vitest-order.ts';

type Report = { testResults: { name: string; startTime: number; endTime: number }[] };

/**
 * Each file's seconds, to a tenth, by its path from `root`, in path order (a stable diff). The
 * report times a file from its first test's start to its last test's end: the module imports and a
 * suite's `beforeAll` (a server, sign-ups) are not in it, so a file heavy in set-up ranks low.
 */
export function durationsFromReport(report: Report, root: string): Record<string, number> {
  const entries = report.testResults.map((result) => [
    path.relative(root, result.name).split(path.sep).join('/'),
    Math.round((result.endTime - result.startTime) / 100) / 10,
  ]);
  return Object.fromEntries(entries.sort(([a], [b]) => String(a).localeCompare(String(b))));
}

if (import.meta.main) {
  const reportFile = process.argv[2] ?? '.ci-vitest.json';
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as Report;
  const durations = durationsFromReport(report, process.cwd());
  // A report of some files (`vitest run one.test.ts`) would wipe the others' times.
  const committed = Object.keys(readDurations(process.cwd())).length;
  if (Object.keys(durations).length < committed * 0.9) {
    process.stderr.write(`${reportFile} has ${Object.keys(durations).length} files of ${committed}: not a full run\n`);
    process.exit(1);
  }
  fs.writeFileSync(DURATIONS_FILE, `${JSON.stringify(durations, null, 2)}\n`);
  process.stdout.write(`${Object.keys(durations).length} files' times written to ${DURATIONS_FILE}\n`);
}
