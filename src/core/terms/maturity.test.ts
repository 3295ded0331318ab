import { describe, expect, it } from 'vitest';
import { knownTermInputs, maturityDate, maturityWords } from './maturity.ts';

const bond = {
  accountType: 'Bond',
  dateOpened: '2025-12-15',
  termLengthValue: 1,
  termLengthUnit: 'years' as const,
  fixedTermEndsOn: null,
};

describe('when a fixed-term account matures (issue 24)', () => {
  it('is the opening date plus the term', () => {
    expect(maturityDate(bond)).toBe('2026-12-15');
    expect(maturityDate({ ...bond, termLengthValue: 18, termLengthUnit: 'months' })).toBe('2027-06-15');
    expect(maturityDate({ ...bond, termLengthValue: 95, termLengthUnit: 'days' })).toBe('2026-03-20');
  });

  it('is the date typed on its fixed-term term when there is one, whatever the type', () => {
    expect(maturityDate({ ...bond, fixedTermEndsOn: '2026-12-01' })).toBe('2026-12-01');
    expect(maturityDate({ ...bond, accountType: 'Cash ISA', fixedTermEndsOn: '2027-01-31' })).toBe('2027-01-31');
  });

  it('is none for an easy-access account, or a bond with no term or opening date', () => {
    expect(maturityDate({ ...bond, accountType: 'Savings' })).toBeNull();
    expect(maturityDate({ ...bond, dateOpened: null })).toBeNull();
    expect(maturityDate({ ...bond, termLengthValue: null })).toBeNull();
  });
});

describe('the words for a maturity', () => {
  it('says the date in prose and how far off it is', () => {
    expect(maturityWords('2026-12-15', '2026-11-28')).toBe('Matures on 15 Dec 2026 (in 17 days)');
    expect(maturityWords('2026-11-29', '2026-11-28')).toBe('Matures on 29 Nov 2026 (in 1 day)');
    expect(maturityWords('2026-11-28', '2026-11-28')).toBe('Matures today');
    expect(maturityWords('2026-11-01', '2026-11-28')).toBe('Matured on 1 Nov 2026');
  });
});

describe('a new term prefilled from the account (issue 24)', () => {
  it('takes a fixed term’s end date from the opening date plus the term', () => {
    expect(knownTermInputs('fixed_term', bond)).toEqual({ termEndDate: '2026-12-15' });
  });

  it('takes a contributions cap’s start and length, and a withdrawal limit’s opening date', () => {
    expect(knownTermInputs('max_contributions_over_term', bond)).toEqual({
      termStartDate: '2025-12-15',
      termLengthValue: 1,
      termLengthUnit: 'years',
    });
    expect(knownTermInputs('withdrawal_limit', bond)).toEqual({ openingDate: '2025-12-15' });
  });

  it('takes nothing the saver has not entered', () => {
    expect(knownTermInputs('fixed_term', { ...bond, dateOpened: null })).toEqual({});
    expect(knownTermInputs('minimum_deposit', bond)).toEqual({});
  });
});
