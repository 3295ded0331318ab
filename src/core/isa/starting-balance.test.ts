import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isaMovementsOf } from './isa-record.ts';
import { startingBalanceEntry } from './starting-balance.ts';

const TODAY = '2026-11-28';
const base = { accountType: 'Cash ISA', amountPence: 5_000_00, date: '2026-05-01', today: TODAY };

describe('a Cash ISA’s starting balance paid in this tax year', () => {
  it('is recorded as a deposit, which counts towards the allowance, only when the saver says so', () => {
    expect(startingBalanceEntry({ ...base, isPaidInThisTaxYear: true })).toEqual({ ok: true, type: 'deposit' });
    expect(startingBalanceEntry({ ...base, isPaidInThisTaxYear: false })).toEqual({
      ok: true,
      type: 'opening_balance',
    });
    expect(startingBalanceEntry({ ...base, amountPence: 0, isPaidInThisTaxYear: true })).toEqual({
      ok: true,
      type: 'opening_balance',
    });
  });

  it('is refused for an account that is not a Cash ISA', () => {
    for (const accountType of ['Savings', 'Stocks and Shares ISA', 'Lifetime ISA', 'Bond'])
      expect(startingBalanceEntry({ ...base, accountType, isPaidInThisTaxYear: true })).toMatchObject({
        ok: false,
        reason: 'not-a-cash-isa',
      });
    // Any other type still takes a plain starting balance.
    expect(startingBalanceEntry({ ...base, accountType: 'Savings', isPaidInThisTaxYear: false }).ok).toBe(true);
  });

  it('must be dated in the tax year of today: 6 April counts, 5 April is the year before', () => {
    expect(startingBalanceEntry({ ...base, date: '2026-04-06', isPaidInThisTaxYear: true }).ok).toBe(true);
    expect(startingBalanceEntry({ ...base, date: '2026-04-05', isPaidInThisTaxYear: true })).toEqual({
      ok: false,
      reason: 'before-this-tax-year',
      message: 'A starting balance paid in this tax year is dated from 6 Apr 2026',
    });
  });

  it('uses the allowance by its amount whatever it is, once recorded', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000_00 }), (amountPence) => {
        const entry = startingBalanceEntry({ ...base, amountPence, isPaidInThisTaxYear: true });
        expect(entry).toEqual({ ok: true, type: 'deposit' });
        if (!entry.ok) return;
        const movements = isaMovementsOf([{ date: base.date, amountPence, type: entry.type }], 'new_subscription');
        expect(movements.filter((m) => m.kind === 'subscription').reduce((s, m) => s + m.amountPence, 0)).toBe(
          amountPence,
        );
      }),
    );
  });
});
