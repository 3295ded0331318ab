import { addMonths as dateFnsAddMonths, format } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  isTemporaryHighBalanceActive,
  temporaryHighBalanceCapPence,
  temporaryHighBalanceRevertsOn,
} from './thb.ts';
import type { TemporaryHighBalance } from './types.ts';

const homeSale: TemporaryHighBalance = {
  lifeEvent: 'home-sale',
  qualifyingPence: 500_000_00,
  creditedDate: '2026-09-01',
};

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

describe('addMonths', () => {
  it('crosses year ends and keeps the day when the month has it', () => {
    expect(addMonths('2026-09-01', 6)).toBe('2027-03-01');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2100-08-29', 6)).toBe('2101-02-28');
    expect(addMonths('2000-08-29', 6)).toBe('2001-02-28');
    expect(addMonths('1999-08-29', 6)).toBe('2000-02-29');
  });
});

describe('addMonths against date-fns', () => {
  it('agrees with date-fns addMonths for any date and month count', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 36 }),
        (instant, months) => {
          const date = instant.toISOString().slice(0, 10);
          const [y, m, d] = date.split('-').map(Number) as [number, number, number];
          expect(addMonths(date, months)).toBe(format(dateFnsAddMonths(new Date(y, m - 1, d), months), 'yyyy-MM-dd'));
        },
      ),
    );
  });
});
