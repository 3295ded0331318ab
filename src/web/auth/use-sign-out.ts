import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { loadAuthClient, meQueryKey } from '../app/api.ts';
import { paths } from '../app/paths.ts';
import { forgetRoutes } from '../app/route-memory.ts';
import { notify } from '../app/notify.ts';

export const SIGNED_OUT_MESSAGE = 'Signed out successfully';
export const SIGN_OUT_FAILED_MESSAGE = 'Failed to sign out. Please try again.';

/** Signs out, clears the cached user data, says so, and goes to the home page. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isSigningOut, setSigningOut] = useState(false);
  const running = useRef(false);

  const signOut = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setSigningOut(true);
    try {
      const authClient = await loadAuthClient();
      const result = await authClient.signOut();
      if (result.error) throw result.error;
    } catch {
      notify.error(SIGN_OUT_FAILED_MESSAGE);
      running.current = false;
      setSigningOut(false);
      return;
    }
    forgetRoutes();
    // Leave the protected page first, and commit that render synchronously (router updates are
    // otherwise transitions that lose to the cache update below): a protected page that saw
    // "signed out" would send us to /auth instead.
    await navigate(paths.home(), { replace: true, flushSync: true });
    queryClient.setQueryData(meQueryKey, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    notify.success(SIGNED_OUT_MESSAGE);
    running.current = false;
    setSigningOut(false);
  }, [navigate, queryClient]);

  return { signOut, isSigningOut };
}
