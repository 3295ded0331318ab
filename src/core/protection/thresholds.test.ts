import { describe, expect, it } from 'vitest';
import { alertLevel, protectionBadge } from './thresholds.ts';

describe('alert levels against a £120,000 limit', () => {
  const limit = 120_000_00;
  it('alerts from 85% (£102,000) and calls above 90% (£108,000) a projected breach', () => {
    expect(alertLevel(101_999_99, limit, 0)).toBe('none');
    expect(alertLevel(102_000_00, limit, 0)).toBe('approaching');
    expect(alertLevel(108_000_00, limit, 0)).toBe('approaching');
    expect(alertLevel(108_000_01, limit, 0)).toBe('projected-breach');
    expect(alertLevel(130_000_00, limit, 10_000_00)).toBe('over-limit');
  });
});

describe('protection badge', () => {
  it('is fully protected from 99%, mostly protected from 85%, otherwise at risk', () => {
    expect(protectionBadge(99_00, 100_00)).toBe('fully-protected');
    expect(protectionBadge(98_99, 100_00)).toBe('mostly-protected');
    expect(protectionBadge(85_00, 100_00)).toBe('mostly-protected');
    expect(protectionBadge(84_99, 100_00)).toBe('at-risk');
    expect(protectionBadge(0, 0)).toBe('fully-protected');
  });
});
