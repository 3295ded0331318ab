import { CreditCard, FlaskConical, Info } from 'lucide-react';
import { formatLongDate } from '../../core/checker/text.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { formatPence } from '../../core/money/format.ts';
import { TIER_LABELS } from '../../core/subscriptions/tier.ts';
import { refusalReason } from '../app/api.ts';
import { Alert, AlertDescription } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { useBillingMode, usePrices, useStartCheckout, useSubscription } from './api.ts';
import {
  CHECKOUT_FAILED,
  checkoutButtonText,
  SECURE_CHECKOUT_NOTE,
  TEST_MODE_NOTE,
  trialCheckoutNote,
} from './checkout-texts.ts';
import type { PlanChoice } from './plan-picker.tsx';

/** During a trial, what paying now does to it (a free-trial code's checkout starts no payment). */
function useTrialNote(
  choice: PlanChoice,
  { isFreeTierPromo, discounted }: { isFreeTierPromo: boolean; discounted: boolean },
): string | null {
  const subscription = useSubscription().data;
  const prices = usePrices().data?.prices;
  // Once the prices are in (they fall back to the defaults), so the figure never changes under the saver.
  if (!subscription?.isTrialing || !subscription.trialExpiresAt || isFreeTierPromo || !prices) return null;
  const planPrice = prices[choice.tier];
  const pence = choice.cycle === 'annual' ? planPrice.yearlyPrice : planPrice.monthlyPrice;
  return trialCheckoutNote({
    trialEndsOn: formatLongDate(calendarDateInLondon(new Date(subscription.trialExpiresAt))),
    plan: `${TIER_LABELS[choice.tier]} (${choice.cycle})`,
    price: discounted ? null : formatPence(pence),
  });
}

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
  const trialNote = useTrialNote(choice, { isFreeTierPromo, discounted: promoCodeId !== undefined });
  // Stays 'Processing...' after success too: the page is leaving for the checkout.
  const busy = checkout.isPending || checkout.isSuccess;
  const start = () =>
    checkout.mutate(
      { tier: choice.tier, cycle: choice.cycle, ...(promoCodeId ? { promoCodeId } : {}) },
      { onSuccess: ({ url }) => window.location.assign(url) },
    );
  return (
    <div className="grid gap-3">
      {trialNote ? (
        <Alert variant="info" data-testid="trial-checkout-note">
          <Info aria-hidden />
          <AlertDescription>{trialNote}</AlertDescription>
        </Alert>
      ) : null}
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
