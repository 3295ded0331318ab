import { describe, expect, it } from 'vitest';
import { calculateExposure } from '../protection/exposure.ts';
import { metricsFromReport } from './metrics.ts';
import { beatsRate, generateRecommendations, priorityForGain, yearlyGainPence } from './recommendations.ts';
import { LICENCES, TODAY, account, ofType, preferences } from './test-fixtures.ts';
import type { SmartPigAccount } from './types.ts';

// Every rule at its edge (002 §5, §9; issue 16), by hand: one penny or one basis point either side.

/** A source at `fromBps` holding `amountPence`, and an empty destination at `toBps` at another licence. */
function pair(amountPence: number, fromBps: number, toBps: number): SmartPigAccount[] {
  return [
    account('from', { balancePence: amountPence, institution: LICENCES.nationwide, rateBps: fromBps }),
    account('to', { balancePence: 0, institution: LICENCES.barclays, rateBps: toBps }),
  ];
}

const rateMoves = (accounts: SmartPigAccount[]) =>
  ofType(generateRecommendations(accounts, preferences(), TODAY), 'rate_optimization');

describe('the destination must pay more than 0.1 percentage point more', () => {
  it('is exactly 0.10 points: no move', () => {
    expect(beatsRate(300, 310)).toBe(false);
    expect(rateMoves(pair(100_000_00, 300, 310))).toEqual([]);
  });

  it('is 0.11 points: a move (£100,000 × 0.11% = £110)', () => {
    expect(beatsRate(300, 311)).toBe(true);
    expect(rateMoves(pair(100_000_00, 300, 311)).map((r) => r.projectedGainPence)).toEqual([110_00]);
  });
});

describe('the destination must have at least £100 of room', () => {
  // Barclays holds £119,900 (room £100) or £119,900.01 (room £99.99); the source earns 0.01% and
  // the destination 25.00%, so even £100 gains more than £20 (£24.99).
  function withRoom(barclaysPence: number): SmartPigAccount[] {
    return [
      account('from', { balancePence: 50_000_00, institution: LICENCES.nationwide, rateBps: 1 }),
      account('to', { balancePence: barclaysPence, institution: LICENCES.barclays, rateBps: 2_500 }),
    ];
  }

  it('has exactly £100: moves £100', () => {
    expect(
      rateMoves(withRoom(119_900_00)).map((r) => [r.amountPence, r.projectedGainPence, r.capacityLimited]),
    ).toEqual([[100_00, 24_99, true]]);
  });

  it('has £99.99: no move', () => {
    expect(rateMoves(withRoom(119_900_01))).toEqual([]);
  });

  it('holds for protection too: £99.99 of room sends the excess to a new account instead', () => {
    const over = (barclaysPence: number) => [
      account('from', { balancePence: 130_000_00, institution: LICENCES.nationwide, rateBps: 100 }),
      account('to', { balancePence: barclaysPence, institution: LICENCES.barclays, rateBps: 200 }),
    ];
    const targets = (barclaysPence: number) =>
      ofType(generateRecommendations(over(barclaysPence), preferences(), TODAY), 'protection').map((r) => [
        r.toAccount?.id ?? null,
        r.amountPence,
      ]);
    // Protection cards are ranked by the money they bring under cover: £9,900 before £100.
    expect(targets(119_900_00)).toEqual([
      [null, 9_900_00],
      ['to', 100_00],
    ]);
    expect(targets(119_900_01)).toEqual([[null, 10_000_00]]);
  });
});

describe('a move must gain more than £20 a year', () => {
  it('gains exactly £20.00 (£10,000 × 0.20%): no move', () => {
    expect(yearlyGainPence(10_000_00, 300, 320)).toBe(20_00);
    expect(rateMoves(pair(10_000_00, 300, 320))).toEqual([]);
  });

  it('rounds a gain down: £10,000.05 × 0.20% is £20.0001, still £20.00', () => {
    expect(yearlyGainPence(10_000_05, 300, 320)).toBe(20_00);
    expect(rateMoves(pair(10_000_05, 300, 320))).toEqual([]);
  });

  it('gains £20.01 (£10,005 × 0.20%): a move', () => {
    expect(rateMoves(pair(10_005_00, 300, 320)).map((r) => r.projectedGainPence)).toEqual([20_01]);
  });
});

describe('priority from the gain: high above £200, medium above £100, otherwise low', () => {
  it.each([
    [200_01, 'high'],
    [200_00, 'medium'],
    [100_01, 'medium'],
    [100_00, 'low'],
    [20_01, 'low'],
  ] as const)('gives %i pence %s', (gain, priority) => {
    expect(priorityForGain(gain)).toBe(priority);
  });

  it('applies to recommendations: £100,000 × 0.20% = £200.00 is medium, £100,005 × 0.20% = £200.01 high', () => {
    expect(rateMoves(pair(100_000_00, 300, 320)).map((r) => r.priority)).toEqual(['medium']);
    expect(rateMoves(pair(100_005_00, 300, 320)).map((r) => r.priority)).toEqual(['high']);
  });

  it('applies to recommendations: £50,000 × 0.20% = £100.00 is low, £50,005 × 0.20% = £100.01 medium', () => {
    expect(rateMoves(pair(50_000_00, 300, 320)).map((r) => r.priority)).toEqual(['low']);
    expect(rateMoves(pair(50_005_00, 300, 320)).map((r) => r.priority)).toEqual(['medium']);
  });

  it('makes protection high whatever it gains: money is at risk', () => {
    const accounts = [
      account('from', { balancePence: 120_000_01, institution: LICENCES.nationwide, rateBps: 400 }),
      account('to', { balancePence: 0, institution: LICENCES.barclays, rateBps: 100 }),
    ];
    const [protection] = ofType(generateRecommendations(accounts, preferences(), TODAY), 'protection');
    // Moving the penny over the limit to a lower rate loses nothing visible: 1p × −3% rounds to 0.
    expect([protection!.amountPence, protection!.priority, protection!.projectedGainPence]).toEqual([1, 'high', 0]);
  });
});

describe('projected breaches: licences above 90% of their limit', () => {
  const breaches = (pence: number) => {
    const accounts = [account('a', { balancePence: pence, institution: LICENCES.barclays, rateBps: 100 })];
    return metricsFromReport(accounts, calculateExposure([accounts[0]!.input], TODAY), []).projectedBreaches;
  };

  it('counts none at exactly 90% (£108,000)', () => {
    expect(breaches(108_000_00)).toBe(0);
  });

  it('counts one a penny above 90%, and one over the limit', () => {
    expect(breaches(108_000_01)).toBe(1);
    expect(breaches(150_000_00)).toBe(1);
  });

  it('follows an admin override: 90% of £100,000 is £90,000', () => {
    const accounts = [account('a', { balancePence: 90_000_01, institution: LICENCES.barclays, rateBps: 100 })];
    const report = calculateExposure([accounts[0]!.input], TODAY, { depositPence: 100_000_00 });
    expect(metricsFromReport(accounts, report, []).projectedBreaches).toBe(1);
  });
});

describe('diversification: fewer than 3 banking groups', () => {
  const at = (licences: number) =>
    [LICENCES.barclays, LICENCES.natWest, LICENCES.nationwide]
      .slice(0, licences)
      .map((institution, i) => account(`a${i}`, { balancePence: 10_000_00, institution, rateBps: 100 }));

  it('recommends a third group to a saver with two', () => {
    expect(ofType(generateRecommendations(at(2), preferences(), TODAY), 'diversification')).toHaveLength(1);
  });

  it('is quiet with three', () => {
    expect(ofType(generateRecommendations(at(3), preferences(), TODAY), 'diversification')).toEqual([]);
  });

  it('counts brands of one licence once: Halifax and Bank of Scotland are one group', () => {
    const accounts = [
      account('h', { balancePence: 10_000_00, institution: LICENCES.bankOfScotland('Halifax'), rateBps: 100 }),
      account('b', { balancePence: 10_000_00, institution: LICENCES.bankOfScotland('Bank of Scotland'), rateBps: 100 }),
      account('n', { balancePence: 10_000_00, institution: LICENCES.natWest, rateBps: 100 }),
    ];
    const [rec] = ofType(generateRecommendations(accounts, preferences(), TODAY), 'diversification');
    expect(rec!.explanation).toMatch(/^Your savings are with 2 banking groups\./);
  });

  it('says nothing to a saver with no money', () => {
    expect(generateRecommendations([], preferences(), TODAY)).toEqual([]);
  });
});
