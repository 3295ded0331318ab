import { describe, expect, it } from 'vitest';
import { asAtDateProblem, jointAccountCoverPence, limitsOn } from './limits.ts';

describe('limitsOn', () => {
  it('gives £85,000 for deposits on 30 November 2025 and £120,000 from 1 December 2025', () => {
    expect(limitsOn('2025-11-30').deposit).toEqual({
      amountPence: 85_000_00,
      effectiveFrom: '2017-01-30',
      isOverride: false,
    });
    expect(limitsOn('2025-12-01').deposit).toEqual({
      amountPence: 120_000_00,
      effectiveFrom: '2025-12-01',
      isOverride: false,
    });
  });

  it('raises temporary high balances from £1m to £1.4m on 1 December 2025', () => {
    expect(limitsOn('2025-11-30').temporaryHighBalance.amountPence).toBe(1_000_000_00);
    expect(limitsOn('2025-12-01').temporaryHighBalance.amountPence).toBe(1_400_000_00);
  });

  it('keeps investments at £85,000 after the deposit rise', () => {
    expect(limitsOn('2026-11-22').investment).toEqual({
      amountPence: 85_000_00,
      effectiveFrom: '2019-04-01',
      isOverride: false,
    });
  });

  it('flags an admin override of the deposit limit in force today, and leaves the other limits alone', () => {
    const limits = limitsOn('2026-11-22', { depositPence: 100_000_00 });
    expect(limits.deposit).toEqual({ amountPence: 100_000_00, effectiveFrom: '2025-12-01', isOverride: true });
    expect(limits.temporaryHighBalance.isOverride).toBe(false);
    expect(limits.investment.amountPence).toBe(85_000_00);
  });

  it('does not rewrite the old law with an override', () => {
    expect(limitsOn('2025-11-30', { depositPence: 100_000_00 }).deposit).toEqual({
      amountPence: 85_000_00,
      effectiveFrom: '2017-01-30',
      isOverride: false,
    });
  });

  it('refuses a date before the tables begin and an override that is not whole pence', () => {
    expect(() => limitsOn('2017-01-29')).toThrow(RangeError);
    expect(() => limitsOn('2026-11-22', { depositPence: 1.5 })).toThrow(RangeError);
  });
});

describe('jointAccountCoverPence', () => {
  it('covers a two-person joint account up to £240,000 today and £170,000 under the old law', () => {
    expect(jointAccountCoverPence(limitsOn('2026-11-22').deposit, 2)).toBe(240_000_00);
    expect(jointAccountCoverPence(limitsOn('2025-11-30').deposit, 2)).toBe(170_000_00);
  });
});

describe('an "as at" date', () => {
  it('is answered from 30 January 2017 to today, and otherwise says why not', () => {
    expect(asAtDateProblem('2025-11-30', '2026-11-22')).toBeNull();
    expect(asAtDateProblem('2017-01-30', '2026-11-22')).toBeNull();
    expect(asAtDateProblem('2026-11-22', '2026-11-22')).toBeNull();
    expect(asAtDateProblem('2017-01-29', '2026-11-22')).toBe(
      'The limits are known from 30/01/2017: choose that date or a later one',
    );
    expect(asAtDateProblem('2026-11-23', '2026-11-22')).toBe('Choose today or an earlier date');
    expect(asAtDateProblem('2026-02-30', '2026-11-22')).toBe('Enter the date as dd/mm/yyyy');
    expect(asAtDateProblem('30/11/2025', '2026-11-22')).toBe('Enter the date as dd/mm/yyyy');
  });

  it('gives the £85,000 limit before 1 December 2025, and £120,000 from it', () => {
    expect(limitsOn('2025-11-30').deposit.amountPence).toBe(85_000_00);
    expect(limitsOn('2025-12-01').deposit.amountPence).toBe(120_000_00);
  });
});

describe('an admin override with the day it was set', () => {
  it('is in force from that day, not "since" the law’s 1 December 2025, and a day before it keeps the law', () => {
    const override = { depositPence: 100_000_00, setOn: '2026-11-28' };
    expect(limitsOn('2026-11-28', override).deposit).toEqual({
      amountPence: 100_000_00,
      effectiveFrom: '2026-11-28',
      isOverride: true,
    });
    expect(limitsOn('2026-11-27', override).deposit).toEqual({
      amountPence: 120_000_00,
      effectiveFrom: '2025-12-01',
      isOverride: false,
    });
  });
});
