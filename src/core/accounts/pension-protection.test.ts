import { describe, expect, it } from 'vitest';
import { type AccountProtectionFacts, accountProtectionSummaries, protectionInput } from './account-protection.ts';

const TODAY = '2026-11-24';

function pension(overrides: Partial<AccountProtectionFacts> = {}): AccountProtectionFacts {
  return {
    id: 'p1',
    balancePence: 500_000_00,
    holders: 1,
    accountType: 'Personal Pension',
    isPlatformAccount: false,
    bankName: 'AJ Bell',
    bank: null,
    platformBank: null,
    temporaryHighBalance: null,
    pension: {
      category: 'sipp_platform_85k',
      provider: { bankName: 'AJ Bell', legalName: 'AJ Bell Securities Limited', frn: '155593' },
    },
    ...overrides,
  };
}

describe('a pension’s money in its own scheme (ADR 0034)', () => {
  it.each([
    ['insurance_100', 'insurance-100'],
    ['sipp_platform_85k', 'investment'],
    ['db_ppf', 'ppf'],
    ['ssas_trust', 'ssas-trust'],
    ['state', 'state'],
  ] as const)('judges %s as %s, against the provider’s licence', (category, engine) => {
    const { input, unknownReason } = protectionInput(pension({ pension: { ...pension().pension!, category } }));
    expect(unknownReason).toBeNull();
    expect(input.category).toBe(engine);
    expect(input.institution).toMatchObject({ kind: 'frn', frn: '155593' });
  });

  it('never counts a pension as deposit money: insured is covered in full, a SIPP over the investment limit is partly covered', () => {
    const summaries = accountProtectionSummaries(
      [
        pension({ id: 'insured', pension: { ...pension().pension!, category: 'insurance_100' } }),
        pension({ id: 'sipp' }),
      ],
      TODAY,
    );
    expect(summaries.get('insured')).toEqual({ status: 'covered-in-full', uncoveredPence: null, reason: null });
    expect(summaries.get('sipp')!.status).toBe('partly-covered');
  });

  it('keeps the account-type rule for a pension without a record, and ignores a record on another type', () => {
    expect(protectionInput(pension({ pension: null })).unknownReason).toBe('pension-provider-missing');
    expect(protectionInput(pension({ accountType: 'Savings', bankName: 'Halifax' })).input.category).toBe('deposit');
  });
});
