import { describe, expect, it } from 'vitest';
import { calculateExposure } from './exposure.ts';
import {
  BARCLAYS,
  HARGREAVES_LANSDOWN,
  OLD_LAW,
  TODAY,
  account,
  bankOfScotland,
  lloydsBank,
  natWest,
  onlyExposure,
} from './golden-test-fixtures.ts';
import type { AccountInput } from './types.ts';

// Golden cases, by hand from the spec (002 §9 constants): alerts at 85% or more of the limit;
// projected breach above 90%; badge fully protected at 99% or more, mostly protected at 85% or
// more, otherwise at risk; diversified at 3 or more groups (here licences). Limits from
// shared/data/facts.md: £120,000 deposits today, £85,000 before 1 Dec 2025, £85,000 investments.

function alertFor(accounts: AccountInput[], date = TODAY) {
  return onlyExposure(calculateExposure(accounts, date)).alertLevel;
}

describe('alert levels against today’s £120,000 deposit limit', () => {
  it('raises no alert just below 85%: £101,999.99', () => {
    expect(alertFor([account('a', 101_999_99, natWest())])).toBe('none');
  });

  it('alerts at exactly 85%: £102,000', () => {
    expect(alertFor([account('a', 102_000_00, natWest())])).toBe('approaching');
  });

  it('does not call exactly 90% (£108,000) a projected breach, but £108,000.01 is one', () => {
    expect(alertFor([account('a', 108_000_00, natWest())])).toBe('approaching');
    expect(alertFor([account('a', 108_000_01, natWest())])).toBe('projected-breach');
  });

  it('calls exactly the limit a projected breach and a penny over it over the limit', () => {
    expect(alertFor([account('a', 120_000_00, natWest())])).toBe('projected-breach');
    expect(alertFor([account('a', 120_000_01, natWest())])).toBe('over-limit');
  });

  it('measures the whole licence: £51,000 at Halifax and £51,000 at Bank of Scotland is 85%', () => {
    expect(
      alertFor([
        account('h', 51_000_00, bankOfScotland('Halifax')),
        account('b', 51_000_00, bankOfScotland('Bank of Scotland')),
      ]),
    ).toBe('approaching');
  });

  it('measures the person’s share of a joint account: £204,000 held by two is £102,000, 85%', () => {
    expect(alertFor([account('joint', 204_000_00, natWest(), { holders: 2 })])).toBe('approaching');
  });

  it('leaves a covered temporary high balance out: £500,000 of house-sale proceeds and £101,999.99 of savings raise no alert', () => {
    const sale = account('sale', 500_000_00, natWest(), {
      temporaryHighBalance: { lifeEvent: 'home-sale', qualifyingPence: 500_000_00, creditedDate: '2026-10-01' },
    });
    expect(alertFor([sale, account('saver', 101_999_99, natWest())])).toBe('none');
    expect(alertFor([sale, account('saver', 102_000_00, natWest())])).toBe('approaching');
  });
});

describe('alert levels against the old £85,000 limit and the £85,000 investment limit', () => {
  it('alerts from £72,250 (85%) and calls above £76,500 (90%) a projected breach under the old law', () => {
    expect(alertFor([account('a', 72_249_99, natWest())], OLD_LAW)).toBe('none');
    expect(alertFor([account('a', 72_250_00, natWest())], OLD_LAW)).toBe('approaching');
    expect(alertFor([account('a', 76_500_00, natWest())], OLD_LAW)).toBe('approaching');
    expect(alertFor([account('a', 76_500_01, natWest())], OLD_LAW)).toBe('projected-breach');
  });

  it('uses the same percentages for investments at one firm today', () => {
    const shares = (pence: number) => [account('shares', pence, HARGREAVES_LANSDOWN, { category: 'investment' })];
    expect(alertFor(shares(72_249_99))).toBe('none');
    expect(alertFor(shares(72_250_00))).toBe('approaching');
    expect(alertFor(shares(76_500_01))).toBe('projected-breach');
    expect(alertFor(shares(85_000_01))).toBe('over-limit');
  });
});

describe('the protection badge', () => {
  // Money at NatWest (covered) beside e-money (not FSCS protected), £100,000 in all.
  function badgeFor(coveredPence: number) {
    return calculateExposure(
      [
        account('natwest', coveredPence, natWest()),
        account('wallet', 100_000_00 - coveredPence, null, { category: 'e-money' }),
      ],
      TODAY,
    ).badge;
  }

  it('is fully protected at exactly 99% and mostly protected just below', () => {
    expect(badgeFor(99_000_00)).toBe('fully-protected');
    expect(badgeFor(98_999_99)).toBe('mostly-protected');
  });

  it('is mostly protected at exactly 85% and at risk just below', () => {
    expect(badgeFor(85_000_00)).toBe('mostly-protected');
    expect(badgeFor(84_999_99)).toBe('at-risk');
  });

  it('is fully protected with nothing to protect', () => {
    expect(calculateExposure([], TODAY).badge).toBe('fully-protected');
  });

  it('counts money over a limit against the badge: £120,000 covered of £121,212.13 is just under 99%', () => {
    // 99% of £121,212.12 is £119,999.9988, under the £120,000 covered; 99% of £121,212.13 is £120,000.0087.
    expect(calculateExposure([account('a', 121_212_12, natWest())], TODAY).badge).toBe('fully-protected');
    expect(calculateExposure([account('a', 121_212_13, natWest())], TODAY).badge).toBe('mostly-protected');
  });

  it('is mostly protected with £130,000 at one bank (92.3% covered) and at risk with £150,000 (80%)', () => {
    expect(calculateExposure([account('a', 130_000_00, natWest())], TODAY).badge).toBe('mostly-protected');
    expect(calculateExposure([account('a', 150_000_00, natWest())], TODAY).badge).toBe('at-risk');
  });
});

describe('diversification', () => {
  const twoLicences = [
    account('h', 1_000_00, bankOfScotland('Halifax')),
    account('b', 1_000_00, bankOfScotland('Bank of Scotland')),
    account('l', 1_000_00, lloydsBank()),
  ];

  it('counts Halifax and Bank of Scotland once: three accounts at two licences are not diversified', () => {
    expect(calculateExposure(twoLicences, TODAY)).toMatchObject({ institutionCount: 2, isDiversified: false });
  });

  it('is diversified at a third licence', () => {
    expect(calculateExposure([...twoLicences, account('n', 1_000_00, natWest())], TODAY)).toMatchObject({
      institutionCount: 3,
      isDiversified: true,
    });
  });

  it('counts a firm once whether it holds deposits, investments or both', () => {
    const accounts = [
      account('cash', 1_000_00, HARGREAVES_LANSDOWN),
      account('shares', 1_000_00, HARGREAVES_LANSDOWN, { category: 'investment' }),
      account('n', 1_000_00, natWest()),
    ];
    expect(calculateExposure(accounts, TODAY)).toMatchObject({ institutionCount: 2, isDiversified: false });
  });

  it('does not count a licence holding nothing (an overdrawn current account) or money outside FSCS limits', () => {
    const accounts = [
      account('overdrawn', -500_00, BARCLAYS),
      account('premium-bonds', 1_000_00, null, { category: 'ns-and-i' }),
      account('jersey', 1_000_00, natWest('NatWest International'), { category: 'offshore' }),
      account('h', 1_000_00, bankOfScotland('Halifax')),
      account('l', 1_000_00, lloydsBank()),
    ];
    expect(calculateExposure(accounts, TODAY)).toMatchObject({ institutionCount: 2, isDiversified: false });
  });
});
