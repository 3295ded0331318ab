import { describe, expect, it } from 'vitest';
import { accountTypesInPlan, featureOfAccountType } from './account-type-feature.ts';
import { featuresFor, NO_FEATURE_FLAGS } from './features.ts';

const NAMES = ['Savings', 'Current', 'Cash ISA', 'Stocks & Shares ISA', 'Personal Pension', 'SIPP'];

describe('the feature an account type needs', () => {
  it('is ISAs for an ISA, pensions for a pension, nothing otherwise', () => {
    expect(featureOfAccountType('Cash ISA')).toBe('isas');
    expect(featureOfAccountType('Personal Pension')).toBe('pensions');
    expect(featureOfAccountType('Savings')).toBeNull();
  });

  it('leaves ISAs and pensions out of a piglet’s choices, and puts back only what an admin granted', () => {
    const piglet = featuresFor({ tier: 'piglet', flags: NO_FEATURE_FLAGS, isAdmin: false });
    expect(accountTypesInPlan(NAMES, piglet)).toEqual(['Savings', 'Current']);
    const isas = featuresFor({ tier: 'piglet', flags: { ...NO_FEATURE_FLAGS, hasIsas: true }, isAdmin: false });
    expect(accountTypesInPlan(NAMES, isas)).toEqual(['Savings', 'Current', 'Cash ISA', 'Stocks & Shares ISA']);
    const bigpig = featuresFor({ tier: 'bigpig', flags: NO_FEATURE_FLAGS, isAdmin: false });
    expect(accountTypesInPlan(NAMES, bigpig)).toEqual(NAMES);
  });
});
