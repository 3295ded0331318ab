import { describe, expect, it } from 'vitest';
import { analyseSmartPig, generateRecommendations } from './recommendations.ts';
import { NEVER_MOVES_MONEY } from './texts.ts';
import { LICENCES, TODAY, account, gist, ofType, preferences, halifaxBankOfScotlandBarclays } from './test-fixtures.ts';

// Golden cases worked by hand from the spec's rules (002 §4, §5, §9; issue 16) and today's law
// (£120,000 per person per licence, facts.md §1). Rates in basis points: 3.00% is 300. Each case
// states the working in a comment; the figures are asserted exactly.

describe('over the limit at a shared licence: Halifax and Bank of Scotland under one £120,000 limit', () => {
  // Halifax £70,000 at 3.00% + Bank of Scotland £70,000 at 2.50% = £140,000 at Bank of Scotland plc
  // (FRN 169628): £20,000 over. Barclays £60,000 at 4.00%: £60,000 of room.
  const accounts = halifaxBankOfScotlandBarclays(70_000_00, 70_000_00, 60_000_00);
  const recommendations = generateRecommendations(accounts, preferences(), TODAY);

  it('moves the £20,000 over the limit from the lower-rate brand to the licence with room, and the better rate on the same card', () => {
    // Lowest rate first: Bank of Scotland (2.50%): £20,000 to Barclays (£60,000 of room) for cover.
    // Barclays also pays more, so the rate pass sends Bank of Scotland's next £40,000 there too,
    // cut to the £40,000 of room left. One move, one card: £60,000, and
    // £60,000 × (4.00 − 2.50)% = £900 a year.
    expect(ofType(recommendations, 'protection').map(gist)).toEqual([
      {
        type: 'protection',
        priority: 'high',
        from: 'bos',
        to: 'barclays',
        amountPence: 60_000_00,
        currentRateBps: 250,
        newRateBps: 400,
        projectedGainPence: 900_00,
        transfer: 'external',
        availableCapacityPence: 60_000_00,
        capacityLimited: true,
      },
    ]);
    expect(ofType(recommendations, 'protection')[0]!.capacityReason).toBe(
      'Barclays Bank UK PLC has room for £60,000.00 more of your money before the £120,000 limit, so only £60,000.00 can move there.',
    );
  });

  it('then moves the rest for rate between the two brands of the licence, an external payment', () => {
    // Bank of Scotland's last £10,000 → Halifax (3.00%): the same licence, so no room is needed,
    // but Halifax and Bank of Scotland are two banks to pay between: external, 1-2 business days.
    // £10,000 × 0.50% = £50 (low). Halifax finds no room anywhere.
    expect(ofType(recommendations, 'rate_optimization').map(gist)).toEqual([
      {
        type: 'rate_optimization',
        priority: 'low',
        from: 'bos',
        to: 'halifax',
        amountPence: 10_000_00,
        currentRateBps: 250,
        newRateBps: 300,
        projectedGainPence: 50_00,
        transfer: 'external',
        availableCapacityPence: null,
        capacityLimited: false,
      },
    ]);
    const brands = ofType(recommendations, 'rate_optimization')[0]!;
    expect(brands.timeframe).toBe('1-2 business days');
    expect(brands.steps[1]).toBe(
      'Send £10,000.00 from Bank of Scotland Saver to Halifax Saver at Halifax. Halifax and Bank of Scotland are separate brands of Bank of Scotland plc, so this is an external payment: it usually takes 1-2 business days.',
    );
  });

  it('suggests a third banking group: two hold the money', () => {
    // £200,000 over two groups; an even split over three is £66,666.66 each, so Bank of Scotland
    // plc holds £73,333.34 too much: up to £70,000 (all of Halifax, the first account there).
    expect(ofType(recommendations, 'diversification').map(gist)).toEqual([
      {
        type: 'diversification',
        priority: 'low',
        from: 'halifax',
        to: null,
        amountPence: 70_000_00,
        currentRateBps: 300,
        newRateBps: null,
        projectedGainPence: 0,
        transfer: null,
        availableCapacityPence: null,
        capacityLimited: false,
      },
    ]);
  });

  it('orders by priority, protection first, then by gain', () => {
    expect(recommendations.map((r) => [r.id, r.priority, r.projectedGainPence])).toEqual([
      ['protection-1', 'high', 900_00],
      ['rate_optimization-1', 'low', 50_00],
      ['diversification-1', 'low', 0],
    ]);
  });

  it('explains the protection move, with its timeframe, risks and steps', () => {
    const protection = ofType(recommendations, 'protection')[0]!;
    expect(protection.explanation).toBe(
      '£20,000.00 of your money at Bank of Scotland plc is over the £120,000 limit, so the FSCS would not protect it. Moving £60,000.00 from Bank of Scotland Saver to Barclays Saver (Barclays) brings it under cover. Barclays Saver also pays more: 4.00% rather than 2.50%. Your money at Barclays Bank UK PLC would then be £120,000.00, within its £120,000 limit.',
    );
    expect(protection.timeframe).toBe('1-2 business days');
    expect(protection.risks).toEqual([
      'Rates can change: Barclays may lower the rate on Barclays Saver after you move.',
      'Your money at Barclays Bank UK PLC would reach 100% of the £120,000 limit: interest paid there counts towards it too.',
    ]);
    expect(protection.steps).toEqual([
      'Sign in to Bank of Scotland and check that Bank of Scotland Saver has £60,000.00 available to withdraw.',
      'Send £60,000.00 from Bank of Scotland Saver to Barclays Saver at Barclays. This is an external transfer to another banking group: it usually takes 1-2 business days.',
      'When the money arrives, update both balances in SavvyPig so your protection picture and these recommendations stay right.',
      NEVER_MOVES_MONEY,
    ]);
  });

  it('warns when a destination would be filled to the limit', () => {
    const fill = recommendations.find((r) => r.id === 'protection-1')!;
    expect(fill.risks).toContain(
      'Your money at Barclays Bank UK PLC would reach 100% of the £120,000 limit: interest paid there counts towards it too.',
    );
  });

  it('says every time that SavvyPig never moves money', () => {
    for (const r of recommendations) expect(r.steps.at(-1)).toBe(NEVER_MOVES_MONEY);
  });

  it('makes no protection recommendation when full FSCS cover is not asked for, and still never fills past the limit', () => {
    const withoutCover = generateRecommendations(accounts, preferences({ keepFullFSCSCover: false }), TODAY);
    expect(ofType(withoutCover, 'protection')).toEqual([]);
    // Bank of Scotland (2.50%) → Barclays fills its £60,000 of room; Halifax finds none left.
    expect(
      ofType(withoutCover, 'rate_optimization').map((r) => [r.fromAccount!.id, r.toAccount!.id, r.amountPence]),
    ).toEqual([
      ['bos', 'barclays', 60_000_00],
      ['bos', 'halifax', 10_000_00],
    ]);
  });

  it('takes the limit from an admin override, never from a constant', () => {
    // Override £100,000: £40,000 over; Barclays has room for £40,000.
    const overridden = generateRecommendations(accounts, preferences(), TODAY, {
      override: { depositPence: 100_000_00 },
    });
    expect(ofType(overridden, 'protection').map((r) => [r.fromAccount!.id, r.toAccount!.id, r.amountPence])).toEqual([
      ['bos', 'barclays', 40_000_00],
    ]);
  });

  it('uses the limit in force on the date: £85,000 before 1 December 2025', () => {
    // £140,000 − £85,000 = £55,000 over; Barclays has room for £25,000; the other £30,000 needs a
    // new account. Ranked by the money each brings under cover: £30,000 first.
    const oldLaw = generateRecommendations(accounts, preferences(), '2025-11-30');
    expect(
      ofType(oldLaw, 'protection').map((r) => [r.fromAccount!.id, r.toAccount?.id ?? null, r.amountPence]),
    ).toEqual([
      ['bos', null, 30_000_00],
      ['bos', 'barclays', 25_000_00],
    ]);
  });
});

describe('no account has room: a new account with another banking group', () => {
  const accounts = [
    account('halifax', {
      name: 'Halifax Saver',
      balancePence: 150_000_00,
      institution: LICENCES.bankOfScotland('Halifax'),
      rateBps: 300,
    }),
  ];
  const [protection] = ofType(generateRecommendations(accounts, preferences(), TODAY), 'protection');

  it('recommends moving the £30,000 over the limit to a new account', () => {
    expect(gist(protection!)).toEqual({
      type: 'protection',
      priority: 'high',
      from: 'halifax',
      to: null,
      amountPence: 30_000_00,
      currentRateBps: 300,
      newRateBps: null,
      projectedGainPence: 0,
      transfer: 'external',
      availableCapacityPence: null,
      capacityLimited: false,
    });
    expect(protection!.timeframe).toBe('Once the new account is open, 1-2 business days');
    expect(protection!.steps[1]).toBe(
      'Open a savings account with a bank outside Bank of Scotland plc. Check its banking licence with the FSCS protection checker first: brands of one banking group share one limit.',
    );
  });
});

describe('teaser rates', () => {
  // Nationwide £10,000 at 2.00%; Chase at 5.00% introductory until 1 February 2027 (empty);
  // Santander £5,000 at 3.50%.
  const accounts = [
    account('nationwide', {
      name: 'Nationwide Saver',
      balancePence: 10_000_00,
      institution: LICENCES.nationwide,
      rateBps: 200,
    }),
    account('chase', {
      name: 'Chase Saver',
      balancePence: 0,
      institution: LICENCES.chase,
      rateBps: 500,
      introductoryRateEndsOn: '2027-02-01',
    }),
    account('santander', {
      name: 'Santander Saver',
      balancePence: 5_000_00,
      institution: LICENCES.santander,
      rateBps: 350,
    }),
  ];

  it('avoids the introductory rate by default: Nationwide goes to Santander', () => {
    // £10,000 × 1.50% = £150: medium.
    const moves = ofType(generateRecommendations(accounts, preferences(), TODAY), 'rate_optimization');
    expect(
      moves.map((r) => [r.fromAccount!.id, r.toAccount!.id, r.amountPence, r.projectedGainPence, r.priority]),
    ).toEqual([['nationwide', 'santander', 10_000_00, 150_00, 'medium']]);
  });

  it('counts an introductory rate only while it holds: with no rate recorded after it, Chase gains nothing', () => {
    // 22 Nov 2026 to 1 Feb 2027 is 2 whole months. Nationwide → Chase: a year of 5.00% for 2 months
    // and nothing for 10 is 10,000 × 5.00% × 2/12 = £83.33, less than the £200 Nationwide pays:
    // no gain. Nationwide → Santander: £10,000 × 1.50% = £150 (medium). Santander → Chase:
    // £5,000 × 5.00% × 2/12 = £41.66 against £175: no gain.
    const moves = ofType(
      generateRecommendations(accounts, preferences({ avoidTeaserRates: false }), TODAY),
      'rate_optimization',
    );
    expect(
      moves.map((r) => [r.fromAccount!.id, r.toAccount!.id, r.amountPence, r.projectedGainPence, r.priority]),
    ).toEqual([['nationwide', 'santander', 10_000_00, 150_00, 'medium']]);
  });

  it('uses it when teaser rates are allowed, counting the reversion rate after it, and says the rate drops', () => {
    // Chase reverts to 4.00% on 1 Feb 2027: 2 months at 5.00%, 10 at 4.00%.
    // Nationwide → Chase: 10,000 × (5.00 × 2 + 4.00 × 10)/12 % = £416.66, less 10,000 × 2.00% = £200:
    // £10,000 × (1,000 + 4,000 − 2,400) / 120,000 = £216.66 (high).
    // Santander → Chase: 5,000 × (1,000 + 4,000 − 350 × 12 = 4,200) / 120,000 = £33.33 (low).
    const reverting = accounts.map((a) => (a.input.id === 'chase' ? { ...a, rateAfterBps: 400 } : a));
    const moves = ofType(
      generateRecommendations(reverting, preferences({ avoidTeaserRates: false }), TODAY),
      'rate_optimization',
    );
    expect(
      moves.map((r) => [r.fromAccount!.id, r.toAccount!.id, r.amountPence, r.projectedGainPence, r.priority]),
    ).toEqual([
      ['nationwide', 'chase', 10_000_00, 216_66, 'high'],
      ['santander', 'chase', 5_000_00, 33_33, 'low'],
    ]);
    expect(moves[0]!.risks).toContain(
      'Chase Saver pays an introductory rate until 1 February 2027: it drops when the offer ends.',
    );
  });
});

describe('a notice account', () => {
  // Nationwide 95-day notice £30,000 at 2.00%; Barclays easy access at 4.00% (empty); Paragon
  // 60-day notice at 5.00% (empty).
  const accounts = [
    account('notice', {
      name: 'Nationwide 95 Day Notice',
      balancePence: 30_000_00,
      institution: LICENCES.nationwide,
      rateBps: 200,
      noticeDays: 95,
    }),
    account('barclays', { name: 'Barclays Saver', balancePence: 0, institution: LICENCES.barclays, rateBps: 400 }),
    account('paragon', {
      name: 'Paragon 60 Day Notice',
      balancePence: 0,
      institution: LICENCES.paragon,
      rateBps: 500,
      noticeDays: 60,
    }),
  ];

  it('moves money out after its notice, into easy access by default (notice days 0)', () => {
    // £30,000 × 2.00% = £600.
    const [move] = ofType(generateRecommendations(accounts, preferences(), TODAY), 'rate_optimization');
    expect([move!.toAccount!.id, move!.amountPence, move!.projectedGainPence]).toEqual(['barclays', 30_000_00, 600_00]);
    expect(move!.timeframe).toBe("95 days' notice, then 1-2 business days");
    expect(move!.steps[0]).toBe(
      "Give Nationwide 95 days' notice that you will withdraw £30,000.00 from Nationwide 95 Day Notice.",
    );
  });

  it('takes a notice account as a destination only within the saver’s maximum notice', () => {
    const at60 = ofType(
      generateRecommendations(accounts, preferences({ maxNoticeDays: 60 }), TODAY),
      'rate_optimization',
    );
    expect(at60.map((r) => r.toAccount!.id)).toEqual(['paragon']);
    expect(at60[0]!.risks).toContain("Money in Paragon 60 Day Notice needs 60 days' notice to withdraw.");
    const at59 = ofType(
      generateRecommendations(accounts, preferences({ maxNoticeDays: 59 }), TODAY),
      'rate_optimization',
    );
    expect(at59.map((r) => r.toAccount!.id)).toEqual(['barclays']);
  });

  it('counts a notice account whose notice is not recorded as the longest notice, 95 days', () => {
    const unknown = [accounts[0]!, { ...accounts[2]!, noticeDays: null }];
    expect(
      ofType(generateRecommendations(unknown, preferences({ maxNoticeDays: 94 }), TODAY), 'rate_optimization'),
    ).toEqual([]);
    expect(
      ofType(generateRecommendations(unknown, preferences({ maxNoticeDays: 95 }), TODAY), 'rate_optimization').map(
        (r) => r.toAccount!.id,
      ),
    ).toEqual(['paragon']);
  });
});

describe('a fixed bond', () => {
  // Shawbrook bond £50,000 at 1.50% fixed until 30 June 2027; Paragon bond at 5.00% fixed until
  // 31 October 2027 (empty); Barclays easy access £20,000 at 2.00%.
  const bond = account('bond', {
    name: 'Shawbrook Bond',
    balancePence: 50_000_00,
    institution: LICENCES.shawbrook,
    rateBps: 150,
    category: 'bond',
    fixedEndsOn: '2027-06-30',
  });
  // Paragon's terms let in up to £25,000 while the bond runs (a contributions term).
  const paragon = account('paragon', {
    name: 'Paragon Bond',
    balancePence: 0,
    institution: LICENCES.paragon,
    rateBps: 500,
    category: 'bond',
    fixedEndsOn: '2027-10-31',
    depositRoomPence: 25_000_00,
  });

  it('never moves money into a running fixed bond whose terms take no more', () => {
    const closed = { ...paragon, depositRoomPence: 0 };
    expect(
      ofType(generateRecommendations([bond, closed, barclays], preferences(), TODAY), 'rate_optimization'),
    ).toEqual([]);
  });

  it('moves no more into a bond than its terms let in, and counts its rate only until it matures', () => {
    // Paragon takes £15,000 more. 22 Nov 2026 to 31 Oct 2027 is 11 whole months at 5.00%, then
    // no rate recorded: £15,000 × (500 × 11 − 200 × 12) / 120,000 = £15,000 × 3,100 / 120,000 = £387.50.
    const part = { ...paragon, depositRoomPence: 15_000_00 };
    const [move] = ofType(generateRecommendations([bond, part, barclays], preferences(), TODAY), 'rate_optimization');
    expect(gist(move!)).toMatchObject({ from: 'barclays', to: 'paragon', amountPence: 15_000_00 });
    expect(move!.projectedGainPence).toBe(387_50);
    expect(move!.capacityReason).toBe(
      'The terms of Paragon Bond let in only £15,000.00 more, so only £15,000.00 can move there.',
    );
  });
  const barclays = account('barclays', {
    name: 'Barclays Saver',
    balancePence: 20_000_00,
    institution: LICENCES.barclays,
    rateBps: 200,
  });

  it('never moves money out of a running fixed term for rate', () => {
    const moves = ofType(generateRecommendations([bond, paragon, barclays], preferences(), TODAY), 'rate_optimization');
    expect(moves.map((r) => r.fromAccount!.id)).toEqual(['barclays']);
  });

  it('moves into a fixed term only when it ends within the saver’s maximum months', () => {
    // 22 November 2026 to 31 October 2027 is 12 months rounded up: in by default (12), out at 11.
    const at12 = ofType(generateRecommendations([bond, paragon, barclays], preferences(), TODAY), 'rate_optimization');
    expect(at12.map((r) => r.toAccount!.id)).toEqual(['paragon']);
    expect(at12[0]!.steps[0]).toBe(
      'Check with Paragon that Paragon Bond still accepts deposits: many fixed-term accounts take money only when they are opened. Its fixed term ends on 31 October 2027.',
    );
    expect(at12[0]!.risks).toContain(
      'Money in Paragon Bond is fixed until 31 October 2027: taking it out earlier may cost a penalty, if it is allowed at all.',
    );
    const at11 = ofType(
      generateRecommendations([bond, paragon, barclays], preferences({ maxFixedMonths: 11 }), TODAY),
      'rate_optimization',
    );
    expect(at11).toEqual([]);
  });

  it('moves money over the limit out of a fixed bond at maturity, not before', () => {
    // £130,000 fixed at Shawbrook: £10,000 over, movable when the term ends on 30 June 2027.
    const big = { ...bond, input: { ...bond.input, balancePence: 130_000_00 } };
    const [protection] = ofType(generateRecommendations([big, barclays], preferences(), TODAY), 'protection');
    expect([protection!.fromAccount!.id, protection!.toAccount!.id, protection!.amountPence]).toEqual([
      'bond',
      'barclays',
      10_000_00,
    ]);
    expect(protection!.timeframe).toBe('When the fixed term ends on 30 June 2027, then 1-2 business days');
    expect(protection!.risks).toContain('Until the money moves, the amount over the limit stays unprotected.');
  });

  it('leaves a fixed term whose end is not recorded where it is', () => {
    const locked = { ...bond, input: { ...bond.input, balancePence: 130_000_00 }, fixedTerm: { endsOn: null } };
    expect(ofType(generateRecommendations([locked, barclays], preferences(), TODAY), 'protection')).toEqual([]);
  });
});

describe('ISAs', () => {
  // Coventry cash ISA £15,000 at 3.00%; Santander cash ISA at 4.00% (empty); Barclays savings
  // £40,000 at 3.80%; NatWest savings at 4.50% (empty). £20,000 of ISA allowance.
  const accounts = [
    account('coventry-isa', {
      name: 'Coventry Cash ISA',
      balancePence: 15_000_00,
      institution: LICENCES.coventry,
      rateBps: 300,
      category: 'isa',
    }),
    account('santander-isa', {
      name: 'Santander Cash ISA',
      balancePence: 0,
      institution: LICENCES.santander,
      rateBps: 400,
      category: 'isa',
    }),
    account('barclays', {
      name: 'Barclays Saver',
      balancePence: 40_000_00,
      institution: LICENCES.barclays,
      rateBps: 380,
    }),
    account('natwest', { name: 'NatWest Saver', balancePence: 0, institution: LICENCES.natWest, rateBps: 450 }),
  ];
  const moves = (prefs = preferences()) =>
    ofType(generateRecommendations(accounts, prefs, TODAY), 'rate_optimization').map((r) => [
      r.fromAccount!.id,
      r.toAccount!.id,
      r.amountPence,
      r.projectedGainPence,
      r.capacityLimited,
    ]);

  it('fills the ISA allowance first, then the best rate; ISA money moves only to an ISA, by transfer', () => {
    // Coventry ISA → Santander ISA (never NatWest): £15,000 × 1.00% = £150.
    // Barclays → Santander ISA, capped by the £20,000 allowance: × 0.20% = £40; the rest → NatWest: £20,000 × 0.70% = £140.
    expect(moves()).toEqual([
      ['coventry-isa', 'santander-isa', 15_000_00, 150_00, false],
      ['barclays', 'natwest', 20_000_00, 140_00, false],
      ['barclays', 'santander-isa', 20_000_00, 40_00, true],
    ]);
    const recs = generateRecommendations(accounts, preferences(), TODAY);
    const transfer = recs.find((r) => r.fromAccount?.id === 'coventry-isa')!;
    expect(transfer.timeframe).toBe('Up to 15 business days (an ISA transfer)');
    expect(transfer.steps[0]).toBe(
      'Ask Santander for an ISA transfer of £15,000.00 from your ISA Coventry Cash ISA at Coventry into Santander Cash ISA. Do not withdraw the money yourself: it would lose its tax-free status.',
    );
    const allowance = recs.find((r) => r.fromAccount?.id === 'barclays' && r.toAccount?.id === 'santander-isa')!;
    expect(allowance.capacityReason).toBe(
      'You have £20,000.00 of ISA allowance left this tax year, so only £20,000.00 can go into Santander Cash ISA.',
    );
  });

  it('goes for the best rate when ISA first is off', () => {
    // Barclays → NatWest: £40,000 × 0.70% = £280.
    expect(moves(preferences({ useISAFirst: false }))).toEqual([
      ['barclays', 'natwest', 40_000_00, 280_00, false],
      ['coventry-isa', 'santander-isa', 15_000_00, 150_00, false],
    ]);
  });

  it('uses only the allowance left', () => {
    const recs = generateRecommendations(accounts, preferences(), TODAY, { isaAllowanceLeftPence: 0 });
    expect(recs.some((r) => r.fromAccount?.id === 'barclays' && r.toAccount?.id === 'santander-isa')).toBe(false);
  });
});

describe('joint money', () => {
  it('counts the saver’s share against a licence and moves sole money first', () => {
    // NatWest joint (2 people) £200,000 → the saver's £100,000, + NatWest sole £40,000 = £140,000:
    // £20,000 over. The sole money moves (to Barclays, 4.00%); the joint money stays. Barclays
    // pays more, so the sole account's other £20,000 goes on the same card: £40,000.
    const accounts = [
      account('joint', {
        name: 'NatWest Joint',
        balancePence: 200_000_00,
        institution: LICENCES.natWest,
        rateBps: 300,
        holders: 2,
      }),
      account('sole', { name: 'NatWest Saver', balancePence: 40_000_00, institution: LICENCES.natWest, rateBps: 300 }),
      account('barclays', { name: 'Barclays Saver', balancePence: 0, institution: LICENCES.barclays, rateBps: 400 }),
    ];
    const protection = ofType(generateRecommendations(accounts, preferences(), TODAY), 'protection');
    expect(protection.map(gist).map((g) => [g.from, g.to, g.amountPence])).toEqual([['sole', 'barclays', 40_000_00]]);
  });

  it('moves joint money only to an account with as many holders, twice the saver’s share', () => {
    // Nationwide joint £300,000 → £150,000 each: £30,000 over. Santander joint £100,000 at 4.00% →
    // £50,000 each, room £70,000. The saver's £30,000 is £60,000 of the joint account.
    const accounts = [
      account('joint-nw', {
        name: 'Nationwide Joint',
        balancePence: 300_000_00,
        institution: LICENCES.nationwide,
        rateBps: 300,
        holders: 2,
      }),
      account('sole-barclays', {
        name: 'Barclays Saver',
        balancePence: 0,
        institution: LICENCES.barclays,
        rateBps: 450,
      }),
      account('joint-san', {
        name: 'Santander Joint',
        balancePence: 100_000_00,
        institution: LICENCES.santander,
        rateBps: 400,
        holders: 2,
      }),
    ];
    // Santander also pays more, so the rest of its room (£40,000 each, £80,000 of the joint
    // account) goes on the same card: £140,000.
    const [protection] = ofType(generateRecommendations(accounts, preferences(), TODAY), 'protection');
    expect(gist(protection!)).toMatchObject({
      from: 'joint-nw',
      to: 'joint-san',
      amountPence: 140_000_00,
      availableCapacityPence: 70_000_00,
    });
    // £140,000 × 1.00% = £1,400 a year on the joint account.
    expect(protection!.projectedGainPence).toBe(1_400_00);
    expect(protection!.risks).toContain(
      'Nationwide Joint is a joint account: every holder may need to agree to the move.',
    );
  });

  it('leaves room for a joint account’s share at a destination', () => {
    // Barclays: sole £10,000 + the saver's £100,000 of a £200,000 joint = £110,000: room £10,000.
    const accounts = [
      account('low', {
        name: 'Nationwide Saver',
        balancePence: 50_000_00,
        institution: LICENCES.nationwide,
        rateBps: 100,
      }),
      account('barclays', {
        name: 'Barclays Saver',
        balancePence: 10_000_00,
        institution: LICENCES.barclays,
        rateBps: 400,
      }),
      account('barclays-joint', {
        name: 'Barclays Joint',
        balancePence: 200_000_00,
        institution: LICENCES.barclays,
        rateBps: 100,
        holders: 2,
      }),
    ];
    const moves = ofType(generateRecommendations(accounts, preferences(), TODAY), 'rate_optimization');
    expect(moves.map(gist).map((g) => [g.from, g.to, g.amountPence, g.capacityLimited])).toEqual([
      ['low', 'barclays', 10_000_00, true],
    ]);
  });
});

describe('temporary high balances', () => {
  // Barclays: £300,000 from a house sale credited 1 October 2026 (covered until 1 April 2027) at
  // 1.00%; Nationwide £10,000 at 4.00%.
  const accounts = [
    account('house', {
      name: 'Barclays Saver',
      balancePence: 300_000_00,
      institution: LICENCES.barclays,
      rateBps: 100,
      temporaryHighBalance: { lifeEvent: 'home-sale', qualifyingPence: 300_000_00, creditedDate: '2026-10-01' },
    }),
    account('other', {
      name: 'Nationwide Saver',
      balancePence: 10_000_00,
      institution: LICENCES.nationwide,
      rateBps: 50,
    }),
  ];

  it('leaves covered life-event money where it is, and counts it against the room at its licence', () => {
    const recs = generateRecommendations(accounts, preferences(), TODAY);
    expect(ofType(recs, 'protection')).toEqual([]);
    // Nationwide (0.50%) would earn more at Barclays (1.00%), but Barclays has no room once the
    // temporary cover ends; nothing else beats it.
    expect(ofType(recs, 'rate_optimization')).toEqual([]);
  });
});

describe('metrics with the recommendations', () => {
  it('adds the recommendations’ gains and takes basic-rate tax off, 22% from 6 April 2027', () => {
    const accounts = halifaxBankOfScotlandBarclays(70_000_00, 70_000_00, 60_000_00);
    // £300 + £600 + £50 = £950; the year from 22/11/2026 is taxed at 21.26% (20% for 135 days, 22%
    // for 230): £950 × 0.7874 = £748.03. Average rate (70,000 × 3.00 + 70,000 × 2.50 + 60,000 ×
    // 4.00) / 200,000 = 3.125% → 313 (a half rounds up). Bank of Scotland plc is over its limit:
    // one projected breach; Barclays at 50% is not.
    expect(analyseSmartPig(accounts, preferences(), TODAY).metrics).toEqual({
      unprotectedDepositsPence: 20_000_00,
      potentialExtraInterestPence: 950_00,
      estimatedNetGainPence: 748_03,
      netGainTax: 'tax at 20%, and 22% from 06/04/2027',
      projectedBreaches: 1,
      totalBalancePence: 200_000_00,
      averageRateBps: 313,
      protectedBalancePence: 180_000_00,
      bankingGroupCount: 2,
    });
  });
});
