import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  TRANSACTION_TYPES,
  isMoneyOut,
  normaliseTransactionType,
  signedAmountPence,
  typedAmountPence,
} from './transaction-types.ts';

describe('transaction types and signs', () => {
  it.each([
    ['deposit', 1250, 1250],
    ['interest', 31, 31],
    ['opening_balance', 100_000, 100_000],
    ['withdrawal', 2_000, -2_000],
    ['fee', 500, -500],
    ['bonus', 700, 700],
    ['', 700, 700],
  ])('stores a %s of %i pence as %i', (type, typed, stored) => {
    expect(signedAmountPence(type, typed)).toBe(stored);
  });

  it('treats an unknown type as a deposit', () => {
    expect(normaliseTransactionType('cashback')).toBe('deposit');
    expect(normaliseTransactionType(undefined)).toBe('deposit');
    expect(normaliseTransactionType('WITHDRAWAL')).toBe('deposit');
    for (const type of TRANSACTION_TYPES) expect(normaliseTransactionType(type)).toBe(type);
  });

  it('stores zero as a plain zero, never minus zero', () => {
    expect(Object.is(signedAmountPence('withdrawal', 0), 0)).toBe(true);
  });

  it('refuses fractions of a penny', () => {
    expect(() => signedAmountPence('deposit', 1.5)).toThrow(RangeError);
  });

  it('gives money out a sign of its own and keeps the size, for any amount and type', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TRANSACTION_TYPES, 'mystery'),
        fc.integer({ min: -1e12, max: 1e12 }),
        (type, pence) => {
          const stored = signedAmountPence(type, pence);
          expect(typedAmountPence(stored)).toBe(Math.abs(pence));
          if (pence !== 0) expect(stored < 0).toBe(isMoneyOut(normaliseTransactionType(type)));
          // Applying the sign twice changes nothing.
          expect(signedAmountPence(type, stored)).toBe(stored);
        },
      ),
    );
  });
});
