/**
 * The e-mails sent when money moves (docs/decisions/0037, "E-mails when money moves"): each states
 * the amount in pounds (£1,234.56) and its dates as "21 November 2026" (London). Where the provider
 * did not tell us an amount, the mail says so rather than guessing.
 */
import { calendarDateInLondon, MONTH_NAMES } from '../../core/dates/calendar-date.ts';
import { formatPence } from '../../core/money/format.ts';
import type { PlanChoice } from '../../core/subscriptions/billing-notices.ts';
import { GRACE_PERIOD_DAYS } from '../../core/subscriptions/payment-failure.ts';
import { PLANS } from '../../core/subscriptions/plans.ts';
import type { OutgoingMail } from './mailer.ts';
import { compose } from './templates.ts';
import type { PlanChangeMoney } from '../../core/subscriptions/plan-change-money.ts';
import { planChangeLines } from '../../core/subscriptions/plan-change-words.ts';

/** "21 November 2026": the instant's London date. */
export function longDate(instant: Date): string {
  const [year, month, day] = calendarDateInLondon(instant).split('-');
  return `${Number(day)} ${MONTH_NAMES[Number(month) - 1]} ${year}`;
}

export function planName(tier: PlanChoice['tier']): string {
  return PLANS.find((p) => p.tier === tier)?.name ?? tier;
}

const cycleWord = (cycle: PlanChoice['cycle']) => (cycle === 'monthly' ? 'monthly' : 'annual');
const planText = (plan: PlanChoice) => `${planName(plan.tier)} (${cycleWord(plan.cycle)})`;

export type MailLinks = { subscriptionUrl: string; updateCardUrl: string; subscribeUrl: string; settingsUrl: string };

export function paymentReceivedMail(
  to: string,
  notice: {
    amountPence: number | null;
    plan: PlanChoice | null;
    periodStart: Date | null;
    periodEnd: Date | null;
    nextPaymentAt: Date | null;
  },
  links: Pick<MailLinks, 'subscriptionUrl'>,
): OutgoingMail {
  const amount = notice.amountPence === null ? 'your payment' : formatPence(notice.amountPence);
  const period =
    notice.periodStart && notice.periodEnd
      ? `It pays for ${longDate(notice.periodStart)} to ${longDate(notice.periodEnd)}.`
      : notice.periodEnd
        ? `It pays for your plan until ${longDate(notice.periodEnd)}.`
        : 'The provider did not tell us the period it pays for; Settings → Subscription shows your plan.';
  return compose(to, notice.amountPence === null ? 'Payment received' : `Payment received: ${amount}`, [
    {
      kind: 'p',
      text: `Thank you: we have received ${amount}${notice.plan ? ` for SavvyPig ${planText(notice.plan)}` : ' for your SavvyPig subscription'}.`,
    },
    { kind: 'p', text: period },
    {
      kind: 'p',
      text: notice.nextPaymentAt
        ? `Your next payment is due on ${longDate(notice.nextPaymentAt)}.`
        : 'No further payment is due: your subscription ends at the end of this period.',
    },
    { kind: 'button', label: 'View your subscription', url: links.subscriptionUrl },
  ]);
}

export function paymentFailedMail(
  to: string,
  notice: { amountPence: number | null; failedAt: Date; graceEndsAt: Date },
  links: Pick<MailLinks, 'updateCardUrl'>,
): OutgoingMail {
  const amount = notice.amountPence === null ? 'your payment' : `your payment of ${formatPence(notice.amountPence)}`;
  return compose(to, 'Your SavvyPig payment failed', [
    { kind: 'p', text: `We could not take ${amount} on ${longDate(notice.failedAt)}.` },
    {
      kind: 'p',
      text: `You keep your plan for a ${GRACE_PERIOD_DAYS}-day grace period while the card provider tries again. If the payment still has not gone through by ${longDate(notice.graceEndsAt)}, your paid features end then. Your data stays yours either way.`,
    },
    { kind: 'p', text: 'Please update your card or pay the invoice now:' },
    { kind: 'button', label: 'Update payment method', url: links.updateCardUrl },
  ]);
}

export function planChangedMail(
  to: string,
  notice: { from: PlanChoice; to: PlanChoice; at: Date; money?: PlanChangeMoney },
  links: Pick<MailLinks, 'subscriptionUrl'>,
): OutgoingMail {
  const money = notice.money;
  return compose(to, `Your SavvyPig plan is now ${planText(notice.to)}`, [
    {
      kind: 'p',
      text: `Your plan changed from ${planText(notice.from)} to ${planText(notice.to)} on ${longDate(notice.at)}, and it takes effect from that date.`,
    },
    ...(money
      ? // The figures the saver confirmed, in the same words, after the fact.
        planChangeLines({ ...notice.to, ...money }, { done: true }).map((text) => ({ kind: 'p' as const, text }))
      : [
          {
            kind: 'p' as const,
            // A change made at the provider (its portal) comes with no amount: we say so rather than guess.
            text: 'The card provider did not tell us the amount charged or credited for the change. Any charge or credit will show on your next invoice, listed under Settings → Subscription.',
          },
        ]),
    { kind: 'button', label: 'View your subscription', url: links.subscriptionUrl },
  ]);
}

export function trialEndingMail(
  to: string,
  notice: { trialEndsAt: Date },
  links: Pick<MailLinks, 'subscribeUrl'>,
): OutgoingMail {
  return compose(to, `Your SavvyPig trial ends on ${longDate(notice.trialEndsAt)}`, [
    { kind: 'p', text: `Your free Big Pig trial ends on ${longDate(notice.trialEndsAt)}.` },
    {
      kind: 'p',
      text: 'After that, choose a plan to keep using SavvyPig. Nothing is charged unless you choose one, and everything you have stored stays readable and exportable.',
    },
    { kind: 'button', label: 'Choose a plan', url: links.subscribeUrl },
  ]);
}

/** A free-tier promo code's trial began at the checkout: nothing was taken; when the first payment is. */
export function trialStartedMail(
  to: string,
  notice: { plan: PlanChoice | null; firstPaymentAt: Date | null; firstPaymentPence: number | null },
  links: Pick<MailLinks, 'subscriptionUrl'>,
): OutgoingMail {
  const plan = notice.plan ? `SavvyPig ${planText(notice.plan)}` : 'your SavvyPig plan';
  const payment =
    notice.firstPaymentPence === null
      ? 'Your first payment'
      : `Your first payment of ${formatPence(notice.firstPaymentPence)}`;
  const when = notice.firstPaymentAt
    ? `${payment} will be taken on ${longDate(notice.firstPaymentAt)}. Cancel before then and you pay nothing.`
    : 'Your subscription is set to end when the trial does, so nothing will be taken.';
  return compose(to, 'Your SavvyPig free trial has started', [
    { kind: 'p', text: `Your free trial of ${plan} has started. Nothing was taken today.` },
    { kind: 'p', text: when },
    { kind: 'button', label: 'View your subscription', url: links.subscriptionUrl },
  ]);
}

/** A card trial's first payment is three days away (the provider's reminder): how much, and when. */
export function cardTrialEndingMail(
  to: string,
  notice: {
    plan: PlanChoice | null;
    trialEndsAt: Date | null;
    firstPaymentAt: Date | null;
    firstPaymentPence: number | null;
  },
  links: Pick<MailLinks, 'subscriptionUrl'>,
): OutgoingMail {
  const plan = notice.plan ? `SavvyPig ${planText(notice.plan)}` : 'your SavvyPig plan';
  const ends = notice.trialEndsAt ? `ends on ${longDate(notice.trialEndsAt)}` : 'ends soon';
  const payment =
    notice.firstPaymentPence === null
      ? 'Your first payment'
      : `Your first payment of ${formatPence(notice.firstPaymentPence)}`;
  const then = notice.firstPaymentAt
    ? `${payment} will be taken from your card on ${longDate(notice.firstPaymentAt)}. To pay nothing, cancel before then.`
    : 'Your subscription is set to end with the trial, so nothing will be taken.';
  return compose(to, `Your SavvyPig free trial ${ends}`, [
    { kind: 'p', text: `Your free trial of ${plan} ${ends}.` },
    { kind: 'p', text: then },
    { kind: 'button', label: 'View your subscription', url: links.subscriptionUrl },
  ]);
}

export function subscriptionCancelledMail(
  to: string,
  notice: { accessEndsAt: Date | null; immediately: boolean },
  links: Pick<MailLinks, 'settingsUrl'>,
): OutgoingMail {
  const ends = notice.immediately
    ? 'Your paid features have ended today.'
    : notice.accessEndsAt
      ? `You keep your paid features until ${longDate(notice.accessEndsAt)}; they end then.`
      : 'You keep your paid features until the end of the period you have paid for.';
  return compose(to, 'Your SavvyPig subscription is cancelled', [
    { kind: 'p', text: 'Your SavvyPig subscription has been cancelled.' },
    { kind: 'p', text: ends },
    { kind: 'p', text: 'Nothing more will be charged.' },
    {
      kind: 'p',
      text: 'Your accounts and everything else you have stored stay readable, and you can export them at any time from Settings.',
    },
    { kind: 'button', label: 'Open Settings', url: links.settingsUrl },
  ]);
}
