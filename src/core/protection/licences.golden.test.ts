import { describe, expect, it } from 'vitest';
import { calculateExposure } from './exposure.ts';
import {
  BARCLAYS,
  OLD_LAW,
  TODAY,
  account,
  bankName,
  bankOfScotland,
  figures,
  lloydsBank,
  natWest,
  onlyExposure,
} from './golden-test-fixtures.ts';

// Golden cases, by hand from issue 4 and shared/data/facts.md §1: one limit per person per
// PRA-authorised firm (FRN), all its brands combined; £85,000 to 30 Nov 2025, £120,000 from
// 1 Dec 2025. Bank of Scotland plc (FRN 169628) holds Halifax, Bank of Scotland, BM Savings,
// Intelligent Finance and Bank of Wales; Lloyds Bank PLC (FRN 119278) is a separate licence.

describe('brands that share one licence', () => {
  const halifaxAndBankOfScotland = [
    account('halifax', 70_000_00, bankOfScotland('Halifax')),
    account('bos', 70_000_00, bankOfScotland('Bank of Scotland')),
  ];

  it('makes £70,000 at Halifax plus £70,000 at Bank of Scotland one exposure of £140,000, £20,000 uncovered today', () => {
    const report = calculateExposure(halifaxAndBankOfScotland, TODAY);
    expect(report.institutions).toEqual([
      {
        key: 'deposit|frn:169628',
        institutionKey: 'frn:169628',
        scheme: 'deposit',
        frn: '169628',
        name: 'Bank of Scotland plc',
        brandNames: ['Bank of Scotland', 'Halifax'],
        accountIds: ['bos', 'halifax'],
        totalPence: 140_000_00,
        coveredPence: 120_000_00,
        uncoveredPence: 20_000_00,
        limit: { amountPence: 120_000_00, effectiveFrom: '2025-12-01', isOverride: false },
        temporaryHighBalanceCoveredPence: 0,
        temporaryHighBalanceRevertsOn: null,
        alertLevel: 'over-limit',
      },
    ]);
    expect(report.totals).toEqual({
      totalPence: 140_000_00,
      protectedPence: 120_000_00,
      unprotectedPence: 20_000_00,
      governmentBackedPence: 0,
      otherSchemePence: 0,
      unknownPence: 0,
    });
    // £120,000 of £140,000 is 85.7%: mostly protected.
    expect(report.badge).toBe('mostly-protected');
    expect([report.institutionCount, report.isDiversified]).toEqual([1, false]);
  });

  it('leaves £55,000 of the same £140,000 uncovered under the old £85,000 limit (a failure on 30 November 2025)', () => {
    const report = calculateExposure(halifaxAndBankOfScotland, OLD_LAW);
    expect(figures(onlyExposure(report))).toEqual({
      totalPence: 140_000_00,
      coveredPence: 85_000_00,
      uncoveredPence: 55_000_00,
      limitPence: 85_000_00,
      temporaryHighBalanceCoveredPence: 0,
      temporaryHighBalanceRevertsOn: null,
      alertLevel: 'over-limit',
    });
    expect(report.institutions[0]!.limit).toEqual({
      amountPence: 85_000_00,
      effectiveFrom: '2017-01-30',
      isOverride: false,
    });
    expect(report.totals).toEqual({
      totalPence: 140_000_00,
      protectedPence: 85_000_00,
      unprotectedPence: 55_000_00,
      governmentBackedPence: 0,
      otherSchemePence: 0,
      unknownPence: 0,
    });
    // £85,000 of £140,000 is 60.7%.
    expect(report.badge).toBe('at-risk');
  });

  it('adds up all five brands of Bank of Scotland plc: £25,000 at each is £125,000, £5,000 uncovered', () => {
    const brands = [
      'Halifax',
      'Bank of Scotland',
      'Birmingham Midshires (BM Savings)',
      'Intelligent Finance (IF)',
      'Bank of Wales',
    ];
    const report = calculateExposure(
      brands.map((brand, i) => account(`a${i}`, 25_000_00, bankOfScotland(brand))),
      TODAY,
    );
    const exposure = onlyExposure(report);
    expect(exposure.brandNames).toEqual([
      'Bank of Scotland',
      'Bank of Wales',
      'Birmingham Midshires (BM Savings)',
      'Halifax',
      'Intelligent Finance (IF)',
    ]);
    expect(figures(exposure)).toEqual({
      totalPence: 125_000_00,
      coveredPence: 120_000_00,
      uncoveredPence: 5_000_00,
      limitPence: 120_000_00,
      temporaryHighBalanceCoveredPence: 0,
      temporaryHighBalanceRevertsOn: null,
      alertLevel: 'over-limit',
    });
  });

  it('lists a brand once however many accounts the person has with it', () => {
    const report = calculateExposure(
      [account('easy', 1_000_00, bankOfScotland('Halifax')), account('isa', 2_000_00, bankOfScotland('Halifax'))],
      TODAY,
    );
    expect(onlyExposure(report)).toMatchObject({
      brandNames: ['Halifax'],
      accountIds: ['easy', 'isa'],
      totalPence: 3_000_00,
    });
  });
});

describe('Lloyds Bank is a separate licence', () => {
  it('covers £100,000 at Lloyds Bank and £100,000 at Halifax in full: two limits, though both brands are Lloyds Banking Group', () => {
    const report = calculateExposure(
      [account('lloyds', 100_000_00, lloydsBank()), account('halifax', 100_000_00, bankOfScotland('Halifax'))],
      TODAY,
    );
    expect(report.institutions.map((i) => [i.frn, i.name, figures(i)])).toEqual([
      [
        '119278',
        'Lloyds Bank PLC',
        {
          totalPence: 100_000_00,
          coveredPence: 100_000_00,
          uncoveredPence: 0,
          limitPence: 120_000_00,
          temporaryHighBalanceCoveredPence: 0,
          temporaryHighBalanceRevertsOn: null,
          alertLevel: 'none',
        },
      ],
      [
        '169628',
        'Bank of Scotland plc',
        {
          totalPence: 100_000_00,
          coveredPence: 100_000_00,
          uncoveredPence: 0,
          limitPence: 120_000_00,
          temporaryHighBalanceCoveredPence: 0,
          temporaryHighBalanceRevertsOn: null,
          alertLevel: 'none',
        },
      ],
    ]);
    expect(report.totals).toEqual({
      totalPence: 200_000_00,
      protectedPence: 200_000_00,
      unprotectedPence: 0,
      governmentBackedPence: 0,
      otherSchemePence: 0,
      unknownPence: 0,
    });
    expect(report.accounts.map((a) => a.status)).toEqual(['covered-in-full', 'covered-in-full']);
    expect(report.badge).toBe('fully-protected');
    expect(report.institutionCount).toBe(2);
  });

  it('shares the Lloyds Bank PLC limit between Lloyds Bank and MBNA: £130,000 together, £10,000 uncovered', () => {
    const report = calculateExposure(
      [account('lloyds', 80_000_00, lloydsBank()), account('mbna', 50_000_00, lloydsBank('MBNA'))],
      TODAY,
    );
    const exposure = onlyExposure(report);
    expect(exposure.brandNames).toEqual(['Lloyds Bank', 'MBNA']);
    expect([exposure.totalPence, exposure.coveredPence, exposure.uncoveredPence]).toEqual([
      130_000_00, 120_000_00, 10_000_00,
    ]);
  });
});

describe('platform accounts', () => {
  it('counts £60,000 placed by a savings platform with NatWest against NatWest’s licence, with £70,000 held there directly: £10,000 uncovered', () => {
    const viaPlatform = account('platform', 60_000_00, natWest('NatWest (via Flagstone)'));
    const report = calculateExposure([viaPlatform, account('direct', 70_000_00, natWest())], TODAY);
    const exposure = onlyExposure(report);
    expect(exposure).toMatchObject({
      key: 'deposit|frn:121878',
      brandNames: ['NatWest', 'NatWest (via Flagstone)'],
      accountIds: ['direct', 'platform'],
    });
    expect(figures(exposure)).toEqual({
      totalPence: 130_000_00,
      coveredPence: 120_000_00,
      uncoveredPence: 10_000_00,
      limitPence: 120_000_00,
      temporaryHighBalanceCoveredPence: 0,
      temporaryHighBalanceRevertsOn: null,
      alertLevel: 'over-limit',
    });
  });
});

describe('grouping by bank name when no licence is known', () => {
  it('groups ‘Acme Savings’ and ‘ ACME   savings ’ as one bank, ignoring case and spacing, and names it once', () => {
    const report = calculateExposure(
      [account('a', 60_000_00, bankName('Acme Savings')), account('b', 61_000_00, bankName(' ACME   savings '))],
      TODAY,
    );
    const exposure = onlyExposure(report);
    expect(exposure).toMatchObject({
      key: 'deposit|name:acme savings',
      institutionKey: 'name:acme savings',
      frn: null,
      accountIds: ['a', 'b'],
    });
    // The spellings differ only in case and spacing: one bank, shown without stray spaces.
    expect(exposure.name).toBe('ACME savings');
    expect(exposure.brandNames).toEqual(['ACME savings']);
    expect(figures(exposure)).toEqual({
      totalPence: 121_000_00,
      coveredPence: 120_000_00,
      uncoveredPence: 1_000_00,
      limitPence: 120_000_00,
      temporaryHighBalanceCoveredPence: 0,
      temporaryHighBalanceRevertsOn: null,
      alertLevel: 'over-limit',
    });
  });

  it('keeps two different bank names apart, each with its own limit', () => {
    const report = calculateExposure(
      [account('a', 100_000_00, bankName('Acme Savings')), account('b', 100_000_00, bankName('Acme Savings Bank'))],
      TODAY,
    );
    expect(report.institutions.map((i) => [i.key, i.totalPence, i.uncoveredPence])).toEqual([
      ['deposit|name:acme savings', 100_000_00, 0],
      ['deposit|name:acme savings bank', 100_000_00, 0],
    ]);
  });

  it('counts a bank-name group among the person’s institutions', () => {
    const report = calculateExposure(
      [
        account('a', 1_000_00, bankName('Acme Savings')),
        account('b', 1_000_00, BARCLAYS),
        account('c', 1_000_00, natWest()),
      ],
      TODAY,
    );
    expect([report.institutionCount, report.isDiversified]).toEqual([3, true]);
  });
});
