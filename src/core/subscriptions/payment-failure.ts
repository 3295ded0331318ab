/**
 * Payment failure, the trial-ending warning and the renewal reminder (000 §3 "Payment-failure
 * record", §4 "Payment failure", §9): worked out from the subscription's facts and the instant
 * the caller passes in. The server's notifications and the browser's banner and guard read the
 * same functions. docs/decisions/0038-payment-failure-grace.md.
 */
import { calendarDateInLondon } from '../dates/calendar-date.ts';
import { addLondonDays } from '../dates/london-instant.ts';
import { isTrialing, londonDaysLeft, type SubscriptionFacts } from './access.ts';

/** The grace period after a failed payment, in London days (000 §9). */
export const GRACE_PERIOD_DAYS = 7;
/** The card provider retries a failed payment this long after it failed (000 §9). */
export const PAYMENT_RETRY_HOURS = 24;
/** The trial-ending warning: 3 days or fewer left, and more than 0. */
export const TRIAL_ENDING_DAYS = 3;
/** The renewal reminder: 7 days or fewer to the period's end, and more than 0. */
export const RENEWAL_REMINDER_DAYS = 7;

/** The statuses that put a user in the grace period (000 §4). */
export const PAYMENT_PROBLEM_STATUSES = ['failed', 'past_due', 'action_required'] as const;

export function isPaymentProblemStatus(status: string): boolean {
  return (PAYMENT_PROBLEM_STATUSES as readonly string[]).includes(status);
}

/** The facts the payment-failure side reads (the browser's view carries the same). */
export type PaymentFacts = Pick<SubscriptionFacts, 'paymentStatus' | 'lastPaymentFailureAt' | 'paymentFailureCount'>;

/** The spec's payment-failure record, less the ids (the caller knows whose it is). */
export type PaymentFailureRecord = {
  paymentStatus: string;
  failureCount: number;
  /** The instant the last payment failed. */
  lastFailureDate: Date;
  /** The provider's next try: 24 hours after the failure. */
  nextRetryDate: Date;
  /** Seven London days after the failure, at the same London wall-clock time. */
  gracePeriodEnd: Date;
  /** A problem status and `now` before the grace period's end. */
  isInGracePeriod: boolean;
  /** Whole London days from today to the grace end's day (0 on its last day); null once over. */
  graceDaysLeft: number | null;
};

/**
 * The record for a user whose status is failed, past_due or action_required and whose failure the
 * webhooks dated; null otherwise (no problem, or no failure instant to count the grace from).
 */
export function paymentFailureRecord(facts: PaymentFacts, now: Date): PaymentFailureRecord | null {
  const last = facts.lastPaymentFailureAt;
  if (!isPaymentProblemStatus(facts.paymentStatus) || last === null) return null;
  const gracePeriodEnd = addLondonDays(last, GRACE_PERIOD_DAYS);
  const isInGracePeriod = now.getTime() < gracePeriodEnd.getTime();
  return {
    paymentStatus: facts.paymentStatus,
    failureCount: Math.max(facts.paymentFailureCount, 1),
    lastFailureDate: last,
    nextRetryDate: new Date(last.getTime() + PAYMENT_RETRY_HOURS * 3_600_000),
    gracePeriodEnd,
    isInGracePeriod,
    graceDaysLeft: isInGracePeriod ? londonDaysLeft(gracePeriodEnd, now) : null,
  };
}

/** The record when the user is in the grace period now, else null. */
export function gracePeriodOf(facts: PaymentFacts, now: Date): PaymentFailureRecord | null {
  const record = paymentFailureRecord(facts, now);
  return record?.isInGracePeriod ? record : null;
}

/** 'day' or 'days' for the spec's 'N day(s)' (as the trial banner words it). */
export function daysText(n: number): string {
  return `${n} ${n === 1 ? 'day' : 'days'}`;
}

/** The Payment Failed notification's message (000 §4). */
export function paymentFailedMessage(daysLeft: number): string {
  return `Your payment failed. You have ${daysText(daysLeft)} left in your grace period.`;
}

/**
 * What the grace period's notification and banner say: the spec's Payment Failed text, or for
 * action_required (the bank wants the payer to confirm; the spec gives no text) ours.
 */
export function gracePeriodMessage(record: Pick<PaymentFailureRecord, 'paymentStatus'>, daysLeft: number): string {
  return record.paymentStatus === 'action_required'
    ? `Your bank needs you to confirm your payment. You have ${daysText(daysLeft)} left in your grace period.`
    : paymentFailedMessage(daysLeft);
}

/**
 * London days left of a trial when the trial-ending warning is due (trialing with 3 or fewer and
 * more than 0 days left), else null. A paying user (status active) or an admin override is not
 * warned: their access does not end with the trial.
 */
export function trialEndingDaysLeft(s: SubscriptionFacts, now: Date): number | null {
  if (s.adminOverride || s.paymentStatus === 'active' || !isTrialing(s, now)) return null;
  const days = londonDaysLeft(s.trialExpiresAt, now);
  return days !== null && days > 0 && days <= TRIAL_ENDING_DAYS ? days : null;
}

/**
 * The renewal reminder: status active with 7 or fewer (and more than 0) London days to the
 * period's end. Not when the subscription is set to cancel at the period's end: nothing renews
 * (the Settings tab shows the end date instead).
 */
export function renewalReminder(s: SubscriptionFacts, now: Date): { renewsAt: Date; daysLeft: number } | null {
  if (s.paymentStatus !== 'active' || s.cancelAtPeriodEnd || s.currentPeriodEnd === null) return null;
  const days = londonDaysLeft(s.currentPeriodEnd, now);
  return days !== null && days > 0 && days <= RENEWAL_REMINDER_DAYS
    ? { renewsAt: s.currentPeriodEnd, daysLeft: days }
    : null;
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** An instant's London date as the spec's 'MMM dd, yyyy' ('Dec 03, 2026'). */
export function formatRenewalDate(instant: Date): string {
  const [year, month, day] = calendarDateInLondon(instant).split('-');
  return `${SHORT_MONTHS[Number(month) - 1]} ${day}, ${year}`;
}
