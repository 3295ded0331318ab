import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCycles, planChangeMoney } from './plan-change-money.ts';

const DAY = 86_400_000;
// A monthly period from 3 November to 3 December 2026 (30 days), changed on 18 November at 10:00,
// with 15 days of it left: half the period.
const periodEnd = new Date('2026-12-03T10:00:00Z');
const halfway = new Date('2026-11-18T10:00:00Z');

describe('what a plan change does to the money (issue 25, worked by hand)', () => {
  it('Boar to Big Pig, monthly, halfway: £4.99 × ½ credited, £9.99 × ½ charged, £2.50 on the next invoice', () => {
    expect(
      planChangeMoney({
        from: { pricePence: 499, cycle: 'monthly' },
        to: { pricePence: 999, cycle: 'monthly' },
        periodEnd,
        at: halfway,
      }),
    ).toEqual({
      newPricePence: 999,
      creditPence: 250, // 499 / 2 = 249.5 → 250
      chargePence: 500, // 999 / 2 = 499.5 → 500
      netPence: 250,
      billed: 'next-invoice',
      billedAt: periodEnd,
      renewsAt: periodEnd,
    });
  });

  it('Big Pig to Piglet, monthly, a third left (10 of 30 days): £3.33 back, £1.00 charged, £2.33 off the next invoice', () => {
    const money = planChangeMoney({
      from: { pricePence: 999, cycle: 'monthly' },
      to: { pricePence: 299, cycle: 'monthly' },
      periodEnd,
      at: new Date(periodEnd.getTime() - 10 * DAY),
    });
    expect(money).toMatchObject({ creditPence: 333, chargePence: 100, netPence: -233, billed: 'next-invoice' });
  });

  it('Big Pig monthly to Big Pig annual, halfway: £99.99 now less £5.00 credit, £94.99 today, renewing a year on', () => {
    const money = planChangeMoney({
      from: { pricePence: 999, cycle: 'monthly' },
      to: { pricePence: 9999, cycle: 'annual' },
      periodEnd,
      at: halfway,
    });
    expect(money).toEqual({
      newPricePence: 9999,
      creditPence: 500,
      chargePence: 9999,
      netPence: 9499,
      billed: 'now',
      billedAt: halfway,
      renewsAt: new Date('2027-11-18T10:00:00Z'),
    });
  });

  it('counts nothing left at the period’s end, and the whole period at its start', () => {
    const at = (when: Date) =>
      planChangeMoney({
        from: { pricePence: 499, cycle: 'monthly' },
        to: { pricePence: 999, cycle: 'monthly' },
        periodEnd,
        at: when,
      });
    expect(at(periodEnd)).toMatchObject({ creditPence: 0, chargePence: 0, netPence: 0 });
    expect(at(new Date('2026-11-03T10:00:00Z'))).toMatchObject({ creditPence: 499, chargePence: 999, netPence: 500 });
  });

  it('keeps the day of the month where it can, else the month’s last day', () => {
    expect(addCycles(new Date('2026-03-31T10:00:00Z'), 'monthly', -1)).toEqual(new Date('2026-02-28T10:00:00Z'));
    expect(addCycles(new Date('2028-02-29T10:00:00Z'), 'annual', 1)).toEqual(new Date('2029-02-28T10:00:00Z'));
    expect(addCycles(new Date('2026-12-03T10:00:00Z'), 'monthly', 1)).toEqual(new Date('2027-01-03T10:00:00Z'));
  });

  it('never credits more than was paid nor charges more than the new price, at any instant', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: -40 * DAY, max: 40 * DAY }),
        (fromPence, toPence, offset) => {
          const money = planChangeMoney({
            from: { pricePence: fromPence, cycle: 'monthly' },
            to: { pricePence: toPence, cycle: 'monthly' },
            periodEnd,
            at: new Date(periodEnd.getTime() - offset),
          });
          expect(money.creditPence).toBeGreaterThanOrEqual(0);
          expect(money.creditPence).toBeLessThanOrEqual(fromPence);
          expect(money.chargePence).toBeLessThanOrEqual(toPence);
          expect(money.netPence).toBe(money.chargePence - money.creditPence);
        },
      ),
    );
  });
});
