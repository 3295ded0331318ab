import { describe, expect, it } from 'vitest';
import { SPEC_PENSION_CATEGORY } from './categories.ts';
import { calculateExposure } from './exposure.ts';
import {
  HARGREAVES_LANSDOWN,
  TODAY,
  account,
  bankOfScotland,
  figures,
  natWest,
  onlyExposure,
} from './golden-test-fixtures.ts';
import type { InstitutionRef } from './types.ts';

// Golden cases, by hand from issue 4 and shared/data/facts.md §1–2: money outside FSCS deposit
// protection is classified, never silently counted as protected. NS&I is HM Treasury backed
// (never uncovered); offshore and Crown Dependency, non-UK-branch, e-money, IFISA and unverified
// money is not FSCS and counts as unprotected, with its reason; stocks and shares ISAs and SIPPs
// have FSCS investment protection of £85,000 per firm, apart from deposits; insured pensions are
// covered 100%; defined-benefit schemes fall to the Pension Protection Fund.

const NSANDI: InstitutionRef = { kind: 'bank-name', bankName: 'NS&I' };
const RBS_INTERNATIONAL: InstitutionRef = {
  kind: 'frn',
  frn: '760675',
  legalName: 'The Royal Bank of Scotland International Limited',
  brandName: 'NatWest International',
};
const AVIVA: InstitutionRef = {
  kind: 'frn',
  frn: '185896',
  legalName: 'Aviva Life & Pensions UK Limited',
  brandName: 'Aviva',
};

describe('NS&I', () => {
  it('shows £2m of Premium Bonds as government backed, never as uncovered', () => {
    const report = calculateExposure([account('premium-bonds', 2_000_000_00, NSANDI, { category: 'ns-and-i' })], TODAY);
    expect(report.institutions).toEqual([]);
    expect(report.accounts).toEqual([
      {
        accountId: 'premium-bonds',
        category: 'ns-and-i',
        sharePence: 2_000_000_00,
        status: 'not-fscs',
        reason: 'ns-and-i',
        bucket: 'government-backed',
      },
    ]);
    expect(report.totals).toEqual({
      totalPence: 2_000_000_00,
      protectedPence: 0,
      unprotectedPence: 0,
      governmentBackedPence: 2_000_000_00,
      otherSchemePence: 0,
      unknownPence: 0,
    });
    expect(report.badge).toBe('fully-protected');
    expect([report.institutionCount, report.isDiversified]).toEqual([0, false]);
  });

  it('counts only the bank money over the limit as unprotected beside £50,000 of NS&I savings', () => {
    const report = calculateExposure(
      [account('nsandi', 50_000_00, NSANDI, { category: 'ns-and-i' }), account('natwest', 150_000_00, natWest())],
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
    expect(report.totals).toEqual({
      totalPence: 200_000_00,
      protectedPence: 120_000_00,
      unprotectedPence: 30_000_00,
      governmentBackedPence: 50_000_00,
      otherSchemePence: 0,
      unknownPence: 0,
    });
    // £170,000 protected or government backed of £200,000 is exactly 85%.
    expect(report.badge).toBe('mostly-protected');
  });
});

describe('money that is not FSCS protected', () => {
  it('keeps £100,000 with NatWest International (Crown Dependency) out of NatWest’s limit and counts it unprotected', () => {
    const report = calculateExposure(
      [
        account('jersey', 100_000_00, RBS_INTERNATIONAL, { category: 'offshore' }),
        account('uk', 100_000_00, natWest()),
      ],
      TODAY,
    );
    expect(figures(onlyExposure(report))).toEqual({
      totalPence: 100_000_00,
      coveredPence: 100_000_00,
      uncoveredPence: 0,
      limitPence: 120_000_00,
      temporaryHighBalanceCoveredPence: 0,
      temporaryHighBalanceRevertsOn: null,
      alertLevel: 'none',
    });
    expect(report.accounts[0]).toEqual({
      accountId: 'jersey',
      category: 'offshore',
      sharePence: 100_000_00,
      status: 'not-fscs',
      reason: 'offshore',
      bucket: 'unprotected',
    });
    expect(report.totals).toEqual({
      totalPence: 200_000_00,
      protectedPence: 100_000_00,
      unprotectedPence: 100_000_00,
      governmentBackedPence: 0,
      otherSchemePence: 0,
      unknownPence: 0,
    });
    expect(report.badge).toBe('at-risk');
  });

  it('gives the reason for each kind: offshore, non-UK branch, e-money, innovative finance ISA, unverified', () => {
    const kinds = ['offshore', 'non-uk-branch', 'e-money', 'ifisa', 'unverified'] as const;
    const report = calculateExposure(
      kinds.map((category, i) => account(category, (i + 1) * 10_000_00, natWest(), { category })),
      TODAY,
    );
    expect(report.institutions).toEqual([]);
    expect(report.accounts).toEqual([
      {
        accountId: 'offshore',
        category: 'offshore',
        sharePence: 10_000_00,
        status: 'not-fscs',
        reason: 'offshore',
        bucket: 'unprotected',
      },
      {
        accountId: 'non-uk-branch',
        category: 'non-uk-branch',
        sharePence: 20_000_00,
        status: 'not-fscs',
        reason: 'non-uk-branch',
        bucket: 'unprotected',
      },
      {
        accountId: 'e-money',
        category: 'e-money',
        sharePence: 30_000_00,
        status: 'not-fscs',
        reason: 'e-money',
        bucket: 'unprotected',
      },
      {
        accountId: 'ifisa',
        category: 'ifisa',
        sharePence: 40_000_00,
        status: 'not-fscs',
        reason: 'ifisa',
        bucket: 'unprotected',
      },
      {
        accountId: 'unverified',
        category: 'unverified',
        sharePence: 50_000_00,
        status: 'not-fscs',
        reason: 'unverified',
        bucket: 'unprotected',
      },
    ]);
    expect(report.totals).toEqual({
      totalPence: 150_000_00,
      protectedPence: 0,
      unprotectedPence: 150_000_00,
      governmentBackedPence: 0,
      otherSchemePence: 0,
      unknownPence: 0,
    });
    expect(report.badge).toBe('at-risk');
    expect(report.institutionCount).toBe(0);
  });

  it('counts £10,000 at an institution the data marks unverified as not confirmed, though it is far under any limit', () => {
    const gibraltar: InstitutionRef = { kind: 'frn', frn: '999999', legalName: 'A Gibraltar Bank Limited' };
    const report = calculateExposure([account('gib', 10_000_00, gibraltar, { category: 'unverified' })], TODAY);
    expect(report.accounts[0]).toEqual({
      accountId: 'gib',
      category: 'unverified',
      sharePence: 10_000_00,
      status: 'not-fscs',
      reason: 'unverified',
      bucket: 'unprotected',
    });
    expect(report.totals).toEqual({
      totalPence: 10_000_00,
      protectedPence: 0,
      unprotectedPence: 10_000_00,
      governmentBackedPence: 0,
      otherSchemePence: 0,
      unknownPence: 0,
    });
  });
});

describe('investments: stocks and shares ISAs and SIPPs', () => {
  it('covers £85,000 of £90,000 in a stocks and shares ISA, separately from £90,000 cash at the same firm under the deposit limit', () => {
    const report = calculateExposure(
      [
        account('shares-isa', 90_000_00, HARGREAVES_LANSDOWN, { category: 'investment' }),
        account('cash', 90_000_00, HARGREAVES_LANSDOWN),
      ],
      TODAY,
    );
    expect(report.institutions.map((i) => [i.key, figures(i)])).toEqual([
      [
        'deposit|frn:115248',
        {
          totalPence: 90_000_00,
          coveredPence: 90_000_00,
          uncoveredPence: 0,
          limitPence: 120_000_00,
          temporaryHighBalanceCoveredPence: 0,
          temporaryHighBalanceRevertsOn: null,
          alertLevel: 'none',
        },
      ],
      [
        'investment|frn:115248',
        {
          totalPence: 90_000_00,
          coveredPence: 85_000_00,
          uncoveredPence: 5_000_00,
          limitPence: 85_000_00,
          temporaryHighBalanceCoveredPence: 0,
          temporaryHighBalanceRevertsOn: null,
          alertLevel: 'over-limit',
        },
      ],
    ]);
    expect(report.institutions[1]!.limit).toEqual({
      amountPence: 85_000_00,
      effectiveFrom: '2019-04-01',
      isOverride: false,
    });
    expect(report.totals).toEqual({
      totalPence: 180_000_00,
      protectedPence: 175_000_00,
      unprotectedPence: 5_000_00,
      governmentBackedPence: 0,
      otherSchemePence: 0,
      unknownPence: 0,
    });
    // One firm, whatever the schemes.
    expect(report.institutionCount).toBe(1);
  });

  it('adds a SIPP and a stocks and shares ISA at one firm into one £100,000 investment exposure: £15,000 uncovered', () => {
    const report = calculateExposure(
      [
        account('sipp', 60_000_00, HARGREAVES_LANSDOWN, { category: SPEC_PENSION_CATEGORY.sipp_platform_85k }),
        account('shares-isa', 40_000_00, HARGREAVES_LANSDOWN, { category: 'investment' }),
      ],
      TODAY,
    );
    const exposure = onlyExposure(report);
    expect(exposure).toMatchObject({
      key: 'investment|frn:115248',
      scheme: 'investment',
      accountIds: ['shares-isa', 'sipp'],
    });
    expect(figures(exposure)).toEqual({
      totalPence: 100_000_00,
      coveredPence: 85_000_00,
      uncoveredPence: 15_000_00,
      limitPence: 85_000_00,
      temporaryHighBalanceCoveredPence: 0,
      temporaryHighBalanceRevertsOn: null,
      alertLevel: 'over-limit',
    });
  });

  it('does not share the investment limit with a bank’s deposit limit: £100,000 of shares and £100,000 of savings at Halifax’s licence', () => {
    const report = calculateExposure(
      [
        account('shares', 100_000_00, bankOfScotland('Halifax'), { category: 'investment' }),
        account('saver', 100_000_00, bankOfScotland('Halifax')),
      ],
      TODAY,
    );
    expect(report.institutions.map((i) => [i.scheme, i.totalPence, i.coveredPence, i.uncoveredPence])).toEqual([
      ['deposit', 100_000_00, 100_000_00, 0],
      ['investment', 100_000_00, 85_000_00, 15_000_00],
    ]);
  });
});

describe('pensions', () => {
  it('maps the spec’s pension protection categories onto the engine’s', () => {
    expect(SPEC_PENSION_CATEGORY).toEqual({
      insurance_100: 'insurance-100',
      sipp_platform_85k: 'investment',
      db_ppf: 'ppf',
      ssas_trust: 'ssas-trust',
      state: 'state',
    });
  });

  it('covers a £2m insured pension 100%, with no FSCS limit', () => {
    const report = calculateExposure(
      [account('annuity', 2_000_000_00, AVIVA, { category: SPEC_PENSION_CATEGORY.insurance_100 })],
      TODAY,
    );
    expect(report.institutions).toEqual([]);
    expect(report.accounts).toEqual([
      {
        accountId: 'annuity',
        category: 'insurance-100',
        sharePence: 2_000_000_00,
        status: 'covered-in-full',
        exposureKey: null,
        temporaryHighBalance: null,
      },
    ]);
    expect(report.totals).toEqual({
      totalPence: 2_000_000_00,
      protectedPence: 2_000_000_00,
      unprotectedPence: 0,
      governmentBackedPence: 0,
      otherSchemePence: 0,
      unknownPence: 0,
    });
    expect(report.badge).toBe('fully-protected');
  });

  it('puts a £900,000 defined-benefit pension under the Pension Protection Fund, out of the badge', () => {
    const report = calculateExposure(
      [
        account('final-salary', 900_000_00, null, { category: SPEC_PENSION_CATEGORY.db_ppf }),
        account('saver', 100_000_00, natWest()),
      ],
      TODAY,
    );
    expect(report.accounts[0]).toEqual({
      accountId: 'final-salary',
      category: 'ppf',
      sharePence: 900_000_00,
      status: 'not-fscs',
      reason: 'ppf',
      bucket: 'other-scheme',
    });
    expect(report.totals).toEqual({
      totalPence: 1_000_000_00,
      protectedPence: 100_000_00,
      unprotectedPence: 0,
      governmentBackedPence: 0,
      otherSchemePence: 900_000_00,
      unknownPence: 0,
    });
    // £100,000 protected of the £100,000 the badge considers.
    expect(report.badge).toBe('fully-protected');
  });

  it('counts a SSAS as another scheme and the State Pension as government backed', () => {
    const report = calculateExposure(
      [
        account('ssas', 300_000_00, null, { category: SPEC_PENSION_CATEGORY.ssas_trust }),
        account('state', 250_000_00, null, { category: SPEC_PENSION_CATEGORY.state }),
      ],
      TODAY,
    );
    expect(report.accounts.map((a) => a.status === 'not-fscs' && [a.reason, a.bucket])).toEqual([
      ['ssas-trust', 'other-scheme'],
      ['state', 'government-backed'],
    ]);
    expect(report.totals).toEqual({
      totalPence: 550_000_00,
      protectedPence: 0,
      unprotectedPence: 0,
      governmentBackedPence: 250_000_00,
      otherSchemePence: 300_000_00,
      unknownPence: 0,
    });
  });
});

describe('unknown banks', () => {
  it('marks £5,000 with no known bank as unknown, counts it neither protected nor unprotected, and not as an institution', () => {
    const report = calculateExposure(
      [account('mystery', 5_000_00, null), account('mystery-shares', 7_000_00, null, { category: 'investment' })],
      TODAY,
    );
    expect(report.institutions).toEqual([]);
    expect(report.accounts).toEqual([
      { accountId: 'mystery', category: 'deposit', sharePence: 5_000_00, status: 'unknown-bank' },
      { accountId: 'mystery-shares', category: 'investment', sharePence: 7_000_00, status: 'unknown-bank' },
    ]);
    expect(report.totals).toEqual({
      totalPence: 12_000_00,
      protectedPence: 0,
      unprotectedPence: 0,
      governmentBackedPence: 0,
      otherSchemePence: 0,
      unknownPence: 12_000_00,
    });
    // Nothing known to be protected: never "fully protected".
    expect([report.badge, report.institutionCount]).toEqual(['at-risk', 0]);
  });
});

describe('totals', () => {
  it('add up to the whole: protected + unprotected + government backed + other schemes + unknown', () => {
    const report = calculateExposure(
      [
        account('halifax', 130_000_00, bankOfScotland('Halifax')),
        account('shares', 90_000_00, HARGREAVES_LANSDOWN, { category: 'investment' }),
        account('annuity', 40_000_00, AVIVA, { category: 'insurance-100' }),
        account('premium-bonds', 50_000_00, NSANDI, { category: 'ns-and-i' }),
        account('final-salary', 200_000_00, null, { category: 'ppf' }),
        account('jersey', 20_000_00, RBS_INTERNATIONAL, { category: 'offshore' }),
        account('mystery', 3_000_00, null),
      ],
      TODAY,
    );
    // Protected: £120,000 Halifax + £85,000 shares + £40,000 annuity. Unprotected: £10,000 +
    // £5,000 over the limits, £20,000 offshore. Unknown (neither): £3,000.
    expect(report.totals).toEqual({
      totalPence: 533_000_00,
      protectedPence: 245_000_00,
      unprotectedPence: 35_000_00,
      governmentBackedPence: 50_000_00,
      otherSchemePence: 200_000_00,
      unknownPence: 3_000_00,
    });
    // (£245,000 + £50,000) of the £330,000 whose protection is known is 89.4%.
    expect(report.badge).toBe('mostly-protected');
    // One banking licence (Halifax's); Hargreaves Lansdown is an investment firm, not a licence.
    expect([report.institutionCount, report.investmentFirmCount]).toEqual([1, 1]);
  });
});
