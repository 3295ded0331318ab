import { describe, expect, it } from 'vitest';
import {
  duePayments,
  firstIndexAfter,
  MAX_PAYMENTS_PER_RUN,
  nextPaymentDate,
  unpaidDueCount,
  occurrenceDate,
  occurrenceDates,
  type ScheduledOrder,
} from './schedule.ts';

const order = (overrides: Partial<ScheduledOrder>): ScheduledOrder => ({
  frequency: 'monthly',
  startDate: '2026-01-01',
  endDate: null,
  paymentDay: null,
  maxPayments: null,
  amountPence: 5_000,
  firstPaymentAmountPence: null,
  ...overrides,
});

describe('occurrence dates', () => {
  it('lands a 31st-start monthly order on the last day of short months, then back on the 31st', () => {
    //   January 2026   February 2026   March   April   May   June
    //   31 (start)     28 (no 29th)    31      30      31    30
    expect(occurrenceDates(order({ startDate: '2026-01-31' }), { today: '2026-06-30' })).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
    ]);
  });

  it('lands a 31 January start on 29 February in a leap year', () => {
    expect(occurrenceDates(order({ startDate: '2024-01-31' }), { today: '2024-03-01' })).toEqual([
      '2024-01-31',
      '2024-02-29',
    ]);
  });

  it('pays a monthly order with a payment day on that day, from the first one on or after the start', () => {
    //   January 2026: starts on the 20th, after the 15th → first payment 15 February
    expect(occurrenceDates(order({ startDate: '2026-01-20', paymentDay: 15 }), { today: '2026-04-15' })).toEqual([
      '2026-02-15',
      '2026-03-15',
      '2026-04-15',
    ]);
    // Starting on the payment day, or before it, pays that month.
    expect(occurrenceDates(order({ startDate: '2026-01-15', paymentDay: 15 }), { today: '2026-02-14' })).toEqual([
      '2026-01-15',
    ]);
    expect(occurrenceDates(order({ startDate: '2026-01-10', paymentDay: 15 }), { today: '2026-02-14' })).toEqual([
      '2026-01-15',
    ]);
  });

  it('runs a 28th payment day through February in any year', () => {
    expect(occurrenceDates(order({ startDate: '2027-01-29', paymentDay: 28 }), { today: '2027-04-01' })).toEqual([
      '2027-02-28',
      '2027-03-28',
    ]);
  });

  it('advances daily and weekly orders by 1 and 7 days across a month and a year end', () => {
    expect(occurrenceDates(order({ frequency: 'daily', startDate: '2025-12-30' }), { today: '2026-01-02' })).toEqual([
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
    ]);
    expect(occurrenceDates(order({ frequency: 'weekly', startDate: '2025-12-17' }), { today: '2026-01-07' })).toEqual([
      '2025-12-17',
      '2025-12-24',
      '2025-12-31',
      '2026-01-07',
    ]);
  });

  it('keeps daily dates right across the clocks going forward (no time zone in the arithmetic)', () => {
    // 29 March 2026: British Summer Time starts.
    expect(occurrenceDates(order({ frequency: 'daily', startDate: '2026-03-28' }), { today: '2026-03-30' })).toEqual([
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
    ]);
  });

  it('advances quarterly orders by three months with the same day rule', () => {
    expect(
      occurrenceDates(order({ frequency: 'quarterly', startDate: '2025-11-30' }), { today: '2026-08-30' }),
    ).toEqual(['2025-11-30', '2026-02-28', '2026-05-30', '2026-08-30']);
  });

  it('pays an annual order started on 29 February on 28 February in other years', () => {
    expect(occurrenceDates(order({ frequency: 'annually', startDate: '2024-02-29' }), { today: '2028-03-01' })).toEqual(
      ['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29'],
    );
  });

  it('ignores a payment day on an order that is not monthly', () => {
    expect(
      occurrenceDates(order({ frequency: 'quarterly', startDate: '2026-01-20', paymentDay: 5 }), {
        today: '2026-04-20',
      }),
    ).toEqual(['2026-01-20', '2026-04-20']);
  });

  it('includes today and the end date, and nothing after either', () => {
    expect(occurrenceDates(order({ startDate: '2026-01-10' }), { today: '2026-03-10' })).toEqual([
      '2026-01-10',
      '2026-02-10',
      '2026-03-10',
    ]);
    expect(occurrenceDates(order({ startDate: '2026-01-10' }), { today: '2026-03-09' })).toEqual([
      '2026-01-10',
      '2026-02-10',
    ]);
    expect(occurrenceDates(order({ startDate: '2026-01-10', endDate: '2026-02-10' }), { today: '2026-06-01' })).toEqual(
      ['2026-01-10', '2026-02-10'],
    );
    expect(occurrenceDates(order({ startDate: '2026-01-10', endDate: '2026-02-09' }), { today: '2026-06-01' })).toEqual(
      ['2026-01-10'],
    );
  });

  it('stops after the maximum number of payments', () => {
    expect(occurrenceDates(order({ startDate: '2026-01-01', maxPayments: 3 }), { today: '2027-01-01' })).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
    ]);
  });

  it('has nothing due before the start date', () => {
    expect(occurrenceDates(order({ startDate: '2026-05-01' }), { today: '2026-04-30' })).toEqual([]);
    expect(occurrenceDates(order({ startDate: '2026-05-01' }), { today: '2026-05-01' })).toEqual(['2026-05-01']);
  });

  it('gives only the dates after the last paid one, and at most `limit`', () => {
    const monthly = order({ startDate: '2026-01-01' });
    expect(occurrenceDates(monthly, { today: '2026-06-01', after: '2026-03-01' })).toEqual([
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
    ]);
    expect(occurrenceDates(monthly, { today: '2026-06-01', after: '2026-03-15' })).toEqual([
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
    ]);
    expect(occurrenceDates(monthly, { today: '2026-06-01', limit: 2 })).toEqual(['2026-01-01', '2026-02-01']);
  });

  it('finds the first occurrence after a date', () => {
    const monthly = order({ startDate: '2026-01-31' });
    expect(firstIndexAfter(monthly, '2025-12-01')).toBe(0);
    expect(firstIndexAfter(monthly, '2026-01-31')).toBe(1);
    expect(firstIndexAfter(monthly, '2026-02-28')).toBe(2);
    expect(firstIndexAfter(monthly, '2026-03-30')).toBe(2);
    expect(occurrenceDate(monthly, 2)).toBe('2026-03-31');
  });
});

describe('due payments', () => {
  it('uses the first payment amount for the first payment only', () => {
    const due = duePayments(order({ startDate: '2026-01-01', firstPaymentAmountPence: 25_000 }), {
      today: '2026-03-01',
      lastPaidDate: null,
    });
    expect(due.payments).toEqual([
      { occurrenceDate: '2026-01-01', amountPence: 25_000 },
      { occurrenceDate: '2026-02-01', amountPence: 5_000 },
      { occurrenceDate: '2026-03-01', amountPence: 5_000 },
    ]);
    expect(due).toMatchObject({ overdueCount: 3, capped: false });
  });

  it('does not pay the first amount again once the first payment is made', () => {
    const due = duePayments(order({ startDate: '2026-01-01', firstPaymentAmountPence: 25_000 }), {
      today: '2026-03-01',
      lastPaidDate: '2026-01-01',
    });
    expect(due.payments.map((p) => p.amountPence)).toEqual([5_000, 5_000]);
  });

  it('adds at most 50 overdue payments a run, the earliest, and counts the rest', () => {
    const daily = order({ frequency: 'daily', startDate: '2026-01-01' });
    const first = duePayments(daily, { today: '2026-03-14', lastPaidDate: null });
    //   1 January … 14 March 2026: 31 + 28 + 14 = 73 days
    expect(first.overdueCount).toBe(73);
    expect(first.payments).toHaveLength(MAX_PAYMENTS_PER_RUN);
    expect(first.capped).toBe(true);
    expect(first.payments.at(-1)?.occurrenceDate).toBe('2026-02-19');
    const second = duePayments(daily, { today: '2026-03-14', lastPaidDate: '2026-02-19' });
    expect(second).toMatchObject({ overdueCount: 23, capped: false });
    expect(second.payments[0]?.occurrenceDate).toBe('2026-02-20');
  });

  it('has nothing due when the order has paid up to today', () => {
    expect(
      duePayments(order({ startDate: '2026-01-01' }), { today: '2026-03-20', lastPaidDate: '2026-03-01' }),
    ).toEqual({
      payments: [],
      overdueCount: 0,
      capped: false,
    });
  });
});

describe('next payment date', () => {
  it('is the start date for an order that has not started', () => {
    expect(nextPaymentDate(order({ startDate: '2026-05-01' }), { lastPaidDate: null })).toBe('2026-05-01');
  });

  it('is the earliest payment not yet made, in the past when payments are due', () => {
    const monthly = order({ startDate: '2026-01-10' });
    expect(nextPaymentDate(monthly, { lastPaidDate: '2026-02-10' })).toBe('2026-03-10');
    expect(nextPaymentDate(monthly, { lastPaidDate: '2026-03-10' })).toBe('2026-04-10');
    // Nothing paid yet on 11 March: January's payment is the next one, due since 10 January.
    expect(nextPaymentDate(monthly, { lastPaidDate: null })).toBe('2026-01-10');
    expect(unpaidDueCount(monthly, { today: '2026-03-11', lastPaidDate: null })).toBe(3);
    expect(unpaidDueCount(monthly, { today: '2026-03-11', lastPaidDate: '2026-02-10' })).toBe(1);
    expect(unpaidDueCount(monthly, { today: '2026-03-11', lastPaidDate: '2026-03-10' })).toBe(0);
  });

  it('stays on the first due payment after the end date or the last allowed payment has passed', () => {
    const ending = order({ startDate: '2026-01-10', endDate: '2026-03-20' });
    expect(nextPaymentDate(ending, { lastPaidDate: null })).toBe('2026-01-10');
    expect(nextPaymentDate(ending, { lastPaidDate: '2026-02-10' })).toBe('2026-03-10');
    expect(unpaidDueCount(ending, { today: '2026-06-01', lastPaidDate: '2026-02-10' })).toBe(1);
    const twoPayments = order({ startDate: '2026-01-10', maxPayments: 2 });
    expect(nextPaymentDate(twoPayments, { lastPaidDate: '2026-01-10' })).toBe('2026-02-10');
    expect(unpaidDueCount(twoPayments, { today: '2026-06-01', lastPaidDate: '2026-01-10' })).toBe(1);
  });

  it('is null only once every payment the order allows is made', () => {
    expect(
      nextPaymentDate(order({ startDate: '2026-01-10', endDate: '2026-03-20' }), { lastPaidDate: '2026-03-10' }),
    ).toBeNull();
    expect(
      nextPaymentDate(order({ startDate: '2026-01-10', maxPayments: 2 }), { lastPaidDate: '2026-02-10' }),
    ).toBeNull();
    expect(nextPaymentDate(order({ startDate: '2026-01-10', maxPayments: 3 }), { lastPaidDate: '2026-02-10' })).toBe(
      '2026-03-10',
    );
  });
});
