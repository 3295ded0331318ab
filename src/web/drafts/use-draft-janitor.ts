import { useEffect } from 'react';
import { cleanExpiredDrafts, DRAFT_CLEANUP_INTERVAL_MS, draftStorage } from './draft-store.ts';

/** Removes expired drafts when the app starts and then every hour (002 §9). */
export function useDraftJanitor(): void {
  useEffect(() => {
    const storage = draftStorage();
    if (!storage) return;
    cleanExpiredDrafts(storage, Date.now());
    const timer = setInterval(() => cleanExpiredDrafts(storage, Date.now()), DRAFT_CLEANUP_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
}
