import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWorkbook } from '../src/server/reference/import/workbook.ts';

describe('node scripts/export-reference-workbook.ts', () => {
  it('writes the shipped data as the three tabs of the source format', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-workbook-'));
    try {
      const file = path.join(dir, 'reference.xlsx');
      const output = execFileSync(process.execPath, ['scripts/export-reference-workbook.ts', file], {
        encoding: 'utf8',
      });
      expect(output).toBe(`Wrote ${file}: Banks 535 rows, ISAs 481 rows, Pensions 24 rows\n`);
      const tabs = await readWorkbook(fs.readFileSync(file));
      expect(tabs.map((tab) => [tab.tab, tab.headers.length, tab.rows.length])).toEqual([
        ['Banks', 14, 535],
        ['ISAs', 14, 481],
        ['Pensions', 14, 24],
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('asks for the file to write', () => {
    expect(() => execFileSync(process.execPath, ['scripts/export-reference-workbook.ts'], { stdio: 'pipe' })).toThrow(
      /Usage/,
    );
  });
});
