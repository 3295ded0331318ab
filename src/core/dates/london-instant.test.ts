import { describe, expect, it } from 'vitest';
import { addLondonDays, addLondonMonths, londonOffsetMinutes } from './london-instant.ts';

describe('London wall-clock arithmetic', () => {
  it('knows GMT from BST', () => {
    expect(londonOffsetMinutes(new Date('2026-01-15T12:00:00Z'))).toBe(0);
    expect(londonOffsetMinutes(new Date('2026-07-15T12:00:00Z'))).toBe(60);
    // 2026-03-29 01:00 UTC the clocks go forward; 2026-10-25 01:00 UTC they go back.
    expect(londonOffsetMinutes(new Date('2026-03-29T00:59:59Z'))).toBe(0);
    expect(londonOffsetMinutes(new Date('2026-03-29T01:00:00Z'))).toBe(60);
    expect(londonOffsetMinutes(new Date('2026-10-25T00:59:59Z'))).toBe(60);
    expect(londonOffsetMinutes(new Date('2026-10-25T01:00:00Z'))).toBe(0);
  });

  it.each([
    // [start, days, end]: same London wall time, 7 days on
    ['2026-11-27T10:00:00.000Z', 7, '2026-12-04T10:00:00.000Z'], // GMT → GMT: 168 h
    ['2026-03-26T10:00:00.000Z', 7, '2026-04-02T09:00:00.000Z'], // 10:00 GMT → 10:00 BST: 167 h
    ['2026-10-22T09:00:00.000Z', 7, '2026-10-29T10:00:00.000Z'], // 10:00 BST → 10:00 GMT: 169 h
    ['2026-06-01T23:30:00.000Z', 1, '2026-06-02T23:30:00.000Z'], // 00:30 BST the next London day
  ])('%s plus %i London days is %s', (start, days, end) => {
    expect(addLondonDays(new Date(start), days).toISOString()).toBe(end);
  });

  it('moves a wall time the clocks skip an hour later', () => {
    // 01:30 GMT on 28 March + 1 day = 01:30 on 29 March, which does not exist: 02:30 BST = 01:30 UTC.
    expect(addLondonDays(new Date('2026-03-28T01:30:00Z'), 1).toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('adds months in the London calendar, clamping to the month end', () => {
    expect(addLondonMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addLondonMonths(new Date('2026-03-15T10:00:00Z'), 1).toISOString()).toBe('2026-04-15T09:00:00.000Z');
    expect(addLondonMonths(new Date('2026-11-27T10:00:00Z'), 12).toISOString()).toBe('2027-11-27T10:00:00.000Z');
  });
});
