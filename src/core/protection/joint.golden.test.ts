import { describe, expect, it } from 'vitest';
import { calculateExposure } from './exposure.ts';
import { OLD_LAW, TODAY, account, figures, natWest, onlyExposure } from './golden-test-fixtures.ts';
import { jointAccountCoverPence, limitsOn } from './limits.ts';

// Golden cases, by hand from issue 4 and shared/data/facts.md §1: the limit applies per person,
// each holder's share of a joint account counting against their own limit, so a two-person joint
// account is covered up to twice the limit (£240,000 today). The spec's literal 170000 was twice
// the old £85,000; the product shows the computed figure. The engine works out one person's
// exposure: their share, an odd penny rounded up so it is never understated.

describe('the joint-account cover figure (replaces the spec’s 170000 text)', () => {
  it('is £240,000 for two people today and was £170,000 under the old law', () => {
    expect(jointAccountCoverPence(limitsOn(TODAY).deposit, 2)).toBe(240_000_00);
    expect(jointAccountCoverPence(limitsOn(OLD_LAW).deposit, 2)).toBe(170_000_00);
  });

  it('is £360,000 for three people today, and follows an admin override of today’s limit', () => {
    expect(jointAccountCoverPence(limitsOn(TODAY).deposit, 3)).toBe(360_000_00);
    expect(jointAccountCoverPence(limitsOn(TODAY, { depositPence: 100_000_00 }).deposit, 2)).toBe(200_000_00);
  });
});

describe('a joint account counts the person’s share', () => {
  it('covers a £240,000 two-person joint account in full today: the person’s £120,000 share is exactly the limit', () => {
    const report = calculateExposure([account('joint', 240_000_00, natWest(), { holders: 2 })], TODAY);
    // At 100% of the limit with nothing uncovered: above 90%, so a projected breach.
    expect(figures(onlyExposure(report))).toEqual({
      totalPence: 120_000_00,
      coveredPence: 120_000_00,
      uncoveredPence: 0,
      limitPence: 120_000_00,
      temporaryHighBalanceCoveredPence: 0,
      temporaryHighBalanceRevertsOn: null,
      alertLevel: 'projected-breach',
    });
    expect(report.accounts).toEqual([
      {
        accountId: 'joint',
        category: 'deposit',
        sharePence: 120_000_00,
        status: 'covered-in-full',
        exposureKey: 'deposit|frn:121878',
        temporaryHighBalance: null,
      },
    ]);
    expect(report.totals).toEqual({
      totalPence: 120_000_00,
      protectedPence: 120_000_00,
      unprotectedPence: 0,
      governmentBackedPence: 0,
      otherSchemePence: 0,
      unknownPence: 0,
    });
    expect(report.badge).toBe('fully-protected');
  });

  it('leaves a penny uncovered in a £240,000.01 two-person joint account: the odd penny of the share is rounded up', () => {
    const report = calculateExposure([account('joint', 240_000_01, natWest(), { holders: 2 })], TODAY);
    expect(figures(onlyExposure(report))).toEqual({
      totalPence: 120_000_01,
      coveredPence: 120_000_00,
      uncoveredPence: 1,
      limitPence: 120_000_00,
      temporaryHighBalanceCoveredPence: 0,
      temporaryHighBalanceRevertsOn: null,
      alertLevel: 'over-limit',
    });
    expect(report.accounts).toEqual([
      {
        accountId: 'joint',
        category: 'deposit',
        sharePence: 120_000_01,
        status: 'partly-covered',
        exposureKey: 'deposit|frn:121878',
        institutionUncoveredPence: 1,
        temporaryHighBalance: null,
      },
    ]);
    expect(report.totals).toEqual({
      totalPence: 120_000_01,
      protectedPence: 120_000_00,
      unprotectedPence: 1,
      governmentBackedPence: 0,
      otherSchemePence: 0,
      unknownPence: 0,
    });
  });

  it('adds the person’s £100,000 share of a £200,000 joint account to their £50,000 sole account at the same bank: £30,000 uncovered', () => {
    const report = calculateExposure(
      [account('joint', 200_000_00, natWest(), { holders: 2 }), account('sole', 50_000_00, natWest())],
      TODAY,
    );
    expect(figures(onlyExposure(report))).toEqual({
      totalPence: 150_000_00,
      coveredPence: 120_000_00,
      uncoveredPence: 30_000_00,
      limitPence: 120_000_00,
      temporaryHighBalanceCoveredPence: 0,
      temporaryHighBalanceRevertsOn: null,
      alertLevel: 'over-limit',
    });
    expect(report.accounts.map((a) => [a.accountId, a.sharePence, a.status])).toEqual([
      ['joint', 100_000_00, 'partly-covered'],
      ['sole', 50_000_00, 'partly-covered'],
    ]);
    expect(report.totals).toEqual({
      totalPence: 150_000_00,
      protectedPence: 120_000_00,
      unprotectedPence: 30_000_00,
      governmentBackedPence: 0,
      otherSchemePence: 0,
      unknownPence: 0,
    });
  });

  it('covers a £170,000 two-person joint account in full under the old law, and leaves £15,000 of a £200,000 one uncovered', () => {
    const covered = calculateExposure([account('joint', 170_000_00, natWest(), { holders: 2 })], OLD_LAW);
    expect(figures(onlyExposure(covered))).toEqual({
      totalPence: 85_000_00,
      coveredPence: 85_000_00,
      uncoveredPence: 0,
      limitPence: 85_000_00,
      temporaryHighBalanceCoveredPence: 0,
      temporaryHighBalanceRevertsOn: null,
      alertLevel: 'projected-breach',
    });
    const over = calculateExposure([account('joint', 200_000_00, natWest(), { holders: 2 })], OLD_LAW);
    expect(figures(onlyExposure(over))).toEqual({
      totalPence: 100_000_00,
      coveredPence: 85_000_00,
      uncoveredPence: 15_000_00,
      limitPence: 85_000_00,
      temporaryHighBalanceCoveredPence: 0,
      temporaryHighBalanceRevertsOn: null,
      alertLevel: 'over-limit',
    });
  });

  it('covers a three-person joint account of £360,000 in full today (£120,000 each)', () => {
    const report = calculateExposure([account('joint', 360_000_00, natWest(), { holders: 3 })], TODAY);
    expect(figures(onlyExposure(report))).toEqual({
      totalPence: 120_000_00,
      coveredPence: 120_000_00,
      uncoveredPence: 0,
      limitPence: 120_000_00,
      temporaryHighBalanceCoveredPence: 0,
      temporaryHighBalanceRevertsOn: null,
      alertLevel: 'projected-breach',
    });
    expect(report.accounts[0]).toMatchObject({ sharePence: 120_000_00, status: 'covered-in-full' });
  });
});

describe('odd pence in joint shares', () => {
  it('rounds a share up: £100.00 held by three is £33.34 each, £3.01 held by two is £1.51', () => {
    const report = calculateExposure(
      [account('three', 100_00, natWest(), { holders: 3 }), account('two', 3_01, natWest(), { holders: 2 })],
      TODAY,
    );
    expect(report.accounts.map((a) => a.sharePence)).toEqual([33_34, 1_51]);
    expect(onlyExposure(report).totalPence).toBe(34_85);
    expect(report.totals.totalPence).toBe(34_85);
  });

  it('rounds each account’s share up on its own, so two one-penny joint accounts are two pence of exposure', () => {
    const report = calculateExposure(
      [account('a', 1, natWest(), { holders: 2 }), account('b', 1, natWest(), { holders: 2 })],
      TODAY,
    );
    expect(report.accounts.map((a) => a.sharePence)).toEqual([1, 1]);
    expect(onlyExposure(report).totalPence).toBe(2);
  });

  it('rounds the shares of money that is not FSCS protected up too', () => {
    const report = calculateExposure(
      [account('e-money', 10_001, natWest(), { holders: 2, category: 'e-money' })],
      TODAY,
    );
    expect(report.accounts[0]).toMatchObject({ sharePence: 5_001, status: 'not-fscs' });
    expect(report.totals).toEqual({
      totalPence: 5_001,
      protectedPence: 0,
      unprotectedPence: 5_001,
      governmentBackedPence: 0,
      otherSchemePence: 0,
      unknownPence: 0,
    });
  });
});
