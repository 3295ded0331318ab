import { CreditCard, FlaskConical } from 'lucide-react';
import { refusalReason } from '../app/api.ts';
import { Alert, AlertDescription } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { useBillingMode, useStartCheckout } from './api.ts';
import { CHECKOUT_FAILED, checkoutButtonText, SECURE_CHECKOUT_NOTE, TEST_MODE_NOTE } from './checkout-texts.ts';
import type { PlanChoice } from './plan-picker.tsx';

/**
 * The checkout button: asks the server for the card provider's hosted checkout and sends the
 * browser there ('Processing...' meanwhile). In test mode the checkout is a local page, and the
 * panel says so.
 */
export function CheckoutPanel({
  choice,
  isFreeTierPromo = false,
  promoCodeId,
}: {
  choice: PlanChoice;
  isFreeTierPromo?: boolean;
  promoCodeId?: string | undefined;
}) {
  const checkout = useStartCheckout();
  const mode = useBillingMode();
  // Stays 'Processing...' after success too: the page is leaving for the checkout.
  const busy = checkout.isPending || checkout.isSuccess;
  const start = () =>
    checkout.mutate(
      { tier: choice.tier, cycle: choice.cycle, ...(promoCodeId ? { promoCodeId } : {}) },
      { onSuccess: ({ url }) => window.location.assign(url) },
    );
  return (
    <div className="grid gap-3">
      <Button
        type="button"
        size="lg"
        className="w-full sm:w-fit"
        onClick={start}
        disabled={busy}
        aria-busy={busy}
        data-testid="checkout-button"
      >
        <CreditCard aria-hidden />
        {checkoutButtonText({ isLoading: busy, isFreeTierPromo })}
      </Button>
      <p className="text-sm text-muted-foreground">{SECURE_CHECKOUT_NOTE}</p>
      {mode.data?.testMode ? (
        <p className="flex items-center gap-2 text-sm font-medium" data-testid="test-mode-note">
          <FlaskConical aria-hidden className="size-4 text-warning" />
          {TEST_MODE_NOTE}
        </p>
      ) : null}
      {checkout.isError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{refusalReason(checkout.error) ?? CHECKOUT_FAILED}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
