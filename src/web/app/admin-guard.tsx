import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { Link, Outlet } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { ApiError, useAdminCheck } from './api.ts';
import { PageSkeleton } from './page-skeletons.tsx';
import { paths } from './paths.ts';
import { useCurrentRouteHandle } from './route-handle.ts';

export const ADMIN_CHECK_FAILED = 'Failed to verify admin status';
export const AUTHENTICATION_REQUIRED = 'Authentication required';

/**
 * Admin routes: the server decides (`GET /api/admin/check`, see `useAdminCheck` for the spec's
 * re-run, throttle and attempts). The server also guards every admin API route.
 */
export function AdminGuard() {
  const handle = useCurrentRouteHandle();
  const { check, force, signedOut } = useAdminCheck();

  const failed = signedOut || check.isError;
  if (!failed && check.isPending)
    return <PageSkeleton kind={handle?.skeleton ?? 'list'} label="Checking your access" />;

  if (!signedOut && check.error instanceof ApiError && check.error.code === 'TWO_FACTOR_REQUIRED')
    return <TwoFactorRequired />;

  if (failed) {
    const message =
      signedOut || (check.error instanceof ApiError && check.error.status === 401)
        ? AUTHENTICATION_REQUIRED
        : ADMIN_CHECK_FAILED;
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-12">
        <Alert variant="destructive">
          <ShieldAlert aria-hidden />
          <AlertTitle>{message}</AlertTitle>
          {signedOut ? null : (
            <AlertDescription>
              <Button
                variant="outline"
                size="sm"
                className="mt-2"
                disabled={check.isFetching}
                onClick={() => void force()}
              >
                {check.isFetching ? 'Trying again...' : 'Try again'}
              </Button>
            </AlertDescription>
          )}
        </Alert>
      </div>
    );
  }

  if (!check.data) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
        <ShieldAlert className="size-10 text-muted-foreground" aria-hidden />
        <h1 className="text-2xl font-semibold">This page is for administrators</h1>
        <p className="text-muted-foreground">Your account doesn't have access to it.</p>
        <Button asChild>
          <Link to={paths.dashboard()}>Go to your dashboard</Link>
        </Button>
      </div>
    );
  }

  return <Outlet />;
}

/** An admin whose account has no second factor: the server refuses admin answers until it has one. */
function TwoFactorRequired() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <ShieldCheck className="size-10 text-brand" aria-hidden />
      <h1 className="text-2xl font-semibold">Turn on two-factor authentication</h1>
      <p className="text-muted-foreground">
        Admin pages open only for administrators who log in with a second step. Set it up in your security settings,
        then come back.
      </p>
      <Button asChild>
        <Link to={paths.settings('security')}>Set up two-factor authentication</Link>
      </Button>
    </div>
  );
}
