import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateExposure, type ExposureReport } from './exposure.ts';
import { limitsOn } from './limits.ts';
import { isTemporaryHighBalanceActive, temporaryHighBalanceCapPence } from './thb.ts';
import { LIFE_EVENTS, PROTECTION_CATEGORIES, type AccountInput, type InstitutionRef } from './types.ts';

// Dates from the first tabled limit to the end of 2030, as 'yyyy-MM-dd'.
const dateArb = fc
  .date({ min: new Date('2017-01-30T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

// A handful of institutions so accounts collide on one licence often.
const institutionArb: fc.Arbitrary<InstitutionRef | null> = fc.oneof(
  fc.constantFrom('100001', '100002', '100003').map((frn): InstitutionRef => ({ kind: 'frn', frn, legalName: `Bank ${frn}` })),
  fc.constantFrom('Acme Savings', 'acme savings', 'Other Bank').map((bankName): InstitutionRef => ({ kind: 'bank-name', bankName })),
  fc.constant(null),
);

const accountArb = (id: string): fc.Arbitrary<AccountInput> =>
  fc.record({
    id: fc.constant(id),
    balancePence: fc.integer({ min: -1_000_00, max: 3_000_000_00 }),
    institution: institutionArb,
    holders: fc.integer({ min: 1, max: 4 }),
    category: fc.oneof({ weight: 6, arbitrary: fc.constant('deposit' as const) }, { weight: 4, arbitrary: fc.constantFrom(...PROTECTION_CATEGORIES) }),
    temporaryHighBalance: fc.option(
      fc.record({ lifeEvent: fc.constantFrom(...LIFE_EVENTS), qualifyingPence: fc.integer({ min: 0, max: 3_000_000_00 }), creditedDate: dateArb }),
      { nil: undefined },
    ),
  });

const accountsArb = fc.integer({ min: 0, max: 12 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => accountArb(`a${i}`))));
const overrideArb = fc.option(fc.record({ depositPence: fc.integer({ min: 0, max: 500_000_00 }) }), { nil: undefined });

function coveredByKey(report: ExposureReport): Map<string, number> {
  return new Map(report.institutions.map((i) => [i.key, i.coveredPence]));
}

describe('exposure properties', () => {
  it('splits every institution and the whole into covered plus uncovered, and totals into their buckets', () => {
    fc.assert(
      fc.property(accountsArb, dateArb, overrideArb, (accounts, date, override) => {
        const report = calculateExposure(accounts, date, override);
        let covered = 0;
        let uncovered = 0;
        for (const i of report.institutions) {
          expect(i.coveredPence + i.uncoveredPence).toBe(i.totalPence);
          expect(i.coveredPence).toBeGreaterThanOrEqual(0);
          expect(i.uncoveredPence).toBeGreaterThanOrEqual(0);
          covered += i.coveredPence;
          uncovered += i.uncoveredPence;
        }
        const t = report.totals;
        // Government-backed money (NS&I, the State) never lands in the unprotected total.
        const backed = report.accounts.filter((a) => a.status === 'not-fscs' && a.bucket === 'government-backed').reduce((sum, a) => sum + a.sharePence, 0);
        expect(t.governmentBackedPence).toBe(backed);
        expect(t.protectedPence + t.unprotectedPence + t.governmentBackedPence + t.otherSchemePence).toBe(t.totalPence);
        expect(t.protectedPence).toBeGreaterThanOrEqual(covered);
        expect(t.unprotectedPence).toBeGreaterThanOrEqual(uncovered);
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
            .filter((a) => i.accountIds.includes(a.id) && a.temporaryHighBalance && isTemporaryHighBalanceActive(a.temporaryHighBalance, date))
            .reduce((sum, a) => sum + temporaryHighBalanceCapPence(a.temporaryHighBalance!), 0);
          expect(i.temporaryHighBalanceCoveredPence).toBeLessThanOrEqual(allowance);
          expect(i.coveredPence).toBeLessThanOrEqual(limit + i.temporaryHighBalanceCoveredPence);
          if (i.temporaryHighBalanceCoveredPence === 0) expect(i.coveredPence).toBe(Math.min(i.totalPence, limit));
        }
      }),
    );
  });

  it('never lowers exposure or cover when money is added to an account', () => {
    fc.assert(
      fc.property(accountsArb, dateArb, fc.nat(), fc.integer({ min: 1, max: 2_000_000_00 }), (accounts, date, pick, addPence) => {
        fc.pre(accounts.length > 0);
        const index = pick % accounts.length;
        const richer = accounts.map((a, i) => (i === index ? { ...a, balancePence: a.balancePence + addPence } : a));
        const before = calculateExposure(accounts, date);
        const after = calculateExposure(richer, date);
        const coveredAfter = coveredByKey(after);
        for (const i of before.institutions) {
          const later = after.institutions.find((x) => x.key === i.key)!;
          expect(later.totalPence).toBeGreaterThanOrEqual(i.totalPence);
          expect(coveredAfter.get(i.key)).toBeGreaterThanOrEqual(i.coveredPence);
        }
        expect(after.totals.totalPence).toBeGreaterThanOrEqual(before.totals.totalPence);
        expect(after.totals.protectedPence).toBeGreaterThanOrEqual(before.totals.protectedPence);
      }),
    );
  });

  it('gives the same result whatever the order of the accounts', () => {
    fc.assert(
      fc.property(accountsArb.chain((accounts) => fc.tuple(fc.constant(accounts), fc.shuffledSubarray(accounts, { minLength: accounts.length, maxLength: accounts.length }))), dateArb, ([accounts, shuffled], date) => {
        const a = calculateExposure(accounts, date);
        const b = calculateExposure(shuffled, date);
        expect(b.institutions).toEqual(a.institutions);
        expect(b.totals).toEqual(a.totals);
        expect([b.badge, b.institutionCount, b.isDiversified]).toEqual([a.badge, a.institutionCount, a.isDiversified]);
        const byId = (r: ExposureReport) => [...r.accounts].sort((x, y) => (x.accountId < y.accountId ? -1 : 1));
        expect(byId(b)).toEqual(byId(a));
      }),
    );
  });
});
