import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { SessionWatch } from '../session/session-watch.tsx';
import { Button } from '../ui/button.tsx';
import { type Me, useMe } from './api.ts';
import { paths } from './paths.ts';
import { useRealtime } from './realtime.ts';
import { rememberReturnTo } from './route-memory.ts';
import { PageFrame } from './shell/page-frame.tsx';
import { SignedInCheck } from './signed-in-check.tsx';
import { VerificationBanner } from './shell/verification-banner.tsx';
import { type Subscription, useSubscription } from '../subscriptions/api.ts';
import { usePendingCheckout } from '../subscriptions/use-pending-checkout.ts';
import { PaymentIssueBanner } from '../subscriptions/payment-issue-banner.tsx';
import { TrialBanner } from '../subscriptions/trial-banner.tsx';
import { TrialEndedScreen } from '../subscriptions/trial-ended-screen.tsx';

function Shell({
  me,
  subscription,
  children,
}: {
  me: Me | undefined;
  subscription?: Subscription | undefined;
  children: React.ReactNode;
}) {
  return (
    <PageFrame
      me={me}
      banners={
        <>
          {me && !me.user.emailVerified ? <VerificationBanner email={me.user.email} /> : null}
          {subscription ? <PaymentIssueBanner subscription={subscription} /> : null}
          {subscription ? <TrialBanner subscription={subscription} isAdmin={me?.isAdmin === true} /> : null}
        </>
      }
    >
      {children}
    </PageFrame>
  );
}

/**
 * Paths the trial-ended screen leaves alone (002 §4): choosing a plan, and Settings, where a saver
 * whose trial or plan has ended still exports or deletes their data (ADR 0045).
 */
function passesTrialEndedScreen(pathname: string): boolean {
  return (
    pathname === paths.subscribe() ||
    pathname.startsWith('/subscription/') ||
    pathname === paths.settings() ||
    pathname.startsWith('/settings/') ||
    pathname === '/profile'
  );
}

function SignedIn({ me }: { me: Me }) {
  useRealtime();
  const location = useLocation();
  const subscription = useSubscription().data;
  usePendingCheckout(me);
  if (subscription?.isTrialExpired && !me.isAdmin && !passesTrialEndedScreen(location.pathname))
    return <TrialEndedScreen />;
  return (
    <Shell me={me} subscription={subscription}>
      <SessionWatch />
      <Outlet />
    </Shell>
  );
}

/**
 * The protected wrapper: skeletons while the session loads, a signed-out visitor is sent to
 * /auth (with where they came from, and returnToRoute saved), otherwise the protected layout:
 * header, e-mail verification banner, page, footer.
 */
export function ProtectedLayout() {
  const me = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const signedOut = me.isSuccess && me.data === null;

  useEffect(() => {
    if (!signedOut) return;
    rememberReturnTo(`${location.pathname}${location.search}${location.hash}`);
    void navigate(paths.auth(), { replace: true, state: { from: location } });
  }, [signedOut, location, navigate]);

  if (me.data) return <SignedIn me={me.data} />;

  if (me.isError) {
    return (
      <Shell me={undefined}>
        <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center" role="alert">
          <TriangleAlert className="size-10 text-warning" aria-hidden />
          <h1 className="text-2xl font-semibold">We couldn't check that you're signed in</h1>
          <p className="text-muted-foreground">{me.error.message}</p>
          <Button onClick={() => void me.refetch()} disabled={me.isFetching}>
            <RefreshCw aria-hidden />
            {me.isFetching ? 'Trying again...' : 'Try again'}
          </Button>
        </div>
      </Shell>
    );
  }

  return <SignedInCheck />;
}
