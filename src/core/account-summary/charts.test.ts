import { describe, expect, it } from 'vitest';
import { brushRange, formatPerMille, monthsWithActivity, pieSlices, showsBrush } from './charts.ts';
import { monthWindow } from './months.ts';
import { monthlyTotals, type TypeMonthGroup, type TypeTotal } from './summary.ts';

const window = monthWindow('2026-11-21');
const depositsIn = (months: string[]): TypeMonthGroup[] =>
  months.map((month) => ({ type: 'deposit', month, totalPence: 100, count: 1 }));

describe('the trends chart brush', () => {
  it('is hidden with six months of transactions and shown with seven', () => {
    const six = monthlyTotals(depositsIn(window.months.slice(0, 6)), window);
    const seven = monthlyTotals(depositsIn(window.months.slice(0, 7)), window);
    expect(monthsWithActivity(six)).toBe(6);
    expect(showsBrush(six)).toBe(false);
    expect(showsBrush(seven)).toBe(true);
  });

  it('starts on the last six months', () => {
    expect(brushRange(monthlyTotals([], window))).toEqual({ startIndex: 6, endIndex: 11 });
  });

  it('does not count a month whose only transaction is for nothing', () => {
    const zero = monthlyTotals([{ type: 'fee', month: '2026-05', totalPence: 0, count: 1 }], window);
    expect(monthsWithActivity(zero)).toBe(0);
  });
});

describe('the type pie', () => {
  it('gives each type its share, to a tenth of a percent, adding up to 100%', () => {
    const slices = pieSlices([
      { type: 'deposit', totalPence: 1, count: 1 },
      { type: 'withdrawal', totalPence: 1, count: 1 },
      { type: 'interest', totalPence: 1, count: 1 },
    ]);
    // A third each: 33.3 + 33.3 + 33.4 by largest remainder (ties keep the page's order).
    expect(slices.map((s) => s.perMille)).toEqual([334, 333, 333]);
    expect(slices.map((s) => formatPerMille(s.perMille))).toEqual(['33.4%', '33.3%', '33.3%']);
  });

  it('leaves out types that moved no money, and is empty when nothing did', () => {
    expect(pieSlices([{ type: 'fee', totalPence: 0, count: 3 }])).toEqual([]);
    expect(
      pieSlices([
        { type: 'fee', totalPence: 0, count: 3 },
        { type: 'deposit', totalPence: 5, count: 1 },
      ]),
    ).toEqual([{ type: 'deposit', totalPence: 5, count: 1, perMille: 1000 }]);
  });

  it('has no slice for a starting balance or a balance update: they moved no money', () => {
    expect(
      pieSlices([
        { type: 'deposit', totalPence: 100, count: 1 },
        { type: 'opening_balance', totalPence: 900, count: 1 },
        { type: 'balance_update' as TypeTotal['type'], totalPence: 500, count: 2 },
      ]),
    ).toEqual([{ type: 'deposit', totalPence: 100, count: 1, perMille: 1000 }]);
  });

  it('copes with totals too large to multiply safely', () => {
    const slices = pieSlices([
      { type: 'deposit', totalPence: 4_000_000_000_000_000, count: 1 },
      { type: 'withdrawal', totalPence: 1_000_000_000_000_000, count: 1 },
    ]);
    expect(slices.map((s) => s.perMille)).toEqual([800, 200]);
  });
});
