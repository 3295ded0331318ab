import { describe, expect, it } from 'vitest';
import { afterSavingsTax, yearAheadSavingsTax } from './savings-tax.ts';

describe('yearAheadSavingsTax', () => {
  it('is 20% for a year wholly before 6 April 2027, and 22% for one wholly after', () => {
    expect(yearAheadSavingsTax('2026-04-05')).toEqual({ basisPoints: 2000, words: '20% tax' });
    // 6 April 2026 to 5 April 2027: the last day at 20% is the year's last day.
    expect(yearAheadSavingsTax('2026-04-06')).toEqual({ basisPoints: 2000, words: '20% tax' });
    expect(yearAheadSavingsTax('2027-04-06')).toEqual({ basisPoints: 2200, words: '22% tax' });
  });

  it('takes each day at its own rate when the year straddles 6 April 2027', () => {
    // One day of 365 at 22%: (364 × 20 + 22) / 365 = 20.0055% → 2,001 basis points.
    expect(yearAheadSavingsTax('2026-04-07').basisPoints).toBe(2001);
    // 22 November 2026: 135 days at 20%, 230 at 22% → 21.26%.
    expect(yearAheadSavingsTax('2026-11-22')).toEqual({
      basisPoints: 2126,
      words: 'tax at 20%, and 22% from 06/04/2027',
    });
    // The day before the change: one day at 20%.
    expect(yearAheadSavingsTax('2027-04-05').basisPoints).toBe(2199);
  });
});

describe('afterSavingsTax', () => {
  it('is the spec’s factor 0.8 at 20%, rounded toward zero', () => {
    const twenty = yearAheadSavingsTax('2026-01-01');
    expect(afterSavingsTax(950_00, twenty)).toBe(760_00);
    expect(afterSavingsTax(1, twenty)).toBe(0);
    expect(afterSavingsTax(0, twenty)).toBe(0);
    expect(afterSavingsTax(100_01, yearAheadSavingsTax('2027-06-01'))).toBe(78_00);
  });
});
