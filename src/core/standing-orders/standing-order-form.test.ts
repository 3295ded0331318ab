import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkStandingOrder,
  endTypeOf,
  STANDING_ORDER_MESSAGES,
  standingOrderFromForm,
  type StandingOrderForm,
  type StandingOrderInput,
} from './standing-order-form.ts';
import { STANDING_ORDER_FREQUENCIES } from './schedule.ts';

const form = (overrides: Partial<StandingOrderForm> = {}): StandingOrderForm => ({
  amount: 5_000,
  frequency: 'monthly',
  startDate: '2026-01-15',
  paymentDay: '',
  endType: 'never',
  endDate: '',
  maxPayments: '',
  hasFirstPayment: false,
  firstPaymentAmount: 'empty',
  notes: '',
  isActive: true,
  ...overrides,
});

const input = (overrides: Partial<StandingOrderInput> = {}): StandingOrderInput => ({
  amountPence: 5_000,
  frequency: 'monthly',
  startDate: '2026-01-15',
  endDate: null,
  paymentDay: null,
  maxPayments: null,
  firstPaymentAmountPence: null,
  notes: null,
  isActive: true,
  ...overrides,
});

const errorsOf = (overrides: Partial<StandingOrderForm>) => {
  const result = standingOrderFromForm(form(overrides));
  return result.ok ? {} : result.errors;
};

describe('the standing order form', () => {
  it('saves a plain monthly order with nothing optional', () => {
    expect(standingOrderFromForm(form())).toEqual({ ok: true, input: input() });
  });

  it('asks for a valid amount when it is missing or not money, and for more than £0 when it is £0 or less', () => {
    for (const amount of ['empty', 'invalid'] as const) {
      expect(errorsOf({ amount })).toEqual({ amount: 'Please enter a valid amount' });
    }
    // The one amount rule (docs/decisions/0024): the words any £0 transaction gets.
    for (const amount of [0, -100]) {
      expect(errorsOf({ amount })).toEqual({ amount: 'Transaction amounts must be greater than 0' });
    }
  });

  it('checks the first payment amount only when its toggle is on and it is filled', () => {
    expect(errorsOf({ hasFirstPayment: true, firstPaymentAmount: 0 })).toEqual({
      firstPaymentAmount: 'Transaction amounts must be greater than 0',
    });
    expect(errorsOf({ hasFirstPayment: true, firstPaymentAmount: 'invalid' })).toEqual({
      firstPaymentAmount: 'Please enter a valid first payment amount',
    });
    expect(errorsOf({ hasFirstPayment: false, firstPaymentAmount: 'invalid' })).toEqual({});
    const empty = standingOrderFromForm(form({ hasFirstPayment: true, firstPaymentAmount: 'empty' }));
    expect(empty.ok && empty.input.firstPaymentAmountPence).toBeNull();
    const off = standingOrderFromForm(form({ hasFirstPayment: false, firstPaymentAmount: 20_000 }));
    expect(off.ok && off.input.firstPaymentAmountPence).toBeNull();
    const on = standingOrderFromForm(form({ hasFirstPayment: true, firstPaymentAmount: 20_000 }));
    expect(on.ok && on.input.firstPaymentAmountPence).toBe(20_000);
  });

  it('checks the number of payments only when the order ends after some and it is filled', () => {
    for (const maxPayments of ['0', '-1', '2.5', 'ten', '1e3']) {
      expect(errorsOf({ endType: 'payments', maxPayments })).toEqual({
        maxPayments: 'Please enter a valid number of payments',
      });
    }
    expect(errorsOf({ endType: 'never', maxPayments: 'ten' })).toEqual({});
    const blank = standingOrderFromForm(form({ endType: 'payments', maxPayments: ' ' }));
    expect(blank.ok && blank.input.maxPayments).toBeNull();
    const twelve = standingOrderFromForm(form({ endType: 'payments', maxPayments: '12' }));
    expect(twelve.ok && twelve.input).toMatchObject({ maxPayments: 12, endDate: null });
  });

  it('saves the payment day for monthly orders only', () => {
    const monthly = standingOrderFromForm(form({ frequency: 'monthly', paymentDay: '28' }));
    expect(monthly.ok && monthly.input.paymentDay).toBe(28);
    for (const frequency of STANDING_ORDER_FREQUENCIES.filter((f) => f !== 'monthly')) {
      const other = standingOrderFromForm(form({ frequency, paymentDay: '15' }));
      expect(other.ok && other.input.paymentDay).toBeNull();
    }
  });

  it('saves the end date only when the order ends on a date, and not before the start', () => {
    const onDate = standingOrderFromForm(form({ endType: 'date', endDate: '2026-12-15', maxPayments: '3' }));
    expect(onDate.ok && onDate.input).toMatchObject({ endDate: '2026-12-15', maxPayments: null });
    const never = standingOrderFromForm(form({ endType: 'never', endDate: '2026-12-15' }));
    expect(never.ok && never.input.endDate).toBeNull();
    expect(errorsOf({ endType: 'date', endDate: '' })).toEqual({ endDate: STANDING_ORDER_MESSAGES.endDate });
    expect(errorsOf({ endType: 'date', endDate: '2026-01-14' })).toEqual({
      endDate: 'The end date must be on or after the start date',
    });
  });

  it('shows every field’s message at once', () => {
    expect(errorsOf({ amount: 'empty', startDate: '31/02/2026', endType: 'payments', maxPayments: '0' })).toEqual({
      amount: STANDING_ORDER_MESSAGES.amount,
      startDate: STANDING_ORDER_MESSAGES.startDate,
      maxPayments: STANDING_ORDER_MESSAGES.maxPayments,
    });
  });

  it('trims notes and saves blank notes as none', () => {
    const trimmed = standingOrderFromForm(form({ notes: '  Holiday pot  ' }));
    expect(trimmed.ok && trimmed.input.notes).toBe('Holiday pot');
    const blank = standingOrderFromForm(form({ notes: '   ' }));
    expect(blank.ok && blank.input.notes).toBeNull();
  });

  it('accepts any amount above 0 pence and refuses anything else (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), (pence) => {
        expect(standingOrderFromForm(form({ amount: pence })).ok).toBe(pence > 0);
      }),
    );
  });

  it('accepts a whole number of payments above 0 and refuses anything else (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -50, max: 5_000 }).map(String), fc.string()), (typed) => {
        const result = standingOrderFromForm(form({ endType: 'payments', maxPayments: typed }));
        const expected = typed.trim() === '' || (/^\d+$/.test(typed.trim()) && Number(typed.trim()) > 0);
        expect(result.ok).toBe(expected);
      }),
    );
  });
});

describe('checking an order the API receives', () => {
  it('drops a payment day sent with an order that is not monthly', () => {
    expect(checkStandingOrder(input({ frequency: 'weekly', paymentDay: 3 }))).toEqual({
      ok: true,
      input: input({ frequency: 'weekly', paymentDay: null }),
    });
  });

  it('refuses a payment day outside 1 to 28 on a monthly order', () => {
    for (const paymentDay of [0, 29, 31, 1.5]) {
      expect(checkStandingOrder(input({ paymentDay }))).toEqual({
        ok: false,
        field: 'paymentDay',
        message: 'Please choose a payment day from 1 to 28',
      });
    }
  });

  it('refuses an order that ends both on a date and after a number of payments', () => {
    expect(checkStandingOrder(input({ endDate: '2026-12-01', maxPayments: 3 }))).toMatchObject({
      ok: false,
      message: STANDING_ORDER_MESSAGES.oneEnd,
    });
  });

  it('refuses amounts that are not whole pence above 0', () => {
    for (const amountPence of [1.5, Number.MAX_SAFE_INTEGER]) {
      expect(checkStandingOrder(input({ amountPence }))).toMatchObject({
        ok: false,
        field: 'amountPence',
        message: 'Please enter a valid amount',
      });
    }
    for (const amountPence of [0, -1]) {
      expect(checkStandingOrder(input({ amountPence }))).toMatchObject({
        ok: false,
        field: 'amountPence',
        message: 'Transaction amounts must be greater than 0',
      });
    }
    expect(checkStandingOrder(input({ firstPaymentAmountPence: 0 }))).toMatchObject({
      ok: false,
      field: 'firstPaymentAmountPence',
      message: 'Transaction amounts must be greater than 0',
    });
    expect(checkStandingOrder(input({ firstPaymentAmountPence: 1.5 }))).toMatchObject({
      ok: false,
      message: 'Please enter a valid first payment amount',
    });
    expect(checkStandingOrder(input({ maxPayments: 0 }))).toMatchObject({
      ok: false,
      message: 'Please enter a valid number of payments',
    });
  });

  it('refuses a start date that is not a real day', () => {
    expect(checkStandingOrder(input({ startDate: '2026-02-30' }))).toMatchObject({ ok: false, field: 'startDate' });
  });
});

describe('the end type of a stored order', () => {
  it('is read from which of end date and number of payments is set', () => {
    expect(endTypeOf({ endDate: '2026-01-01', maxPayments: null })).toBe('date');
    expect(endTypeOf({ endDate: null, maxPayments: 4 })).toBe('payments');
    expect(endTypeOf({ endDate: null, maxPayments: null })).toBe('never');
  });
});
