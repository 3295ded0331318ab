import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INSTITUTION_TYPES } from '../reference-data/records.ts';
import type { ProtectionBasis } from '../reference-data/spec-mapping.ts';
import {
  bankInstitution,
  bankProtectionCategory,
  isCheckerSelectable,
  type BankProtectionFacts,
} from './bank-category.ts';
import { PROTECTION_CATEGORIES } from './types.ts';

const BASES: readonly ProtectionBasis[] = [
  'fscs_deposit',
  'fscs_deposit_uk_branch',
  'unverified',
  'via_partner_banks',
  'hm_treasury',
  'fscs_investment',
  'not_fscs_investment_risk',
  'insurance_100',
  'trustee_dependent',
];

const bank = (facts: Partial<BankProtectionFacts>): BankProtectionFacts => ({
  type: 'bank',
  protectionBasis: 'fscs_deposit',
  isCrownDependency: false,
  ...facts,
});

describe('bankProtectionCategory', () => {
  it('puts a UK bank or building society under the FSCS deposit limit', () => {
    expect(bankProtectionCategory(bank({}))).toBe('deposit');
    expect(bankProtectionCategory(bank({ type: 'building_society' }))).toBe('deposit');
    expect(bankProtectionCategory(bank({ type: 'credit_union' }))).toBe('deposit');
  });

  it('puts deposits at an overseas bank’s UK branch under the deposit limit too', () => {
    expect(bankProtectionCategory(bank({ protectionBasis: 'fscs_deposit_uk_branch' }))).toBe('deposit');
  });

  it('counts a bank whose FSCS status the data marks unverified as not confirmed', () => {
    expect(bankProtectionCategory(bank({ protectionBasis: 'unverified' }))).toBe('unverified');
  });

  it('treats NS&I as HM Treasury backed', () => {
    expect(bankProtectionCategory(bank({ type: 'government_savings_bank', protectionBasis: 'hm_treasury' }))).toBe(
      'ns-and-i',
    );
  });

  it('treats a Crown Dependency brand as offshore, even with a UK deposit basis', () => {
    expect(bankProtectionCategory(bank({ isCrownDependency: true }))).toBe('offshore');
    expect(bankProtectionCategory(bank({ isCrownDependency: true, protectionBasis: 'unverified' }))).toBe('offshore');
  });

  it('leaves platforms out: the partner bank holds the money', () => {
    expect(bankProtectionCategory(bank({ type: 'platform', protectionBasis: 'via_partner_banks' }))).toBeNull();
    expect(bankProtectionCategory(bank({ type: 'platform' }))).toBeNull();
    expect(bankProtectionCategory(bank({ protectionBasis: 'via_partner_banks' }))).toBeNull();
    expect(isCheckerSelectable(bank({ type: 'platform', protectionBasis: 'via_partner_banks' }))).toBe(false);
  });

  it('never gives deposit cover from an investment or pension basis: each is its own scheme', () => {
    expect(bankProtectionCategory(bank({ protectionBasis: 'fscs_investment' }))).toBe('investment');
    expect(bankProtectionCategory(bank({ protectionBasis: 'not_fscs_investment_risk' }))).toBe('ifisa');
    expect(bankProtectionCategory(bank({ protectionBasis: 'insurance_100' }))).toBe('insurance-100');
    expect(bankProtectionCategory(bank({ protectionBasis: 'trustee_dependent' }))).toBe('ssas-trust');
  });

  it('gives every bank a known category or none, and deposit cover only to a confirmed UK deposit basis', () => {
    const factsArb = fc.record({
      type: fc.constantFrom(...INSTITUTION_TYPES),
      protectionBasis: fc.constantFrom(...BASES),
      isCrownDependency: fc.boolean(),
    });
    fc.assert(
      fc.property(factsArb, (facts) => {
        const category = bankProtectionCategory(facts);
        if (category === null) {
          expect(facts.type === 'platform' || facts.protectionBasis === 'via_partner_banks').toBe(true);
          return;
        }
        expect(PROTECTION_CATEGORIES).toContain(category);
        if (category === 'deposit') {
          expect(facts.isCrownDependency).toBe(false);
          expect(['fscs_deposit', 'fscs_deposit_uk_branch']).toContain(facts.protectionBasis);
        }
      }),
    );
  });
});

describe('bankInstitution', () => {
  const licence = { bankName: 'Halifax', legalName: 'Bank of Scotland plc' };

  it('groups a bank by its licence’s FRN, naming the firm and the brand', () => {
    expect(bankInstitution({ ...licence, frn: ' 169628 ' })).toEqual({
      kind: 'frn',
      frn: '169628',
      legalName: 'Bank of Scotland plc',
      brandName: 'Halifax',
    });
  });

  it('falls back to the firm’s name without an FRN, so its brands still share one limit', () => {
    expect(bankInstitution({ ...licence, frn: null })).toEqual({ kind: 'bank-name', bankName: 'Bank of Scotland plc' });
    expect(bankInstitution({ ...licence, frn: '  ' })).toEqual({ kind: 'bank-name', bankName: 'Bank of Scotland plc' });
  });
});
