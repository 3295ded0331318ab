import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useMe } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { PageSkeleton } from '../app/page-skeletons.tsx';
import { paths, routes } from '../app/paths.ts';
import { useCurrentRouteHandle } from '../app/route-handle.ts';
import { useSubscription } from './api.ts';
import { GUARDED_FEATURE_PITCH, GUARDED_FEATURES, guardDecision } from './guard-decision.ts';
import { GracePeriodOverlay, UpgradeBannerOverlay } from './page-overlays.tsx';

/**
 * Routes a plan includes (002 §4): loading, then the page; without a plan, a redirect to /subscribe
 * with the spec's toast; below the route's tier, the page's outline under an upgrade banner. The
 * server refuses the same APIs (requireFeature), so this only spares a dead end.
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
    // A redirect says why (the page the saver lands on is not the one they asked for).
    if (kind === 'choose-plan' && message) notify.info(message, { acrossPages: true });
  }, [kind, message]);

  if (subscription.isError) return <Outlet />; // the server still refuses what the plan lacks
  if (!decision) return <PageSkeleton kind={handle?.skeleton ?? 'dashboard'} label="Checking your plan" />;
  if (decision.kind === 'choose-plan') return <Navigate to={paths.subscribe()} replace />;
  if (decision.kind === 'below-tier')
    return (
      <UpgradeBannerOverlay
        message={decision.message}
        tier={decision.tier}
        pitch={routeId ? GUARDED_FEATURE_PITCH[routeId] : undefined}
        skeleton={handle?.skeleton ?? 'dashboard'}
      />
    );
  if (decision.kind === 'grace')
    return (
      <GracePeriodOverlay daysLeft={decision.daysLeft}>
        <Outlet />
      </GracePeriodOverlay>
    );
  return <Outlet />;
}
