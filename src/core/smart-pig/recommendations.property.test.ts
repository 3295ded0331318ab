import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_CATEGORIES } from '../accounts/account-type-category.ts';
import { calculateExposure, type ExposureReport } from '../protection/exposure.ts';
import type { DepositLimitOverride } from '../protection/limits.ts';
import type { InstitutionRef, ProtectionCategory } from '../protection/types.ts';
import { MIN_RATE_UPLIFT_BPS, MIN_ROOM_PENCE, MIN_YEARLY_GAIN_PENCE } from './constants.ts';
import { generateRecommendations } from './recommendations.ts';
import { LICENCES } from './test-fixtures.ts';
import type { Recommendation, SmartPigAccount, SmartPigPreferences } from './types.ts';

// The invariants of issue 16 over random portfolios: following the recommendations one after
// another never leaves a licence over its limit (none that received money ends over it, none
// gets further over), and never lowers the money that is protected. Plus the spec's rules on
// every recommendation made.

const DATES = ['2026-11-22', '2025-11-30', '2027-04-06'] as const;

// Few licences, so accounts often share one (and its brands), some grouped by bank name.
const institutionArb: fc.Arbitrary<InstitutionRef | null> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom<InstitutionRef>(
      LICENCES.barclays,
      LICENCES.natWest,
      LICENCES.nationwide,
      LICENCES.santander,
    ),
  },
  { weight: 3, arbitrary: fc.constantFrom('Halifax', 'Bank of Scotland', 'BM Savings').map(LICENCES.bankOfScotland) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('Acme Savings', ' acme  savings')
      .map((bankName): InstitutionRef => ({ kind: 'bank-name', bankName })),
  },
  { weight: 1, arbitrary: fc.constant(null) },
);

// Near today's and the old limit, where a penny decides; and any size.
const balanceArb = fc.oneof(
  fc.integer({ min: 0, max: 300_000_00 }),
  fc.integer({ min: 119_999_00, max: 120_001_00 }),
  fc.integer({ min: 84_999_00, max: 85_001_00 }),
  fc.integer({ min: -5_000_00, max: 0 }),
);

const categoryArb: fc.Arbitrary<ProtectionCategory> = fc.oneof(
  { weight: 12, arbitrary: fc.constant<ProtectionCategory>('deposit') },
  { weight: 1, arbitrary: fc.constantFrom<ProtectionCategory>('investment', 'ns-and-i', 'offshore', 'unverified') },
);

const accountArb = (id: string): fc.Arbitrary<SmartPigAccount> =>
  fc
    .record({
      balancePence: balanceArb,
      institution: institutionArb,
      holders: fc.oneof(
        { weight: 5, arbitrary: fc.constant(1) },
        { weight: 2, arbitrary: fc.integer({ min: 2, max: 3 }) },
      ),
      category: categoryArb,
      kind: fc.constantFrom(...ACCOUNT_CATEGORIES),
      rate: fc.oneof(fc.integer({ min: 0, max: 700 }), fc.constantFrom(300, 310, 311, 320)),
      noticeDays: fc.constantFrom<number | null>(0, 0, 0, 30, 95, null),
      fixed: fc.constantFrom<'none' | 'past' | 'soon' | 'long' | 'unknown'>(
        'none',
        'none',
        'none',
        'past',
        'soon',
        'long',
        'unknown',
      ),
      intro: fc.boolean(),
      rateAfter: fc.constantFrom<number | null>(null, 0, 150, 500),
      depositRoom: fc.constantFrom<'none' | 'closed' | 'some'>('none', 'none', 'closed', 'some'),
      thb: fc.option(
        fc.record({
          qualifyingPence: fc.integer({ min: 1, max: 500_000_00 }),
          creditedDate: fc.constantFrom('2026-09-01', '2026-01-10', '2025-07-01'),
        }),
        { freq: 8 },
      ),
    })
    .map(
      (a): SmartPigAccount => ({
        input: {
          id,
          balancePence: a.balancePence,
          institution: a.institution,
          holders: a.holders,
          category: a.category,
          ...(a.thb ? { temporaryHighBalance: { lifeEvent: 'home-sale', ...a.thb } } : {}),
        },
        name: id,
        bankName: a.institution?.kind === 'frn' ? (a.institution.brandName ?? null) : (a.institution?.bankName ?? null),
        legalName: a.institution?.kind === 'frn' ? a.institution.legalName : null,
        unknownReason: a.institution ? null : 'no-bank',
        category: a.kind,
        interestRateBps: a.rate,
        noticeDays: a.noticeDays,
        fixedTerm:
          a.fixed === 'none'
            ? null
            : { endsOn: { past: '2026-01-01', soon: '2027-03-31', long: '2029-12-31', unknown: null }[a.fixed] },
        hasIntroductoryRate: a.intro,
        introductoryRateEndsOn: a.intro ? '2027-06-30' : null,
        rateAfterBps: a.rateAfter,
        earnsCashInterest: true,
        brandKey:
          (a.institution?.kind === 'frn' ? a.institution.brandName : a.institution?.bankName)?.toLowerCase() ?? null,
        depositRoomPence: { none: null, closed: 0, some: 5_000_00 }[a.depositRoom],
      }),
    );

const portfolioArb = fc
  .integer({ min: 0, max: 12 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => accountArb(`a${i}`))));

const preferencesArb: fc.Arbitrary<SmartPigPreferences> = fc.record({
  keepFullFSCSCover: fc.boolean(),
  avoidTeaserRates: fc.boolean(),
  maxNoticeDays: fc.constantFrom(0, 30, 94, 95),
  maxFixedMonths: fc.constantFrom(0, 4, 12, 60),
  useISAFirst: fc.boolean(),
});

const overrideArb: fc.Arbitrary<DepositLimitOverride | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constant(undefined),
  fc.integer({ min: 0, max: 200_000_00 }).map((depositPence) => ({ depositPence })),
);

const scenarioArb = fc.record({
  accounts: portfolioArb,
  preferences: preferencesArb,
  date: fc.constantFrom(...DATES),
  override: overrideArb,
  isaAllowanceLeftPence: fc.oneof(fc.constant(20_000_00), fc.integer({ min: 0, max: 20_000_00 })),
});

function protectedPence(report: ExposureReport): number {
  return report.totals.protectedPence + report.totals.governmentBackedPence;
}

function byKey(report: ExposureReport) {
  return new Map(report.institutions.map((i) => [i.key, i]));
}

/** The accounts with one recommendation's money moved. */
function applied(accounts: SmartPigAccount[], r: Recommendation): SmartPigAccount[] {
  return accounts.map((a) => {
    const delta =
      a.input.id === r.fromAccount?.id ? -r.amountPence : a.input.id === r.toAccount?.id ? r.amountPence : 0;
    return delta === 0 ? a : { ...a, input: { ...a.input, balancePence: a.input.balancePence + delta } };
  });
}

/** Some of the recommendations in some order, chosen by `seed` (all of them, in order, for seed 0). */
function someInSomeOrder<T>(items: readonly T[], seed: number): T[] {
  if (seed === 0) return [...items];
  let state = seed;
  const random = () => {
    // mulberry32: a small deterministic generator, so a failure replays from its seed.
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const shuffled = [...items];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  return shuffled.filter(() => random() < 0.7);
}

describe('following the recommendations (all, or any of them in any order)', () => {
  it('never leaves a licence over its limit, and never lowers protected money', () => {
    fc.assert(
      fc.property(scenarioArb, fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2 ** 31 - 1 })), (scenario, seed) => {
        const { accounts, preferences, date, override, isaAllowanceLeftPence } = scenario;
        const recommendations = someInSomeOrder(
          generateRecommendations(accounts, preferences, date, { override, isaAllowanceLeftPence }),
          seed,
        );
        let current = accounts;
        // Money sent to new accounts with other banking groups (no more than the limit at each) is
        // covered there, outside the saver's accounts.
        let newAccountsPence = 0;
        let before = calculateExposure(
          current.map((a) => a.input),
          date,
          override,
        );
        for (const r of recommendations) {
          if (r.type === 'diversification') continue;
          const from = current.find((a) => a.input.id === r.fromAccount!.id)!;
          expect(Number.isSafeInteger(r.amountPence) && r.amountPence > 0).toBe(true);
          expect(r.amountPence).toBeLessThanOrEqual(from.input.balancePence);
          expect(r.amountPence % from.input.holders).toBe(0);
          current = applied(current, r);
          const newBefore = newAccountsPence;
          if (!r.toAccount) newAccountsPence += r.amountPence;
          const after = calculateExposure(
            current.map((a) => a.input),
            date,
            override,
          );
          const [was, now] = [byKey(before), byKey(after)];
          for (const [key, licence] of now)
            expect(licence.uncoveredPence).toBeLessThanOrEqual(was.get(key)!.uncoveredPence);
          if (r.toAccount && r.toAccount.licenceKey !== r.fromAccount!.licenceKey) {
            const destination = now.get(r.toAccount.licenceKey)!;
            expect(destination.totalPence).toBeLessThanOrEqual(destination.limit.amountPence);
          }
          expect(protectedPence(after) + newAccountsPence).toBeGreaterThanOrEqual(protectedPence(before) + newBefore);
          before = after;
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('every recommendation', () => {
  it('keeps the spec’s rules and the saver’s preferences', () => {
    fc.assert(
      fc.property(scenarioArb, ({ accounts, preferences, date, override, isaAllowanceLeftPence }) => {
        const recommendations = generateRecommendations(accounts, preferences, date, {
          override,
          isaAllowanceLeftPence,
        });
        const byId = new Map(accounts.map((a) => [a.input.id, a]));
        const rank = { high: 0, medium: 1, low: 2 };
        for (let i = 1; i < recommendations.length; i++)
          expect(rank[recommendations[i - 1]!.priority]).toBeLessThanOrEqual(rank[recommendations[i]!.priority]);
        if (!preferences.keepFullFSCSCover) expect(recommendations.some((r) => r.type === 'protection')).toBe(false);
        for (const r of recommendations) {
          expect(r.steps.at(-1)).toBe('SavvyPig never moves money: you make this transfer yourself, with your bank.');
          if (r.type === 'rate_optimization') {
            expect(r.newRateBps!).toBeGreaterThan(r.currentRateBps! + MIN_RATE_UPLIFT_BPS);
            expect(r.projectedGainPence).toBeGreaterThan(MIN_YEARLY_GAIN_PENCE);
            if (r.toAccount!.licenceKey !== r.fromAccount!.licenceKey)
              expect(r.availableCapacityPence!).toBeGreaterThanOrEqual(MIN_ROOM_PENCE);
          }
          if (!r.toAccount) continue;
          const from = byId.get(r.fromAccount!.id)!;
          const to = byId.get(r.toAccount.id)!;
          // Internal only between accounts of one brand at one licence.
          const oneBrand = from.brandKey !== null && from.brandKey === to.brandKey;
          expect(r.transfer).toBe(
            r.toAccount.licenceKey === r.fromAccount!.licenceKey && oneBrand ? 'internal' : 'external',
          );
          // A protection move always leaves the licence over its limit: never within it.
          if (r.type === 'protection') expect(r.toAccount.licenceKey).not.toBe(r.fromAccount!.licenceKey);
          // Nothing goes into an account whose own terms let no more in.
          expect(to.depositRoomPence).not.toBe(0);
          expect(to.input.holders).toBe(from.input.holders);
          expect(['current', 'pension']).not.toContain(to.category);
          if (from.category === 'isa') expect(to.category).toBe('isa');
          if (preferences.avoidTeaserRates) expect(to.hasIntroductoryRate).toBe(false);
          expect(to.noticeDays ?? 95).toBeLessThanOrEqual(preferences.maxNoticeDays);
          if (to.fixedTerm) expect(to.fixedTerm.endsOn).not.toBeNull();
          // Money never leaves a running fixed term except for protection, at maturity.
          if (from.fixedTerm && (from.fixedTerm.endsOn === null || from.fixedTerm.endsOn > date))
            expect(r.type).toBe('protection');
        }
        // One card per move: no two cards move money between the same two accounts.
        const moves = recommendations.filter((r) => r.toAccount).map((r) => `${r.fromAccount!.id}>${r.toAccount!.id}`);
        expect(new Set(moves).size).toBe(moves.length);
        // What the cards send into an account never passes what its terms let in.
        for (const to of accounts) {
          if (to.depositRoomPence === null) continue;
          const sent = recommendations
            .filter((r) => r.toAccount?.id === to.input.id)
            .reduce((sum, r) => sum + r.amountPence, 0);
          expect(sent).toBeLessThanOrEqual(to.depositRoomPence);
        }
        // Protection first, ranked by money brought under cover; rate cards by gain within their band.
        const rates = recommendations.filter((r) => r.type === 'rate_optimization');
        for (let i = 1; i < rates.length; i++)
          if (rates[i - 1]!.priority === rates[i]!.priority)
            expect(rates[i - 1]!.projectedGainPence).toBeGreaterThanOrEqual(rates[i]!.projectedGainPence);
      }),
      { numRuns: 400 },
    );
  });
});
