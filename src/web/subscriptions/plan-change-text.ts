/**
 * The words of a plan change's confirmation (issue 25: money moves in the open): the new price,
 * what is credited and charged for the rest of the period, when, and that a credit is used up by
 * later invoices rather than refunded to the card (what the card provider does).
 */
import { formatLongDate } from '../../core/checker/text.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { formatPence } from '../../core/money/format.ts';
import type { BillingCycle } from '../../core/subscriptions/plans.ts';
import { type RequiredTier, TIER_LABELS } from '../../core/subscriptions/tier.ts';

/** GET /api/billing/change-preview. */
export type PlanChangePreview = {
  tier: RequiredTier;
  cycle: BillingCycle;
  at: string;
  newPricePence: number;
  creditPence: number;
  chargePence: number;
  netPence: number;
  billed: 'next-invoice' | 'now';
  billedAt: string;
  renewsAt: string;
};

const day = (iso: string) => formatLongDate(calendarDateInLondon(new Date(iso)));
const per = (cycle: BillingCycle) => (cycle === 'annual' ? 'a year' : 'a month');
const NO_REFUND = 'Nothing is refunded to your card: the credit is used up by your next payments.';

export function planChangeTitle(p: Pick<PlanChangePreview, 'tier' | 'cycle'>): string {
  return `Switch to ${TIER_LABELS[p.tier]} (${p.cycle})?`;
}

export function planChangeLines(p: PlanChangePreview): string[] {
  const price = `${TIER_LABELS[p.tier]} costs ${formatPence(p.newPricePence)} ${per(p.cycle)}.`;
  const parts = `you are credited ${formatPence(p.creditPence)} for what is left of your current plan and charged ${formatPence(p.chargePence)}`;
  if (p.billed === 'now') {
    const settle =
      p.netPence >= 0
        ? `${formatPence(p.netPence)} is charged today.`
        : `That leaves ${formatPence(-p.netPence)} in credit. ${NO_REFUND}`;
    return [
      price,
      `Your billing becomes ${p.cycle} from today: ${parts} for your first ${p.cycle === 'annual' ? 'year' : 'month'}. ${settle}`,
      `The plan then renews on ${day(p.renewsAt)}.`,
    ];
  }
  const settle =
    p.netPence > 0
      ? `${formatPence(p.netPence)} is added to your next invoice, on ${day(p.billedAt)}.`
      : p.netPence < 0
        ? `${formatPence(-p.netPence)} comes off your next invoice, on ${day(p.billedAt)}. ${NO_REFUND}`
        : 'Nothing more is charged for this period.';
  return [
    price,
    `The change starts now. For the rest of this period ${parts} for the new plan: ${settle}`,
    `From ${day(p.renewsAt)} you pay ${formatPence(p.newPricePence)} ${per(p.cycle)}.`,
  ];
}
