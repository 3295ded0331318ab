import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isBillingCycle, isPlanTier } from '../../core/subscriptions/plans.ts';
import { TIER_LABELS } from '../../core/subscriptions/tier.ts';
import { type PromoDetails, useSubscription } from './api.ts';
import { CheckoutPanel } from './checkout-panel.tsx';
import { takePendingCheckout } from './pending-checkout.ts';
import { FeatureUpgradeButton } from './feature-upgrade-button.tsx';
import { PlanPicker, type PlanChoice } from './plan-picker.tsx';
import { PromoCodeForm } from './promo-code-form.tsx';

function currentPlanText(subscription: ReturnType<typeof useSubscription>['data']): string | null {
  if (!subscription) return null;
  if (subscription.isTrialing) return `You are on the ${TIER_LABELS.bigpig} trial.`;
  if (subscription.isActive && subscription.tier !== 'trial_bigpig')
    return `You are on the ${TIER_LABELS[subscription.tier]} plan.`;
  return null;
}

/** /subscribe?tier=&cycle= (001 §2): the plan picker, a promo code and the checkout button. */
export function SubscribePage() {
  const [params] = useSearchParams();
  const tier = params.get('tier');
  const cycle = params.get('cycle');
  const [choice, setChoice] = useState<PlanChoice>({
    tier: isPlanTier(tier) ? tier : 'bigpig',
    cycle: isBillingCycle(cycle) ? cycle : 'monthly',
  });
  const [promo, setPromo] = useState<PromoDetails | null>(null);
  const subscription = useSubscription();

  // A plan chosen on the public plans page before signing up (pendingCheckout).
  useEffect(() => {
    if (isPlanTier(tier)) return;
    const pending = takePendingCheckout();
    if (pending) setChoice(pending);
  }, [tier]);

  const current = currentPlanText(subscription.data);
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 sm:px-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold">Choose a plan</h1>
        <p className="text-muted-foreground">
          {current ? `${current} ` : ''}Pick the plan that fits; you can change or cancel it at any time.
        </p>
      </header>
      {subscription.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Subscription error: {subscription.error.message}
        </p>
      ) : null}
      <PlanPicker choice={choice} onChange={setChoice} />
      <div className="grid max-w-md gap-2">
        <PromoCodeForm applied={promo} onApplied={setPromo} />
        <FeatureUpgradeButton promo={promo} />
      </div>
      <CheckoutPanel choice={choice} promo={promo} />
    </div>
  );
}
