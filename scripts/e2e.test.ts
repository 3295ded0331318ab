import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_TEMPLATE_ENV, freshDataDir, journeyEngine, ON_PGLITE } from '../e2e/journey-database.ts';
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

describe('a journey server’s data folder', () => {
  it('is a copy of the migrated template when the runner made one, else empty', () => {
    const template = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-template-test-'));
    fs.mkdirSync(path.join(template, 'pglite'));
    fs.writeFileSync(path.join(template, 'pglite', 'PG_VERSION'), '17\n');
    const previous = process.env[DATA_TEMPLATE_ENV];
    const made: string[] = [];
    try {
      process.env[DATA_TEMPLATE_ENV] = template;
      made.push(freshDataDir());
      expect(fs.readFileSync(path.join(made[0]!, 'pglite', 'PG_VERSION'), 'utf8')).toBe('17\n');
      delete process.env[DATA_TEMPLATE_ENV];
      made.push(freshDataDir());
      expect(fs.readdirSync(made[1]!)).toEqual([]);
      expect(made[0]).not.toBe(template);
    } finally {
      if (previous === undefined) delete process.env[DATA_TEMPLATE_ENV];
      else process.env[DATA_TEMPLATE_ENV] = previous;
      for (const dir of [template, ...made]) fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a journey server’s database', () => {
  it('is PostgreSQL when the run has TEST_DATABASE_URL, unless the journey keeps the default engine, PGlite', () => {
    const withServer = { TEST_DATABASE_URL: 'postgres://savvypig@127.0.0.1:5432/savvypig' };
    expect(journeyEngine({}, withServer)).toBe('postgres');
    expect(journeyEngine(ON_PGLITE, withServer)).toBe('pglite');
    expect(journeyEngine({}, {})).toBe('pglite');
    expect(journeyEngine({}, { TEST_DATABASE_URL: '' })).toBe('pglite');
  });
});
