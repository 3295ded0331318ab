import type { TestModule } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import { fileTimes } from './vitest-setup-times.ts';

/** The parts of a vitest module the reporter reads: its whole time and its tests' times. */
const moduleOf = (file: string, wholeMs: number, testMs: number[]) =>
  ({
    moduleId: `/repo/${file}`,
    diagnostic: () => ({ duration: wholeMs }),
    children: { allTests: () => testMs.map((duration) => ({ diagnostic: () => ({ duration }) })) },
  }) as unknown as TestModule;

describe('the set-up times reporter', () => {
  it('counts what a file spent outside its tests, the most first, by path from the root', () => {
    const times = fileTimes([moduleOf('a.test.ts', 1_000, [400, 500]), moduleOf('b.test.ts', 9_000, [1_000])], '/repo');
    expect(times).toEqual([
      { file: 'b.test.ts', wholeMs: 9_000, testsMs: 1_000, setUpMs: 8_000 },
      { file: 'a.test.ts', wholeMs: 1_000, testsMs: 900, setUpMs: 100 },
    ]);
  });
});
