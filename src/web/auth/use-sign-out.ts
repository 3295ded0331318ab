import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { loadAuthClient } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { afterSignOut } from './after-sign-out.ts';
import { SIGN_OUT_FAILED_MESSAGE, SIGN_OUT_UNREACHABLE_MESSAGE, SIGNED_OUT_MESSAGE } from '../session/messages.ts';

export { SIGN_OUT_FAILED_MESSAGE, SIGN_OUT_UNREACHABLE_MESSAGE, SIGNED_OUT_MESSAGE };

/**
 * Signs out, clears the cached user data and this user's browser state (on-sign-out.ts), says
 * so, and goes to the home page. The catalogue's three texts (000 §8): the server refused
 * ('Failed to sign out. Please try again.'), it could not be reached ('Failed to sign out'), or
 * it answered 401 because the session had already ended, which is signed out all the same
 * ('Signed out successfully'). The admin header words its failure as 002 §8 does ('Failed to log
 * out. Please try again.'): `failedMessage` replaces both failure texts there.
 */
export function useSignOut({ failedMessage }: { failedMessage?: string } = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isSigningOut, setSigningOut] = useState(false);
  const running = useRef(false);

  const signOut = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setSigningOut(true);
    let failure: string | null = null;
    try {
      const authClient = await loadAuthClient();
      const result = await authClient.signOut();
      if (result.error && result.error.status !== 401) failure = failedMessage ?? SIGN_OUT_FAILED_MESSAGE;
    } catch {
      failure = failedMessage ?? SIGN_OUT_UNREACHABLE_MESSAGE;
    }
    if (failure) {
      notify.error(failure);
      running.current = false;
      setSigningOut(false);
      return;
    }
    await afterSignOut(queryClient, navigate);
    notify.success(SIGNED_OUT_MESSAGE);
    running.current = false;
    setSigningOut(false);
  }, [failedMessage, navigate, queryClient]);

  return { signOut, isSigningOut };
}
