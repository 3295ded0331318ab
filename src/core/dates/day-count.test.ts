import { describe, expect, it } from 'vitest';
import { addDays, ageOn, birthdayAt, daysBetween } from './day-count.ts';

describe('whole-day arithmetic', () => {
  it('counts days across a month end, a leap day and a year end', () => {
    expect(daysBetween('2026-11-21', '2026-11-21')).toBe(0);
    expect(daysBetween('2026-11-21', '2026-12-01')).toBe(10);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2027-04-05', '2026-04-06')).toBe(-364);
  });

  it('adds days either way', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});

describe('age on a date', () => {
  it('turns a year older on the birthday itself', () => {
    expect(ageOn('1962-04-06', '2027-04-05')).toBe(64);
    expect(ageOn('1962-04-06', '2027-04-06')).toBe(65);
  });

  it('has a 29 February birthday fall on 1 March in a common year', () => {
    expect(birthdayAt('1964-02-29', 65)).toBe('2029-03-01');
    expect(birthdayAt('1964-02-29', 64)).toBe('2028-02-29');
    expect(ageOn('1964-02-29', '2029-02-28')).toBe(64);
    expect(ageOn('1964-02-29', '2029-03-01')).toBe(65);
  });
});
