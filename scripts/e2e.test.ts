import { describe, expect, it } from 'vitest';
import { DEFAULT_E2E_CONCURRENCY, e2eConcurrency, inPool, orderLongestFirst } from './e2e.ts';

describe('the journey runner', () => {
  it('starts the slowest files first, and files never timed (new ones) before them, largest first', () => {
    const files = ['e2e/a.test.ts', 'e2e/b.test.ts', 'e2e/c.test.ts', 'e2e/new-small.test.ts', 'e2e/new-big.test.ts'];
    const durations = { 'e2e/a.test.ts': 12.5, 'e2e/b.test.ts': 80, 'e2e/c.test.ts': 31 };
    const sizes = { 'e2e/new-small.test.ts': 900, 'e2e/new-big.test.ts': 9000, 'e2e/a.test.ts': 99_999 };
    expect(orderLongestFirst(files, durations, sizes)).toEqual([
      'e2e/new-big.test.ts',
      'e2e/new-small.test.ts',
      'e2e/b.test.ts',
      'e2e/c.test.ts',
      'e2e/a.test.ts',
    ]);
  });

  it('runs as many files at once as E2E_CONCURRENCY says, else the default', () => {
    expect(e2eConcurrency('1')).toBe(1);
    expect(e2eConcurrency('4')).toBe(4);
    for (const wrong of [undefined, '', '0', '-2', '2.5', 'many'])
      expect(e2eConcurrency(wrong)).toBe(DEFAULT_E2E_CONCURRENCY);
  });

  it('never has more jobs running than the limit, starts them in order, and keeps each result in its place', async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const jobs = [30, 5, 20, 1, 10, 2].map((ms, index) => async () => {
      started.push(index);
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running--;
      return index * 10;
    });
    expect(await inPool(jobs, 3)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(most).toBe(3);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
