import { describe, expect, it } from 'vitest';
import { paymentNotes, STANDING_ORDER_PAYEE } from './payment-notes.ts';
import {
  capWarning,
  dueLabel,
  endsLabel,
  frequencyLabel,
  ordinal,
  paymentsDueLabel,
  processedMessage,
} from './text.ts';

describe('standing order text', () => {
  it('names the frequency, with the payment day for monthly orders', () => {
    expect(frequencyLabel({ frequency: 'monthly', paymentDay: 1 })).toBe('Monthly on the 1st');
    expect(frequencyLabel({ frequency: 'monthly', paymentDay: 22 })).toBe('Monthly on the 22nd');
    expect(frequencyLabel({ frequency: 'monthly', paymentDay: null })).toBe('Monthly');
    expect(frequencyLabel({ frequency: 'annually', paymentDay: null })).toBe('Annually');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 23, 28].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '23rd',
      '28th',
    ]);
  });

  it('says whether a payment not yet made is overdue or due today, and how many wait', () => {
    expect(dueLabel('2026-03-10', '2026-06-15')).toBe('Overdue');
    expect(dueLabel('2026-06-15', '2026-06-15')).toBe('Due today');
    expect(paymentsDueLabel(1)).toBe('1 payment due');
    expect(paymentsDueLabel(4)).toBe('4 payments due');
  });

  it('says when an order ends', () => {
    expect(endsLabel({ endDate: '2026-11-21', maxPayments: null })).toBe('On 21/11/2026');
    expect(endsLabel({ endDate: null, maxPayments: 1 })).toBe('After 1 payment');
    expect(endsLabel({ endDate: null, maxPayments: 12 })).toBe('After 12 payments');
    expect(endsLabel({ endDate: null, maxPayments: null })).toBe('Never');
  });

  it('names the order and the counts when the 50-payment cap is hit', () => {
    expect(capWarning({ amountPence: 5_000, frequency: 'daily', startDate: '2026-01-01' }, 50, 73)).toBe(
      'Standing order of £50.00 (daily from 01/01/2026) had 73 overdue payments: the first 50 were added, the other 23 follow on the next run.',
    );
  });

  it('counts processed payments as the spec words it', () => {
    expect(processedMessage(3)).toBe('Processed 3 standing order payment(s)');
  });

  it('stores a payment’s notes as the payee name and the order-id marker', () => {
    const id = '6f1c2a4e-0000-4000-8000-000000000001';
    expect(paymentNotes(STANDING_ORDER_PAYEE, id)).toBe(`Standing order [standing-order:${id}]`);
    expect(() => paymentNotes(STANDING_ORDER_PAYEE, 'x] y')).toThrow();
  });
});
