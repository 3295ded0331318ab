import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { loadAuthClient } from '../app/api.ts';
import { afterSignOut } from './after-sign-out.ts';

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
      toast.error(SIGN_OUT_FAILED_MESSAGE);
      running.current = false;
      setSigningOut(false);
      return;
    }
    await afterSignOut(queryClient, navigate);
    toast.success(SIGNED_OUT_MESSAGE);
    running.current = false;
    setSigningOut(false);
  }, [navigate, queryClient]);

  return { signOut, isSigningOut };
}
