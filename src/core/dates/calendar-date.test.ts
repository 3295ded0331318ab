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
});
