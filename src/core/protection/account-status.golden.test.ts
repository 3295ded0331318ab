import { describe, expect, it } from 'vitest';
import { calculateExposure } from './exposure.ts';
import { TODAY, account, bankOfScotland, lloydsBank, natWest } from './golden-test-fixtures.ts';

// Golden cases, by hand from issue 4: per account, a status the accounts list can show: covered
// in full, partly covered (with the uncovered part of its licence's total, not an invented split
// between the accounts), not FSCS (with the reason), or unknown bank.

describe('the status of each account', () => {
  it('marks both accounts at Bank of Scotland plc partly covered, each carrying the licence’s £20,000 uncovered', () => {
    const report = calculateExposure(
      [
        account('halifax', 70_000_00, bankOfScotland('Halifax')),
        account('bos', 70_000_00, bankOfScotland('Bank of Scotland')),
      ],
      TODAY,
    );
    expect(report.accounts).toEqual([
      {
        accountId: 'halifax',
        category: 'deposit',
        sharePence: 70_000_00,
        status: 'partly-covered',
        exposureKey: 'deposit|frn:169628',
        institutionUncoveredPence: 20_000_00,
        temporaryHighBalance: null,
      },
      {
        accountId: 'bos',
        category: 'deposit',
        sharePence: 70_000_00,
        status: 'partly-covered',
        exposureKey: 'deposit|frn:169628',
        institutionUncoveredPence: 20_000_00,
        temporaryHighBalance: null,
      },
    ]);
  });

  it('marks an account covered in full when its licence is within the limit, linking it to that licence', () => {
    const report = calculateExposure([account('lloyds', 70_000_00, lloydsBank())], TODAY);
    expect(report.accounts).toEqual([
      {
        accountId: 'lloyds',
        category: 'deposit',
        sharePence: 70_000_00,
        status: 'covered-in-full',
        exposureKey: 'deposit|frn:119278',
        temporaryHighBalance: null,
      },
    ]);
  });

  it('gives every kind of status in one list, in the order the accounts came', () => {
    const report = calculateExposure(
      [
        account('over', 130_000_00, natWest()),
        account('under', 10_000_00, lloydsBank()),
        account('wallet', 2_000_00, null, { category: 'e-money' }),
        account('mystery', 3_000_00, null),
        account('annuity', 4_000_00, null, { category: 'insurance-100' }),
      ],
      TODAY,
    );
    expect(report.accounts).toEqual([
      {
        accountId: 'over',
        category: 'deposit',
        sharePence: 130_000_00,
        status: 'partly-covered',
        exposureKey: 'deposit|frn:121878',
        institutionUncoveredPence: 10_000_00,
        temporaryHighBalance: null,
      },
      {
        accountId: 'under',
        category: 'deposit',
        sharePence: 10_000_00,
        status: 'covered-in-full',
        exposureKey: 'deposit|frn:119278',
        temporaryHighBalance: null,
      },
      {
        accountId: 'wallet',
        category: 'e-money',
        sharePence: 2_000_00,
        status: 'not-fscs',
        reason: 'e-money',
        bucket: 'unprotected',
      },
      { accountId: 'mystery', category: 'deposit', sharePence: 3_000_00, status: 'unknown-bank' },
      {
        accountId: 'annuity',
        category: 'insurance-100',
        sharePence: 4_000_00,
        status: 'covered-in-full',
        exposureKey: null,
        temporaryHighBalance: null,
      },
    ]);
  });
});

describe('overdrawn accounts', () => {
  it('treat an overdrawn current account as holding nothing to protect: it does not reduce the money at risk', () => {
    const report = calculateExposure(
      [account('current', -500_00, natWest()), account('saver', 1_000_00, natWest())],
      TODAY,
    );
    expect(report.institutions[0]).toMatchObject({ totalPence: 1_000_00, coveredPence: 1_000_00, uncoveredPence: 0 });
    expect(report.accounts[0]).toMatchObject({ accountId: 'current', sharePence: 0 });
    expect(report.totals).toEqual({
      totalPence: 1_000_00,
      protectedPence: 1_000_00,
      unprotectedPence: 0,
      governmentBackedPence: 0,
      otherSchemePence: 0,
      unknownPence: 0,
    });
  });

  it('call an overdrawn Halifax account covered in full, though savings at Bank of Scotland are over the limit: it holds nothing uncovered', () => {
    const report = calculateExposure(
      [
        account('current', -500_00, bankOfScotland('Halifax')),
        account('saver', 130_000_00, bankOfScotland('Bank of Scotland')),
      ],
      TODAY,
    );
    expect(report.accounts).toEqual([
      {
        accountId: 'current',
        category: 'deposit',
        sharePence: 0,
        status: 'covered-in-full',
        exposureKey: 'deposit|frn:169628',
        temporaryHighBalance: null,
      },
      {
        accountId: 'saver',
        category: 'deposit',
        sharePence: 130_000_00,
        status: 'partly-covered',
        exposureKey: 'deposit|frn:169628',
        institutionUncoveredPence: 10_000_00,
        temporaryHighBalance: null,
      },
    ]);
  });
});

describe('amounts the engine refuses', () => {
  it('refuses a balance that is not whole pence, a qualifying amount that is not whole pence, and an account with no holder', () => {
    expect(() => calculateExposure([account('a', 10.5, natWest())], TODAY)).toThrow(RangeError);
    expect(() =>
      calculateExposure(
        [
          account('a', 100_00, natWest(), {
            temporaryHighBalance: { lifeEvent: 'inheritance', qualifyingPence: 0.5, creditedDate: '2026-10-01' },
          }),
        ],
        TODAY,
      ),
    ).toThrow(RangeError);
    expect(() => calculateExposure([account('a', 1_00, natWest(), { holders: 0 })], TODAY)).toThrow(RangeError);
  });
});
