import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../reference-data/csv.ts';
import { standingOrderNotes } from './standing-order-marker.ts';
import { csvTextCell, transactionsCsv } from './csv-export.ts';

describe('the transactions CSV', () => {
  it('writes a header, ISO dates, type names and pounds with two decimals', () => {
    const csv = transactionsCsv([
      { date: '2026-03-14', accountName: 'Easy Saver', type: 'deposit', amountPence: 123456, notes: 'Birthday' },
      { date: '2026-03-15', accountName: 'Easy Saver', type: 'withdrawal', amountPence: -500, notes: null },
      {
        date: '2026-03-16',
        accountName: 'Easy Saver',
        type: 'opening_balance',
        amountPence: 5,
        notes: standingOrderNotes('Standing order', 'ab-12'),
      },
    ]);
    expect(csv).toBe(
      'Date,Account,Type,Amount (GBP),Notes\r\n' +
        '2026-03-14,Easy Saver,Deposit,1234.56,Birthday\r\n' +
        '2026-03-15,Easy Saver,Withdrawal,-5.00,\r\n' +
        '2026-03-16,Easy Saver,Opening Balance,0.05,Standing order\r\n',
    );
  });

  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['Rent, March', '"Rent, March"'],
    ['line\nbreak', '"line\nbreak"'],
    ['say "hi"', '"say ""hi"""'],
    ['plain', 'plain'],
  ])('makes %j safe as %j', (text, cell) => {
    expect(csvTextCell(text)).toBe(cell);
  });

  it('reads back every note as typed (apart from the defusing apostrophe)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (notes) => {
        const csv = transactionsCsv([{ date: '2026-01-01', accountName: 'A', type: 'deposit', amountPence: 1, notes }]);
        const parsed = parseCsv(csv, 'x.csv');
        if (!parsed.ok) throw new Error('unparseable');
        const cell = parsed.records[0]!.values.Notes ?? '';
        expect(cell).toBe(/^[=+\-@\t\r]/.test(notes) ? `'${notes}` : notes);
      }),
    );
  });
});
