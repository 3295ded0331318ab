import { CreditCard, type LucideIcon, RefreshCw } from 'lucide-react';
import { notify } from '../app/notify.ts';
import { Button } from '../ui/button.tsx';
import { BILLING_MESSAGES, retryPaymentFailureMessage, useOpenPortal, useRetryPayment } from './billing-actions.ts';

type NewTabAction = { isPending: boolean; mutate: (v: undefined, o: { onError: (error: unknown) => void }) => void };

/** A button that opens one of the provider's pages in a new tab, saying so to screen readers. */
export function ProviderPageButton({
  action,
  label,
  pendingLabel = 'Opening...',
  icon: Icon,
  variant = 'outline',
  size = 'sm',
  failure,
}: {
  action: NewTabAction;
  label: string;
  pendingLabel?: string;
  icon: LucideIcon;
  variant?: 'outline' | 'destructive';
  size?: 'sm' | 'default';
  failure: (error: unknown) => string;
}) {
  return (
    <Button
      type="button"
      size={size}
      variant={variant}
      disabled={action.isPending}
      onClick={() => action.mutate(undefined, { onError: (error) => notify.error(failure(error)) })}
    >
      <Icon aria-hidden />
      {action.isPending ? pendingLabel : label}
      <span className="sr-only"> (opens in a new tab)</span>
    </Button>
  );
}

/**
 * Update Payment Method (the provider's portal) and Retry Payment, each opening the provider's
 * page in a new tab, with the spec's failure texts (000 §8).
 */
export function PaymentActions() {
  const portal = useOpenPortal();
  const retry = useRetryPayment();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ProviderPageButton
        action={portal}
        label="Update Payment Method"
        icon={CreditCard}
        variant="destructive"
        failure={() => BILLING_MESSAGES.portalFailed}
      />
      <ProviderPageButton
        action={retry}
        label="Retry Payment"
        pendingLabel="Retrying..."
        icon={RefreshCw}
        failure={retryPaymentFailureMessage}
      />
    </div>
  );
}
