import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duplicateKey, findDuplicates } from './duplicates.ts';
import { isAlreadyCounted, previewRows, rowsToImport, summariseImport } from './preview.ts';
import type { RowReading } from './rows.ts';

const tx = (date: string, amountPence: number, notes: string | null) => ({ date, amountPence, notes });

describe('duplicate transactions', () => {
  it('match on date, amount and notes, ignoring case and spaces in the notes', () => {
    expect(duplicateKey(tx('2026-02-01', -1200, '  Tesco   Stores '))).toBe(
      duplicateKey(tx('2026-02-01', -1200, 'TESCO STORES')),
    );
    expect(duplicateKey(tx('2026-02-01', 0, null))).toBe(duplicateKey(tx('2026-02-01', 0, '')));
    expect(duplicateKey(tx('2026-02-01', -1200, 'TESCO'))).not.toBe(duplicateKey(tx('2026-02-02', -1200, 'TESCO')));
    expect(duplicateKey(tx('2026-02-01', -1200, 'TESCO'))).not.toBe(duplicateKey(tx('2026-02-01', 1200, 'TESCO')));
    expect(duplicateKey(tx('2026-02-01', -1200, 'TESCO'))).not.toBe(duplicateKey(tx('2026-02-01', -1200, 'TESCO 2')));
  });

  it('are found against existing transactions and earlier rows of the file', () => {
    const existing = new Set([duplicateKey(tx('2026-02-01', 500, 'Gift'))]);
    expect(
      findDuplicates(
        [
          tx('2026-02-01', 500, 'GIFT'),
          tx('2026-02-02', 100, 'A'),
          tx('2026-02-02', 100, 'a '),
          tx('2026-02-03', 100, 'A'),
        ],
        existing,
      ),
    ).toEqual(['existing', null, 'file', null]);
  });

  it('a file imported once is all duplicates the second time', () => {
    const rowArb = fc.record({
      date: fc.constantFrom('2026-01-01', '2026-01-02'),
      amountPence: fc.integer({ min: -500, max: 500 }),
      notes: fc.option(fc.constantFrom('A', 'a', ' b ', 'B  C'), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 30 }), (rows) => {
        const first = findDuplicates(rows, new Set());
        const imported = new Set(rows.filter((_, i) => first[i] === null).map(duplicateKey));
        expect(findDuplicates(rows, imported).every((d) => d !== null)).toBe(true);
        // Every row's key was imported (a file duplicate shares its key with an imported row).
        expect(rows.every((r) => imported.has(duplicateKey(r)))).toBe(true);
      }),
    );
  });
});

describe('the import preview', () => {
  const readings: RowReading[] = [
    { line: 2, ok: true, row: { date: '2026-02-01', amountPence: 1000, type: 'deposit', notes: 'A' } },
    { line: 3, ok: false, errors: ['The amount is missing'] },
    { line: 4, ok: true, row: { date: '2026-02-02', amountPence: -250, type: 'withdrawal', notes: 'B' } },
    { line: 5, ok: true, row: { date: '2026-02-03', amountPence: 40, type: 'interest', notes: 'INTEREST' } },
  ];

  it('marks each readable row with its duplicate finding, in order', () => {
    const preview = previewRows(readings, [null, 'existing', null]);
    expect(preview.map((p) => [p.line, p.status])).toEqual([
      [2, 'ready'],
      [3, 'error'],
      [4, 'duplicate'],
      [5, 'ready'],
    ]);
  });

  it('adds up what will be imported, with and without duplicates', () => {
    const preview = previewRows(readings, [null, 'existing', null]);
    expect(summariseImport(preview, true)).toEqual({
      rows: 4,
      errors: 1,
      duplicates: 1,
      toImport: 2,
      moneyInPence: 1040,
      moneyOutPence: 0,
      alreadyCounted: 0,
      balanceChangePence: 1040,
    });
    expect(summariseImport(preview, false)).toEqual({
      rows: 4,
      errors: 1,
      duplicates: 1,
      toImport: 3,
      moneyInPence: 1040,
      moneyOutPence: 250,
      alreadyCounted: 0,
      balanceChangePence: 790,
    });
    expect(rowsToImport(preview, true).map((r) => r.notes)).toEqual(['A', 'INTEREST']);
  });

  it('says what changes the balance: rows before the latest stated balance are already counted in it', () => {
    const preview = previewRows(readings, [null, 'existing', null]);
    // A starting balance of 2 February: the £10.00 of the 1st is in it; -£2.50 that day and 40p the next add.
    expect(summariseImport(preview, false, { date: '2026-02-02', type: 'opening_balance' })).toMatchObject({
      toImport: 3,
      moneyInPence: 1040,
      moneyOutPence: 250,
      alreadyCounted: 1,
      balanceChangePence: -210,
    });
    expect(isAlreadyCounted({ date: '2026-01-01' }, { date: '2026-01-02', type: 'balance_update' })).toBe(true);
    expect(isAlreadyCounted({ date: '2026-01-02' }, { date: '2026-01-02', type: 'balance_update' })).toBe(false);
    expect(isAlreadyCounted({ date: '2026-01-01' }, null)).toBe(false);
  });
});
