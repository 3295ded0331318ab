import { CreditCard } from 'lucide-react';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { daysText } from '../../core/subscriptions/payment-failure.ts';
import { useMe } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { PageSkeleton } from '../app/page-skeletons.tsx';
import { paths, routes } from '../app/paths.ts';
import { useCurrentRouteHandle } from '../app/route-handle.ts';
import { useSubscription } from './api.ts';
import { GUARDED_FEATURES, guardDecision } from './guard-decision.ts';
import { PaymentActions } from './payment-actions.tsx';

/**
 * The graceful-degradation variant during a payment-failure grace period (002 §4): the page shows
 * dimmed and disabled under the prompt to update the payment method. The page is `inert`, so
 * keyboard users cannot tab into it and screen readers skip it; the prompt says why.
 */
export function GracePeriodOverlay({ daysLeft, children }: { daysLeft: number; children: React.ReactNode }) {
  return (
    <div className="relative flex flex-1 flex-col">
      <section
        aria-labelledby="grace-prompt-title"
        className="mx-auto mt-6 w-[calc(100%-2rem)] max-w-2xl rounded-lg border border-destructive/40 bg-background p-4 shadow-md sm:p-6"
      >
        <div className="flex items-start gap-3">
          <CreditCard className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
          <div className="grid gap-3">
            <h2 id="grace-prompt-title" className="font-semibold">
              Update your payment method to use this page
            </h2>
            <p className="text-sm text-muted-foreground">
              {`This page is paused while your payment is sorted out. You have ${daysText(daysLeft)} left in your grace period.`}
            </p>
            <PaymentActions />
          </div>
        </div>
      </section>
      <div inert data-testid="grace-dimmed" className="pointer-events-none select-none opacity-40 grayscale">
        {children}
      </div>
    </div>
  );
}

/**
 * Routes a plan includes (002 §4): loading, then the page, or a redirect to /subscribe with the
 * spec's toast. The server refuses the same APIs (requireTier), so this only spares a dead end.
 */
export function SubscriptionGuard() {
  const handle = useCurrentRouteHandle();
  const me = useMe();
  const subscription = useSubscription();
  const routeId = handle?.routeId;
  const route = routeId ? routes[routeId] : undefined;
  const required = route && 'tier' in route ? route.tier : undefined;
  const routeFeature = route && 'feature' in route ? route.feature : undefined;
  const decision =
    subscription.data && me.data
      ? guardDecision(subscription.data, {
          isAdmin: me.data.isAdmin,
          required,
          feature: (routeId && GUARDED_FEATURES[routeId]) ?? route?.title ?? 'This page',
          granted: routeFeature ? me.data.features[routeFeature] : undefined,
        })
      : null;

  const kind = decision?.kind ?? null;
  const message = decision && 'message' in decision ? decision.message : null;
  useEffect(() => {
    if (kind === 'choose-plan' && message) notify.info(message, { acrossPages: true });
    if (kind === 'below-tier' && message) notify.error(message, { acrossPages: true });
  }, [kind, message]);

  if (subscription.isError) return <Outlet />; // the server still refuses what the plan lacks
  if (!decision) return <PageSkeleton kind={handle?.skeleton ?? 'dashboard'} label="Checking your plan" />;
  if (decision.kind === 'choose-plan') return <Navigate to={paths.subscribe()} replace />;
  if (decision.kind === 'below-tier') return <Navigate to={paths.subscribe({ tier: decision.tier })} replace />;
  if (decision.kind === 'grace')
    return (
      <GracePeriodOverlay daysLeft={decision.daysLeft}>
        <Outlet />
      </GracePeriodOverlay>
    );
  return <Outlet />;
}
