import { describe, expect, it } from 'vitest';
import { addMonths, isTemporaryHighBalanceActive, temporaryHighBalanceCapPence, temporaryHighBalanceRevertsOn } from './thb.ts';
import type { TemporaryHighBalance } from './types.ts';

const homeSale: TemporaryHighBalance = { lifeEvent: 'home-sale', qualifyingPence: 500_000_00, creditedDate: '2026-09-01' };

describe('temporary high balances', () => {
  it('revert six calendar months after the credited date', () => {
    expect(temporaryHighBalanceRevertsOn(homeSale)).toBe('2027-03-01');
    expect(isTemporaryHighBalanceActive(homeSale, '2026-09-01')).toBe(true);
    expect(isTemporaryHighBalanceActive(homeSale, '2027-02-28')).toBe(true);
    expect(isTemporaryHighBalanceActive(homeSale, '2027-03-01')).toBe(false);
    expect(isTemporaryHighBalanceActive(homeSale, '2026-08-31')).toBe(false);
  });

  it('land a 31 August credit on the last day of February', () => {
    //     February 2027
    // Mo Tu We Th Fr Sa Su
    //  1  2  3 ...    27 28
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
  });

  it('cap a life event at the limit of its credited date, personal injury unlimited', () => {
    expect(temporaryHighBalanceCapPence(homeSale)).toBe(1_400_000_00);
    expect(temporaryHighBalanceCapPence({ ...homeSale, creditedDate: '2025-11-30' })).toBe(1_000_000_00);
    expect(temporaryHighBalanceCapPence({ ...homeSale, lifeEvent: 'personal-injury' })).toBe(Number.POSITIVE_INFINITY);
  });
});
