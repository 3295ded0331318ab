import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_PENCE, formatAmountAs, parseAmountPence } from './amounts.ts';

const pence = (text: string) => {
  const reading = parseAmountPence(text);
  return reading.kind === 'amount' ? reading.pence : reading.kind;
};

describe('amounts as UK banks write them', () => {
  it.each([
    ['£1,234.56', 123456],
    ['1234.56', 123456],
    ['-12.00', -1200],
    ['−12.00', -1200],
    ['-£12.00', -1200],
    ['£-12.00', -1200],
    ['+£12.00', 1200],
    ['(12.00)', -1200],
    ['(£1,000.00)', -100000],
    ['12.00 CR', 1200],
    ['12.00 DR', -1200],
    ['12.00dr', -1200],
    ['1,234.56 DR', -123456],
    ['12', 1200],
    ['12.5', 1250],
    ['.5', 50],
    ['0.01', 1],
    ['GBP 7.99', 799],
    ['12.00-', -1200],
    ['  £ 3.20  ', 320],
    ['-0.00', 0],
  ])('reads %s as %i pence', (text, expected) => {
    expect(pence(text)).toBe(expected);
  });

  it('treats an empty cell as blank, not zero', () => {
    expect(parseAmountPence('')).toEqual({ kind: 'blank' });
    expect(parseAmountPence('   ')).toEqual({ kind: 'blank' });
  });

  it.each(['abc', '12.345', '1,23.00', '12,34', '£', '-', '1.2.3', '12 00', '$12.00', '(12.00', '£12.00 EUR', '1e5'])(
    'refuses %s',
    (text) => {
      const reading = parseAmountPence(text);
      expect(reading.kind).toBe('invalid');
      expect(reading.kind === 'invalid' && reading.message).toBe(`'${text.trim()}' is not an amount`);
    },
  );

  it('refuses two signs at once', () => {
    for (const text of ['(-12.00)', '-12.00 DR', '-12.00 CR', '(+3.00)']) {
      expect(parseAmountPence(text), text).toEqual({ kind: 'invalid', message: `'${text}' has more than one sign` });
    }
  });

  it('refuses amounts too large to be real', () => {
    expect(pence('999,999,999.99')).toBe(MAX_AMOUNT_PENCE);
    expect(parseAmountPence('1,000,000,000.00')).toEqual({
      kind: 'invalid',
      message: "'1,000,000,000.00' is too large",
    });
  });

  it('reads back every amount in every style', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -MAX_AMOUNT_PENCE, max: MAX_AMOUNT_PENCE }),
        fc.constantFrom('plain', 'pound', 'grouped', 'brackets', 'crdr'),
        (amount, style) => {
          expect(pence(formatAmountAs(amount, style))).toBe(amount);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
