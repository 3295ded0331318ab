/**
 * The words of a plan change (issue 25: money moves in the open), said in the confirmation before
 * it and in the e-mail after it: the new price, what is credited and charged for the rest of the
 * period, when, and that a credit is used up by later payments rather than refunded to the card
 * (what the card provider does).
 */
import { formatLongDate } from '../checker/text.ts';
import { calendarDateInLondon } from '../dates/calendar-date.ts';
import { formatPence } from '../money/format.ts';
import type { PlanChangeMoney } from './plan-change-money.ts';
import type { BillingCycle } from './plans.ts';
import { type RequiredTier, TIER_LABELS } from './tier.ts';

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

/** The figures the words need: a preview as the API sends it, or core's `PlanChangeMoney`. */
type Figures = Pick<PlanChangePreview, 'tier' | 'cycle'> &
  Omit<PlanChangeMoney, 'billedAt' | 'renewsAt'> & { billedAt: string | Date; renewsAt: string | Date };

const day = (when: string | Date) => formatLongDate(calendarDateInLondon(new Date(when)));
const per = (cycle: BillingCycle) => (cycle === 'annual' ? 'a year' : 'a month');
const NO_REFUND = 'Nothing is refunded to your card: the credit is used up by your next payments.';

export function planChangeTitle(p: Pick<PlanChangePreview, 'tier' | 'cycle'>): string {
  return `Switch to ${TIER_LABELS[p.tier]} (${p.cycle})?`;
}

/** `done`: said after the change (the e-mail), in the past tense where it differs. */
export function planChangeLines(p: Figures, { done = false }: { done?: boolean } = {}): string[] {
  const price = `${TIER_LABELS[p.tier]} costs ${formatPence(p.newPricePence)} ${per(p.cycle)}.`;
  const parts = `you ${done ? 'were' : 'are'} credited ${formatPence(p.creditPence)} for what ${done ? 'was' : 'is'} left of your ${done ? 'previous' : 'current'} plan and charged ${formatPence(p.chargePence)}`;
  if (p.billed === 'now') {
    const settle =
      p.netPence >= 0
        ? `${formatPence(p.netPence)} ${done ? 'was' : 'is'} charged today.`
        : `That leaves ${formatPence(-p.netPence)} in credit. ${NO_REFUND}`;
    return [
      price,
      `Your billing ${done ? 'became' : 'becomes'} ${p.cycle} from today: ${parts} for your first ${p.cycle === 'annual' ? 'year' : 'month'}. ${settle}`,
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
    `The change ${done ? 'took effect at once' : 'starts now'}. For the rest of this period ${parts} for the new plan: ${settle}`,
    `From ${day(p.renewsAt)} you pay ${formatPence(p.newPricePence)} ${per(p.cycle)}.`,
  ];
}
