import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { TIER_LABELS } from '../../core/subscriptions/tier.ts';
import { paths } from '../app/paths.ts';
import { Button } from '../ui/button.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { subscriptionKeys, useSubscription } from './api.ts';

function ResultLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center gap-6 px-4 py-16 text-center">
      {children}
    </div>
  );
}

/**
 * /subscription/success: back from the checkout. The provider's events may land a moment after the
 * browser does, so the subscription is refetched now and polled until it is active.
 */
export function SubscriptionSuccessPage() {
  const queryClient = useQueryClient();
  const subscription = useSubscription();
  const data = subscription.data;
  const isPaid = data?.isActive === true && data.paymentStatus === 'active';
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: ['me'] });
  }, [queryClient]);
  useEffect(() => {
    if (isPaid) return;
    const timer = window.setInterval(
      () => void queryClient.invalidateQueries({ queryKey: subscriptionKeys.mine }),
      2000,
    );
    return () => window.clearInterval(timer);
  }, [isPaid, queryClient]);
  return (
    <ResultLayout>
      <CheckCircle2 aria-hidden className="size-14 text-success" />
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Thank you!</h1>
        {isPaid && data.tier !== 'trial_bigpig' ? (
          <p data-testid="plan-active">
            Your {TIER_LABELS[data.tier]} plan is active
            {data.billingCycle ? `, billed ${data.billingCycle === 'annual' ? 'annually' : 'monthly'}` : ''}.
          </p>
        ) : (
          <div className="grid justify-items-center gap-2" aria-live="polite">
            <p className="text-muted-foreground">We are confirming your payment…</p>
            <Skeleton className="h-4 w-48" />
          </div>
        )}
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={paths.dashboard()}>Go to your dashboard</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.settings('subscription')}>Manage subscription</Link>
        </Button>
      </div>
    </ResultLayout>
  );
}

/** /subscription/cancel: the checkout was left (or, in test mode, the card declined); nothing was charged. */
export function SubscriptionCancelPage() {
  const [params] = useSearchParams();
  const declined = params.get('declined') === '1';
  return (
    <ResultLayout>
      <XCircle aria-hidden className="size-14 text-muted-foreground" />
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{declined ? 'Payment declined' : 'Checkout cancelled'}</h1>
        <p className="text-muted-foreground">
          {declined
            ? 'Your card was declined, so your plan has not started. You can retry the payment or choose a plan again.'
            : 'Nothing has been charged. You can choose a plan whenever you are ready.'}
        </p>
      </div>
      <Button asChild>
        <Link to={paths.subscribe()}>Back to plans</Link>
      </Button>
    </ResultLayout>
  );
}
