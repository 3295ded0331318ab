import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activityScore,
  analyseAccount,
  canSelectMore,
  checkSelection,
  isDowngrade,
  recommendationFor,
  WIZARD_ACCOUNT_CAPS,
} from './downgrade.ts';

const none = { balancePence: 0, transactionCount: 0, hasStandingOrders: false };

describe('activityScore', () => {
  it.each([
    ['nothing', none, 0],
    ['£1,000 is one point', { ...none, balancePence: 100_000 }, 1],
    ['£999.99 is no point (rounded down)', { ...none, balancePence: 99_999 }, 0],
    ['a negative balance counts 0', { ...none, balancePence: -5_000_000, transactionCount: 100 }, 10],
    ['£50,000 is the balance cap', { ...none, balancePence: 5_000_000 }, 50],
    ['£1,000,000 is still 50', { ...none, balancePence: 100_000_000 }, 50],
    ['10 transactions are one point', { ...none, transactionCount: 10 }, 1],
    ['300 transactions are the cap', { ...none, transactionCount: 300 }, 30],
    ['3,000 transactions are still 30', { ...none, transactionCount: 3000 }, 30],
    ['standing orders add 20', { ...none, hasStandingOrders: true }, 20],
    ['everything at its cap is 100', { balancePence: 9e9, transactionCount: 9e6, hasStandingOrders: true }, 100],
    // The parts add exactly before the one rounding: £39,500 and 5 transactions is 39.5 + 0.5 = 40.
    ['halves add up before rounding', { ...none, balancePence: 3_950_000, transactionCount: 5 }, 40],
  ])('%s', (_name, input, score) => {
    expect(activityScore(input)).toBe(score);
  });

  it('stays a whole number from 0 to 100 for any input', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.integer({ min: 0, max: 1e7 }),
        fc.boolean(),
        (balancePence, transactionCount, hasStandingOrders) => {
          const score = activityScore({ balancePence, transactionCount, hasStandingOrders });
          expect(Number.isInteger(score)).toBe(true);
          expect(score).toBeGreaterThanOrEqual(0);
          expect(score).toBeLessThanOrEqual(100);
        },
      ),
    );
  });

  it('never falls when the balance or the transactions grow', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 1e4 }),
        (balancePence, transactionCount) => {
          const base = activityScore({ ...none, balancePence, transactionCount });
          expect(activityScore({ ...none, balancePence: balancePence + 1, transactionCount })).toBeGreaterThanOrEqual(
            base,
          );
          expect(
            activityScore({ ...none, balancePence, transactionCount: transactionCount + 1 }),
          ).toBeGreaterThanOrEqual(base);
        },
      ),
    );
  });
});

describe('recommendationFor', () => {
  it.each([
    [39, 'remove'],
    [40, 'consider_removing'],
    [69, 'consider_removing'],
    [70, 'keep'],
    [0, 'remove'],
    [100, 'keep'],
  ] as const)('recommends at score %i: %s', (score, recommendation) => {
    expect(recommendationFor(score, false)).toBe(recommendation);
  });

  it('keeps an account with standing orders whatever its score', () => {
    expect(recommendationFor(0, true)).toBe('keep');
    expect(analyseAccount({ id: 'a', name: 'A', ...none, hasStandingOrders: true })).toMatchObject({
      activityScore: 20,
      recommendation: 'keep',
      reasonForRecommendation: 'Has standing orders, which stop running while the account is archived',
    });
  });

  it('gives 39 and 40 from the balance alone at £39,999.99 and £40,000', () => {
    expect(analyseAccount({ id: 'a', name: 'A', ...none, balancePence: 3_999_999 }).recommendation).toBe('remove');
    expect(analyseAccount({ id: 'a', name: 'A', ...none, balancePence: 4_000_000 }).recommendation).toBe(
      'consider_removing',
    );
  });

  it('gives 69 and 70 from a capped balance and transactions', () => {
    const at = (transactionCount: number) =>
      analyseAccount({ id: 'a', name: 'A', ...none, balancePence: 9_000_000, transactionCount });
    expect(at(199)).toMatchObject({ activityScore: 69, recommendation: 'consider_removing' });
    expect(at(200)).toMatchObject({
      activityScore: 70,
      recommendation: 'keep',
      reasonForRecommendation: 'Very active (score 70 of 100): a large balance or many transactions',
    });
  });

  it('explains a removal with the score', () => {
    expect(analyseAccount({ id: 'a', name: 'A', ...none, balancePence: 1_200_000 })).toEqual({
      id: 'a',
      name: 'A',
      balance: 1_200_000,
      hasStandingOrders: false,
      activityScore: 12,
      recommendation: 'remove',
      reasonForRecommendation: 'Little activity (score 12 of 100): the safest to archive',
    });
  });
});

describe('selection', () => {
  it('caps the wizard at piglet 3, boar 10, Big Pig 999', () => {
    expect(WIZARD_ACCOUNT_CAPS).toEqual({ piglet: 3, boar: 10, bigpig: 999 });
  });

  it.each([
    ['piglet', 0, false, 'Select at least one account to keep'],
    ['piglet', 1, true, undefined],
    ['piglet', 3, true, undefined],
    ['piglet', 4, false, 'Too many selected!'],
    ['boar', 10, true, undefined],
    ['boar', 11, false, 'Too many selected!'],
  ] as const)('on %s keeping %i is ok: %s', (tier, count, ok, message) => {
    const check = checkSelection(count, tier);
    expect(check.ok).toBe(ok);
    if (!check.ok) expect(check.message).toBe(message);
  });

  it('lets one more be ticked only below the cap', () => {
    expect(canSelectMore(2, 'piglet')).toBe(true);
    expect(canSelectMore(3, 'piglet')).toBe(false);
    expect(canSelectMore(9, 'boar')).toBe(true);
    expect(canSelectMore(10, 'boar')).toBe(false);
  });

  it('is a downgrade only to a lower tier (a trial ranks as Big Pig)', () => {
    expect(isDowngrade('bigpig', 'piglet')).toBe(true);
    expect(isDowngrade('trial_bigpig', 'boar')).toBe(true);
    expect(isDowngrade('boar', 'piglet')).toBe(true);
    expect(isDowngrade('boar', 'boar')).toBe(false);
    expect(isDowngrade('piglet', 'boar')).toBe(false);
  });
});
