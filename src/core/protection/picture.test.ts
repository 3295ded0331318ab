import { describe, expect, it } from 'vitest';
import { account, bankOfScotland, lloydsBank, natWest, TODAY } from './golden-test-fixtures.ts';
import { isFirmsOwnName } from './explain.ts';
import { limitsOn } from './limits.ts';
import { type PictureAccount, protectionPicture } from './picture.ts';
import type { AccountInput, InstitutionRef } from './types.ts';

// The saver's picture on the Protection Hub (issue 14; 002 §9 thresholds). Limits come from the
// engine's dated table (shared/data/facts.md: £120,000 today) or an admin's override, never from
// the spec's literal 85000.

const NATIONWIDE: InstitutionRef = {
  kind: 'frn',
  frn: '106078',
  legalName: 'Nationwide Building Society',
  brandName: 'Nationwide Building Society',
};
const NSANDI: InstitutionRef = { kind: 'bank-name', bankName: 'National Savings and Investments (NS&I)' };

function named(input: AccountInput, name = input.id): PictureAccount {
  const ref = input.institution;
  return {
    input,
    name,
    bankName: ref ? (ref.kind === 'frn' ? (ref.brandName ?? ref.legalName) : ref.bankName) : null,
    legalName: ref ? (ref.kind === 'frn' ? ref.legalName : ref.bankName) : null,
    unknownReason: ref ? null : 'no-bank',
  };
}

const TODAYS_LIMIT = limitsOn(TODAY).deposit.amountPence;

describe('the issue’s saver: Halifax £70,000, Bank of Scotland £70,000, Nationwide £50,000, NS&I £10,000', () => {
  const picture = protectionPicture(
    [
      named(account('halifax', 70_000_00, bankOfScotland('Halifax')), 'Halifax saver'),
      named(account('bos', 70_000_00, bankOfScotland('Bank of Scotland')), 'BoS saver'),
      named(account('nationwide', 50_000_00, NATIONWIDE), 'Nationwide saver'),
      named(account('premium-bonds', 10_000_00, NSANDI, { category: 'ns-and-i' }), 'Premium Bonds'),
    ],
    TODAY,
  );

  it('puts £20,000 at risk once, at the one licence the two brands share, never £40,000', () => {
    expect(picture.totals).toEqual({
      totalPence: 200_000_00,
      protectedPence: 170_000_00,
      atRiskPence: 20_000_00,
      governmentBackedPence: 10_000_00,
      otherSchemePence: 0,
      unknownPence: 0,
    });
    const [bos, nationwide] = picture.groups;
    expect(bos).toMatchObject({
      name: 'Bank of Scotland plc',
      frn: '169628',
      brands: ['Halifax', 'Bank of Scotland'],
      totalPence: 140_000_00,
      coveredPence: 120_000_00,
      atRiskPence: 20_000_00,
      alertLevel: 'over-limit',
      sharedLimitReason:
        'Halifax and Bank of Scotland are brands of Bank of Scotland plc (FRN 169628): one £120,000 limit covers them together.',
    });
    expect(bos!.accounts.map((a) => a.name)).toEqual(['Halifax saver', 'BoS saver']);
    expect(nationwide).toMatchObject({ totalPence: 50_000_00, atRiskPence: 0, alertLevel: 'none' });
    expect(picture.groups).toHaveLength(2);
  });

  it('shows NS&I as backed by HM Treasury, outside every licence', () => {
    expect(picture.outside).toEqual([
      expect.objectContaining({
        kind: 'ns-and-i',
        bucket: 'government-backed',
        status: 'Backed by HM Treasury',
        reason: 'NS&I is 100% backed by HM Treasury rather than the FSCS. All of it is safe, with no limit.',
        totalPence: 10_000_00,
      }),
    ]);
  });

  it('raises one over-the-limit alert, counts two licences (not diversified) and is mostly protected (90%)', () => {
    expect(picture.alerts).toEqual([
      {
        id: bos().key,
        level: 'over-limit',
        title: '£20,000.00 over the limit at Bank of Scotland plc',
        message:
          'You have £140,000.00 with Bank of Scotland plc (Halifax and Bank of Scotland), and the limit is £120,000 per person. £20,000.00 is not protected: moving it to a bank with a different licence would protect it.',
        signature: 'over-limit:14000000:12000000:12000000',
      },
    ]);
    expect([picture.licenceCount, picture.isDiversified, picture.badge]).toEqual([2, false, 'mostly-protected']);
  });

  function bos() {
    return picture.groups[0]!;
  }
});

describe('alert thresholds at the boundary, as a share of the limit in force', () => {
  // percent of the limit → level; 100% is not yet over the limit, a penny more is.
  const cases: [string, (limit: number) => number, string][] = [
    ['84.99%', (l) => (l * 8499) / 10000, 'none'],
    ['85%', (l) => (l * 85) / 100, 'approaching'],
    ['90%', (l) => (l * 90) / 100, 'approaching'],
    ['90.01%', (l) => (l * 9001) / 10000, 'projected-breach'],
    ['100%', (l) => l, 'projected-breach'],
    ['100% and a penny', (l) => l + 1, 'over-limit'],
  ];
  const levelAt = (pence: number, date = TODAY, override?: { depositPence: number }) =>
    protectionPicture([named(account('a', pence, natWest()))], date, override).groups[0]!.alertLevel;

  it.each(cases)('%s of today’s £120,000 limit', (_, amount, level) => {
    expect(levelAt(amount(TODAYS_LIMIT))).toBe(level);
  });

  it.each(cases)('%s of an admin’s £100,000 override', (_, amount, level) => {
    expect(levelAt(amount(100_000_00), TODAY, { depositPence: 100_000_00 })).toBe(level);
  });

  it.each(cases)('%s of the old £85,000 limit on 30 November 2025', (_, amount, level) => {
    const limit = limitsOn('2025-11-30').deposit.amountPence;
    expect(limit).toBe(85_000_00);
    expect(levelAt(amount(limit), '2025-11-30')).toBe(level);
  });

  it('says how much of the limit is used and how much room is left', () => {
    const alerts = (pence: number) => protectionPicture([named(account('a', pence, natWest()))], TODAY).alerts;
    expect(alerts(101_988_00)).toEqual([]);
    expect(alerts(102_000_00)[0]).toMatchObject({
      level: 'approaching',
      title: 'National Westminster Bank Plc is at 85% of its limit: close to it',
      message:
        'You have £102,000.00 with National Westminster Bank Plc: 85% of the £120,000 limit. There is £18,000.00 of room left before money here is at risk.',
    });
    expect(alerts(108_012_00)[0]).toMatchObject({
      level: 'projected-breach',
      title: 'National Westminster Bank Plc is at just over 90% of its limit: a projected breach',
      message:
        'You have £108,012.00 with National Westminster Bank Plc: just over 90% of the £120,000 limit. Interest or one more deposit could take it over: £11,988.00 more and money here is at risk.',
    });
  });
});

describe('the protection badge and diversification', () => {
  const wallet = (pence: number) => named(account('wallet', pence, null, { category: 'e-money' }));
  const badgeAt = (coveredPence: number) =>
    protectionPicture([named(account('n', coveredPence, natWest())), wallet(100_000_00 - coveredPence)], TODAY).badge;

  it('is fully protected from 99%, mostly protected from 85%, otherwise at risk', () => {
    expect(badgeAt(99_000_00)).toBe('fully-protected');
    expect(badgeAt(98_999_99)).toBe('mostly-protected');
    expect(badgeAt(85_000_00)).toBe('mostly-protected');
    expect(badgeAt(84_999_99)).toBe('at-risk');
  });

  it('is not diversified at two licences and is at three', () => {
    const two = [
      named(account('h', 1_000_00, bankOfScotland('Halifax'))),
      named(account('b', 1_000_00, bankOfScotland('Bank of Scotland'))),
      named(account('l', 1_000_00, lloydsBank())),
    ];
    expect(protectionPicture(two, TODAY)).toMatchObject({ licenceCount: 2, isDiversified: false });
    const three = [...two, named(account('n', 1_000_00, natWest()))];
    expect(protectionPicture(three, TODAY)).toMatchObject({ licenceCount: 3, isDiversified: true });
  });
});

describe('joint accounts', () => {
  it('count the saver’s share, said in words', () => {
    const picture = protectionPicture(
      [
        named(account('joint', 200_000_00, natWest(), { holders: 2 }), 'Joint saver'),
        named(account('sole', 50_000_00, natWest()), 'Sole saver'),
      ],
      TODAY,
    );
    expect(picture.groups[0]).toMatchObject({
      totalPence: 150_000_00,
      atRiskPence: 30_000_00,
      jointShares: [
        'Only your half of Joint saver counts here: £100,000.00 of its £200,000.00. Each of its 2 holders has their own £120,000 limit.',
      ],
    });
    expect(picture.groups[0]!.accounts[0]).toMatchObject({
      holders: 2,
      balancePence: 200_000_00,
      sharePence: 100_000_00,
    });
  });

  it('outside the FSCS limits count the saver’s share too, with no limit to speak of', () => {
    const picture = protectionPicture(
      [named(account('j', 40_000_00, NSANDI, { category: 'ns-and-i', holders: 2 }), 'Joint bonds')],
      TODAY,
    );
    expect(picture.outside[0]).toMatchObject({
      totalPence: 20_000_00,
      jointShares: ['Only your half of Joint bonds counts here: £20,000.00 of its £40,000.00.'],
    });
  });

  it('name a third, a quarter and larger shares', () => {
    const sentence = (holders: number) =>
      protectionPicture([named(account('j', 120_000_00, natWest(), { holders }), 'Family pot')], TODAY).groups[0]!
        .jointShares[0];
    expect(sentence(3)).toMatch(/^Only your third of Family pot counts here: £40,000.00 of its £120,000.00\./);
    expect(sentence(4)).toMatch(/^Only your quarter of Family pot/);
    expect(sentence(12)).toMatch(/^Only your one-in-12 share of Family pot/);
  });
});

describe('a temporary high balance', () => {
  const sale = (date: string) =>
    protectionPicture(
      [
        named(
          account('sale', 400_000_00, natWest(), {
            temporaryHighBalance: { lifeEvent: 'home-sale', qualifyingPence: 350_000_00, creditedDate: '2026-10-01' },
          }),
          'House sale',
        ),
      ],
      date,
    );

  it('is covered inside its window, with its start and end dates, and raises no alert', () => {
    const [group] = sale(TODAY).groups;
    expect(group).toMatchObject({
      coveredPence: 400_000_00,
      atRiskPence: 0,
      alertLevel: 'none',
      limitUsedPercent: 41.7,
    });
    expect(group!.temporaryHighBalance).toEqual({
      coveredPence: 350_000_00,
      startedOn: '2026-10-01',
      endsOn: '2027-04-01',
      text: '£350,000.00 is covered as a temporary high balance, on top of the £120,000 limit, until 1 April 2027, when cover reverts to the standard limit. From 1 April 2027, £280,000.00 of it will not be protected unless you move some of it.',
    });
  });

  it('is the last day of cover on 31 March 2027 and falls to the standard limit on 1 April 2027', () => {
    expect(sale('2027-03-31').groups[0]!.temporaryHighBalance?.endsOn).toBe('2027-04-01');
    const after = sale('2027-04-01');
    expect(after.groups[0]).toMatchObject({
      coveredPence: 120_000_00,
      atRiskPence: 280_000_00,
      alertLevel: 'over-limit',
    });
    expect(after.groups[0]!.temporaryHighBalance).toEqual({
      coveredPence: 0,
      startedOn: null,
      endsOn: null,
      text: 'Extra cover for a temporary high balance here ended on 1 April 2027: the standard limit applies to it now.',
    });
    expect(after.alerts.map((a) => a.level)).toEqual(['over-limit']);
  });

  it('leaves covered money out of the alert’s figures', () => {
    const picture = protectionPicture(
      [
        named(
          account('sale', 500_000_00, natWest(), {
            temporaryHighBalance: { lifeEvent: 'home-sale', qualifyingPence: 500_000_00, creditedDate: '2026-10-01' },
          }),
        ),
        named(account('saver', 102_000_00, natWest())),
      ],
      TODAY,
    );
    expect(picture.alerts[0]?.message).toBe(
      'Leaving out the £500,000.00 covered as a temporary high balance, you have £102,000.00 with National Westminster Bank Plc: 85% of the £120,000 limit. There is £18,000.00 of room left before money here is at risk.',
    );
  });
});

describe('money outside the FSCS limits', () => {
  it('never counts NS&I as FSCS money: £2m of Premium Bonds is government backed, not protected or at risk', () => {
    const picture = protectionPicture(
      [named(account('bonds', 2_000_000_00, NSANDI, { category: 'ns-and-i' }), 'Premium Bonds')],
      TODAY,
    );
    expect(picture.groups).toEqual([]);
    expect(picture.alerts).toEqual([]);
    expect(picture.totals).toMatchObject({ protectedPence: 0, atRiskPence: 0, governmentBackedPence: 2_000_000_00 });
    expect(picture.outside[0]).toMatchObject({
      kind: 'ns-and-i',
      bucket: 'government-backed',
      totalPence: 2_000_000_00,
    });
    expect(picture).toMatchObject({ badge: 'fully-protected', licenceCount: 0 });
  });

  it('keeps NS&I out of a bank’s limit beside it: £120,000 at NatWest and £50,000 of NS&I raise no alert over the limit', () => {
    const picture = protectionPicture(
      [
        named(account('n', 120_000_00, natWest())),
        named(account('bonds', 50_000_00, NSANDI, { category: 'ns-and-i' })),
      ],
      TODAY,
    );
    expect(picture.groups[0]).toMatchObject({ totalPence: 120_000_00, atRiskPence: 0 });
    expect(picture.totals.atRiskPence).toBe(0);
  });

  it('explains Crown Dependency money and counts it at risk', () => {
    const jersey: InstitutionRef = {
      kind: 'frn',
      frn: '760675',
      legalName: 'The Royal Bank of Scotland International Limited',
      brandName: 'NatWest International',
    };
    const picture = protectionPicture([named(account('j', 30_000_00, jersey, { category: 'offshore' }))], TODAY);
    expect(picture.outside[0]).toMatchObject({
      kind: 'offshore',
      bucket: 'unprotected',
      status: 'Not FSCS protected',
      reason:
        'NatWest International holds this money in a Crown Dependency (Jersey, Guernsey or the Isle of Man), outside the UK, so the FSCS does not cover it. SavvyPig counts it as not protected.',
    });
    expect(picture.totals.atRiskPence).toBe(30_000_00);
  });

  it('lists money at an unknown bank as protection unknown, saying why, and never as at risk', () => {
    const picture = protectionPicture([named(account('x', 5_000_00, null), 'Mystery')], TODAY);
    expect(picture.outside[0]).toMatchObject({
      kind: 'unknown-bank',
      bucket: 'unknown',
      status: 'Protection unknown',
      totalPence: 5_000_00,
    });
    expect(picture.totals.atRiskPence).toBe(0);
    expect(picture.totals.unknownPence).toBe(5_000_00);
  });

  it('says a Cash ISA without its provider is unknown, and where to choose it: the ISA Details card', () => {
    const isa: PictureAccount = {
      ...named(account('isa', 20_000_00, null), 'Cash ISA'),
      unknownReason: 'isa-provider-missing',
    };
    const picture = protectionPicture([isa, named(account('bos', 50_000_00, bankOfScotland('Halifax')))], TODAY);
    expect(picture.outside).toEqual([
      expect.objectContaining({
        kind: 'unknown-bank',
        bucket: 'unknown',
        unknownReason: 'isa-provider-missing',
        basis: 'Protection unknown: ISA provider not chosen',
        totalPence: 20_000_00,
      }),
    ]);
    expect(picture.outside[0]!.reason).toContain('Choose the provider in the ISA Details card');
    expect(picture.totals).toMatchObject({ atRiskPence: 0, unknownPence: 20_000_00, protectedPence: 50_000_00 });
    // Of the money whose protection is known, all is protected.
    expect(picture.badge).toBe('fully-protected');
  });

  it('shows an insured pension with its own basis, so the cards add up to the total', () => {
    const picture = protectionPicture(
      [
        named(
          account(
            'insured',
            40_000_00,
            { kind: 'frn', frn: '185896', legalName: 'Aviva Life & Pensions UK Limited' },
            { category: 'insurance-100' },
          ),
          'Aviva pension',
        ),
        named(
          account(
            'sipp',
            90_000_00,
            { kind: 'frn', frn: '115248', legalName: 'Hargreaves Lansdown Asset Management Limited' },
            { category: 'investment' },
          ),
          'SIPP',
        ),
        named(account('bos', 50_000_00, bankOfScotland('Halifax'))),
      ],
      TODAY,
    );
    expect(picture.outside).toEqual([
      expect.objectContaining({
        kind: 'insurance-100',
        bucket: 'protected',
        basis: 'Insurer: FSCS covers 100% of a long-term insurance claim',
        status: 'Protected in full',
        totalPence: 40_000_00,
      }),
    ]);
    const investment = picture.groups.find((g) => g.scheme === 'investment')!;
    expect(investment.basis).toBe('Investment firm: £85,000 if the firm fails');
    expect(picture.groups.find((g) => g.scheme === 'deposit')!.basis).toBe(
      'Banking licence: £120,000 per person if the bank fails',
    );
    const cards = [...picture.groups, ...picture.outside].reduce((sum, card) => sum + card.totalPence, 0);
    expect(cards).toBe(picture.totals.totalPence);
    // Licences are banks only: the investment firm is counted on its own.
    expect([picture.licenceCount, picture.investmentFirmCount]).toEqual([1, 1]);
  });
});

describe('the order of licences', () => {
  it('lists the most at risk first, then the closest to its limit, then the largest', () => {
    const picture = protectionPicture(
      [
        named(account('small', 10_000_00, lloydsBank())),
        named(account('close', 110_000_00, natWest())),
        named(account('over', 130_000_00, bankOfScotland('Halifax'))),
      ],
      TODAY,
    );
    expect(picture.groups.map((g) => g.name)).toEqual([
      'Bank of Scotland plc',
      'National Westminster Bank Plc',
      'Lloyds Bank PLC',
    ]);
  });
});

describe('a brand that is the firm’s own name', () => {
  it('gets no "Why one limit?" note: AJ Bell at AJ Bell Securities Limited, as Vanguard at its own name', () => {
    const ajBell: InstitutionRef = {
      kind: 'frn',
      frn: '155593',
      legalName: 'AJ Bell Securities Limited',
      brandName: 'AJ Bell',
    };
    const picture = protectionPicture(
      [
        named(account('sipp', 32_000_00, ajBell, { category: 'investment' }), 'AJ Bell SIPP'),
        named(account('halifax', 70_000_00, bankOfScotland('Halifax')), 'Halifax saver'),
      ],
      TODAY,
    );
    const group = (name: string) => picture.groups.find((g) => g.name === name)!;
    expect(group('AJ Bell Securities Limited').sharedLimitReason).toBeNull();
    // A bank under exactly its own name has nothing to explain; a bank's brand of another name does.
    const nationwide = protectionPicture([named(account('n', 10_000_00, NATIONWIDE), 'Nationwide saver')], TODAY);
    expect(nationwide.groups[0]!.sharedLimitReason).toBeNull();
    // A brand with a name of its own still says whose licence it is.
    expect(group('Bank of Scotland plc').sharedLimitReason).toBe(
      'Halifax is a brand of Bank of Scotland plc (FRN 169628). Money with any other brand of Bank of Scotland plc shares the same £120,000 limit.',
    );
  });

  it('is the same words, or the start of the firm’s name at a word break', () => {
    expect(isFirmsOwnName('AJ Bell', 'AJ Bell Securities Limited')).toBe(true);
    expect(isFirmsOwnName(' nationwide  building society', 'Nationwide Building Society')).toBe(true);
    expect(isFirmsOwnName('Halifax', 'Bank of Scotland plc')).toBe(false);
    expect(isFirmsOwnName('AJ', 'AJ Bell Securities Limited')).toBe(true);
    expect(isFirmsOwnName('AJ Be', 'AJ Bell Securities Limited')).toBe(false);
  });
});
