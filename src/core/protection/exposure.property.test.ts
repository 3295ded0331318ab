import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateExposure, type AccountProtection, type ExposureReport } from './exposure.ts';
import { limitsOn } from './limits.ts';
import { protectionPicture } from './picture.ts';
import { isTemporaryHighBalanceActive, temporaryHighBalanceCapPence } from './thb.ts';
import type { AlertLevel } from './thresholds.ts';
import { LIFE_EVENTS, PROTECTION_CATEGORIES, type AccountInput, type InstitutionRef } from './types.ts';

// Dates from the first tabled limit to the end of 2030, as 'yyyy-MM-dd', often the dates the law
// changed and dates near the credit dates below, so temporary high balances are often active.
const anyDateArb = fc
  .date({ min: new Date('2017-01-30T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const dateArb = fc.oneof(
  anyDateArb,
  fc.constantFrom('2025-11-30', '2025-12-01', '2026-02-27', '2026-11-22', '2027-02-28', '2027-03-01'),
);
const creditedDateArb = fc.oneof(
  anyDateArb,
  fc.constantFrom('2025-09-30', '2025-12-01', '2026-08-31', '2026-09-01', '2026-10-15'),
);

// Pence of every size, and often near today's £120,000 limit, where an odd penny shows.
const pencePlentyArb = (max: number) =>
  fc.oneof(
    fc.integer({ min: 0, max }),
    fc.integer({ min: 119_999_90, max: 120_000_10 }),
    fc.integer({ min: 0, max: 10 }),
  );

const BANK_OF_SCOTLAND_BRANDS = [
  'Halifax',
  'Bank of Scotland',
  'BM Savings',
  'Intelligent Finance',
  'Bank of Wales',
] as const;

function bankOfScotland(brandName: string): InstitutionRef {
  return { kind: 'frn', frn: '169628', legalName: 'Bank of Scotland plc', brandName };
}

// A handful of institutions so accounts collide on one licence often, with brand and bank-name
// spellings that differ only in case and spacing.
const institutionArb: fc.Arbitrary<InstitutionRef | null> = fc.oneof(
  fc
    .constantFrom('100001', '100002', '100003')
    .map((frn): InstitutionRef => ({ kind: 'frn', frn, legalName: `Bank ${frn}` })),
  fc.constantFrom(...BANK_OF_SCOTLAND_BRANDS, 'halifax', ' Halifax ').map(bankOfScotland),
  fc
    .constantFrom('Acme Savings', 'acme savings', ' ACME  Savings', 'Other Bank')
    .map((bankName): InstitutionRef => ({ kind: 'bank-name', bankName })),
  fc.constant(null),
);

const accountArb = (id: string): fc.Arbitrary<AccountInput> =>
  fc.record({
    id: fc.constant(id),
    balancePence: fc.oneof(pencePlentyArb(3_000_000_00), fc.integer({ min: -1_000_00, max: -1 })),
    institution: institutionArb,
    holders: fc.integer({ min: 1, max: 4 }),
    category: fc.oneof(
      { weight: 6, arbitrary: fc.constant('deposit' as const) },
      { weight: 4, arbitrary: fc.constantFrom(...PROTECTION_CATEGORIES) },
    ),
    temporaryHighBalance: fc.option(
      fc.record({
        lifeEvent: fc.constantFrom(...LIFE_EVENTS),
        qualifyingPence: pencePlentyArb(3_000_000_00),
        creditedDate: creditedDateArb,
      }),
      { nil: undefined },
    ),
  });

const accountsArb = fc
  .integer({ min: 0, max: 12 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => accountArb(`a${i}`))));
const overrideArb = fc.option(fc.record({ depositPence: fc.integer({ min: 0, max: 500_000_00 }) }), { nil: undefined });

const ALERT_ORDER: readonly AlertLevel[] = ['none', 'approaching', 'projected-breach', 'over-limit'];

function sumOf(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0);
}

/** The report without the labels that say which accounts and brands made it up. */
function figuresOf(report: ExposureReport) {
  return {
    institutions: report.institutions.map(({ accountIds: _ids, brandNames: _brands, ...figures }) => figures),
    totals: report.totals,
    badge: report.badge,
    institutionCount: report.institutionCount,
    isDiversified: report.isDiversified,
  };
}

describe('exposure properties', () => {
  it('splits every institution and the whole into covered plus uncovered, and totals into their buckets', () => {
    fc.assert(
      fc.property(accountsArb, dateArb, overrideArb, (accounts, date, override) => {
        const report = calculateExposure(accounts, date, override);
        for (const i of report.institutions) {
          expect(i.coveredPence + i.uncoveredPence).toBe(i.totalPence);
          expect(i.coveredPence).toBeGreaterThanOrEqual(0);
          expect(i.uncoveredPence).toBeGreaterThanOrEqual(0);
        }
        const covered = sumOf(report.institutions.map((i) => i.coveredPence));
        const uncovered = sumOf(report.institutions.map((i) => i.uncoveredPence));
        // Overall: every FSCS account with a known bank is in exactly one institution's total.
        const fscsAccounts = report.accounts.filter(
          (a) => a.status === 'partly-covered' || (a.status === 'covered-in-full' && a.exposureKey !== null),
        );
        expect(covered + uncovered).toBe(sumOf(fscsAccounts.map((a) => a.sharePence)));
        // Each bucket holds exactly the accounts the rules put there.
        const shareOf = (keep: (a: AccountProtection) => boolean) =>
          sumOf(report.accounts.filter(keep).map((a) => a.sharePence));
        const t = report.totals;
        expect(t.totalPence).toBe(shareOf(() => true));
        expect(t.protectedPence).toBe(
          covered + shareOf((a) => a.status === 'covered-in-full' && a.exposureKey === null),
        );
        expect(t.unprotectedPence).toBe(
          uncovered + shareOf((a) => a.status === 'not-fscs' && a.bucket === 'unprotected'),
        );
        expect(t.governmentBackedPence).toBe(
          shareOf((a) => a.status === 'not-fscs' && a.bucket === 'government-backed'),
        );
        expect(t.otherSchemePence).toBe(shareOf((a) => a.status === 'not-fscs' && a.bucket === 'other-scheme'));
        expect(t.unknownPence).toBe(shareOf((a) => a.status === 'unknown-bank'));
        expect(
          t.protectedPence + t.unprotectedPence + t.governmentBackedPence + t.otherSchemePence + t.unknownPence,
        ).toBe(t.totalPence);
      }),
    );
  });

  it('never covers more than the limit plus the temporary high balance allowance', () => {
    fc.assert(
      fc.property(accountsArb, dateArb, overrideArb, (accounts, date, override) => {
        const report = calculateExposure(accounts, date, override);
        const limits = limitsOn(date, override);
        for (const i of report.institutions) {
          const limit = i.scheme === 'deposit' ? limits.deposit.amountPence : limits.investment.amountPence;
          expect(i.limit.amountPence).toBe(limit);
          // The most extra cover the rules allow: each active temporary high balance's cap.
          const allowance = accounts
            .filter(
              (a) =>
                i.accountIds.includes(a.id) &&
                a.temporaryHighBalance &&
                isTemporaryHighBalanceActive(a.temporaryHighBalance, date),
            )
            .reduce((sum, a) => sum + temporaryHighBalanceCapPence(a.temporaryHighBalance!), 0);
          expect(i.temporaryHighBalanceCoveredPence).toBeLessThanOrEqual(allowance);
          expect(i.coveredPence).toBeLessThanOrEqual(limit + i.temporaryHighBalanceCoveredPence);
          if (i.temporaryHighBalanceCoveredPence === 0) expect(i.coveredPence).toBe(Math.min(i.totalPence, limit));
        }
      }),
    );
  });

  it('never lowers exposure, cover, uncovered money or alerts when money is added to an account', () => {
    fc.assert(
      fc.property(
        accountsArb,
        dateArb,
        overrideArb,
        fc.nat(),
        fc.oneof(fc.integer({ min: 1, max: 2_000_000_00 }), fc.integer({ min: 1, max: 3 })),
        (accounts, date, override, pick, addPence) => {
          fc.pre(accounts.length > 0);
          const index = pick % accounts.length;
          const richer = accounts.map((a, i) => (i === index ? { ...a, balancePence: a.balancePence + addPence } : a));
          const before = calculateExposure(accounts, date, override);
          const after = calculateExposure(richer, date, override);
          // Adding money can only make an institution with money appear, never take one away.
          expect(after.institutions.map((i) => i.key)).toEqual(before.institutions.map((i) => i.key));
          before.institutions.forEach((i, n) => {
            const later = after.institutions[n]!;
            expect(later.totalPence).toBeGreaterThanOrEqual(i.totalPence);
            expect(later.coveredPence).toBeGreaterThanOrEqual(i.coveredPence);
            expect(later.uncoveredPence).toBeGreaterThanOrEqual(i.uncoveredPence);
            expect(ALERT_ORDER.indexOf(later.alertLevel)).toBeGreaterThanOrEqual(ALERT_ORDER.indexOf(i.alertLevel));
          });
          const [b, a] = [before.totals, after.totals];
          expect(a.totalPence).toBeGreaterThanOrEqual(b.totalPence);
          expect(a.protectedPence).toBeGreaterThanOrEqual(b.protectedPence);
          expect(a.unprotectedPence).toBeGreaterThanOrEqual(b.unprotectedPence);
          expect(a.governmentBackedPence).toBeGreaterThanOrEqual(b.governmentBackedPence);
          expect(a.otherSchemePence).toBeGreaterThanOrEqual(b.otherSchemePence);
          expect(after.institutionCount).toBeGreaterThanOrEqual(before.institutionCount);
        },
      ),
      // More runs than the default: an odd penny shows only when a limit is full.
      { numRuns: 400 },
    );
  });

  it('gives the same result whatever the order of the accounts', () => {
    fc.assert(
      fc.property(
        accountsArb.chain((accounts) =>
          fc.tuple(
            fc.constant(accounts),
            fc.shuffledSubarray(accounts, { minLength: accounts.length, maxLength: accounts.length }),
          ),
        ),
        dateArb,
        overrideArb,
        ([accounts, shuffled], date, override) => {
          const a = calculateExposure(accounts, date, override);
          const b = calculateExposure(shuffled, date, override);
          expect(b.institutions).toEqual(a.institutions);
          expect(b.totals).toEqual(a.totals);
          expect([b.badge, b.institutionCount, b.isDiversified]).toEqual([
            a.badge,
            a.institutionCount,
            a.isDiversified,
          ]);
          const byId = (r: ExposureReport) => [...r.accounts].sort((x, y) => (x.accountId < y.accountId ? -1 : 1));
          expect(byId(b)).toEqual(byId(a));
        },
      ),
    );
  });

  it('gives the same exposure for a licence’s money in one account or split across its brands', () => {
    // Parts are whole multiples of the holders (the last takes any odd pence), so the person's
    // shares add up to their share of the whole exactly.
    const splitArb = fc.record({
      holders: fc.integer({ min: 1, max: 4 }),
      units: fc.array(fc.integer({ min: 0, max: 500_000_00 }), {
        minLength: 1,
        maxLength: BANK_OF_SCOTLAND_BRANDS.length,
      }),
      oddPence: fc.nat(3),
      category: fc.constantFrom('deposit' as const, 'investment' as const),
    });
    fc.assert(
      fc.property(
        accountsArb,
        dateArb,
        overrideArb,
        splitArb,
        (others, date, override, { holders, units, oddPence, category }) => {
          const parts = units.map((unit, i) => unit * holders + (i === units.length - 1 ? oddPence % holders : 0));
          const whole: AccountInput = {
            id: 'whole',
            balancePence: sumOf(parts),
            institution: bankOfScotland('Halifax'),
            holders,
            category,
          };
          const split = parts.map(
            (balancePence, i): AccountInput => ({
              ...whole,
              id: `part-${i}`,
              balancePence,
              institution: bankOfScotland(BANK_OF_SCOTLAND_BRANDS[i]!),
            }),
          );
          expect(figuresOf(calculateExposure([...others, ...split], date, override))).toEqual(
            figuresOf(calculateExposure([...others, whole], date, override)),
          );
        },
      ),
    );
  });

  it('gives the Hub cards (licences and money outside the limits) that add up to the total, and each bucket to its total', () => {
    fc.assert(
      fc.property(accountsArb, dateArb, (accounts, date) => {
        const picture = protectionPicture(
          accounts.map((input) => ({ input, name: input.id, bankName: null, legalName: null, unknownReason: null })),
          date,
        );
        const cards = [...picture.groups, ...picture.outside];
        expect(cards.reduce((sum, card) => sum + card.totalPence, 0)).toBe(picture.totals.totalPence);
        const outside = (bucket: string) =>
          picture.outside.filter((g) => g.bucket === bucket).reduce((sum, g) => sum + g.totalPence, 0);
        expect(outside('unknown')).toBe(picture.totals.unknownPence);
        expect(outside('government-backed')).toBe(picture.totals.governmentBackedPence);
        expect(outside('other-scheme')).toBe(picture.totals.otherSchemePence);
        const covered = picture.groups.reduce((sum, g) => sum + g.coveredPence, 0);
        expect(covered + outside('protected')).toBe(picture.totals.protectedPence);
      }),
    );
  });
});
