import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DATE_FORMATS,
  type DateFormatId,
  detectDateFormat,
  expandTwoDigitYear,
  formatDateAs,
  parseDateAs,
} from './dates.ts';

const FORMAT_IDS = DATE_FORMATS.map((f) => f.id);

// Any real date 1980–2079: the range a two-digit year can name.
const dateArb = fc
  .date({ min: new Date('1980-01-01T00:00:00Z'), max: new Date('2079-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('UK bank date formats', () => {
  it.each(DATE_FORMATS.map((f) => [f.id, f.example] as const))('reads %s (%s) as 21 November 2026', (id, example) => {
    expect(parseDateAs(example, id)).toBe('2026-11-21');
  });

  it('reads a numeric date day first, never as the US month/day', () => {
    expect(parseDateAs('02/03/2026', 'dd/mm/yyyy')).toBe('2026-03-02');
    expect(parseDateAs('2/3/2026', 'dd/mm/yyyy')).toBe('2026-03-02');
    expect(parseDateAs('13/01/2026', 'dd/mm/yyyy')).toBe('2026-01-13');
    expect(parseDateAs('01/13/2026', 'dd/mm/yyyy')).toBeNull();
    expect(parseDateAs('12/31/2026', 'dd/mm/yyyy')).toBeNull();
  });

  it('refuses impossible dates', () => {
    for (const [text, id] of [
      ['31/04/2026', 'dd/mm/yyyy'],
      ['29/02/2027', 'dd/mm/yyyy'],
      ['30-02-2028', 'dd-mm-yyyy'],
      ['00.01.2026', 'dd.mm.yyyy'],
      ['32 Jan 2026', 'dd mmm yyyy'],
      ['2026-13-01', 'yyyy-mm-dd'],
      ['2026-00-10', 'yyyy-mm-dd'],
      ['31/06/26', 'dd/mm/yy'],
    ] as const) {
      expect(parseDateAs(text, id), text).toBeNull();
    }
    expect(parseDateAs('29/02/2028', 'dd/mm/yyyy')).toBe('2028-02-29');
  });

  it('reads month names short, long or dashed, in any case', () => {
    expect(parseDateAs('1 Sept 2026', 'dd mmm yyyy')).toBe('2026-09-01');
    expect(parseDateAs('21-Nov-2026', 'dd mmm yyyy')).toBe('2026-11-21');
    expect(parseDateAs('21 November 2026', 'dd mmm yyyy')).toBe('2026-11-21');
    expect(parseDateAs('5 JUN 26', 'dd mmm yy')).toBe('2026-06-05');
    expect(parseDateAs('5 Juni 2026', 'dd mmm yyyy')).toBeNull();
  });

  it('ignores a time after the date', () => {
    expect(parseDateAs('21/11/2026 14:05', 'dd/mm/yyyy')).toBe('2026-11-21');
    expect(parseDateAs('2026-11-21T14:05:00Z', 'yyyy-mm-dd')).toBe('2026-11-21');
    expect(parseDateAs('21/11/2026 14:05:09', 'dd/mm/yyyy')).toBe('2026-11-21');
  });

  it('reads a two-digit year as 1980–2079', () => {
    expect(expandTwoDigitYear(0)).toBe(2000);
    expect(expandTwoDigitYear(79)).toBe(2079);
    expect(expandTwoDigitYear(80)).toBe(1980);
    expect(parseDateAs('01/01/99', 'dd/mm/yy')).toBe('1999-01-01');
  });

  it('does not read one format as another', () => {
    expect(parseDateAs('21/11/26', 'dd/mm/yyyy')).toBeNull();
    expect(parseDateAs('21/11/2026', 'dd/mm/yy')).toBeNull();
    expect(parseDateAs('21-11-2026', 'dd/mm/yyyy')).toBeNull();
    expect(parseDateAs('2026-11-21', 'dd-mm-yy')).toBeNull();
  });

  it('detects the format that reads the whole column, or the one that reads most', () => {
    expect(detectDateFormat(['01/02/2026', '13/02/2026', ''])).toBe('dd/mm/yyyy');
    expect(detectDateFormat(['2026-02-01'])).toBe('yyyy-mm-dd');
    expect(detectDateFormat(['01 Feb 2026', '02 Feb 2026'])).toBe('dd mmm yyyy');
    expect(detectDateFormat(['01/02/26', '31/02/26', '03/02/26'])).toBe('dd/mm/yy');
    expect(detectDateFormat(['yesterday', ''])).toBeNull();
    expect(detectDateFormat([])).toBeNull();
  });

  it('reads back every date written in every format', () => {
    fc.assert(
      fc.property(
        dateArb,
        fc.constantFrom(...FORMAT_IDS),
        fc.boolean(),
        fc.boolean(),
        (date, id: DateFormatId, shortDayMonth, fullMonthName) => {
          const text = formatDateAs(date, id, { shortDayMonth, fullMonthName });
          expect(parseDateAs(text, id)).toBe(date);
          expect(detectDateFormat([text])).toBe(id);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses a day past the end of its month in every format', () => {
    fc.assert(
      fc.property(
        dateArb,
        fc.constantFrom(...FORMAT_IDS),
        fc.integer({ min: 1, max: 5 }),
        (date, id: DateFormatId, extra) => {
          const [y, m] = date.split('-').map(Number) as [number, number];
          const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
          const day = daysInMonth + extra;
          if (day > 99) return;
          const text = formatDateAs(`${date.slice(0, 8)}01`, id).replace(/^01|-01$/, (part) =>
            part === '01' ? String(day) : `-${day}`,
          );
          expect(parseDateAs(text, id)).toBeNull();
        },
      ),
      { numRuns: 1000 },
    );
  });
});
