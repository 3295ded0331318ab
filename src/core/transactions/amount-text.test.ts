import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPence } from '../money/format.ts';
import { MAX_TRANSACTION_PENCE, amountFromText, parseAmountText, penceToAmountText } from './amount-text.ts';

describe('amounts typed in pounds', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.01', 1],
    ['.5', 50],
    ['12.', 1200],
    ['0', 0],
    ['£1,234.56', 123456],
    ['  7.05 ', 705],
    ['1000000', 100_000_000],
    ['-3.20', -320],
    ['-0', 0],
  ])('reads %j as %i pence', (text, pence) => {
    expect(parseAmountText(text)).toEqual({ ok: true, pence });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['abc', 'not-a-number'],
    ['12abc', 'not-a-number'],
    ['1e3', 'not-a-number'],
    ['.', 'not-a-number'],
    ['£', 'not-a-number'],
    ['1,23', 'not-a-number'],
    ['12,34.5', 'not-a-number'],
    ['--1', 'not-a-number'],
    ['12.345', 'too-many-decimals'],
    ['0.001', 'too-many-decimals'],
    ['1000000000.01', 'too-large'],
    ['99999999999999999999', 'too-large'],
  ])('refuses %j (%s)', (text, reason) => {
    expect(parseAmountText(text)).toEqual({ ok: false, reason });
    expect(amountFromText(text)).toBeNull();
  });

  it('accepts the largest amount and nothing above it', () => {
    expect(amountFromText('1000000000')).toBe(MAX_TRANSACTION_PENCE);
    expect(amountFromText('1000000000.01')).toBeNull();
  });

  it('reads back what it writes, and what formatPence writes, for every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_TRANSACTION_PENCE, max: MAX_TRANSACTION_PENCE }), (pence) => {
        expect(amountFromText(penceToAmountText(pence))).toBe(pence);
        expect(amountFromText(formatPence(pence).replace('-£', '-'))).toBe(pence);
      }),
    );
  });

  it('never turns a third decimal into pence', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000 }), fc.integer({ min: 100, max: 999 }), (pounds, thousandths) => {
        expect(parseAmountText(`${pounds}.${thousandths}`)).toEqual({ ok: false, reason: 'too-many-decimals' });
      }),
    );
  });
});
