import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AccountProtectionFacts,
  type ProtectionBank,
  accountProtectionSummaries,
  accountTypeProtection,
  isPlatformBank,
  protectionInput,
} from './account-protection.ts';

const TODAY = '2026-11-24';

const bank = (
  bankName: string,
  legalName: string,
  frn: string | null,
  extra: Partial<ProtectionBank> = {},
): ProtectionBank => ({
  bankName,
  legalName,
  frn,
  type: 'bank',
  protectionBasis: 'fscs_deposit',
  isCrownDependency: false,
  ...extra,
});

const HALIFAX = bank('Halifax', 'Bank of Scotland plc', '169628');
const BANK_OF_SCOTLAND = bank('Bank of Scotland', 'Bank of Scotland plc', '169628');
const NATIONWIDE = bank('Nationwide', 'Nationwide Building Society', '106078', { type: 'building_society' });
const RAISIN = bank('Raisin UK', 'Raisin Platforms Ltd', null, {
  type: 'platform',
  protectionBasis: 'via_partner_banks',
});
const NS_AND_I = bank('NS&I', 'National Savings and Investments', null, {
  type: 'government_savings_bank',
  protectionBasis: 'hm_treasury',
});
const JERSEY = bank('Jersey Bank', 'Jersey Bank Ltd', '999999', { isCrownDependency: true });
const GIBRALTAR = bank('Rock Bank', 'Rock Bank (Gibraltar) Ltd', '888888', { protectionBasis: 'unverified' });

let next = 0;
function account(overrides: Partial<AccountProtectionFacts>): AccountProtectionFacts {
  next += 1;
  return {
    id: `account-${next}`,
    balancePence: 10_000_00,
    holders: 1,
    accountType: 'Savings',
    isPlatformAccount: false,
    bankName: overrides.bank?.bankName ?? null,
    bank: null,
    platformBank: null,
    temporaryHighBalance: null,
    ...overrides,
  };
}

describe('each account’s protection', () => {
  it('shares one limit between brands of one licence: Halifax and Bank of Scotland over £120,000 are both partly covered', () => {
    const halifax = account({ bank: HALIFAX, balancePence: 100_000_00 });
    const scotland = account({ bank: BANK_OF_SCOTLAND, balancePence: 50_000_00 });
    const nationwide = account({ bank: NATIONWIDE, balancePence: 50_000_00 });
    const summaries = accountProtectionSummaries([halifax, scotland, nationwide], TODAY);
    expect(summaries.get(halifax.id)).toEqual({ status: 'partly-covered', uncoveredPence: 30_000_00, reason: null });
    expect(summaries.get(scotland.id)).toEqual({ status: 'partly-covered', uncoveredPence: 30_000_00, reason: null });
    expect(summaries.get(nationwide.id)).toEqual({ status: 'covered-in-full', uncoveredPence: null, reason: null });
  });

  it("applies an admin's override of the deposit limit", () => {
    const halifax = account({ bank: HALIFAX, balancePence: 100_000_00 });
    expect(accountProtectionSummaries([halifax], TODAY, { depositPence: 85_000_00 }).get(halifax.id)).toEqual({
      status: 'partly-covered',
      uncoveredPence: 15_000_00,
      reason: null,
    });
  });

  it('counts a platform account against the bank holding the deposits, never the platform', () => {
    const direct = account({ bank: HALIFAX, balancePence: 100_000_00 });
    const viaRaisin = account({
      bank: RAISIN,
      isPlatformAccount: true,
      platformBank: BANK_OF_SCOTLAND,
      balancePence: 30_000_00,
    });
    const summaries = accountProtectionSummaries([direct, viaRaisin], TODAY);
    expect(summaries.get(viaRaisin.id)).toEqual({ status: 'partly-covered', uncoveredPence: 10_000_00, reason: null });
    expect(protectionInput(viaRaisin).input.institution).toEqual({
      kind: 'frn',
      frn: '169628',
      legalName: 'Bank of Scotland plc',
      brandName: 'Bank of Scotland',
    });
  });

  it('does not know a platform account’s protection until the bank holding the deposits is named', () => {
    const noPartner = account({ bank: RAISIN, isPlatformAccount: true });
    const platformAsBank = account({ bank: RAISIN });
    const summaries = accountProtectionSummaries([noPartner, platformAsBank], TODAY);
    expect(summaries.get(noPartner.id)).toEqual({
      status: 'unknown-bank',
      uncoveredPence: null,
      reason: 'platform-bank-missing',
    });
    expect(summaries.get(platformAsBank.id)).toEqual({
      status: 'unknown-bank',
      uncoveredPence: null,
      reason: 'platform-bank-missing',
    });
  });

  it('does not know the protection of an account whose bank has left our data, whatever its name, type or record says', () => {
    const halifax = account({ bank: HALIFAX, bankName: 'Halifax', balancePence: 60_000_00, referenceWithdrawn: true });
    const bankOfScotland = account({ bank: BANK_OF_SCOTLAND, balancePence: 70_000_00 });
    const pension = account({
      accountType: 'SIPP',
      bankName: 'Aviva',
      referenceWithdrawn: true,
      pension: { category: 'insurance_100', provider: { bankName: 'Aviva', legalName: 'Aviva Life', frn: '185896' } },
    });
    const summaries = accountProtectionSummaries([halifax, bankOfScotland, pension], TODAY);
    const notInData = { status: 'unknown-bank', uncoveredPence: null, reason: 'bank-not-in-data' };
    expect(summaries.get(halifax.id)).toEqual(notInData);
    expect(summaries.get(pension.id)).toEqual(notInData);
    // Its £60,000 is not added to Bank of Scotland's licence, nor called covered under its own name.
    expect(summaries.get(bankOfScotland.id)).toEqual({ status: 'covered-in-full', uncoveredPence: null, reason: null });
  });

  it('says why money is outside the FSCS, and that an ISA without its provider is not known yet', () => {
    const nsAndI = account({ bank: NS_AND_I, balancePence: 500_000_00 });
    const jersey = account({ bank: JERSEY });
    const isa = account({ accountType: 'Cash ISA', bankName: 'Some Provider' });
    const nothing = account({});
    const summaries = accountProtectionSummaries([nsAndI, jersey, isa, nothing], TODAY);
    expect(summaries.get(nsAndI.id)).toEqual({ status: 'not-fscs', uncoveredPence: null, reason: 'ns-and-i' });
    expect(summaries.get(jersey.id)).toEqual({ status: 'not-fscs', uncoveredPence: null, reason: 'offshore' });
    // The ISA's reason names its own card, where its provider is chosen.
    expect(summaries.get(isa.id)).toEqual({
      status: 'unknown-bank',
      uncoveredPence: null,
      reason: 'isa-provider-missing',
    });
    expect(summaries.get(nothing.id)).toEqual({ status: 'unknown-bank', uncoveredPence: null, reason: 'no-bank' });
  });

  it('groups a bank named only in text by its name', () => {
    const one = account({ bankName: 'Old Mutual Savings', balancePence: 70_000_00 });
    const two = account({ bankName: ' old mutual savings ', balancePence: 70_000_00 });
    const summaries = accountProtectionSummaries([one, two], TODAY);
    expect(summaries.get(one.id)).toEqual({ status: 'partly-covered', uncoveredPence: 20_000_00, reason: null });
  });

  it('shares a joint account between its holders and covers a temporary high balance', () => {
    const joint = account({ bank: HALIFAX, balancePence: 200_000_00, holders: 2 });
    expect(accountProtectionSummaries([joint], TODAY).get(joint.id)?.status).toBe('covered-in-full');
    const sale = account({
      bank: NATIONWIDE,
      balancePence: 400_000_00,
      temporaryHighBalance: { lifeEvent: 'home-sale', qualifyingPence: 300_000_00, creditedDate: '2026-10-01' },
    });
    expect(accountProtectionSummaries([sale], TODAY).get(sale.id)?.status).toBe('covered-in-full');
  });

  it('answers for every account, whatever the mix, and never reports uncovered money on a covered account', () => {
    const banks = [HALIFAX, BANK_OF_SCOTLAND, NATIONWIDE, RAISIN, NS_AND_I, JERSEY, GIBRALTAR, null];
    const facts = fc.record({
      bank: fc.constantFrom(...banks),
      platformBank: fc.constantFrom(HALIFAX, NATIONWIDE, null),
      isPlatformAccount: fc.boolean(),
      balancePence: fc.integer({ min: -1_000_00, max: 300_000_00 }),
      holders: fc.integer({ min: 1, max: 4 }),
      accountType: fc.constantFrom(
        'Savings',
        'Current',
        'Cash ISA',
        'Stocks and Shares ISA',
        'Innovative Finance ISA',
        'SIPP',
        'SSAS',
        'Bond',
      ),
    });
    fc.assert(
      fc.property(fc.array(facts, { maxLength: 12 }), (list) => {
        const accounts = list.map((f, i) => account({ ...f, id: `a${i}`, bankName: f.bank?.bankName ?? null }));
        const summaries = accountProtectionSummaries(accounts, TODAY);
        expect(summaries.size).toBe(accounts.length);
        for (const summary of summaries.values()) {
          expect(summary.uncoveredPence === null).toBe(summary.status !== 'partly-covered');
          if (summary.uncoveredPence !== null) expect(summary.uncoveredPence).toBeGreaterThan(0);
          expect(summary.reason === null).toBe(
            summary.status === 'covered-in-full' || summary.status === 'partly-covered',
          );
        }
      }),
    );
  });
});

describe('what an account’s type says about its money', () => {
  it.each([
    ['Savings', 'deposit'],
    ['Savings Account', 'deposit'],
    ['Current', 'deposit'],
    ['Current Account', 'deposit'],
    ['Bond', 'deposit'],
    ['Fixed Term Deposit', 'deposit'],
    ['Notice Saver', 'deposit'],
    ['Regular Saver', 'deposit'],
    ['Cash ISA', 'deposit'],
    ['Lifetime ISA', 'deposit'],
    ['Junior ISA', 'deposit'],
    ['Stocks and Shares ISA', 'investment'],
    ['stocks & shares isa', 'investment'],
    ['Innovative Finance ISA', 'ifisa'],
    ['IFISA', 'ifisa'],
    ['Personal Pension', 'investment'],
    ['Workplace Pension', 'investment'],
    ['SIPP', 'investment'],
    ['SSAS', 'ssas-trust'],
    [' ssas ', 'ssas-trust'],
    ['Premium Bonds', 'deposit'],
    ['Children’s account', 'deposit'],
  ] as const)('%s: %s', (type, expected) => {
    expect(accountTypeProtection(type)).toBe(expected);
  });
});

describe('each account type’s protection', () => {
  it('counts a stocks and shares ISA against the firm’s investment limit (£85,000), apart from its deposits', () => {
    const savings = account({ bank: HALIFAX, balancePence: 120_000_00 });
    const shares = account({ bank: BANK_OF_SCOTLAND, accountType: 'Stocks and Shares ISA', balancePence: 100_000_00 });
    const summaries = accountProtectionSummaries([savings, shares], TODAY);
    // £120,000 deposited: covered in full, the ISA's £100,000 not added to it.
    expect(summaries.get(savings.id)).toEqual({ status: 'covered-in-full', uncoveredPence: null, reason: null });
    expect(summaries.get(shares.id)).toEqual({ status: 'partly-covered', uncoveredPence: 15_000_00, reason: null });
    expect(protectionInput(shares).input).toMatchObject({
      category: 'investment',
      institution: { kind: 'frn', frn: '169628' },
    });
  });

  it('counts a cash ISA at a bank as a deposit there, sharing the licence’s limit', () => {
    const savings = account({ bank: HALIFAX, balancePence: 100_000_00 });
    const cashIsa = account({ bank: BANK_OF_SCOTLAND, accountType: 'Cash ISA', balancePence: 30_000_00 });
    expect(accountProtectionSummaries([savings, cashIsa], TODAY).get(cashIsa.id)).toEqual({
      status: 'partly-covered',
      uncoveredPence: 10_000_00,
      reason: null,
    });
  });

  it('never counts an innovative finance ISA as FSCS protected, with or without its provider', () => {
    const atBank = account({ bank: HALIFAX, accountType: 'Innovative Finance ISA' });
    const noProvider = account({ accountType: 'Innovative Finance ISA' });
    const onPlatform = account({ bank: RAISIN, isPlatformAccount: true, accountType: 'Innovative Finance ISA' });
    const summaries = accountProtectionSummaries([atBank, noProvider, onPlatform], TODAY);
    for (const a of [atBank, noProvider, onPlatform])
      expect(summaries.get(a.id)).toEqual({ status: 'not-fscs', uncoveredPence: null, reason: 'ifisa' });
  });

  it('counts a SIPP or other pension at a firm against its investment limit, and a SSAS as trustee dependent', () => {
    const sipp = account({ bank: NATIONWIDE, accountType: 'SIPP', balancePence: 90_000_00 });
    const workplace = account({ bank: HALIFAX, accountType: 'Workplace Pension', balancePence: 50_000_00 });
    const ssas = account({ bank: HALIFAX, accountType: 'SSAS', balancePence: 500_000_00 });
    const ssasNoBank = account({ accountType: 'SSAS' });
    const summaries = accountProtectionSummaries([sipp, workplace, ssas, ssasNoBank], TODAY);
    expect(summaries.get(sipp.id)).toEqual({ status: 'partly-covered', uncoveredPence: 5_000_00, reason: null });
    expect(summaries.get(workplace.id)).toEqual({ status: 'covered-in-full', uncoveredPence: null, reason: null });
    expect(protectionInput(workplace).input.category).toBe('investment');
    expect(summaries.get(ssas.id)).toEqual({ status: 'not-fscs', uncoveredPence: null, reason: 'ssas-trust' });
    expect(summaries.get(ssasNoBank.id)).toEqual({ status: 'not-fscs', uncoveredPence: null, reason: 'ssas-trust' });
  });

  it('does not know an ISA’s or a pension’s protection while its provider is only a name or missing', () => {
    const shares = account({ accountType: 'Stocks and Shares ISA', bankName: 'Some Platform' });
    const pension = account({ accountType: 'Personal Pension' });
    const summaries = accountProtectionSummaries([shares, pension], TODAY);
    expect(summaries.get(shares.id)).toEqual({
      status: 'unknown-bank',
      uncoveredPence: null,
      reason: 'isa-provider-missing',
    });
    expect(summaries.get(pension.id)).toEqual({
      status: 'unknown-bank',
      uncoveredPence: null,
      reason: 'pension-provider-missing',
    });
  });

  it('counts an ISA held on a platform at the bank holding the deposits, and does not know it until that bank is named', () => {
    const direct = account({ bank: HALIFAX, balancePence: 100_000_00 });
    const placed = account({
      bank: RAISIN,
      isPlatformAccount: true,
      platformBank: BANK_OF_SCOTLAND,
      accountType: 'Cash ISA',
      balancePence: 30_000_00,
    });
    const unplaced = account({ bank: RAISIN, isPlatformAccount: true, accountType: 'Stocks and Shares ISA' });
    const summaries = accountProtectionSummaries([direct, placed, unplaced], TODAY);
    expect(summaries.get(placed.id)).toEqual({ status: 'partly-covered', uncoveredPence: 10_000_00, reason: null });
    expect(summaries.get(unplaced.id)).toEqual({
      status: 'unknown-bank',
      uncoveredPence: null,
      reason: 'platform-bank-missing',
    });
  });

  it('keeps money at a bank outside the UK scheme outside it whatever the account: NS&I, a Crown Dependency, unverified', () => {
    const nsAndIIsa = account({ bank: NS_AND_I, accountType: 'Cash ISA' });
    const jerseyShares = account({ bank: JERSEY, accountType: 'Stocks and Shares ISA' });
    const unverified = account({ bank: GIBRALTAR });
    const unverifiedPension = account({ bank: GIBRALTAR, accountType: 'SIPP' });
    const summaries = accountProtectionSummaries([nsAndIIsa, jerseyShares, unverified, unverifiedPension], TODAY);
    expect(summaries.get(nsAndIIsa.id)).toEqual({ status: 'not-fscs', uncoveredPence: null, reason: 'ns-and-i' });
    expect(summaries.get(jerseyShares.id)).toEqual({ status: 'not-fscs', uncoveredPence: null, reason: 'offshore' });
    expect(summaries.get(unverified.id)).toEqual({ status: 'not-fscs', uncoveredPence: null, reason: 'unverified' });
    expect(summaries.get(unverifiedPension.id)).toEqual({
      status: 'not-fscs',
      uncoveredPence: null,
      reason: 'unverified',
    });
  });

  it('counts a platform account at the bank holding the deposits even when that bank is a Crown Dependency one', () => {
    const placed = account({ bank: RAISIN, isPlatformAccount: true, platformBank: JERSEY });
    expect(accountProtectionSummaries([placed], TODAY).get(placed.id)).toEqual({
      status: 'not-fscs',
      uncoveredPence: null,
      reason: 'offshore',
    });
  });
});

describe('platforms', () => {
  it('are banks of type platform, named like Chip or Raisin, or protected only through partner banks', () => {
    expect(isPlatformBank(RAISIN)).toBe(true);
    expect(isPlatformBank({ type: 'bank', bankName: 'Chip', protectionBasis: 'fscs_deposit' })).toBe(true);
    expect(isPlatformBank({ type: 'bank', bankName: 'Flagstone', protectionBasis: 'via_partner_banks' })).toBe(true);
    expect(isPlatformBank(HALIFAX)).toBe(false);
    expect(isPlatformBank(NS_AND_I)).toBe(false);
  });
});
