import { describe, expect, it } from 'vitest';
import { type PlanChangePreview, planChangeLines, planChangeTitle } from './plan-change-words.ts';

const upgrade: PlanChangePreview = {
  tier: 'bigpig',
  cycle: 'monthly',
  at: '2026-11-18T10:00:00.000Z',
  newPricePence: 999,
  creditPence: 250,
  chargePence: 500,
  netPence: 250,
  billed: 'next-invoice',
  billedAt: '2026-12-03T10:00:00.000Z',
  renewsAt: '2026-12-03T10:00:00.000Z',
};

describe('the words of a plan change (issue 25)', () => {
  it('an upgrade: the price, the credit and charge, and what is added to the next invoice, when', () => {
    expect(planChangeTitle(upgrade)).toBe('Switch to Big Pig (monthly)?');
    expect(planChangeLines(upgrade)).toEqual([
      'Big Pig costs £9.99 a month.',
      'The change starts now. For the rest of this period you are credited £2.50 for what is left of your current plan and charged £5.00 for the new plan: £2.50 is added to your next invoice, on 3 December 2026.',
      'From 3 December 2026 you pay £9.99 a month.',
    ]);
  });

  it('a downgrade: what comes off the next invoice, and that nothing goes back to the card', () => {
    const lines = planChangeLines({
      ...upgrade,
      tier: 'piglet',
      newPricePence: 299,
      creditPence: 333,
      chargePence: 100,
      netPence: -233,
    });
    expect(lines[1]).toBe(
      'The change starts now. For the rest of this period you are credited £3.33 for what is left of your current plan and charged £1.00 for the new plan: £2.33 comes off your next invoice, on 3 December 2026. Nothing is refunded to your card: the credit is used up by your next payments.',
    );
  });

  it('a new billing cycle: charged today, less the credit, and the renewal a year on', () => {
    expect(
      planChangeLines({
        ...upgrade,
        cycle: 'annual',
        newPricePence: 9999,
        creditPence: 500,
        chargePence: 9999,
        netPence: 9499,
        billed: 'now',
        billedAt: '2026-11-18T10:00:00.000Z',
        renewsAt: '2027-11-18T10:00:00.000Z',
      }),
    ).toEqual([
      'Big Pig costs £99.99 a year.',
      'Your billing becomes annual from today: you are credited £5.00 for what is left of your current plan and charged £99.99 for your first year. £94.99 is charged today.',
      'The plan then renews on 18 November 2027.',
    ]);
  });

  it('in the e-mail after the change, in the past tense', () => {
    expect(planChangeLines(upgrade, { done: true })[1]).toBe(
      'The change took effect at once. For the rest of this period you were credited £2.50 for what was left of your previous plan and charged £5.00 for the new plan: £2.50 is added to your next invoice, on 3 December 2026.',
    );
  });
});
