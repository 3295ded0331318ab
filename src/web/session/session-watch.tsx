import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { INACTIVITY_TOAST_MS } from '../../core/session/limits.ts';
import { ApiError, apiFetch, loadAuthClient, meQueryKey } from '../app/api.ts';
import { createActivityReporter } from './activity-reporter.ts';
import { startInactivityMonitor } from './inactivity-monitor.ts';
import { INACTIVITY_MESSAGE } from './messages.ts';
import { forgetSignedInUser } from '../auth/after-sign-out.ts';
import { isOffline, sendWhenOnline } from './online.ts';
import { startPresence } from './presence.ts';
import { notify } from '../app/notify.ts';

/** A background call answered 401: the server has ended the session; let the layout react. */
function onRefused(queryClient: QueryClient) {
  return (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) void queryClient.invalidateQueries({ queryKey: meQueryKey });
  };
}

/**
 * The automatic sign-out (000 §4): record it, sign out, clear this user's browser state, say so
 * for 5 seconds. Clearing the cached user makes the protected layout send the browser to /auth,
 * remembering the page as returnToRoute so signing in again leads back to it.
 */
export async function signOutForInactivity(queryClient: QueryClient): Promise<void> {
  // Best effort, each: the server refuses the idle session anyway.
  await apiFetch('/api/session/inactivity-sign-out', { method: 'POST' }).catch(() => undefined);
  await loadAuthClient()
    .then((client) => client.signOut())
    .catch(() => undefined);
  notify.info(INACTIVITY_MESSAGE, { duration: INACTIVITY_TOAST_MS });
  forgetSignedInUser(queryClient, 'inactivity');
}

/**
 * Mounted by the protected layout while someone is signed in: the inactivity timer shared by
 * every tab, activity reports to the server (at most every 30 s) and presence (every 30 s).
 */
export function SessionWatch() {
  const queryClient = useQueryClient();

  useEffect(() => {
    const refused = onRefused(queryClient);
    const reporter = createActivityReporter(
      sendWhenOnline(() => {
        apiFetch('/api/session/activity', { method: 'POST' }).catch(refused);
      }),
    );
    const stopMonitor = startInactivityMonitor({
      onActivity: reporter.activity,
      onIdle: () => {
        reporter.stop();
        void signOutForInactivity(queryClient);
      },
    });
    const stopPresence = startPresence((status) => {
      if (isOffline()) return; // the next beat after the network is back says it
      apiFetch('/api/session/presence', { method: 'POST', json: { status } }).catch(refused);
    });
    return () => {
      stopMonitor();
      reporter.stop();
      stopPresence();
    };
  }, [queryClient]);

  return null;
}
