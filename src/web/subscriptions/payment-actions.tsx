import { CreditCard, RefreshCw } from 'lucide-react';
import { notify } from '../app/notify.ts';
import { Button } from '../ui/button.tsx';
import { BILLING_MESSAGES, retryPaymentFailureMessage, useOpenPortal, useRetryPayment } from './billing-actions.ts';

/**
 * Update Payment Method (the provider's portal) and Retry Payment, each opening the provider's
 * page in a new tab, with the spec's failure texts (000 §8).
 */
export function PaymentActions({ size = 'sm' }: { size?: 'sm' | 'default' }) {
  const portal = useOpenPortal();
  const retry = useRetryPayment();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        type="button"
        size={size}
        variant="destructive"
        disabled={portal.isPending}
        onClick={() => portal.mutate(undefined, { onError: () => notify.error(BILLING_MESSAGES.portalFailed) })}
      >
        <CreditCard aria-hidden />
        {portal.isPending ? 'Opening...' : 'Update Payment Method'}
        <span className="sr-only"> (opens in a new tab)</span>
      </Button>
      <Button
        type="button"
        size={size}
        variant="outline"
        disabled={retry.isPending}
        onClick={() => retry.mutate(undefined, { onError: (error) => notify.error(retryPaymentFailureMessage(error)) })}
      >
        <RefreshCw aria-hidden />
        {retry.isPending ? 'Retrying...' : 'Retry Payment'}
        <span className="sr-only"> (opens in a new tab)</span>
      </Button>
    </div>
  );
}
