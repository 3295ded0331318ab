// Writes scripts/vitest-durations.json from a full vitest run's JSON report, so the next run (a
// clean clone's too) starts the slowest files first (scripts/vitest-order.ts).
//   node scripts/vitest-durations.ts [report.json]   (default: .ci-vitest.json, which `npm test` leaves)
import fs from 'node:fs';
import path from 'node:path';
import { DURATIONS_FILE } from './vitest-order.ts';

type Report = { testResults: { name: string; startTime: number; endTime: number }[] };

/** Each file's seconds, to a tenth, by its path from `root`, in path order (a stable diff). */
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
  fs.writeFileSync(DURATIONS_FILE, `${JSON.stringify(durations, null, 2)}\n`);
  process.stdout.write(`${Object.keys(durations).length} files' times written to ${DURATIONS_FILE}\n`);
}
