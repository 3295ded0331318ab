import { describe, expect, it } from 'vitest';
import { TABLE_MESSAGES, guessMapping, normaliseHeader, readImportTable } from './table.ts';

const table = (text: string) => {
  const reading = readImportTable(text);
  if (!reading.ok) throw new Error(reading.message);
  return reading.table;
};

describe('reading a bank export', () => {
  it('reads quoted fields with commas, quotes and line breaks, CRLF and a byte-order mark', () => {
    const t = table(
      '\uFEFFDate,Description,Amount\r\n01/02/2026,"TESCO, LONDON",-12.00\r\n02/02/2026,"SAID ""HI""\nTWICE",5\r\n',
    );
    expect(t.header).toEqual(['Date', 'Description', 'Amount']);
    expect(t.rows).toEqual([
      { line: 2, cells: ['01/02/2026', 'TESCO, LONDON', '-12.00'] },
      { line: 3, cells: ['02/02/2026', 'SAID "HI"\nTWICE', '5'] },
    ]);
  });

  it('skips blank lines, pads short rows and names blank header cells', () => {
    const t = table('Date,Amount,\n\n01/02/2026,1.00\n,,\n02/02/2026,2.00,extra\n');
    expect(t.header).toEqual(['Date', 'Amount', 'Column 3']);
    expect(t.rows.map((r) => r.cells)).toEqual([
      ['01/02/2026', '1.00', ''],
      ['02/02/2026', '2.00', 'extra'],
    ]);
    expect(t.rows.map((r) => r.line)).toEqual([3, 5]);
  });

  it('finds the header below an account summary (Nationwide style)', () => {
    const t = table(
      [
        '"Account Name:","FlexDirect ****12345"',
        '"Account Balance:","£1,234.56"',
        '"Available Balance: ","£1,234.56"',
        '',
        '"Date","Transaction type","Description","Paid out","Paid in","Balance"',
        '"21 Nov 2026","Contactless Payment","TESCO STORES","£12.00","","£1,222.56"',
      ].join('\n'),
    );
    expect(t.headerLine).toBe(5);
    expect(t.rows).toHaveLength(1);
    expect(guessMapping(t.header, t.rows)).toEqual({
      date: 0,
      dateFormat: 'dd mmm yyyy',
      notes: 2,
      amountMode: 'split',
      amount: null,
      paidIn: 4,
      paidOut: 3,
    });
  });

  it('says what is wrong with a file it cannot read', () => {
    expect(readImportTable('')).toEqual({ ok: false, message: TABLE_MESSAGES.empty });
    expect(readImportTable('\n \n')).toEqual({ ok: false, message: TABLE_MESSAGES.empty });
    expect(readImportTable('Date,Amount\n')).toEqual({ ok: false, message: TABLE_MESSAGES.noRows });
    expect(readImportTable('Date,Amount\n01/01/2026,"1.00\n')).toEqual({
      ok: false,
      message: 'Line 2: a quoted field is never closed',
    });
  });
});

describe('guessing the columns from the header', () => {
  const guess = (header: string, row?: string) =>
    guessMapping(header.split(','), row ? [{ line: 2, cells: row.split(',') }] : []);

  it('normalises header names', () => {
    expect(normaliseHeader(' Amount (GBP) ')).toBe('amount');
    expect(normaliseHeader('Paid in (£)')).toBe('paid in');
    expect(normaliseHeader('Money Out £')).toBe('money out');
  });

  it('maps a one-amount export (First Direct style)', () => {
    expect(guess('Date,Description,Amount', '21/11/2026,TESCO,-1.00')).toEqual({
      date: 0,
      dateFormat: 'dd/mm/yyyy',
      notes: 1,
      amountMode: 'single',
      amount: 2,
      paidIn: null,
      paidOut: null,
    });
  });

  it('maps Lloyds and Halifax debit/credit columns and ignores the balance', () => {
    expect(
      guess(
        'Transaction Date,Transaction Type,Sort Code,Account Number,Transaction Description,Debit Amount,Credit Amount,Balance',
        '21/11/2026,DEB,11-22-33,12345678,TESCO,1.00,,100.00',
      ),
    ).toMatchObject({ date: 0, notes: 4, amountMode: 'split', paidOut: 5, paidIn: 6, amount: null });
  });

  it('maps Barclays (Memo) and Starling (Amount (GBP), Balance (GBP))', () => {
    expect(guess('Number,Date,Account,Amount,Subcategory,Memo')).toMatchObject({
      date: 1,
      amount: 3,
      notes: 5,
      amountMode: 'single',
    });
    expect(guess('Date,Counter Party,Reference,Type,Amount (GBP),Balance (GBP),Spending Category,Notes')).toMatchObject(
      {
        date: 0,
        amount: 4,
        amountMode: 'single',
        notes: 7,
      },
    );
  });

  it('prefers money in / money out columns when a file has both of them and a signed amount (Monzo)', () => {
    expect(
      guess(
        'Transaction ID,Date,Time,Type,Name,Emoji,Category,Amount,Currency,Local amount,Local currency,Notes and #tags,Address,Receipt,Description,Category split,Money Out,Money In',
      ),
    ).toMatchObject({ date: 1, amountMode: 'split', paidOut: 16, paidIn: 17, amount: 7, notes: 14 });
  });

  it('takes a lone paid out column as a split with nothing paid in', () => {
    expect(guess('Date,Details,Paid out')).toMatchObject({ amountMode: 'split', paidOut: 2, paidIn: null, notes: 1 });
  });

  it('leaves unknown columns unmapped', () => {
    expect(guess('When,What,How much')).toEqual({
      date: null,
      dateFormat: null,
      notes: null,
      amountMode: 'single',
      amount: null,
      paidIn: null,
      paidOut: null,
    });
  });
});
