import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { authClient, meQueryKey } from '../app/api.ts';
import { paths } from '../app/paths.ts';
import { forgetRoutes } from '../app/route-memory.ts';

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
      const result = await authClient.signOut();
      if (result.error) throw result.error;
    } catch {
      toast.error(SIGN_OUT_FAILED_MESSAGE);
      running.current = false;
      setSigningOut(false);
      return;
    }
    forgetRoutes();
    // Leave the protected page first, so it does not see "signed out" and send us to /auth.
    await navigate(paths.home(), { replace: true });
    queryClient.setQueryData(meQueryKey, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    toast.success(SIGNED_OUT_MESSAGE);
    running.current = false;
    setSigningOut(false);
  }, [navigate, queryClient]);

  return { signOut, isSigningOut };
}
