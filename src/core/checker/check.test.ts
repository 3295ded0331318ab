import { describe, expect, it } from 'vitest';
import type { CheckerBank, ResolvedRow } from './accounts.ts';
import { checkerAccountInputs } from './accounts.ts';
import { EMPTY_SUMMARY, checkSavings } from './check.ts';

// Written by hand from issue 4 and facts.md: £120,000 per person per licence (FRN) from
// 1 December 2025, £85,000 before; THB £1.4m for six months; NS&I HM Treasury backed.
const TODAY = '2026-11-22';

function bank(
  id: string,
  bankName: string,
  legalName: string,
  frn: string | null,
  extra: Partial<CheckerBank> = {},
): CheckerBank {
  return {
    id,
    bankName,
    legalName,
    frn,
    type: 'bank',
    protectionBasis: 'fscs_deposit',
    isCrownDependency: false,
    ...extra,
  };
}

const halifax = bank('halifax', 'Halifax', 'Bank of Scotland plc', '169628');
const bankOfScotland = bank('bos', 'Bank of Scotland', 'Bank of Scotland plc', '169628');
const bmSavings = bank('bm', 'BM Savings', 'Bank of Scotland plc', '169628');
const lloyds = bank('lloyds', 'Lloyds Bank', 'Lloyds Bank PLC', '119278');
const nsAndI = bank('nsi', 'NS&I', 'National Savings and Investments', null, {
  type: 'government_savings_bank',
  protectionBasis: 'hm_treasury',
});
const jersey = bank('jersey', 'Example Bank Jersey', 'Example Bank International Limited', '123456', {
  isCrownDependency: true,
});
const gibraltar = bank('gib', 'Rock Bank', 'Rock Bank (Gibraltar) Limited', '654321', {
  protectionBasis: 'unverified',
});
const platform = bank('plat', 'Cash Platform', 'Cash Platform Ltd', '999999', {
  type: 'platform',
  protectionBasis: 'via_partner_banks',
});

const row = (b: CheckerBank, pounds: number, extra: Partial<ResolvedRow> = {}): ResolvedRow => ({
  bank: b,
  amountPence: pounds * 100,
  holders: 1,
  ...extra,
});

describe('checkerAccountInputs', () => {
  it('turns rows into engine accounts keyed by the licence’s FRN, brand kept', () => {
    expect(checkerAccountInputs([row(halifax, 70_000)])).toEqual([
      {
        id: 'row-0',
        balancePence: 70_000_00,
        institution: { kind: 'frn', frn: '169628', legalName: 'Bank of Scotland plc', brandName: 'Halifax' },
        holders: 1,
        category: 'deposit',
      },
    ]);
  });

  it('groups a bank with no FRN by its legal name, and leaves platforms out', () => {
    const noFrn = bank('x', 'Brand X', 'X Mutual', null);
    const accounts = checkerAccountInputs([row(platform, 10), row(noFrn, 10)]);
    expect(accounts).toEqual([
      expect.objectContaining({ id: 'row-1', institution: { kind: 'bank-name', bankName: 'X Mutual' } }),
    ]);
  });
});

describe('checkSavings', () => {
  it('the golden case: Halifax £70,000 + Bank of Scotland £70,000 is one licence, £140,000, £20,000 not protected', () => {
    const result = checkSavings([row(halifax, 70_000), row(bankOfScotland, 70_000)], { date: TODAY });
    expect(result.licences).toHaveLength(1);
    const [licence] = result.licences;
    expect(licence!.exposure).toMatchObject({
      frn: '169628',
      name: 'Bank of Scotland plc',
      totalPence: 140_000_00,
      coveredPence: 120_000_00,
      uncoveredPence: 20_000_00,
    });
    expect(licence!.rowIndexes).toEqual([0, 1]);
    expect(licence!.sharing).toBe(
      'Halifax and Bank of Scotland are brands of Bank of Scotland plc (FRN 169628): one £120,000 limit covers them together.',
    );
    expect(result.limit).toBe('£120,000 per person per licence, in force since 1 December 2025.');
    expect(result.summary).toEqual([
      'You have £140,000.00 with Bank of Scotland plc (Halifax and Bank of Scotland share one licence). £120,000.00 of it is protected; £20,000.00 is not.',
      'In total you have £140,000.00: £120,000.00 is protected by the FSCS and £20,000.00 is not protected.',
    ]);
  });

  it('leaves £55,000 unprotected under the old £85,000 limit', () => {
    const result = checkSavings([row(halifax, 70_000), row(bankOfScotland, 70_000)], { date: '2025-11-30' });
    expect(result.licences[0]!.exposure).toMatchObject({ coveredPence: 85_000_00, uncoveredPence: 55_000_00 });
    expect(result.limit).toBe('£85,000 per person per licence, in force since 30 January 2017.');
  });

  it('keeps Lloyds Bank on its own licence and lists licences in the order the rows were added', () => {
    const result = checkSavings([row(lloyds, 50_000), row(halifax, 50_000), row(bmSavings, 10_000)], { date: TODAY });
    expect(result.licences.map((l) => l.exposure.name)).toEqual(['Lloyds Bank PLC', 'Bank of Scotland plc']);
    expect(result.licences[0]!.sharing).toBe(
      'Lloyds Bank is a brand of Lloyds Bank PLC (FRN 119278). Money with any other brand of Lloyds Bank PLC shares the same £120,000 limit.',
    );
    expect(result.licences[1]!.sharing).toBe(
      'Halifax and BM Savings are brands of Bank of Scotland plc (FRN 169628): one £120,000 limit covers them together.',
    );
    expect(result.summary[0]).toBe(
      'You have £50,000.00 with Lloyds Bank, a brand of Lloyds Bank PLC. All of it is protected.',
    );
    expect(result.summary.at(-1)).toBe('In total you have £110,000.00, and all of it is protected.');
  });

  it('counts the visitor’s share of a joint account against their own limit', () => {
    const result = checkSavings([row(halifax, 200_000, { holders: 2 })], { date: TODAY });
    expect(result.licences[0]!.exposure).toMatchObject({
      totalPence: 100_000_00,
      coveredPence: 100_000_00,
      uncoveredPence: 0,
    });
    expect(result.licences[0]!.hasJoint).toBe(true);
    expect(result.summary[0]).toBe(
      'You have £100,000.00 with Halifax, a brand of Bank of Scotland plc, counting only your share of joint accounts. All of it is protected.',
    );
  });

  it('shows NS&I as backed by HM Treasury, never as unprotected', () => {
    const result = checkSavings([row(nsAndI, 2_000_000)], { date: TODAY });
    expect(result.licences).toEqual([]);
    expect(result.outside).toEqual([
      expect.objectContaining({
        category: 'ns-and-i',
        isGovernmentBacked: true,
        sharePence: 2_000_000_00,
        status: 'Backed by HM Treasury',
      }),
    ]);
    expect(result.report.totals).toMatchObject({ governmentBackedPence: 2_000_000_00, unprotectedPence: 0 });
    expect(result.summary).toEqual([
      'You have £2,000,000.00 with NS&I. NS&I is 100% backed by HM Treasury rather than the FSCS. All of it is safe, with no limit.',
      'In total you have £2,000,000.00: £2,000,000.00 is backed by HM Treasury.',
    ]);
  });

  it('counts offshore and unverified money as not protected, with the reason', () => {
    const result = checkSavings([row(jersey, 10_000), row(gibraltar, 5_000), row(jersey, 1_000)], { date: TODAY });
    expect(result.outside.map((o) => [o.bank.id, o.status, o.sharePence, o.rowIndexes])).toEqual([
      ['jersey', 'Not FSCS protected', 11_000_00, [0, 2]],
      ['gib', 'Protection not confirmed', 5_000_00, [1]],
    ]);
    expect(result.outside[0]!.reason).toBe(
      'Example Bank Jersey holds this money in a Crown Dependency (Jersey, Guernsey or the Isle of Man), outside the UK, so the FSCS does not cover it. The checker counts it as not protected.',
    );
    expect(result.outside[1]!.reason).toBe(
      'We could not confirm that the FSCS covers Rock Bank (Gibraltar) Limited. The checker counts it as not protected.',
    );
    expect(result.summary.at(-1)).toBe('In total you have £16,000.00: £16,000.00 is not protected.');
  });

  it('covers a temporary high balance on top of the limit and says when it reverts and what is left then', () => {
    const thb = { lifeEvent: 'home-sale' as const, qualifyingPence: 400_000_00, creditedDate: '2026-10-03' };
    const result = checkSavings([row(halifax, 500_000, { temporaryHighBalance: thb })], { date: TODAY });
    const [licence] = result.licences;
    expect(licence!.exposure).toMatchObject({
      totalPence: 500_000_00,
      coveredPence: 500_000_00,
      uncoveredPence: 0,
      temporaryHighBalanceRevertsOn: '2027-04-03',
    });
    expect(licence!.temporaryHighBalance).toBe(
      '£400,000.00 is covered as a temporary high balance, on top of the £120,000 limit, until 3 April 2027, when cover reverts to the standard limit. From 3 April 2027, £380,000.00 of it will not be protected unless you move some of it.',
    );
    expect(result.summary[0]).toContain('All of it is protected. £400,000.00 is covered as a temporary high balance');
  });

  it('says when a temporary high balance’s extra cover has already ended', () => {
    const thb = { lifeEvent: 'inheritance' as const, qualifyingPence: 100_000_00, creditedDate: '2026-01-10' };
    const result = checkSavings([row(halifax, 150_000, { temporaryHighBalance: thb })], { date: TODAY });
    expect(result.licences[0]!.exposure.uncoveredPence).toBe(30_000_00);
    expect(result.licences[0]!.temporaryHighBalance).toBe(
      'Extra cover for a temporary high balance here ended on 10 July 2026: the standard limit applies to it now.',
    );
  });

  it('says when the limit is an admin override, and the law’s figure', () => {
    const result = checkSavings([row(halifax, 140_000)], { date: TODAY, override: { depositPence: 150_000_00 } });
    expect(result.licences[0]!.exposure).toMatchObject({ uncoveredPence: 0, limit: { isOverride: true } });
    expect(result.limit).toBe(
      '£150,000 per person per licence: a limit set by SavvyPig in place of the legal £120,000, in force since 1 December 2025.',
    );
  });

  it('tells 85% to 90% (close to the limit) from above 90% (a projected breach), in words and figures', () => {
    const close = checkSavings([row(halifax, 104_000)], { date: TODAY });
    expect(close.licences[0]!.exposure.alertLevel).toBe('approaching');
    expect(close.summary[0]).toBe(
      'You have £104,000.00 with Halifax, a brand of Bank of Scotland plc. All of it is protected, but it is close to the limit: 86.7% of it (85% to 90%).',
    );
    const breach = checkSavings([row(halifax, 112_000)], { date: TODAY });
    expect(breach.licences[0]!.exposure.alertLevel).toBe('projected-breach');
    expect(breach.summary[0]).toBe(
      'You have £112,000.00 with Halifax, a brand of Bank of Scotland plc. All of it is protected, but it is 93.3% of the limit: a projected breach, as interest or one more deposit could take it over.',
    );
    // The old £85,000 limit as at 30 November 2025: £80,000 is 94.1% of it.
    expect(checkSavings([row(halifax, 80_000)], { date: '2025-11-30' }).summary[0]).toContain('94.1% of the limit');
  });

  it('says "diversified" for three or more banking licences, as the signed-in screens do', () => {
    const nationwide = bank('nw', 'Nationwide', 'Nationwide Building Society', '106078');
    expect(
      checkSavings([row(halifax, 1_000), row(bankOfScotland, 1_000), row(lloyds, 1_000)], { date: TODAY })
        .diversification,
    ).toBe('Your money is with 2 banking licences. Spread over 3 or more, it is diversified.');
    const three = checkSavings([row(halifax, 1_000), row(lloyds, 1_000), row(nationwide, 1_000), row(nsAndI, 1_000)], {
      date: TODAY,
    });
    expect(three.report.isDiversified).toBe(true);
    expect(three.diversification).toBe('Your money is with 3 banking licences: diversified.');
    expect(checkSavings([row(nsAndI, 1_000)], { date: TODAY }).diversification).toBeNull();
  });

  it('has one sentence inviting the visitor to start when there are no rows', () => {
    expect(checkSavings([], { date: TODAY }).summary).toEqual([EMPTY_SUMMARY]);
  });
});
