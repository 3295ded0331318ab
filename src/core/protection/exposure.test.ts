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
