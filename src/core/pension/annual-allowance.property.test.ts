import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { taxYearStarting } from '../dates/tax-year.ts';
import { pensionAllowance, taperedAllowance } from './annual-allowance.ts';
import { pensionFiguresFor } from './pension-figures.ts';

const startYearArb = fc.integer({ min: 2016, max: 2030 });
const incomeArb = fc.oneof(
  fc.integer({ min: 0, max: 2_000_000_00 }),
  fc.integer({ min: 259_990_00, max: 260_010_00 }),
  fc.integer({ min: 199_999_00, max: 200_001_00 }),
);

describe('the tapered allowance, for any income', () => {
  it('stays between the minimum and the standard allowance, and never rises as income rises', () => {
    fc.assert(
      fc.property(startYearArb, incomeArb, incomeArb, fc.nat(1_000_00), (startYear, threshold, adjusted, more) => {
        const figures = pensionFiguresFor(taxYearStarting(startYear));
        const taper = taperedAllowance(figures, threshold, adjusted);
        expect(taper.allowancePence).toBeGreaterThanOrEqual(figures.taperMinimumAllowancePence.value);
        expect(taper.allowancePence).toBeLessThanOrEqual(figures.annualAllowancePence.value);
        expect(taper.allowancePence % 100).toBe(0);
        expect(taperedAllowance(figures, threshold, adjusted + more).allowancePence).toBeLessThanOrEqual(
          taper.allowancePence,
        );
      }),
    );
  });
});

const inputArb = fc.record({
  date: fc
    .date({ min: new Date('2019-04-06T00:00:00Z'), max: new Date('2027-04-05T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  amountPence: fc.integer({ min: 0, max: 150_000_00 }),
  kind: fc.constantFrom('money_purchase' as const, 'defined_benefit' as const),
});
const factsArb = (startYear: number) =>
  fc.record({
    startYear: fc.constant(startYear),
    wasMember: fc.boolean(),
    thresholdIncomePence: fc.option(incomeArb, { nil: null }),
    adjustedIncomePence: fc.option(incomeArb, { nil: null }),
  });

describe('the annual allowance, for any savings and history', () => {
  it('never leaves a negative figure, never both an excess and room, and uses no more carry-forward than there is', () => {
    fc.assert(
      fc.property(
        fc.array(inputArb, { maxLength: 12 }),
        fc.tuple(factsArb(2022), factsArb(2023), factsArb(2024), factsArb(2025), factsArb(2026)),
        fc.subarray([2022, 2023, 2024, 2025, 2026]),
        fc.option(fc.constantFrom('2020-06-01', '2026-04-06', '2026-10-01', '2027-04-05'), { nil: null }),
        (inputs, allFacts, keep, flexibleAccessDate) => {
          const years = allFacts.filter((f) => keep.includes(f.startYear));
          const result = pensionAllowance({ taxYear: taxYearStarting(2026), flexibleAccessDate, inputs, years });
          expect(result.excessPence).toBeGreaterThanOrEqual(0);
          expect(result.remainingPence).toBeGreaterThanOrEqual(0);
          expect(result.excessPence > 0 && result.remainingPence > 0).toBe(false);
          expect(result.excessPence).toBeLessThanOrEqual(result.inputPence);
          expect(result.carryForward.usedPence).toBeLessThanOrEqual(result.carryForward.availablePence);
          for (const year of result.carryForward.years) {
            expect(year.usedNowPence).toBeLessThanOrEqual(year.availablePence);
            expect(year.availablePence).toBeLessThanOrEqual(year.unusedPence);
          }
          if (result.moneyPurchaseRemainingPence !== null)
            expect(result.moneyPurchaseRemainingPence).toBeLessThanOrEqual(result.remainingPence);
        },
      ),
    );
  });
});
