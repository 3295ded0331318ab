import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { meQueryKey } from '../app/api.ts';
import { paths } from '../app/paths.ts';
import { forgetRoutes } from '../app/route-memory.ts';
import { runSignOutCallbacks, type SignOutReason } from '../session/on-sign-out.ts';

/**
 * What happens in the browser once the user has ended their session (sign-out, account
 * deletion): route memory is forgotten, the home page opens, then `forgetSignedInUser`.
 */
export async function afterSignOut(queryClient: QueryClient, navigate: NavigateFunction): Promise<void> {
  forgetRoutes();
  // Leave the protected page first, and commit that render synchronously (router updates are
  // otherwise transitions that lose to the cache update below): a protected page that saw
  // "signed out" would send us to /auth instead.
  await navigate(paths.home(), { replace: true, flushSync: true });
  forgetSignedInUser(queryClient, 'user');
}

/**
 * Every way a session ends in this browser (sign-out, account deletion, inactivity) passes
 * here: the sign-out callbacks run (drafts and other per-user state), and every cached piece of
 * the user's data goes, which also tells the layouts nobody is signed in.
 */
export function forgetSignedInUser(queryClient: QueryClient, reason: SignOutReason): void {
  runSignOutCallbacks(reason);
  queryClient.setQueryData(meQueryKey, null);
  // Everything but ['me'] itself (now null), including the user's data kept under ['me', ...].
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] || query.queryKey.length > 1 });
}
