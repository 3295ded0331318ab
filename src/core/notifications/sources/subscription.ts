import { calendarDateInLondon } from '../../dates/calendar-date.ts';
import {
  daysText,
  formatRenewalDate,
  gracePeriodMessage,
  gracePeriodOf,
  renewalReminder,
  trialEndingDaysLeft,
} from '../../subscriptions/payment-failure.ts';
import { notificationId } from '../id.ts';
import type { NotificationRows } from '../rows.ts';
import type { NotificationDraft } from '../types.ts';

/** Where the payment notifications' actions lead (000 §2: the payment route opens the portal). */
export const SUBSCRIPTION_LINKS = {
  payment: '/settings/subscription/payment',
  subscription: '/settings/subscription',
  subscribe: '/subscribe',
} as const;

/**
 * The spec's subscription notifications (000 §4 "Notification types", ADR 0038): Payment Failed
 * (failed or past_due) or Action Required (action_required) during the grace period, neither
 * dismissible; Trial Ending Soon at 3 days or fewer; Subscription Renewal at 7 days or fewer. Each
 * id hashes the figures it states, so a dismissed reminder comes back when its days change.
 */
export function subscriptionNotifications(rows: NotificationRows): NotificationDraft[] {
  if (!rows.subscription) return [];
  const { facts, now } = rows.subscription;
  const out: NotificationDraft[] = [];
  const grace = gracePeriodOf(facts, now);
  if (grace && grace.graceDaysLeft !== null) {
    const actionRequired = grace.paymentStatus === 'action_required';
    const figures = [grace.lastFailureDate.toISOString(), grace.graceDaysLeft];
    out.push({
      id: notificationId('subscription', actionRequired ? 'action-required' : 'payment-failed', figures),
      kind: 'subscription',
      severity: 'error',
      title: actionRequired ? 'Action Required' : 'Payment Failed',
      message: gracePeriodMessage(grace, grace.graceDaysLeft),
      link: {
        label: actionRequired ? 'Take Action' : 'Update Payment Method',
        href: SUBSCRIPTION_LINKS.payment,
      },
      date: calendarDateInLondon(grace.gracePeriodEnd),
      dismissible: false,
    });
  }
  const trialDays = trialEndingDaysLeft(facts, now);
  if (trialDays !== null && facts.trialExpiresAt) {
    out.push({
      id: notificationId('subscription', 'trial-ending', [facts.trialExpiresAt.toISOString(), trialDays]),
      kind: 'subscription',
      severity: 'warning',
      title: 'Trial Ending Soon',
      message: `Your trial ends in ${daysText(trialDays)}. Add a payment method to keep your features.`,
      link: { label: 'Add Payment Method', href: SUBSCRIPTION_LINKS.subscribe },
      date: calendarDateInLondon(facts.trialExpiresAt),
    });
  }
  const renewal = renewalReminder(facts, now);
  if (renewal) {
    out.push({
      id: notificationId('subscription', 'renewal', [renewal.renewsAt.toISOString()]),
      kind: 'subscription',
      severity: 'info',
      title: 'Subscription Renewal',
      message: `Your subscription renews on ${formatRenewalDate(renewal.renewsAt)}.`,
      link: { label: 'Manage Subscription', href: SUBSCRIPTION_LINKS.subscription },
      date: calendarDateInLondon(renewal.renewsAt),
    });
  }
  return out;
}
