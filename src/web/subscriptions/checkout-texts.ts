/** The checkout button's three texts (001 §2 "Plan picker"). */
export function checkoutButtonText({ isLoading, isFreeTierPromo }: { isLoading: boolean; isFreeTierPromo: boolean }) {
  if (isLoading) return 'Processing...';
  return isFreeTierPromo ? 'Start Free Trial (Payment details required)' : 'Continue to Checkout';
}

/** Shown under the checkout button (001 §2: 'Secure checkout powered by' the card provider). */
export const SECURE_CHECKOUT_NOTE = 'Secure checkout powered by Stripe';
export const TEST_MODE_NOTE = 'TEST MODE — no card is charged. Checkout opens a local test page instead of Stripe.';
export const CHECKOUT_FAILED = 'Failed to start checkout. Please try again.';
