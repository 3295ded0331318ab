import { describe, expect, it } from 'vitest';
import type { ProtectionBank } from './account-protection.ts';
import { type NamedAccountFacts, userProtectionPicture } from './protection-picture.ts';

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
const NS_AND_I = bank('NS&I', 'National Savings and Investments (NS&I)', null, {
  type: 'government_savings_bank',
  protectionBasis: 'hm_treasury',
});
const JERSEY = bank('Jersey Bank', 'Jersey Bank Ltd', '999999', { isCrownDependency: true });
const RAISIN = bank('Raisin UK', 'Raisin Platforms Ltd', null, {
  type: 'platform',
  protectionBasis: 'via_partner_banks',
});

let next = 0;
function account(overrides: Partial<NamedAccountFacts>): NamedAccountFacts {
  next += 1;
  return {
    id: `account-${next}`,
    name: `Account ${next}`,
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

describe('a saver’s picture from their stored accounts', () => {
  it('judges each account as the accounts list does: NS&I by its bank record is government backed, never FSCS money', () => {
    const picture = userProtectionPicture(
      [
        account({ name: 'Premium Bonds', bank: NS_AND_I, balancePence: 50_000_00 }),
        account({ name: 'NS&I ISA', bank: NS_AND_I, accountType: 'Cash ISA', balancePence: 20_000_00 }),
      ],
      TODAY,
    );
    expect(picture.groups).toEqual([]);
    expect(picture.outside).toHaveLength(1);
    expect(picture.outside[0]).toMatchObject({
      kind: 'ns-and-i',
      bankName: 'NS&I',
      totalPence: 70_000_00,
      status: 'Backed by HM Treasury',
    });
    expect(picture.outside[0]!.accounts.map((a) => a.name)).toEqual(['Premium Bonds', 'NS&I ISA']);
    expect(picture.totals).toMatchObject({ protectedPence: 0, atRiskPence: 0, governmentBackedPence: 70_000_00 });
  });

  it('explains Crown Dependency money, a platform without its bank and a bank named only in text', () => {
    const picture = userProtectionPicture(
      [
        account({ name: 'Jersey saver', bank: JERSEY }),
        account({ name: 'Raisin saver', bank: RAISIN, isPlatformAccount: true }),
        account({ name: 'Typed', bankName: '  Little Bank  ' }),
        account({ name: 'Halifax saver', bank: HALIFAX }),
      ],
      TODAY,
    );
    expect(picture.outside.map((o) => [o.kind, o.status])).toEqual([
      ['offshore', 'Not FSCS protected'],
      ['unknown-bank', 'Protection unknown'],
    ]);
    expect(picture.outside[1]!.reason).toMatch(/on a platform and the bank holding it is not chosen/);
    expect(picture.groups.map((g) => [g.name, g.brands])).toEqual([
      ['Bank of Scotland plc', ['Halifax']],
      ['Little Bank', ['Little Bank']],
    ]);
  });
});
