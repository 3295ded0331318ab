import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { type Me, meQueryKey } from '../app/api.ts';
import { paths } from '../app/paths.ts';
import { forgetRoutes } from '../app/route-memory.ts';
import { forgetUserDrafts } from '../drafts/draft-store.ts';

/**
 * What happens in the browser once a session has ended (sign-out, account deletion): the
 * user's drafts and route memory are forgotten, the home page opens, and every cached piece of
 * their data goes.
 */
export async function afterSignOut(queryClient: QueryClient, navigate: NavigateFunction): Promise<void> {
  forgetUserDrafts(queryClient.getQueryData<Me | null>(meQueryKey)?.user.id);
  forgetRoutes();
  // Leave the protected page first, and commit that render synchronously (router updates are
  // otherwise transitions that lose to the cache update below): a protected page that saw
  // "signed out" would send us to /auth instead.
  await navigate(paths.home(), { replace: true, flushSync: true });
  queryClient.setQueryData(meQueryKey, null);
  // Everything but ['me'] itself (now null), including the user's data kept under ['me', ...].
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] || query.queryKey.length > 1 });
}
