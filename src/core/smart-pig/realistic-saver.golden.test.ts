import { describe, expect, it } from 'vitest';
import { analyseSmartPig, generateRecommendations } from './recommendations.ts';
import { LICENCES, TODAY, account, gist, ofType, preferences } from './test-fixtures.ts';
import type { SmartPigAccount } from './types.ts';

// Issue 24: the advice checked as a saver would act on it. Can the money actually go there? For
// how long does that rate hold? Does it change the exposure it claims to fix? One saver with many
// accounts, on 22 November 2026 (the £120,000 limit has been in force since 1 December 2025,
// facts.md §1). Every figure below is worked by hand; rates are basis points (2.00% is 200).

/** Money that is not an FSCS deposit (invested, or insured) and earns no cash interest: its rate field says 0. */
function invested(
  id: string,
  name: string,
  balancePence: number,
  firm: [frn: string, legalName: string, brandName: string],
  kind: ['isa', 'investment'] | ['pension', 'insurance-100'],
): SmartPigAccount {
  const [frn, legalName, brandName] = firm;
  const spec = account(id, {
    name,
    balancePence,
    institution: { kind: 'frn', frn, legalName, brandName },
    rateBps: 0,
    category: kind[0],
  });
  return { ...spec, input: { ...spec.input, category: kind[1] }, earnsCashInterest: false };
}

const halifax = account('halifax', {
  name: 'Halifax Saver',
  balancePence: 70_000_00,
  institution: LICENCES.bankOfScotland('Halifax'),
  rateBps: 200,
});
const bos = account('bos', {
  name: 'Bank of Scotland Saver',
  balancePence: 70_000_00,
  institution: LICENCES.bankOfScotland('Bank of Scotland'),
  rateBps: 300,
});
// A bond opened earlier: fixed at 4.50% until 22 April 2027 (five months from today). Its terms
// take no top-ups, so it cannot take money, however well it pays.
const bond = account('bond', {
  name: 'Shawbrook Fixed Bond',
  balancePence: 30_000_00,
  institution: LICENCES.shawbrook,
  rateBps: 450,
  category: 'bond',
  fixedEndsOn: '2027-04-22',
});
// 95 days' notice at 4.20%, its contributions term already full (£10,000 of £10,000).
const notice = account('notice', {
  name: 'Paragon 95 Day Notice',
  balancePence: 10_000_00,
  institution: LICENCES.paragon,
  rateBps: 420,
  noticeDays: 95,
  depositRoomPence: 0,
});
const cashIsa = account('cash-isa', {
  name: 'Nationwide Cash ISA',
  balancePence: 15_000_00,
  institution: LICENCES.nationwide,
  rateBps: 380,
  category: 'isa',
});
const sharesIsa = invested(
  'shares-isa',
  'Vanguard Stocks and Shares ISA',
  40_000_00,
  ['527845', 'Vanguard Investments UK, Limited', 'Vanguard'],
  ['isa', 'investment'],
);
const pension = invested(
  'pension',
  'Aviva Pension',
  90_000_00,
  ['185896', 'Aviva Life & Pensions UK Limited', 'Aviva'],
  ['pension', 'insurance-100'],
);
const barclays = account('barclays', {
  name: 'Barclays Saver',
  balancePence: 50_000_00,
  institution: LICENCES.barclays,
  rateBps: 350,
});

const saver = [halifax, bos, bond, notice, cashIsa, sharesIsa, pension, barclays];
// £5,000 of cash ISA allowance left this tax year.
const { recommendations, metrics } = analyseSmartPig(saver, preferences(), TODAY, { isaAllowanceLeftPence: 5_000_00 });

describe('a saver with many accounts, £20,000 over at Halifax and Bank of Scotland', () => {
  // Bank of Scotland plc (FRN 169628): Halifax £70,000 + Bank of Scotland £70,000 = £140,000,
  // £20,000 over the £120,000 limit. Barclays £50,000: £70,000 of room. Nationwide £15,000:
  // £105,000 of room, but only £5,000 of ISA allowance.

  it('brings the £20,000 under cover from the lower-rate brand, into accounts that can take it', () => {
    // Halifax (2.00%) goes first. ISA first: £5,000 (all the allowance) to the Nationwide Cash ISA,
    // then £15,000 to Barclays. Neither the bond (4.50%, no top-ups) nor the notice account (full,
    // and 95 days' notice against the saver's 0) is offered.
    // The Barclays move is one card with the better rate: Halifax's other £50,000 follows it
    // (room after both: £70,000 − £15,000 − £50,000 = £5,000), £65,000 in all:
    // £65,000 × (3.50 − 2.00)% = £975. The ISA move: £5,000 × (3.80 − 2.00)% = £90.
    // Ranked by money brought under cover: £15,000, then £5,000.
    expect(ofType(recommendations, 'protection').map(gist)).toEqual([
      {
        type: 'protection',
        priority: 'high',
        from: 'halifax',
        to: 'barclays',
        amountPence: 65_000_00,
        currentRateBps: 200,
        newRateBps: 350,
        projectedGainPence: 975_00,
        transfer: 'external',
        availableCapacityPence: 70_000_00,
        capacityLimited: false,
      },
      {
        type: 'protection',
        priority: 'high',
        from: 'halifax',
        to: 'cash-isa',
        amountPence: 5_000_00,
        currentRateBps: 200,
        newRateBps: 380,
        projectedGainPence: 90_00,
        transfer: 'external',
        availableCapacityPence: 105_000_00,
        capacityLimited: true,
      },
    ]);
  });

  it('says today’s £20,000 over the limit on each protection card, not what the other card leaves of it', () => {
    // The ISA card is planned first (ISA first): the Barclays card then had £15,000 left to cover,
    // but on its own the saver still has £20,000 over. Each card is true on its own.
    const [barclaysCard, isaCard] = ofType(recommendations, 'protection');
    expect(barclaysCard!.explanation).toMatch(
      /^£20,000\.00 of your money at Bank of Scotland plc is over the £120,000 limit, so the FSCS would not protect it\. Moving £65,000\.00 from Halifax Saver to Barclays Saver \(Barclays\) brings it under cover\./,
    );
    // £5,000 of the £20,000: it covers that much, not all of it.
    expect(isaCard!.explanation).toMatch(
      /^£20,000\.00 of your money at Bank of Scotland plc is over the £120,000 limit, so the FSCS would not protect it\. Moving £5,000\.00 from Halifax Saver to Nationwide Cash ISA \(Nationwide\) brings that much of it under cover\./,
    );
  });

  it('never suggests a protection move within the licence: it would leave the £140,000 there', () => {
    for (const r of ofType(recommendations, 'protection'))
      expect(r.toAccount?.licenceKey).not.toBe(r.fromAccount!.licenceKey);
  });

  it('makes one card per move, and the rate card says why its amount is small, true on its own', () => {
    // Bank of Scotland (3.00%) → Barclays (3.50%): only the £5,000 of room the other card leaves.
    // £5,000 × 0.50% = £25 (over £20: low). Halifax → Bank of Scotland is not worth it once
    // Barclays takes Halifax's money. No other account pays more than 3.10% and can take money.
    const rates = ofType(recommendations, 'rate_optimization').map(gist);
    expect(rates.map((g) => [g.priority, g.from, g.to, g.amountPence, g.projectedGainPence, g.transfer])).toEqual([
      ['low', 'bos', 'barclays', 5_000_00, 25_00, 'external'],
    ]);
    expect([rates[0]!.availableCapacityPence, rates[0]!.capacityLimited]).toEqual([5_000_00, true]);
    // True on its own, whichever other card the saver follows: Barclays's £50,000 today plus this
    // £5,000 alone is £55,000 (not the £120,000 it would be after the £65,000 card too).
    expect(ofType(recommendations, 'rate_optimization')[0]!.explanation).toBe(
      'Barclays Saver pays 3.50%, more than the 3.00% on Bank of Scotland Saver. Moving £5,000.00 there earns more interest each year. Your money at Barclays Bank UK PLC would then be £55,000.00, within its £120,000 limit.',
    );
    expect(ofType(recommendations, 'rate_optimization')[0]!.capacityReason).toBe(
      'Barclays Bank UK PLC has room for £70,000.00 more of your money before the £120,000 limit; £65,000.00 of it is kept for the other moves suggested here, so only £5,000.00 can move there.',
    );
    const moves = recommendations.map((r) => `${r.fromAccount?.id}>${r.toAccount?.id}`);
    expect(new Set(moves).size).toBe(moves.length);
    // Ids follow the order planned (the ISA move first, ISA first); the list follows the ranking.
    expect(recommendations.map((r) => r.id)).toEqual(['protection-2', 'protection-1', 'rate_optimization-1']);
  });

  it('never moves money into the bond, the notice account, the stocks and shares ISA or the pension', () => {
    const into = new Set(recommendations.map((r) => r.toAccount?.id));
    for (const id of ['bond', 'notice', 'shares-isa', 'pension']) expect(into.has(id)).toBe(false);
    // Even when the saver accepts 95 days' notice, the full notice account takes nothing.
    const patient = generateRecommendations(saver, preferences({ maxNoticeDays: 95 }), TODAY, {
      isaAllowanceLeftPence: 5_000_00,
    });
    expect(patient.some((r) => r.toAccount?.id === 'notice')).toBe(false);
  });

  it('averages the rate over cash only: the stocks and shares ISA and the pension are left out', () => {
    // Halifax 70,000 × 200 + Bank of Scotland 70,000 × 300 + bond 30,000 × 450 + notice 10,000 × 420
    // + cash ISA 15,000 × 380 + Barclays 50,000 × 350
    // = 14,000,000 + 21,000,000 + 13,500,000 + 4,200,000 + 5,700,000 + 17,500,000 = 75,900,000
    // over £245,000: 309.8, so 3.10% (with the £130,000 invested at "0%" it would read 2.02%).
    expect(metrics.averageRateBps).toBe(310);
    // £975 + £90 + £25.
    expect(metrics.potentialExtraInterestPence).toBe(1_090_00);
  });

  it('takes no tax off the gain of a move into the cash ISA, and counts the tax no longer paid where the money was', () => {
    // The year from 22/11/2026 is taxed at 21.26% (20% for 135 days, 22% for 230).
    // Taxable: Halifax → Barclays £975 + Bank of Scotland → Barclays £25 = £1,000.00, after tax
    // 1,000.00 × 0.7874 = £787.40. Into the ISA: its £90.00 gain, tax free, and the £5,000 no longer
    // earns 5,000 × 2.00% = £100.00 of taxed interest at Halifax: £21.26 of tax saved. In all
    // 787.40 + 90.00 + 21.26 = £898.66 (taxing all £1,090 would say £858.26).
    expect(metrics.estimatedNetGainPence).toBe(898_66);
  });
});

describe('a bond that takes top-ups, maturing in five months', () => {
  // Halifax £20,000 at 2.00%. Shawbrook bond at 4.50% until 22 April 2027 (exactly five months),
  // its contributions term letting in £20,000 more.
  const saver20k = (rateAfterBps: number | null) => [
    { ...halifax, input: { ...halifax.input, balancePence: 20_000_00 } },
    { ...bond, depositRoomPence: 20_000_00, rateAfterBps },
  ];

  it('is not worth it when no rate is recorded after it matures: five months of 4.50% is less than a year of 2.00%', () => {
    // £20,000 × (450 × 5 + 0 × 7 − 200 × 12) / 120,000 = £20,000 × (2,250 − 2,400) / 120,000 = −£25.
    expect(ofType(generateRecommendations(saver20k(null), preferences(), TODAY), 'rate_optimization')).toEqual([]);
  });

  it('counts five months of its rate, then the renewal rate the saver recorded', () => {
    // Renewing at 4.00%: £20,000 × (450 × 5 + 400 × 7 − 200 × 12) / 120,000
    // = £20,000 × (2,250 + 2,800 − 2,400) / 120,000 = £20,000 × 2,650 / 120,000 = £441.66 (high).
    const [move] = ofType(generateRecommendations(saver20k(400), preferences(), TODAY), 'rate_optimization');
    expect(gist(move!)).toMatchObject({ from: 'halifax', to: 'bond', amountPence: 20_000_00, priority: 'high' });
    expect(move!.projectedGainPence).toBe(441_66);
  });
});

describe('internal transfers', () => {
  it('are only between two accounts of one brand: Halifax to Halifax', () => {
    // Halifax Saver £10,000 at 1.00% → Halifax Reward Saver at 3.00%: £10,000 × 2.00% = £200 (medium).
    const accounts = [
      account('saver', {
        name: 'Halifax Saver',
        balancePence: 10_000_00,
        institution: LICENCES.bankOfScotland('Halifax'),
        rateBps: 100,
      }),
      account('reward', {
        name: 'Halifax Reward Saver',
        balancePence: 0,
        institution: LICENCES.bankOfScotland('Halifax'),
        rateBps: 300,
      }),
    ];
    const [move] = ofType(generateRecommendations(accounts, preferences(), TODAY), 'rate_optimization');
    expect(gist(move!)).toMatchObject({ transfer: 'internal', projectedGainPence: 200_00, priority: 'medium' });
    expect(move!.timeframe).toBe('Usually the same day');
    expect(move!.steps[1]).toBe(
      'Send £10,000.00 from Halifax Saver to Halifax Reward Saver at Halifax. Both are with Halifax, so this is an internal transfer.',
    );
  });
});
