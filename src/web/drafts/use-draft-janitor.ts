import { useEffect } from 'react';
import { onSignOut } from '../session/on-sign-out.ts';
import { cleanExpiredDrafts, clearAllDrafts, DRAFT_CLEANUP_INTERVAL_MS, draftStorage } from './draft-store.ts';

/**
 * Removes expired drafts when the app starts and then every hour (002 §9), and every draft when
 * a session ends (the user's sign-out, the inactivity sign-out, account deletion).
 */
export function useDraftJanitor(): void {
  useEffect(() => {
    const storage = draftStorage();
    if (!storage) return;
    cleanExpiredDrafts(storage, Date.now());
    const timer = setInterval(() => cleanExpiredDrafts(storage, Date.now()), DRAFT_CLEANUP_INTERVAL_MS);
    const stopListening = onSignOut(() => clearAllDrafts(storage));
    return () => {
      clearInterval(timer);
      stopListening();
    };
  }, []);
}
