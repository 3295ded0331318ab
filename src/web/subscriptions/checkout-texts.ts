/** The checkout button's three texts (001 §2 "Plan picker"). */
export function checkoutButtonText({ isLoading, isFreeTierPromo }: { isLoading: boolean; isFreeTierPromo: boolean }) {
  if (isLoading) return 'Processing...';
  return isFreeTierPromo ? 'Start Free Trial (Payment details required)' : 'Continue to Checkout';
}

/** Shown under the checkout button (001 §2: 'Secure checkout powered by' the card provider). */
export const SECURE_CHECKOUT_NOTE = 'Secure checkout powered by Stripe';
export const TEST_MODE_NOTE = 'TEST MODE — no card is charged. Checkout opens a local test page instead of Stripe.';
export const CHECKOUT_FAILED = 'Failed to start checkout. Please try again.';

/**
 * Said beside the checkout button during a trial (ADR 0037: paying ends a running trial), before
 * the saver leaves for the card provider: what is taken, when, and how to keep the trial's days.
 */
export function trialCheckoutNote({
  trialEndsOn,
  plan,
  price,
}: {
  /** The trial's last day in prose ('3 December 2026'). */
  trialEndsOn: string;
  /** 'Big Pig (monthly)'. */
  plan: string;
  /** The plan's price ('£9.99'); null when a promo code changes what the first payment is. */
  price: string | null;
}): string {
  const taken = price === null ? 'your first payment is taken today' : `${price} is taken today`;
  return `Your free trial runs until ${trialEndsOn}. Paying now ends it today: ${taken} for ${plan}, and the plan’s first period starts today. To use the rest of your trial first, come back before it ends; everything you add is kept.`;
}
