import { describe, expect, it } from 'vitest';
import { amountFitsType, inferTransactionType, mappingProblems, readRows, tooManyRowsMessage } from './rows.ts';
import type { ColumnMapping, ImportTable } from './table.ts';

const single: ColumnMapping = {
  date: 0,
  dateFormat: 'dd/mm/yyyy',
  notes: 1,
  amountMode: 'single',
  amount: 2,
  paidIn: null,
  paidOut: null,
};
const split: ColumnMapping = {
  date: 0,
  dateFormat: 'dd/mm/yyyy',
  notes: 1,
  amountMode: 'split',
  amount: null,
  paidIn: 2,
  paidOut: 3,
};
const tableOf = (...rows: string[][]): ImportTable => ({
  header: [],
  headerLine: 1,
  rows: rows.map((cells, i) => ({ line: i + 2, cells })),
});

describe('reading rows as transactions', () => {
  it('reads a signed amount column: the sign gives the type', () => {
    expect(
      readRows(
        tableOf(
          ['01/02/2026', 'SALARY', '£2,500.00'],
          ['02/02/2026', '  TESCO   STORES ', '-12.34'],
          ['03/02/2026', '', '1.00'],
        ),
        single,
      ),
    ).toEqual([
      { line: 2, ok: true, row: { date: '2026-02-01', amountPence: 250000, type: 'deposit', notes: 'SALARY' } },
      { line: 3, ok: true, row: { date: '2026-02-02', amountPence: -1234, type: 'withdrawal', notes: 'TESCO STORES' } },
      { line: 4, ok: true, row: { date: '2026-02-03', amountPence: 100, type: 'deposit', notes: null } },
    ]);
  });

  it('reads paid in and paid out columns: money out is negative whichever way it is written', () => {
    const rows = readRows(
      tableOf(
        ['01/02/2026', 'IN', '10.00', ''],
        ['02/02/2026', 'OUT', '', '4.00'],
        ['03/02/2026', 'OUT', '0.00', '-4.00'],
      ),
      split,
    );
    expect(rows.map((r) => r.ok && r.row.amountPence)).toEqual([1000, -400, -400]);
  });

  it('calls money in whose description mentions interest interest', () => {
    expect(inferTransactionType(120, 'GROSS INTEREST')).toBe('interest');
    expect(inferTransactionType(120, 'Interest paid')).toBe('interest');
    expect(inferTransactionType(-120, 'OVERDRAFT INTEREST')).toBe('withdrawal');
    expect(inferTransactionType(120, null)).toBe('deposit');
  });

  it('gives each bad row its line and every reason', () => {
    const rows = readRows(
      tableOf(
        ['31/04/2026', 'A', '1.00'],
        ['', 'B', ''],
        ['01/02/2026', 'C', 'ten pounds'],
        ['01/02/2026', 'D', '0.00'],
        ['01/02/2026', 'E'.repeat(501), '1.00'],
      ),
      single,
    );
    expect(rows).toEqual([
      { line: 2, ok: false, errors: ["Date: '31/04/2026' is not a real date in the form dd/mm/yyyy"] },
      { line: 3, ok: false, errors: ['The date is missing', 'The amount is missing'] },
      { line: 4, ok: false, errors: ["Amount: 'ten pounds' is not an amount"] },
      { line: 5, ok: false, errors: ['Transaction amounts must be greater than 0'] },
      { line: 6, ok: false, errors: ['The description is longer than 500 characters'] },
    ]);
  });

  it('refuses year 0000 as no real date, and a real date outside the years a transaction may carry', () => {
    const iso: ColumnMapping = { ...single, dateFormat: 'yyyy-mm-dd' };
    const rows = readRows(
      tableOf(
        ['0000-01-01', 'A', '1.00'],
        ['1899-12-31', 'B', '1.00'],
        ['2100-01-01', 'C', '1.00'],
        ['1900-01-01', 'D', '1.00'],
      ),
      iso,
    );
    expect(rows.map((r) => (r.ok ? r.row.date : r.errors))).toEqual([
      ["Date: '0000-01-01' is not a real date in the form yyyy-mm-dd"],
      ["Date: '1899-12-31' is not in the years 1900 to 2099"],
      ["Date: '2100-01-01' is not in the years 1900 to 2099"],
      '1900-01-01',
    ]);
  });

  it('refuses a split row with both or neither column filled', () => {
    const rows = readRows(
      tableOf(['01/02/2026', 'X', '1.00', '2.00'], ['01/02/2026', 'Y', '', ''], ['01/02/2026', 'Z', 'x', '']),
      split,
    );
    expect(rows.map((r) => !r.ok && r.errors)).toEqual([
      ['Both paid in and paid out have an amount'],
      ['Paid in and paid out are both empty'],
      ["Paid in: 'x' is not an amount"],
    ]);
  });

  it('names what a mapping still needs', () => {
    expect(mappingProblems(single)).toEqual([]);
    expect(mappingProblems({ ...single, date: null, amount: null })).toEqual([
      'Choose the column that holds the date',
      'Choose the column that holds the amount',
    ]);
    expect(mappingProblems({ ...single, dateFormat: null })).toEqual(['Choose the date format']);
    expect(mappingProblems({ ...split, paidIn: null, paidOut: null })).toEqual([
      'Choose the paid in column, the paid out column or both',
    ]);
    expect(mappingProblems({ ...split, paidIn: null })).toEqual([]);
  });

  it('matches each type to its sign', () => {
    expect([
      amountFitsType('deposit', 1),
      amountFitsType('interest', 1),
      amountFitsType('withdrawal', -1),
      amountFitsType('fee', -1),
    ]).toEqual([true, true, true, true]);
    expect([
      amountFitsType('deposit', -1),
      amountFitsType('withdrawal', 1),
      amountFitsType('fee', 0),
      amountFitsType('deposit', 0),
    ]).toEqual([false, false, false, false]);
  });

  it('words the row limit', () => {
    expect(tooManyRowsMessage(5001)).toBe(
      'This file has 5,001 transactions; one import can hold at most 5,000. Split the file and import each part.',
    );
  });
});
