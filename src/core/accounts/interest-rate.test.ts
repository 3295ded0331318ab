import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRate, formatRateBox, formatRateInput, parseRatePercent } from './interest-rate.ts';

describe('interest rates as typed', () => {
  it.each([
    ['4.35', 435],
    ['4.35%', 435],
    [' 4.35 % ', 435],
    ['4', 400],
    ['4.5', 450],
    ['0.01', 1],
    ['0', 0],
    ['.5', null],
    ['4.', 400],
    ['4.350', 435],
    ['12.00', 1200],
    ['-1', -100],
    ['-0.25', -25],
  ] as const)('reads %j as %s basis points', (text, bps) => {
    const parsed = parseRatePercent(text);
    if (bps === null) expect(parsed.ok).toBe(false);
    else expect(parsed).toEqual({ ok: true, bps });
  });

  it('refuses more than two decimal places, words and European commas', () => {
    expect(parseRatePercent('4.125')).toEqual({ ok: false, reason: 'too-precise' });
    expect(parseRatePercent('four')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseRatePercent('4,35')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseRatePercent('')).toEqual({ ok: false, reason: 'empty' });
    expect(parseRatePercent('   ')).toEqual({ ok: false, reason: 'empty' });
  });

  it('shows rates with two decimals and their type', () => {
    expect(formatRate(435, 'AER')).toBe('4.35% AER');
    expect(formatRate(5)).toBe('0.05%');
    expect(formatRate(1200, 'Gross')).toBe('12.00% Gross');
    expect(formatRate(0, 'AER')).toBe('0.00% AER');
  });

  it('puts a rate back in an input without trailing zeros', () => {
    expect(formatRateInput(435)).toBe('4.35');
    expect(formatRateInput(400)).toBe('4');
    expect(formatRateInput(450)).toBe('4.5');
    expect(formatRateInput(1)).toBe('0.01');
    expect(formatRateInput(-25)).toBe('-0.25');
  });

  it('fills the account page’s rate box with two decimals, as the rate is read', () => {
    expect(formatRateBox(310)).toBe('3.10');
    expect(formatRateBox(435)).toBe('4.35');
    expect(formatRateBox(400)).toBe('4.00');
    expect(formatRateBox(1)).toBe('0.01');
    expect(formatRateBox(-25)).toBe('-0.25');
    expect(formatRateBox(0)).toBe('0.00');
  });

  it('reads back every rate it writes, exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000, max: 100_000 }), (bps) => {
        expect(parseRatePercent(formatRateBox(bps))).toEqual({ ok: true, bps });
        expect(parseRatePercent(formatRateInput(bps))).toEqual({ ok: true, bps });
        expect(parseRatePercent(formatRate(bps))).toEqual({ ok: true, bps });
      }),
    );
  });
});
