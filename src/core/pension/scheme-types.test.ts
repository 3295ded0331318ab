import { describe, expect, it } from 'vitest';
import { SCHEME_TYPE_DETAILS, schemeTypeForAccountType } from './scheme-types.ts';

describe('the scheme type a pension account starts with', () => {
  it.each([
    ['Workplace Pension', 'workplace_dc'],
    ['SIPP', 'sipp'],
    ['Personal Pension', 'personal_pension'],
    ['Final salary pension', 'workplace_db'],
    [' ssas ', 'ssas'],
  ] as const)('follows the account type %s', (accountType, schemeType) => {
    expect(schemeTypeForAccountType(accountType)).toBe(schemeType);
  });

  it('never calls a workplace pension a personal pension', () => {
    expect(SCHEME_TYPE_DETAILS[schemeTypeForAccountType('Workplace Pension')].name).not.toBe('Personal pension');
  });
});
