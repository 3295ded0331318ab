import { describe, expect, it } from 'vitest';
import { monthName, monthWindow, isInWindow } from './months.ts';
import { accountSummary, groupTransactions, type SummaryTransaction } from './summary.ts';

const today = '2026-11-21';
const window = monthWindow(today);
const summarise = (transactions: SummaryTransaction[], balancePence = 0) =>
  accountSummary(groupTransactions(transactions, window), window, balancePence);

describe('the month window', () => {
  it('is the twelve months ending with this month, oldest first', () => {
    expect(window.months).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(window).toMatchObject({ from: '2025-12-01', until: '2026-12-01' });
  });

  it('crosses a year end from January', () => {
    //     January 2027: the window runs February 2026 – January 2027.
    const january = monthWindow('2027-01-01');
    expect(january.months[0]).toBe('2026-02');
    expect(january.months.at(-1)).toBe('2027-01');
    expect(january.until).toBe('2027-02-01');
    expect(monthWindow('2026-12-31').until).toBe('2027-01-01');
  });

  it('holds the first of the oldest month and not the first of next month', () => {
    expect(isInWindow('2025-12-01', window)).toBe(true);
    expect(isInWindow('2025-11-30', window)).toBe(false);
    expect(isInWindow('2026-11-30', window)).toBe(true);
    expect(isInWindow('2026-12-01', window)).toBe(false);
  });

  it('names months in English', () => {
    expect(monthName('2026-02')).toBe('February 2026');
  });

  it('refuses a window of no months', () => {
    expect(() => monthWindow(today, 0)).toThrow(RangeError);
  });
});

describe('the summary cards', () => {
  it('averages the last year of interest over the months that had interest, to the nearest penny', () => {
    const { summary } = summarise(
      [
        { date: '2026-01-31', type: 'interest', amountPence: 100 },
        { date: '2026-01-15', type: 'interest', amountPence: 1 },
        { date: '2026-03-31', type: 'interest', amountPence: 200 },
        { date: '2026-10-31', type: 'interest', amountPence: 0 },
        // Before the window: lifetime only.
        { date: '2025-11-30', type: 'interest', amountPence: 5_000 },
      ],
      123_456,
    );
    // 301p over January, March and October (an interest payment of 0p is still a payment): 100.33p → 100p.
    expect(summary).toEqual({
      currentBalancePence: 123_456,
      avgMonthlyInterestPence: 100,
      lifetimeInterestPence: 5_301,
    });
  });

  it('rounds a half penny up', () => {
    const { summary } = summarise([
      { date: '2026-05-01', type: 'interest', amountPence: 1 },
      { date: '2026-06-01', type: 'interest', amountPence: 2 },
    ]);
    expect(summary.avgMonthlyInterestPence).toBe(2);
  });

  it('is zero interest for an account that never earned any', () => {
    expect(summarise([{ date: '2026-05-01', type: 'deposit', amountPence: 10_000 }], 10_000).summary).toEqual({
      currentBalancePence: 10_000,
      avgMonthlyInterestPence: 0,
      lifetimeInterestPence: 0,
    });
  });

  it('counts interest dated later this month, but not next month, in the average', () => {
    const { summary } = summarise([
      { date: '2026-11-30', type: 'interest', amountPence: 300 },
      { date: '2026-12-31', type: 'interest', amountPence: 900 },
    ]);
    expect(summary).toMatchObject({ avgMonthlyInterestPence: 300, lifetimeInterestPence: 1_200 });
  });
});

describe('the monthly totals', () => {
  const { monthly } = summarise([
    { date: '2025-12-01', type: 'opening_balance', amountPence: 100_000 },
    { date: '2026-03-02', type: 'deposit', amountPence: 2_500 },
    { date: '2026-03-20', type: 'withdrawal', amountPence: -1_000 },
    { date: '2026-03-31', type: 'interest', amountPence: 42 },
    { date: '2026-03-31', type: 'fee', amountPence: -500 },
    { date: '2024-03-31', type: 'deposit', amountPence: 99_999 },
  ]);

  it('has all twelve months, zeros where nothing happened', () => {
    expect(monthly.map((m) => m.month)).toEqual(window.months);
    expect(monthly[1]).toEqual({
      month: '2026-01',
      depositsPence: 0,
      withdrawalsPence: 0,
      interestPence: 0,
      feesPence: 0,
      netPence: 0,
    });
  });

  it('shows money out as positive amounts and the net change as signed', () => {
    expect(monthly[3]).toEqual({
      month: '2026-03',
      depositsPence: 2_500,
      withdrawalsPence: 1_000,
      interestPence: 42,
      feesPence: 500,
      netPence: 1_042,
    });
  });

  it('does not count a starting balance as money paid in: it moved no money', () => {
    expect(monthly[0]).toEqual({
      month: '2025-12',
      depositsPence: 0,
      withdrawalsPence: 0,
      interestPence: 0,
      feesPence: 0,
      netPence: 0,
    });
  });

  it('leaves a balance update out of money in and out, and still counts interest dated before a statement', () => {
    const { monthly, summary } = summarise([
      { date: '2026-06-01', type: 'interest', amountPence: 250 },
      { date: '2026-06-10', type: 'deposit', amountPence: 1_000 },
      // Stated after the interest: the interest is history in the balance, and still interest earned.
      { date: '2026-06-15', type: 'opening_balance', amountPence: 500_000 },
      // Not yet a stored type on every branch: a statement either way.
      { date: '2026-07-15', type: 'balance_update' as SummaryTransaction['type'], amountPence: 480_000 },
      { date: '2026-07-20', type: 'fee', amountPence: -300 },
    ]);
    expect(monthly[6]).toEqual({
      month: '2026-06',
      depositsPence: 1_000,
      withdrawalsPence: 0,
      interestPence: 250,
      feesPence: 0,
      netPence: 1_250,
    });
    expect(monthly[7]).toEqual({
      month: '2026-07',
      depositsPence: 0,
      withdrawalsPence: 0,
      interestPence: 0,
      feesPence: 300,
      netPence: -300,
    });
    expect(summary).toMatchObject({ lifetimeInterestPence: 250, avgMonthlyInterestPence: 250 });
  });
});

describe('the type totals', () => {
  it('lists each type the account has, in order, as positive amounts with counts, over all time', () => {
    const { typeTotals } = summarise([
      { date: '2020-01-01', type: 'withdrawal', amountPence: -300 },
      { date: '2026-06-01', type: 'withdrawal', amountPence: -200 },
      { date: '2026-06-01', type: 'deposit', amountPence: 1_000 },
      { date: '2026-07-01', type: 'fee', amountPence: 0 },
    ]);
    expect(typeTotals).toEqual([
      { type: 'deposit', totalPence: 1_000, count: 1 },
      { type: 'withdrawal', totalPence: 500, count: 2 },
      { type: 'fee', totalPence: 0, count: 1 },
    ]);
  });

  it('lists the statements too (the ring leaves them out)', () => {
    const { typeTotals } = summarise([
      { date: '2026-06-01', type: 'opening_balance', amountPence: 500_000 },
      { date: '2026-06-02', type: 'deposit', amountPence: 1_000 },
    ]);
    expect(typeTotals).toEqual([
      { type: 'deposit', totalPence: 1_000, count: 1 },
      { type: 'opening_balance', totalPence: 500_000, count: 1 },
    ]);
  });

  it('is empty for an account with no transactions', () => {
    expect(summarise([]).typeTotals).toEqual([]);
  });
});
