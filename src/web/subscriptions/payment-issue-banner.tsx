import { TriangleAlert } from 'lucide-react';
import { gracePeriodMessage } from '../../core/subscriptions/payment-failure.ts';
import type { Subscription } from './api.ts';
import { graceOf } from './grace.ts';
import { PaymentActions } from './payment-actions.tsx';

/**
 * 'Payment Issue Detected' (000 §4): shown on every signed-in page during the payment-failure
 * grace period, with the days left, Update Payment Method and Retry Payment. Not dismissible:
 * the grace period is the user's deadline.
 */
export function PaymentIssueBanner({ subscription, now = new Date() }: { subscription: Subscription; now?: Date }) {
  const grace = graceOf(subscription, now);
  if (!grace || grace.graceDaysLeft === null) return null;
  return (
    <section aria-labelledby="payment-issue-title" className="border-b border-destructive/40 bg-destructive-soft">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-6">
        <div className="flex flex-1 items-start gap-3">
          <TriangleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
          <div className="text-sm">
            <h2 id="payment-issue-title" className="font-semibold">
              Payment Issue Detected
            </h2>
            <p className="text-foreground/90">{gracePeriodMessage(grace, grace.graceDaysLeft)}</p>
          </div>
        </div>
        <PaymentActions />
      </div>
    </section>
  );
}
