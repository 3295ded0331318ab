import { describe, expect, it } from 'vitest';
import {
  accountYearOf,
  anniversaryIn,
  calendarMonthOf,
  calendarQuarterOf,
  duePeriodOn,
  leavesRolling12MonthsOn,
  periodOn,
  rolling12MonthsTo,
} from './periods.ts';
import { parseTaxYear, taxYearOf } from './tax-year.ts';
import { addDays, daysBetween, formatCardDate } from './term-dates.ts';

describe('the four period kinds on 21 November 2026', () => {
  it.each([
    ['monthly', { start: '2026-11-01', end: '2026-11-30' }],
    ['calendar_year', { start: '2026-01-01', end: '2026-12-31' }],
    ['rolling_12_months', { start: '2025-11-22', end: '2026-11-21' }],
    ['rolling_year_from_opening', { start: '2026-03-15', end: '2027-03-14' }],
  ] as const)('%s runs %o', (kind, range) => {
    expect(periodOn(kind, '2026-11-21', '2019-03-15')).toEqual(range);
  });

  it('has no account year without an opening date', () => {
    expect(periodOn('rolling_year_from_opening', '2026-11-21', null)).toBeNull();
  });
});

describe('the calendar month and quarter', () => {
  it('ends February on the 29th in a leap year and the 28th otherwise', () => {
    expect(calendarMonthOf('2028-02-10')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(calendarMonthOf('2027-02-28')).toEqual({ start: '2027-02-01', end: '2027-02-28' });
  });

  it.each([
    ['2026-01-01', '2026-01-01', '2026-03-31'],
    ['2026-06-30', '2026-04-01', '2026-06-30'],
    ['2026-07-01', '2026-07-01', '2026-09-30'],
    ['2026-12-31', '2026-10-01', '2026-12-31'],
  ])('puts %s in the quarter %s to %s', (date, start, end) => {
    expect(calendarQuarterOf(date)).toEqual({ start, end });
  });
});

describe('the rolling 12 months', () => {
  it('starts the day after the same date a year earlier', () => {
    expect(rolling12MonthsTo('2026-03-31')).toEqual({ start: '2025-04-01', end: '2026-03-31' });
  });

  //      February 2028          February 2029
  //  … 27 28 [29]            … 26 27 [28]   1 Mar
  it('on 29 February starts on 1 March (the day after 28 February a year earlier)', () => {
    expect(rolling12MonthsTo('2028-02-29')).toEqual({ start: '2027-03-01', end: '2028-02-29' });
  });

  it('on 28 February after a leap year still counts 29 February (a 366-day window)', () => {
    expect(rolling12MonthsTo('2029-02-28')).toEqual({ start: '2028-02-29', end: '2029-02-28' });
  });

  it('frees a withdrawal up on the same date a year later, and a 29 February one on 1 March', () => {
    expect(leavesRolling12MonthsOn('2026-05-10')).toBe('2027-05-10');
    expect(leavesRolling12MonthsOn('2028-02-29')).toBe('2029-03-01');
    expect(leavesRolling12MonthsOn('2028-03-31')).toBe('2029-03-31');
  });

  it('frees it up exactly when the window stops counting it', () => {
    for (const date of ['2026-05-10', '2028-02-29', '2028-02-28', '2027-02-28', '2028-03-31', '2026-12-31']) {
      const freed = leavesRolling12MonthsOn(date);
      expect(rolling12MonthsTo(freed).start > date).toBe(true);
      expect(rolling12MonthsTo(addDays(freed, -1)).start <= date).toBe(true);
    }
  });
});

describe('the account year from the opening date', () => {
  it('runs from the last anniversary to the day before the next', () => {
    expect(accountYearOf('2024-03-15', '2026-03-14')).toEqual({ start: '2025-03-15', end: '2026-03-14' });
    expect(accountYearOf('2024-03-15', '2026-03-15')).toEqual({ start: '2026-03-15', end: '2027-03-14' });
  });

  it('is the first account year before the account opened', () => {
    expect(accountYearOf('2026-12-01', '2026-11-21')).toEqual({ start: '2026-12-01', end: '2027-11-30' });
  });

  it('keeps a 31st opening on the 31st every year', () => {
    expect(accountYearOf('2023-01-31', '2026-11-21')).toEqual({ start: '2026-01-31', end: '2027-01-30' });
  });

  // Opened 29 February 2024: anniversaries 28 Feb 2025, 28 Feb 2026, 28 Feb 2027, 29 Feb 2028.
  it.each([
    ['2024-02-29', { start: '2024-02-29', end: '2025-02-27' }],
    ['2025-02-27', { start: '2024-02-29', end: '2025-02-27' }],
    ['2025-02-28', { start: '2025-02-28', end: '2026-02-27' }],
    ['2027-02-28', { start: '2027-02-28', end: '2028-02-28' }],
    ['2028-02-28', { start: '2027-02-28', end: '2028-02-28' }],
    ['2028-02-29', { start: '2028-02-29', end: '2029-02-27' }],
  ] as const)('opened on 29 February 2024, on %s the account year is %o', (today, range) => {
    expect(accountYearOf('2024-02-29', today)).toEqual(range);
  });

  it('counts each anniversary from the opening date, so 29 February comes back in leap years', () => {
    expect(anniversaryIn('2024-02-29', 2027)).toBe('2027-02-28');
    expect(anniversaryIn('2024-02-29', 2032)).toBe('2032-02-29');
  });
});

describe('the minimum deposit’s due periods', () => {
  it('runs from the day after one due date to the next, each counted from the first', () => {
    expect(duePeriodOn('2026-01-31', 1, '2026-02-15')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(duePeriodOn('2026-01-31', 1, '2026-02-28')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(duePeriodOn('2026-01-31', 1, '2026-03-01')).toEqual({ start: '2026-03-01', end: '2026-03-31' });
  });

  it('ends on the first due date before it', () => {
    expect(duePeriodOn('2026-12-15', 1, '2026-11-21')).toEqual({ start: '2026-11-16', end: '2026-12-15' });
  });

  it('steps three months for a quarterly deposit', () => {
    expect(duePeriodOn('2026-01-10', 3, '2026-11-21')).toEqual({ start: '2026-10-11', end: '2027-01-10' });
  });
});

describe('the tax year', () => {
  it('ends on 5 April and starts on 6 April', () => {
    expect(taxYearOf('2027-04-05')).toMatchObject({ label: '2026/27', start: '2026-04-06', end: '2027-04-05' });
    expect(taxYearOf('2027-04-06')).toMatchObject({ label: '2027/28', start: '2027-04-06', end: '2028-04-05' });
    expect(taxYearOf('2000-01-01').label).toBe('1999/00');
  });

  it('reads a label in any of its usual spellings, and refuses a year that does not follow', () => {
    expect(parseTaxYear('2026/27')?.start).toBe('2026-04-06');
    expect(parseTaxYear(' 2026-27 ')?.label).toBe('2026/27');
    expect(parseTaxYear('2026/2027')?.label).toBe('2026/27');
    expect(parseTaxYear('1999/00')?.end).toBe('2000-04-05');
    expect(parseTaxYear('2026/28')).toBeNull();
    expect(parseTaxYear('26/27')).toBeNull();
  });
});

describe('date arithmetic', () => {
  it('counts days across a leap day and writes the card’s date', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(formatCardDate('2026-11-01')).toBe('1 Nov 2026');
  });
});
