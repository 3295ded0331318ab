import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holderSharePence } from '../protection/holder-share.ts';
import { LIFE_EVENTS } from '../protection/types.ts';
import type { CheckerBank, ResolvedRow } from './accounts.ts';
import { checkSavings } from './check.ts';
import { MAX_AMOUNT_PENCE } from './state.ts';

const BANKS: CheckerBank[] = [
  {
    id: 'halifax',
    bankName: 'Halifax',
    legalName: 'Bank of Scotland plc',
    frn: '169628',
    type: 'bank',
    protectionBasis: 'fscs_deposit',
    isCrownDependency: false,
  },
  {
    id: 'bos',
    bankName: 'Bank of Scotland',
    legalName: 'Bank of Scotland plc',
    frn: '169628',
    type: 'bank',
    protectionBasis: 'fscs_deposit',
    isCrownDependency: false,
  },
  {
    id: 'lloyds',
    bankName: 'Lloyds Bank',
    legalName: 'Lloyds Bank PLC',
    frn: '119278',
    type: 'bank',
    protectionBasis: 'fscs_deposit',
    isCrownDependency: false,
  },
  {
    id: 'mutual',
    bankName: 'Mutual',
    legalName: 'Mutual Building Society',
    frn: null,
    type: 'building_society',
    protectionBasis: 'fscs_deposit',
    isCrownDependency: false,
  },
  {
    id: 'nsi',
    bankName: 'NS&I',
    legalName: 'National Savings and Investments',
    frn: null,
    type: 'government_savings_bank',
    protectionBasis: 'hm_treasury',
    isCrownDependency: false,
  },
  {
    id: 'jersey',
    bankName: 'Island Bank',
    legalName: 'Island Bank Ltd',
    frn: '111111',
    type: 'bank',
    protectionBasis: 'fscs_deposit',
    isCrownDependency: true,
  },
  {
    id: 'gib',
    bankName: 'Rock Bank',
    legalName: 'Rock Bank Ltd',
    frn: '222222',
    type: 'bank',
    protectionBasis: 'unverified',
    isCrownDependency: false,
  },
];

const dateArb = fc
  .date({ min: new Date('2017-01-30T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const rowArb: fc.Arbitrary<ResolvedRow> = fc
  .record({
    bank: fc.constantFrom(...BANKS),
    amountPence: fc.integer({ min: 1, max: MAX_AMOUNT_PENCE }),
    holders: fc.integer({ min: 1, max: 4 }),
    thb: fc.option(
      fc.record({
        lifeEvent: fc.constantFrom(...LIFE_EVENTS),
        share: fc.double({ min: 0, max: 1, noNaN: true }),
        creditedDate: dateArb,
      }),
      { nil: undefined },
    ),
  })
  .map(({ thb, ...row }) =>
    thb
      ? {
          ...row,
          temporaryHighBalance: {
            lifeEvent: thb.lifeEvent,
            qualifyingPence: Math.max(1, Math.floor(row.amountPence * thb.share)),
            creditedDate: thb.creditedDate,
          },
        }
      : row,
  );

const overrideArb = fc.option(fc.record({ depositPence: fc.integer({ min: 0, max: 500_000_00 }) }), { nil: null });

describe('checker properties', () => {
  it('splits every licence and the whole into covered plus uncovered, and accounts for every row', () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 12 }), dateArb, overrideArb, (rows, date, override) => {
        const result = checkSavings(rows, { date, override });
        for (const { exposure } of result.licences) {
          expect(exposure.coveredPence + exposure.uncoveredPence).toBe(exposure.totalPence);
        }
        const t = result.report.totals;
        expect(t.protectedPence + t.unprotectedPence + t.governmentBackedPence).toBe(t.totalPence);
        expect(t.totalPence).toBe(rows.reduce((sum, r) => sum + holderSharePence(r.amountPence, r.holders), 0));
        // Every row lands in exactly one licence or one outside bank.
        const placed = [
          ...result.licences.flatMap((l) => l.rowIndexes),
          ...result.outside.flatMap((o) => o.rowIndexes),
        ].sort((a, b) => a - b);
        expect(placed).toEqual(rows.map((_, i) => i));
        // NS&I is never unprotected.
        const nsAndI = result.outside
          .filter((o) => o.category === 'ns-and-i')
          .reduce((sum, o) => sum + o.sharePence, 0);
        expect(t.governmentBackedPence).toBe(nsAndI);
        expect(result.summary.length).toBe(rows.length === 0 ? 1 : result.licences.length + result.outside.length + 1);
      }),
      { numRuns: 300 },
    );
  });

  it('never lowers the money at a licence when a row gets more money', () => {
    fc.assert(
      fc.property(
        fc.array(rowArb, { minLength: 1, maxLength: 8 }),
        fc.nat(),
        fc.integer({ min: 1, max: 1_000_000_00 }),
        dateArb,
        (rows, pick, extra, date) => {
          const index = pick % rows.length;
          const more = rows.map((r, i) =>
            i === index ? { ...r, amountPence: Math.min(MAX_AMOUNT_PENCE, r.amountPence + extra) } : r,
          );
          const before = checkSavings(rows, { date }).report.totals;
          const after = checkSavings(more, { date }).report.totals;
          expect(after.totalPence).toBeGreaterThanOrEqual(before.totalPence);
          expect(after.protectedPence + after.governmentBackedPence).toBeGreaterThanOrEqual(
            before.protectedPence + before.governmentBackedPence,
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
