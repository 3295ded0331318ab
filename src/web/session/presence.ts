import { PRESENCE_REFRESH_MS } from '../../core/session/limits.ts';

export type PresenceStatus = 'online' | 'away';

/**
 * Tells the server this user is online now and every 30 s while the tab is open ('away' while
 * it is hidden). Not user activity: it never keeps a session from the inactivity sign-out.
 */
export function startPresence(send: (status: PresenceStatus) => void, intervalMs = PRESENCE_REFRESH_MS): () => void {
  const status = (): PresenceStatus => (document.visibilityState === 'hidden' ? 'away' : 'online');
  const beat = () => send(status());
  const interval = setInterval(beat, intervalMs);
  document.addEventListener('visibilitychange', beat);
  beat();
  return () => {
    clearInterval(interval);
    document.removeEventListener('visibilitychange', beat);
  };
}
