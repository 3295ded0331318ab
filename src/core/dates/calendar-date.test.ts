import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarDateInLondon, isCalendarDate, isSupportedDate } from './calendar-date.ts';

describe('isCalendarDate', () => {
  it('accepts real dates, leap days included', () => {
    expect(isCalendarDate('1990-06-15')).toBe(true);
    expect(isCalendarDate('2024-02-29')).toBe(true);
  });

  it('refuses impossible dates and other shapes', () => {
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-04-31')).toBe(false);
    expect(isCalendarDate('2024-13-01')).toBe(false);
    expect(isCalendarDate('15/06/1990')).toBe(false);
    expect(isCalendarDate('1990-6-15')).toBe(false);
  });

  it('refuses year 0000, which no calendar (nor PostgreSQL) has, and takes the years either side of it', () => {
    expect(isCalendarDate('0000-01-01')).toBe(false);
    expect(isCalendarDate('0001-01-01')).toBe(true);
    expect(isCalendarDate('9999-12-31')).toBe(true);
  });

  it('knows the leap years of every century', () => {
    expect(isCalendarDate('1900-02-29')).toBe(false);
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('0004-02-29')).toBe(true);
    expect(isCalendarDate('0100-02-29')).toBe(false);
  });
});

describe('isSupportedDate', () => {
  it('takes real dates from 1 January 1900 to 31 December 2099 only', () => {
    expect(isSupportedDate('1900-01-01')).toBe(true);
    expect(isSupportedDate('2099-12-31')).toBe(true);
    expect(isSupportedDate('1899-12-31')).toBe(false);
    expect(isSupportedDate('2100-01-01')).toBe(false);
    expect(isSupportedDate('2026-02-30')).toBe(false);
  });
});

describe('calendarDateInLondon', () => {
  it('is already tomorrow in London at 23:30 UTC in summer (BST)', () => {
    expect(calendarDateInLondon(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
  });

  it('is still today at 23:30 UTC in winter (GMT)', () => {
    expect(calendarDateInLondon(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  });

  it('gives the date a fresh formatting gives, whatever instants it was asked before', () => {
    const fresh = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' });
    // Runs of instants a few minutes apart, anywhere in the supported years or around a UTC
    // midnight or 23:00 UTC (London's midnight in summer), asked one after another.
    const anywhere = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2099, 11, 30) });
    const nearMidnight = fc
      .tuple(fc.integer({ min: 1990, max: 2099 }), fc.integer({ min: 0, max: 11 }), fc.integer({ min: 1, max: 28 }))
      .chain(([year, month, day]) => fc.constantFrom(Date.UTC(year, month, day), Date.UTC(year, month, day, 23)));
    const runs = fc.tuple(
      fc.oneof(anywhere, nearMidnight),
      fc.array(fc.integer({ min: -300, max: 300 }), { minLength: 2 }),
    );
    fc.assert(
      fc.property(runs, ([around, offsets]) => {
        for (const ms of offsets.map((s) => around + s * 1_000))
          expect(calendarDateInLondon(new Date(ms))).toBe(fresh.format(new Date(ms)));
      }),
      { numRuns: 500 },
    );
  });

  it('refuses an invalid instant as the formatter does, and forgets nothing it knew', () => {
    expect(calendarDateInLondon(new Date('2026-12-31T12:00:00Z'))).toBe('2026-12-31');
    expect(() => calendarDateInLondon(new Date(Number.NaN))).toThrow(RangeError);
    expect(calendarDateInLondon(new Date('2026-12-31T12:00:30Z'))).toBe('2026-12-31');
  });
});
