import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIssue, parseCsv } from './csv.ts';

function records(text: string) {
  const result = parseCsv(text, 'test.csv');
  if (!result.ok) throw new Error(formatIssue(result.issue));
  return result.records;
}

function issue(text: string) {
  const result = parseCsv(text, 'test.csv');
  if (result.ok) throw new Error('expected an issue');
  return formatIssue(result.issue);
}

describe('parseCsv', () => {
  it('reads a header and rows into records keyed by column name', () => {
    expect(records('a,b\n1,2\n3,4\n')).toEqual([
      { line: 2, values: { a: '1', b: '2' } },
      { line: 3, values: { a: '3', b: '4' } },
    ]);
  });

  it('reads CRLF line endings, a final line without a newline, and drops a byte-order mark', () => {
    expect(records('\uFEFFa,b\r\n1,2\r\n3,4')).toEqual([
      { line: 2, values: { a: '1', b: '2' } },
      { line: 3, values: { a: '3', b: '4' } },
    ]);
  });

  it('keeps commas, doubled quotes and line breaks inside quoted fields', () => {
    const rows = records('name,note\n"Bank, plc","say ""hi"""\n"two\r\nlines",x\nlast,y\n');
    expect(rows.map((r) => r.values)).toEqual([
      { name: 'Bank, plc', note: 'say "hi"' },
      { name: 'two\r\nlines', note: 'x' },
      { name: 'last', note: 'y' },
    ]);
    // A record after a multi-line field knows its physical line.
    expect(rows.map((r) => r.line)).toEqual([2, 3, 5]);
  });

  it('keeps empty fields, including an empty last field and a quoted empty field', () => {
    expect(records('a,b,c\n,"",\n').map((r) => r.values)).toEqual([{ a: '', b: '', c: '' }]);
  });

  it('skips blank lines', () => {
    expect(records('a\n1\n\n2\n').map((r) => [r.line, r.values.a])).toEqual([
      [2, '1'],
      [4, '2'],
    ]);
  });

  it('names the line of a row with the wrong number of fields', () => {
    expect(issue('a,b\n1,2\n1,2,3\n')).toBe('test.csv line 3: expected 2 fields, found 3');
  });

  it('names the line where an unclosed quote starts', () => {
    expect(issue('a,b\n1,2\n"open,2\n3,4\n')).toBe('test.csv line 3: a quoted field is never closed');
  });

  it('refuses a stray quote inside an unquoted field and text after a closing quote', () => {
    expect(issue('a\nab"c\n')).toMatch(/^test.csv line 2: a quote inside an unquoted field/);
    expect(issue('a\n"ab"c\n')).toMatch(/^test.csv line 2: text after a closing quote/);
  });

  it('refuses an empty file, a blank header name and a repeated header name', () => {
    expect(issue('')).toBe('test.csv line 1: the file is empty (a header row is required)');
    expect(issue('a,,b\n')).toBe('test.csv line 1: a header name is blank');
    expect(issue('a,b,a\n')).toBe('test.csv line 1, column a: the header repeats this name');
  });
});

describe('parseCsv round trip', () => {
  const quote = (field: string) => (/[",\r\n]/.test(field) || field === '' ? `"${field.replace(/"/g, '""')}"` : field);

  it('reads back any table written with RFC 4180 quoting, with either line ending', () => {
    const field = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', '"', '\n', '\r\n', '£', ';'), maxLength: 8 });
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 4 })
          .chain((width) =>
            fc.tuple(
              fc.constant(width),
              fc.array(fc.array(field, { minLength: width, maxLength: width }), { maxLength: 6 }),
            ),
          ),
        fc.constantFrom('\n', '\r\n'),
        ([width, rows], newline) => {
          const header = Array.from({ length: width }, (_, i) => `c${i}`);
          const text = [header, ...rows].map((row) => row.map(quote).join(',')).join(newline) + newline;
          const result = parseCsv(text, 't.csv');
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          expect(result.records.map((r) => header.map((name) => r.values[name]))).toEqual(rows);
        },
      ),
    );
  });
});
