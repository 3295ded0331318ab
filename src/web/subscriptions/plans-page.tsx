import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { TIER_LABELS } from '../../core/subscriptions/tier.ts';
import { useMe } from '../app/api.ts';
import { paths } from '../app/paths.ts';
import { Button } from '../ui/button.tsx';
import { keepPendingCheckout } from './pending-checkout.ts';
import { PlanPicker, type PlanChoice } from './plan-picker.tsx';

/**
 * The public plans page (issue 17): the plan picker's cards and prices for visitors, leading to
 * /get-started (sign up or log in) with the chosen plan kept as the spec's `pendingCheckout`.
 */
export function PlansPage() {
  const [choice, setChoice] = useState<PlanChoice>({ tier: 'bigpig', cycle: 'monthly' });
  const me = useMe();
  const signedIn = Boolean(me.data);
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-10 sm:px-6">
      <header className="grid gap-2 text-center">
        <h1 className="text-3xl font-semibold">Plans and prices</h1>
        <p className="text-muted-foreground">
          Every new account starts with a 7-day free trial of Big Pig. No card details are needed to start it.
        </p>
      </header>
      <PlanPicker choice={choice} onChange={setChoice} />
      <div className="flex justify-center">
        {signedIn ? (
          <Button asChild size="lg">
            <Link to={paths.subscribe({ tier: choice.tier, cycle: choice.cycle })}>
              Continue with {TIER_LABELS[choice.tier]} Plan
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        ) : (
          <div className="grid justify-items-center gap-2 text-center">
            <Button asChild size="lg">
              <Link to={paths.getStarted()} onClick={() => keepPendingCheckout(choice)}>
                Get started with {TIER_LABELS[choice.tier]}
                <ArrowRight aria-hidden />
              </Link>
            </Button>
            <p className="text-sm text-muted-foreground">
              You start with the 7-day Big Pig trial; we keep your choice ready for when you subscribe.
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
