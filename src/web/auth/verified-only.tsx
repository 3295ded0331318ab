import { useCallback } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { ApiError, useMe } from '../app/api.ts';
import { paths } from '../app/paths.ts';

/** The server's answer to an unverified user asking for a verified-only feature. */
export const EMAIL_NOT_VERIFIED_CODE = 'EMAIL_NOT_VERIFIED';

export function isEmailNotVerifiedError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === EMAIL_NOT_VERIFIED_CODE;
}

function useHere(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}${location.hash}`;
}

/**
 * Route wrapper for pages that need a verified e-mail address (`verifiedEmail: true` in
 * paths.ts): an unverified user goes to /verification-required, which brings them back here
 * once they have verified. Sits inside the protected layout, so the user is known.
 */
export function VerifiedOnly() {
  const me = useMe();
  const here = useHere();
  if (me.data && !me.data.user.emailVerified) return <Navigate to={paths.verificationRequired(here)} replace />;
  return <Outlet />;
}

/**
 * For verified-only actions on pages anyone may open (e.g. "Set up two-factor authentication"
 * in settings): `guard()` sends an unverified user to /verification-required and returns false;
 * `redirectIfNotVerified(error)` does the same for the server's 403 EMAIL_NOT_VERIFIED.
 */
export function useVerifiedOnly(next?: string) {
  const me = useMe();
  const navigate = useNavigate();
  const here = useHere();
  const target = paths.verificationRequired(next ?? here);
  const isVerified = me.data?.user.emailVerified === true;

  const guard = useCallback((): boolean => {
    if (isVerified) return true;
    void navigate(target);
    return false;
  }, [isVerified, navigate, target]);

  const redirectIfNotVerified = useCallback(
    (error: unknown): boolean => {
      if (!isEmailNotVerifiedError(error)) return false;
      void navigate(target);
      return true;
    },
    [navigate, target],
  );

  return { isVerified, guard, redirectIfNotVerified };
}
