import { gracePeriodOf, type PaymentFailureRecord } from '../../core/subscriptions/payment-failure.ts';
import type { Subscription } from './api.ts';

/**
 * The payment-failure record in the grace period, from the subscription view the browser polls
 * (000 §3: derived on the client; the rules are core's, as the server's notifications use).
 */
export function graceOf(subscription: Subscription | undefined, now: Date): PaymentFailureRecord | null {
  if (!subscription) return null;
  return gracePeriodOf(
    {
      paymentStatus: subscription.paymentStatus,
      lastPaymentFailureAt: subscription.lastPaymentFailureAt ? new Date(subscription.lastPaymentFailureAt) : null,
      paymentFailureCount: subscription.paymentFailureCount,
    },
    now,
  );
}
