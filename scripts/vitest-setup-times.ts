// A vitest reporter that writes each file's whole time beside its tests' time: the JSON report
// (and so scripts/vitest-durations.json) times a file from its first test to its last, without
// its `beforeAll` (a server, a database, sign-ups), which was half the node project's time on
// 4 Dec (docs/testing.md).
//   vitest run --project node --reporter=./scripts/vitest-setup-times.ts   (writes .vitest-setup-times.json)
import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export type FileTime = { file: string; wholeMs: number; testsMs: number; setUpMs: number };

/** Each file's time, its tests' time and the rest (set-up, hooks), the most set-up first. */
export function fileTimes(modules: ReadonlyArray<TestModule>, root: string): FileTime[] {
  return modules
    .map((module) => {
      const wholeMs = module.diagnostic().duration;
      let testsMs = 0;
      for (const test of module.children.allTests()) testsMs += test.diagnostic()?.duration ?? 0;
      return { file: path.relative(root, module.moduleId), wholeMs, testsMs, setUpMs: wholeMs - testsMs };
    })
    .sort((a, b) => b.setUpMs - a.setUpMs);
}

export default class SetUpTimes implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const times = fileTimes(modules, process.cwd());
    fs.writeFileSync('.vitest-setup-times.json', `${JSON.stringify(times, null, 2)}\n`);
    const sum = (key: 'wholeMs' | 'testsMs') => Math.round(times.reduce((s, t) => s + t[key], 0) / 1000);
    process.stdout.write(`files ${sum('wholeMs')} s, of which tests ${sum('testsMs')} s; most set-up first:\n`);
    for (const t of times.slice(0, 15))
      process.stdout.write(`  ${(t.setUpMs / 1000).toFixed(1).padStart(6)} s  ${t.file}\n`);
  }
}
