/**
 * What a change of paid plan does to the money, as the card provider prorates it (Stripe's
 * `create_prorations`, to the second): the unused part of what was paid for this period is
 * credited and the rest of the period at the new price is charged, both on the next invoice. A
 * change of billing cycle starts a new period at once and is invoiced at once: the new price, less
 * that credit. Test mode charges by this rule; with Stripe the figures are Stripe's own preview.
 */
import type { BillingCycle } from './plans.ts';

export type PlanChangeMoney = {
  /** The new plan's price for one of its cycles. */
  newPricePence: number;
  /** The unused part of the current period's price, given back. */
  creditPence: number;
  /** The new price for the rest of this period (same cycle), or for a whole new period (cycle change). */
  chargePence: number;
  /** `chargePence − creditPence`: negative is a credit that later invoices use up (no card refund). */
  netPence: number;
  /** When the net amount is billed: with the next invoice, or at once (a cycle change). */
  billed: 'next-invoice' | 'now';
  /** When that is (the period's end, or the change itself). */
  billedAt: Date;
  /** When the plan renews after the change. */
  renewsAt: Date;
};

/** One billing cycle before or after `from`, on the same day of the month where it exists (else the last). */
export function addCycles(from: Date, cycle: BillingCycle, count: number): Date {
  const months = (cycle === 'annual' ? 12 : 1) * count;
  const target = new Date(from.getTime());
  const day = from.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

export function planChangeMoney({
  from,
  to,
  periodEnd,
  at,
}: {
  from: { pricePence: number; cycle: BillingCycle };
  to: { pricePence: number; cycle: BillingCycle };
  /** The current period's end (it began one `from.cycle` before). */
  periodEnd: Date;
  /** The instant of the change (the proration date). */
  at: Date;
}): PlanChangeMoney {
  const periodStart = addCycles(periodEnd, from.cycle, -1);
  const period = periodEnd.getTime() - periodStart.getTime();
  const remaining = Math.min(Math.max(periodEnd.getTime() - at.getTime(), 0), period);
  const share = (pence: number) => Math.round((pence * remaining) / period);
  const creditPence = share(from.pricePence);
  if (from.cycle !== to.cycle) {
    return {
      newPricePence: to.pricePence,
      creditPence,
      chargePence: to.pricePence,
      netPence: to.pricePence - creditPence,
      billed: 'now',
      billedAt: at,
      renewsAt: addCycles(at, to.cycle, 1),
    };
  }
  const chargePence = share(to.pricePence);
  return {
    newPricePence: to.pricePence,
    creditPence,
    chargePence,
    netPence: chargePence - creditPence,
    billed: 'next-invoice',
    billedAt: periodEnd,
    renewsAt: periodEnd,
  };
}
