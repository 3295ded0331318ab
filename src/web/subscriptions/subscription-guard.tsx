import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useMe } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { PageSkeleton } from '../app/page-skeletons.tsx';
import { paths, routes } from '../app/paths.ts';
import { useCurrentRouteHandle } from '../app/route-handle.ts';
import { useSubscription } from './api.ts';
import { GUARDED_FEATURES, guardDecision } from './guard-decision.ts';

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
  const decision =
    subscription.data && me.data
      ? guardDecision(subscription.data, {
          isAdmin: me.data.isAdmin,
          required,
          feature: (routeId && GUARDED_FEATURES[routeId]) ?? route?.title ?? 'This page',
        })
      : null;

  const kind = decision?.kind ?? null;
  const message = decision && decision.kind !== 'allow' ? decision.message : null;
  useEffect(() => {
    if (kind === 'choose-plan' && message) notify.info(message, { acrossPages: true });
    if (kind === 'below-tier' && message) notify.error(message, { acrossPages: true });
  }, [kind, message]);

  if (subscription.isError) return <Outlet />; // the server still refuses what the plan lacks
  if (!decision) return <PageSkeleton kind={handle?.skeleton ?? 'dashboard'} label="Checking your plan" />;
  if (decision.kind === 'choose-plan') return <Navigate to={paths.subscribe()} replace />;
  if (decision.kind === 'below-tier') return <Navigate to={paths.subscribe({ tier: decision.tier })} replace />;
  return <Outlet />;
}
