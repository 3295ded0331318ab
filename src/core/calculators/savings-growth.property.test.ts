import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMPOUNDING_FREQUENCIES, DEPOSIT_FREQUENCIES, type GrowthRate, savingsGrowth } from './savings-growth.ts';

const rateArb: fc.Arbitrary<GrowthRate> = fc.oneof(
  fc.record({ kind: fc.constant('aer' as const), bps: fc.integer({ min: 1, max: 2_500 }) }),
  fc.record({
    kind: fc.constant('gross' as const),
    bps: fc.integer({ min: 1, max: 2_500 }),
    compounding: fc.constantFrom(...COMPOUNDING_FREQUENCIES),
  }),
);
const inputArb = fc.record({
  startDate: fc.constantFrom('2026-04-05', '2026-11-29', '2027-04-06', '2028-02-29'),
  startPence: fc.integer({ min: 0, max: 1_000_000_00 }),
  regularDepositPence: fc.integer({ min: 0, max: 10_000_00 }),
  depositFrequency: fc.constantFrom(...DEPOSIT_FREQUENCIES),
  rate: rateArb,
  termMonths: fc.integer({ min: 1, max: 240 }),
});

describe('savings growth, for any sum, deposits, rate and term', () => {
  it('ends with what went in plus the interest, and the years add up to it', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const growth = savingsGrowth(input);
        expect(growth.finalPence).toBe(input.startPence + growth.depositsPence + growth.interestPence);
        expect(growth.years.reduce((sum, y) => sum + y.interestPence, 0)).toBe(growth.interestPence);
        expect(growth.years.at(-1)?.closingPence).toBe(growth.finalPence);
        for (const p of growth.points) expect(Number.isSafeInteger(p.balancePence)).toBe(true);
      }),
    );
  });

  it('never earns less over a longer term at a positive rate', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 1, max: 60 }), (input, more) => {
        const shorter = savingsGrowth(input).interestPence;
        expect(savingsGrowth({ ...input, termMonths: input.termMonths + more }).interestPence).toBeGreaterThanOrEqual(
          shorter,
        );
      }),
    );
  });
});
