import { describe, expect, it } from 'vitest';
import { calculateExposure } from './exposure.ts';
import type { AccountInput, InstitutionRef } from './types.ts';

// Golden cases written by hand from issue 4 and the shared facts (FSCS £85,000 to 30 Nov 2025,
// £120,000 from 1 Dec 2025, per person per FRN). Today is pinned.
const TODAY = '2026-11-22';
const OLD_LAW = '2025-11-30';

const bankOfScotland = (brandName: string): InstitutionRef => ({ kind: 'frn', frn: '169628', legalName: 'Bank of Scotland plc', brandName });
const lloydsBank: InstitutionRef = { kind: 'frn', frn: '119278', legalName: 'Lloyds Bank PLC', brandName: 'Lloyds Bank' };
const natWest: InstitutionRef = { kind: 'frn', frn: '121878', legalName: 'National Westminster Bank Plc', brandName: 'NatWest' };

function deposit(id: string, pounds: number, institution: InstitutionRef | null, extra: Partial<AccountInput> = {}): AccountInput {
  return { id, balancePence: pounds * 100, institution, holders: 1, category: 'deposit', ...extra };
}

describe('brands sharing one licence', () => {
  const accounts = [deposit('halifax', 70_000, bankOfScotland('Halifax')), deposit('bos', 70_000, bankOfScotland('Bank of Scotland'))];

  it('marks both accounts partly covered with the licence’s uncovered £20,000', () => {
    const report = calculateExposure(accounts, TODAY);
    expect(report.accounts.map((a) => a.status)).toEqual(['partly-covered', 'partly-covered']);
    expect(report.accounts[0]).toMatchObject({ institutionUncoveredPence: 20_000_00 });
  });

});

describe('money outside the FSCS deposit limit', () => {
  it('shows NS&I as government backed, never as uncovered', () => {
    const report = calculateExposure([{ id: 'premium-bonds', balancePence: 2_000_000_00, institution: null, holders: 1, category: 'ns-and-i' }], TODAY);
    expect(report.institutions).toEqual([]);
    expect(report.accounts[0]).toMatchObject({ status: 'not-fscs', reason: 'ns-and-i', bucket: 'government-backed' });
    expect(report.totals).toMatchObject({ governmentBackedPence: 2_000_000_00, unprotectedPence: 0 });
    expect(report.badge).toBe('fully-protected');
  });

  it('classifies offshore, non-UK-branch, e-money and IFISA money as not FSCS, with its reason', () => {
    const report = calculateExposure(
      (['offshore', 'non-uk-branch', 'e-money', 'ifisa'] as const).map((category) => ({ id: category, balancePence: 10_000_00, institution: natWest, holders: 1, category })),
      TODAY,
    );
    expect(report.institutions).toEqual([]);
    expect(report.accounts.map((a) => a.status === 'not-fscs' && a.reason)).toEqual(['offshore', 'non-uk-branch', 'e-money', 'ifisa']);
    expect(report.totals).toMatchObject({ protectedPence: 0, unprotectedPence: 40_000_00 });
    expect(report.badge).toBe('at-risk');
  });

  it('counts an unverified institution as not confirmed', () => {
    const report = calculateExposure([{ id: 'gib', balancePence: 10_000_00, institution: { kind: 'frn', frn: '999999', legalName: 'A Gibraltar Bank' }, holders: 1, category: 'unverified' }], TODAY);
    expect(report.accounts[0]).toMatchObject({ status: 'not-fscs', reason: 'unverified', bucket: 'unprotected' });
    expect(report.totals.unprotectedPence).toBe(10_000_00);
  });

  it('marks an account whose bank is unknown, and counts it as unprotected', () => {
    const report = calculateExposure([deposit('mystery', 5_000, null)], TODAY);
    expect(report.accounts[0]).toMatchObject({ status: 'unknown-bank' });
    expect(report.totals.unprotectedPence).toBe(5_000_00);
  });

  it('covers insured pensions in full and leaves PPF money out of the badge', () => {
    const report = calculateExposure(
      [
        { id: 'annuity', balancePence: 500_000_00, institution: null, holders: 1, category: 'insurance-100' },
        { id: 'final-salary', balancePence: 900_000_00, institution: null, holders: 1, category: 'ppf' },
      ],
      TODAY,
    );
    expect(report.totals).toMatchObject({ protectedPence: 500_000_00, otherSchemePence: 900_000_00, unprotectedPence: 0 });
    expect(report.badge).toBe('fully-protected');
  });

  it('uses the £85,000 investment limit per firm, separately from deposits at the same firm', () => {
    const platform: InstitutionRef = { kind: 'frn', frn: '115248', legalName: 'Hargreaves Lansdown Asset Management Ltd' };
    const report = calculateExposure(
      [{ id: 'sipp', balancePence: 90_000_00, institution: platform, holders: 1, category: 'investment' }, deposit('cash', 90_000, platform)],
      TODAY,
    );
    expect(report.institutions.map((i) => [i.scheme, i.uncoveredPence, i.limit.amountPence])).toEqual([
      ['deposit', 0, 120_000_00],
      ['investment', 5_000_00, 85_000_00],
    ]);
    expect(report.institutionCount).toBe(1);
  });
});

describe('grouping, alerts, badge and diversification', () => {
  it('alerts at 85% of the limit', () => {
    expect(calculateExposure([deposit('a', 102_000, natWest)], TODAY).institutions[0]!.alertLevel).toBe('approaching');
    expect(calculateExposure([deposit('a', 101_999, natWest)], TODAY).institutions[0]!.alertLevel).toBe('none');
  });

  it('is diversified at three licences, counting sibling brands once', () => {
    const two = [deposit('h', 1_000, bankOfScotland('Halifax')), deposit('b', 1_000, bankOfScotland('Bank of Scotland')), deposit('l', 1_000, lloydsBank)];
    expect(calculateExposure(two, TODAY)).toMatchObject({ institutionCount: 2, isDiversified: false });
    expect(calculateExposure([...two, deposit('n', 1_000, natWest)], TODAY)).toMatchObject({ institutionCount: 3, isDiversified: true });
  });

  it('gives the badge from the share protected', () => {
    // £130,000 at one bank: £120,000 of £130,000 is 92.3%, mostly protected.
    expect(calculateExposure([deposit('a', 130_000, natWest)], TODAY).badge).toBe('mostly-protected');
    expect(calculateExposure([deposit('a', 150_000, natWest)], TODAY).badge).toBe('at-risk');
  });

  it('applies an admin override of today’s limit and says so', () => {
    const accounts = [deposit('halifax', 70_000, bankOfScotland('Halifax')), deposit('bos', 70_000, bankOfScotland('Bank of Scotland'))];
    const [today] = calculateExposure(accounts, TODAY, { depositPence: 100_000_00 }).institutions;
    expect(today).toMatchObject({ uncoveredPence: 40_000_00, limit: { amountPence: 100_000_00, isOverride: true } });
    expect(calculateExposure(accounts, OLD_LAW, { depositPence: 100_000_00 }).institutions[0]!.limit.isOverride).toBe(false);
  });

  it('refuses amounts that are not whole pence and accounts with no holder', () => {
    expect(() => calculateExposure([{ ...deposit('a', 1, natWest), balancePence: 10.5 }], TODAY)).toThrow(RangeError);
    expect(() => calculateExposure([deposit('a', 1, natWest, { holders: 0 })], TODAY)).toThrow(RangeError);
  });

  it('treats an overdrawn account as holding nothing to protect', () => {
    const report = calculateExposure([deposit('current', -500, natWest), deposit('saver', 1_000, natWest)], TODAY);
    expect(report.institutions[0]!.totalPence).toBe(1_000_00);
  });
});
