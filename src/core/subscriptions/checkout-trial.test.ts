import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkoutTrialDays, checkoutTrialEnd, freeTrialCheckoutNote } from './checkout-trial.ts';

const NOW = new Date('2026-11-28T18:40:00Z');
const code = (over: Partial<Parameters<typeof checkoutTrialDays>[0] & object> = {}) => ({
  isFreeTier: true,
  durationDays: null,
  durationMonths: null,
  ...over,
});

describe('the free trial a free-tier code starts at the checkout', () => {
  it.each<[string, ReturnType<typeof code> | null, number | null]>([
    ['no code', null, null],
    ['a code that is not free tier', code({ isFreeTier: false, durationDays: 14 }), null],
    ['a free-tier code without a duration', code(), null],
    ['14 days', code({ durationDays: 14 }), 14],
    // 28 November to 28 December: 30 days.
    ['one month from 28 November', code({ durationMonths: 1 }), 30],
    ['one month and 2 days', code({ durationMonths: 1, durationDays: 2 }), 32],
    ['three months (to 28 February 2027)', code({ durationMonths: 3 }), 92],
  ])('%s → %s days', (_, promo, days) => {
    expect(checkoutTrialDays(promo, NOW)).toBe(days);
  });

  it('counts a month across the spring clock change as whole days (1 March 2027 + 1 month = 31 days)', () => {
    expect(checkoutTrialDays(code({ durationMonths: 1 }), new Date('2027-03-01T12:00:00Z'))).toBe(31);
  });

  it('ends the trial whole days of 24 hours later, as the provider counts', () => {
    expect(checkoutTrialEnd(NOW, 30).toISOString()).toBe('2026-12-28T18:40:00.000Z');
  });

  it('a day-only code gives exactly its days, whatever the instant', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 730 }),
        fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }),
        (days, now) => checkoutTrialDays(code({ durationDays: days }), now) === days,
      ),
    );
  });

  it('states nothing today, the price, the day and how to pay nothing', () => {
    expect(
      freeTrialCheckoutNote({
        days: 30,
        endsOn: '28 December 2026',
        plan: 'Big Pig',
        price: '£4.99',
        cycle: 'monthly',
      }),
    ).toBe(
      'Your promo code gives a 30-day free trial of Big Pig. Nothing is taken today: £4.99 for Big Pig is taken on 28 December 2026, then every month until you cancel. Cancel before 28 December 2026 and you pay nothing.',
    );
    expect(
      freeTrialCheckoutNote({ days: 14, endsOn: '12 December 2026', plan: 'Piglet', price: null, cycle: 'annual' }),
    ).toContain('your first payment for Piglet is taken on 12 December 2026, then every year');
  });
});
