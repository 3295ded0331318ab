import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { durationsFromReport } from './vitest-durations.ts';
import { DURATIONS_FILE, orderTestFiles, PROJECT_ORDER, readDurations } from './vitest-order.ts';

describe('the order vitest starts its files in', () => {
  const durations = { 'n/fuzz.test.ts': 88, 'n/small.test.ts': 1.5, 'w/page.test.tsx': 44, 'c/rule.test.ts': 0.2 };

  it('keeps each project together, in PROJECT_ORDER, slowest file first within it', () => {
    const files = [
      { project: 'core', file: 'c/rule.test.ts' },
      { project: 'web', file: 'w/page.test.tsx' },
      { project: 'node', file: 'n/small.test.ts' },
      { project: 'web-isolated', file: 'w/isolated.test.tsx' },
      { project: 'node', file: 'n/fuzz.test.ts' },
    ];
    expect(orderTestFiles(files, durations).map((f) => f.file)).toEqual([
      'n/fuzz.test.ts',
      'n/small.test.ts',
      'w/isolated.test.tsx',
      'w/page.test.tsx',
      'c/rule.test.ts',
    ]);
    expect(PROJECT_ORDER).toEqual(['node', 'web-isolated', 'web', 'core']);
  });

  it('starts a file without a time (a new one) before its project’s timed files, and an unknown project last', () => {
    const files = [
      { project: 'other', file: 'o/a.test.ts' },
      { project: 'node', file: 'n/fuzz.test.ts' },
      { project: 'node', file: 'n/new.test.ts' },
    ];
    expect(orderTestFiles(files, durations).map((f) => f.file)).toEqual([
      'n/new.test.ts',
      'n/fuzz.test.ts',
      'o/a.test.ts',
    ]);
  });

  it('orders files of equal time by path, so the order is the same every run', () => {
    const files = [
      { project: 'node', file: 'n/b.test.ts' },
      { project: 'node', file: 'n/a.test.ts' },
    ];
    expect(orderTestFiles(files, { 'n/a.test.ts': 2, 'n/b.test.ts': 2 }).map((f) => f.file)).toEqual([
      'n/a.test.ts',
      'n/b.test.ts',
    ]);
  });

  it('reads the times a JSON report gives, by path from the root, to a tenth of a second', () => {
    const report = {
      testResults: [
        { name: '/repo/src/b.test.ts', startTime: 1_000, endTime: 3_449 },
        { name: '/repo/src/a.test.ts', startTime: 0, endTime: 88_050 },
      ],
    };
    const durations = durationsFromReport(report, '/repo');
    expect(durations).toEqual({ 'src/a.test.ts': 88.1, 'src/b.test.ts': 2.4 });
    expect(Object.keys(durations)).toEqual(['src/a.test.ts', 'src/b.test.ts']);
  });

  it('has a full run’s times committed, and goes on without them', () => {
    const committed = readDurations(process.cwd());
    expect(Object.keys(committed).length).toBeGreaterThan(400);
    expect(Object.values(committed).every((s) => typeof s === 'number' && s >= 0)).toBe(true);
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-order-'));
    try {
      expect(readDurations(empty)).toEqual({});
      fs.mkdirSync(path.join(empty, path.dirname(DURATIONS_FILE)));
      fs.writeFileSync(path.join(empty, DURATIONS_FILE), '{ not json');
      expect(readDurations(empty)).toEqual({});
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
