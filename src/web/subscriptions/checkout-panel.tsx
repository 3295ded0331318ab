import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { formatPence } from '../../core/money/format.ts';
import { PLANS } from '../../core/subscriptions/plans.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { usePrices } from './api.ts';
import { checkoutButtonText, PAYMENTS_NEXT_RELEASE } from './checkout-texts.ts';
import type { PlanChoice } from './plan-picker.tsx';

/**
 * The checkout button. The card provider's hosted checkout arrives in the next release (issue 17,
 * part 2): until then the button says so plainly instead of pretending to take a payment.
 */
export function CheckoutPanel({ choice, isFreeTierPromo = false }: { choice: PlanChoice; isFreeTierPromo?: boolean }) {
  const [shown, setShown] = useState(false);
  const prices = usePrices();
  const plan = PLANS.find((p) => p.tier === choice.tier);
  const price = prices.data?.prices?.[choice.tier];
  return (
    <div className="grid gap-3">
      <Button type="button" size="lg" className="w-full sm:w-fit" onClick={() => setShown(true)}>
        <CreditCard aria-hidden />
        {checkoutButtonText({ isLoading: false, isFreeTierPromo })}
      </Button>
      <p className="text-sm text-muted-foreground">Secure checkout powered by Stripe</p>
      {shown ? (
        <Alert variant="warning" role="status" data-testid="payments-next-release">
          <CreditCard aria-hidden />
          <AlertTitle>{PAYMENTS_NEXT_RELEASE.title}</AlertTitle>
          <AlertDescription>
            <p>
              You chose {plan?.name}, billed {choice.cycle === 'monthly' ? 'monthly' : 'annually'}
              {price
                ? ` at ${formatPence(choice.cycle === 'monthly' ? price.monthlyPrice : price.yearlyPrice)}${choice.cycle === 'monthly' ? '/month' : '/year'}`
                : ''}
              .
            </p>
            <p>{PAYMENTS_NEXT_RELEASE.body}</p>
          </AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
