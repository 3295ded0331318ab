import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPence } from './format.ts';

describe('formatPence', () => {
  it.each([
    [0, '£0.00'],
    [5, '£0.05'],
    [123456, '£1,234.56'],
    [12_000_000, '£120,000.00'],
    [-2_000_000, '-£20,000.00'],
    [100_000_000_000, '£1,000,000,000.00'],
  ])('formats %i pence as %s', (pence, text) => {
    expect(formatPence(pence)).toBe(text);
  });

  it('drops zero pence for whole-pound figures only', () => {
    expect(formatPence(12_000_000, { wholePounds: true })).toBe('£120,000');
    expect(formatPence(12_000_050, { wholePounds: true })).toBe('£120,000.50');
  });

  it('refuses amounts that are not whole pence', () => {
    expect(() => formatPence(1.5)).toThrow(RangeError);
  });

  it('groups the pounds as en-GB does', () => {
    const enGb = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (pence) => {
        expect(formatPence(pence)).toBe(enGb.format(pence / 100).replace('−', '-'));
      }),
    );
  });

  it('reads back to the same pence', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (pence) => {
        const text = formatPence(pence);
        const back = Math.round(Number(text.replace(/[£,]/g, '')) * 100);
        expect(back).toBe(pence);
      }),
    );
  });
});
