import { describe, expect, it } from 'vitest';
import { formatLimit, formatLongDate, holdersLabel, joinWithAnd } from './text.ts';

describe('checker text', () => {
  it('writes a limit in whole pounds when it has no pence', () => {
    expect(formatLimit(120_000_00)).toBe('£120,000');
    expect(formatLimit(120_000_50)).toBe('£120,000.50');
  });

  it('writes dates in prose', () => {
    expect(formatLongDate('2025-12-01')).toBe('1 December 2025');
    expect(formatLongDate('2017-01-30')).toBe('30 January 2017');
  });

  it('joins names with commas and a final and', () => {
    expect(joinWithAnd([])).toBe('');
    expect(joinWithAnd(['Halifax'])).toBe('Halifax');
    expect(joinWithAnd(['Halifax', 'Bank of Scotland'])).toBe('Halifax and Bank of Scotland');
    expect(joinWithAnd(['Halifax', 'BM Savings', 'Bank of Scotland'])).toBe('Halifax, BM Savings and Bank of Scotland');
  });

  it('names sole and joint accounts', () => {
    expect(holdersLabel(1)).toBe('Sole account');
    expect(holdersLabel(2)).toBe('Joint account (2 people)');
  });
});
