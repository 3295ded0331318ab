import { CreditCard, FlaskConical, Info } from 'lucide-react';
import { formatLongDate } from '../../core/checker/text.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { formatPence } from '../../core/money/format.ts';
import { discountedPence } from '../../core/subscriptions/billing.ts';
import { checkoutTrialDays, checkoutTrialEnd, freeTrialCheckoutNote } from '../../core/subscriptions/checkout-trial.ts';
import { TIER_LABELS } from '../../core/subscriptions/tier.ts';
import { refusalReason } from '../app/api.ts';
import { Alert, AlertDescription } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { type PromoDetails, useBillingMode, usePrices, useStartCheckout, useSubscription } from './api.ts';
import {
  CHECKOUT_FAILED,
  checkoutButtonText,
  SECURE_CHECKOUT_NOTE,
  TEST_MODE_NOTE,
  trialCheckoutNote,
} from './checkout-texts.ts';
import type { PlanChoice } from './plan-picker.tsx';

/** What the promo code does at the checkout: the free trial it starts, the share it takes off. */
function checkoutPromo(promo: PromoDetails | null | undefined) {
  if (!promo) return { trialDays: null, discountPercent: null };
  const trialDays = checkoutTrialDays(
    { isFreeTier: promo.is_free_tier, durationDays: promo.duration_days, durationMonths: promo.duration_months },
    new Date(),
  );
  return { trialDays, discountPercent: promo.promo_type === 'discount' ? promo.discount_percentage : null };
}

/**
 * What the checkout does to money, said before the saver leaves for the card provider: a free-tier
 * code's trial (nothing today, then the price from its end), or, during the app's trial, that paying
 * now ends it today.
 */
function useCheckoutNote(
  choice: PlanChoice,
  { trialDays, discountPercent }: ReturnType<typeof checkoutPromo>,
): string | null {
  const subscription = useSubscription().data;
  const prices = usePrices().data?.prices;
  // Once the prices are in (they fall back to the defaults), so the figure never changes under the saver.
  if (!prices) return null;
  const planPrice = prices[choice.tier];
  const pence = discountedPence(
    choice.cycle === 'annual' ? planPrice.yearlyPrice : planPrice.monthlyPrice,
    discountPercent,
  );
  if (trialDays !== null)
    return freeTrialCheckoutNote({
      days: trialDays,
      endsOn: formatLongDate(calendarDateInLondon(checkoutTrialEnd(new Date(), trialDays))),
      plan: TIER_LABELS[choice.tier],
      price: discountPercent === null ? formatPence(pence) : null,
      cycle: choice.cycle,
    });
  if (!subscription?.isTrialing || !subscription.trialExpiresAt) return null;
  return trialCheckoutNote({
    trialEndsOn: formatLongDate(calendarDateInLondon(new Date(subscription.trialExpiresAt))),
    plan: `${TIER_LABELS[choice.tier]} (${choice.cycle})`,
    price: discountPercent === null ? formatPence(pence) : null,
  });
}

/**
 * The checkout button: asks the server for the card provider's hosted checkout and sends the
 * browser there ('Processing...' meanwhile). In test mode the checkout is a local page, and the
 * panel says so.
 */
export function CheckoutPanel({ choice, promo }: { choice: PlanChoice; promo?: PromoDetails | null }) {
  const checkout = useStartCheckout();
  const mode = useBillingMode();
  const promoEffect = checkoutPromo(promo);
  const trialNote = useCheckoutNote(choice, promoEffect);
  const promoCodeId = promo?.id;
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
        // The free-trial wording is long: it wraps on a phone rather than pushing the page sideways.
        className="h-auto min-h-11 w-full whitespace-normal py-2 text-center sm:w-fit"
        onClick={start}
        disabled={busy}
        aria-busy={busy}
        data-testid="checkout-button"
      >
        <CreditCard aria-hidden />
        {checkoutButtonText({ isLoading: busy, isFreeTierPromo: promoEffect.trialDays !== null })}
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
