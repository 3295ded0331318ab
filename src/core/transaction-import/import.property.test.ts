// Round trips: rows written the way UK banks write CSV files (any of their date formats, amount
// styles, one signed column or paid in / paid out, quoting, CRLF, a byte-order mark) read back
// as the same transactions, through the same steps the import page takes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmountAs } from './amounts.ts';
import { DATE_FORMATS, type DateFormatId, formatDateAs } from './dates.ts';
import { inferTransactionType, mappingProblems, readRows } from './rows.ts';
import { guessMapping, readImportTable } from './table.ts';

type Generated = { date: string; amountPence: number; notes: string };

const rowArb: fc.Arbitrary<Generated> = fc.record({
  date: fc
    .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2069-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  amountPence: fc.integer({ min: -5_000_000, max: 5_000_000 }).filter((n) => n !== 0),
  // Text with the characters that need quoting, and words that steer the type.
  notes: fc
    .array(
      fc.constantFrom(
        'TESCO',
        'Interest',
        'GROSS INTEREST',
        'ref "A1"',
        'a,b',
        'line\nbreak',
        '  ',
        'Café £5',
        'DD',
        '',
      ),
      { maxLength: 4 },
    )
    .map((parts) => parts.join(' ')),
});

const styleArb = fc.record({
  dateFormat: fc.constantFrom(...DATE_FORMATS.map((f) => f.id)),
  shortDayMonth: fc.boolean(),
  amountStyle: fc.constantFrom('plain', 'pound', 'grouped', 'brackets', 'crdr'),
  split: fc.boolean(),
  header: fc.constantFrom(
    { date: 'Date', notes: 'Description', amount: 'Amount', paidIn: 'Paid in', paidOut: 'Paid out' },
    { date: 'Transaction Date', notes: 'Memo', amount: 'Value', paidIn: 'Money In', paidOut: 'Money Out' },
    { date: 'Posting Date', notes: 'Notes', amount: 'Amount (GBP)', paidIn: 'Credit', paidOut: 'Debit' },
  ),
  crlf: fc.boolean(),
  bom: fc.boolean(),
  withBalance: fc.boolean(),
});

function quote(field: string): string {
  return /[",\r\n]/.test(field) || field !== field.trim() ? `"${field.replace(/"/g, '""')}"` : field;
}

describe('CSV import round trips', () => {
  it('reads back generated rows in every UK date format and amount layout', () => {
    fc.assert(
      fc.property(fc.array(rowArb, { minLength: 1, maxLength: 25 }), styleArb, (rows, style) => {
        const { header } = style;
        const columns: string[] = style.split
          ? [header.date, header.notes, header.paidOut, header.paidIn]
          : [header.date, header.notes, header.amount];
        if (style.withBalance) columns.push('Balance');
        const lines = [columns.map(quote).join(',')];
        for (const row of rows) {
          const date = formatDateAs(row.date, style.dateFormat as DateFormatId, { shortDayMonth: style.shortDayMonth });
          const money = formatAmountAs(Math.abs(row.amountPence), style.amountStyle);
          const cells = style.split
            ? [date, row.notes, row.amountPence < 0 ? money : '', row.amountPence > 0 ? money : '']
            : [date, row.notes, formatAmountAs(row.amountPence, style.amountStyle)];
          if (style.withBalance) cells.push('£99.99');
          lines.push(cells.map(quote).join(','));
        }
        const text = (style.bom ? '\uFEFF' : '') + lines.join(style.crlf ? '\r\n' : '\n');

        const reading = readImportTable(text);
        expect(reading.ok).toBe(true);
        if (!reading.ok) return;
        const mapping = guessMapping(reading.table.header, reading.table.rows);
        expect(mappingProblems(mapping)).toEqual([]);
        expect(mapping.dateFormat).toBe(style.dateFormat);
        expect(mapping.amountMode).toBe(style.split ? 'split' : 'single');

        const expected = rows.map((row) => {
          const notes = row.notes.trim().replace(/\s+/g, ' ') || null;
          return {
            date: row.date,
            amountPence: row.amountPence,
            type: inferTransactionType(row.amountPence, notes),
            notes,
          };
        });
        expect(readRows(reading.table, mapping).map((r) => (r.ok ? r.row : r.errors))).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });
});
