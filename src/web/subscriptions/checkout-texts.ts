/** The checkout button's three texts (001 §2 "Plan picker"). */
export function checkoutButtonText({ isLoading, isFreeTierPromo }: { isLoading: boolean; isFreeTierPromo: boolean }) {
  if (isLoading) return 'Processing...';
  return isFreeTierPromo ? 'Start Free Trial (Payment details required)' : 'Continue to Checkout';
}

/** Says plainly that card payments are not taken yet: the card provider's checkout is the next release. */
export const PAYMENTS_NEXT_RELEASE = {
  title: 'Card payments open in the next release',
  body: 'SavvyPig does not take card payments yet, so nothing has been charged and no card details were asked for. Your choice is kept; when checkout opens you will be able to pay for it here.',
} as const;
