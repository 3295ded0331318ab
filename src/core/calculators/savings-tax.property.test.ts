import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { taxYearStarting } from '../dates/tax-year.ts';
import { SAVINGS_RATE_PERCENT, savingsTaxForYear, TAX_BANDS } from './savings-tax.ts';
import { figureOn } from '../dates/effective-dated.ts';

const inputArb = fc.record({
  startYear: fc.integer({ min: 2021, max: 2035 }),
  interestPence: fc.integer({ min: 0, max: 1_000_000_00 }),
  band: fc.constantFrom(...TAX_BANDS),
  otherIncomePence: fc.option(fc.integer({ min: 0, max: 200_000_00 })),
});

describe('tax on savings interest, for any interest, band and other income', () => {
  it('is never negative and never more than the interest at the band’s rate', () => {
    fc.assert(
      fc.property(inputArb, ({ startYear, interestPence, band, otherIncomePence }) => {
        const year = taxYearStarting(startYear);
        const tax = savingsTaxForYear(year, interestPence, { band, otherIncomePence });
        const rate = figureOn(SAVINGS_RATE_PERCENT[band], year.firstDay, 'rate').value;
        expect(tax.taxPence).toBeGreaterThanOrEqual(0);
        expect(tax.taxPence).toBeLessThanOrEqual((interestPence * rate) / 100);
        // Every penny of interest is covered by one step or taxed.
        expect(
          tax.personalAllowancePence + tax.startingRatePence + tax.personalSavingsAllowancePence + tax.taxablePence,
        ).toBe(interestPence);
      }),
    );
  });

  it('never falls when the interest grows', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 0, max: 10_000_00 }), (input, more) => {
        const year = taxYearStarting(input.startYear);
        const less = savingsTaxForYear(year, input.interestPence, input).taxPence;
        expect(savingsTaxForYear(year, input.interestPence + more, input).taxPence).toBeGreaterThanOrEqual(less);
      }),
    );
  });
});
